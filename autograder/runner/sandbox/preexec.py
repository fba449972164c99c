"""The worker's restrictions, set in the child between fork and exec: its memory cgroup, rlimits,
the switch to its unprivileged uid, no new privileges, and death with the grader."""
import os
import signal

from autograder.runner.sandbox.init import PR_SET_NO_NEW_PRIVS
from autograder.runner.sandbox.system import LINUX, libc

try:  # POSIX only; the "plain" mode also runs on Windows, without a preexec_fn
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None

PR_SET_PDEATHSIG = 1  # prctl(2)


def restrictions(limits, strict, cgroup=None, uid=None):
    """The preexec_fn for `limits` (a policy.Limits), run in the child before exec: it joins
    `cgroup` (a WorkerCgroup, as root: an unprivileged uid may not move itself), sets rlimits,
    which everything it starts inherits, then switches to `uid` when given (Popen's own switch
    would come before this function, too early to join the cgroup). Only builtins and one resolved
    C function run here (the parent may have threads). NPROC is ignored for root, so it bites from
    the switch to the unprivileged uid on; it is left out of the plain mode, where it would count
    every process of the grader's user. Not `strict` (plain mode, maybe macOS), a limit the OS
    refuses is skipped."""
    if resource is None:
        return None
    mb = 1024 * 1024
    pairs = [(resource.RLIMIT_CPU, limits.cpu_seconds), (resource.RLIMIT_AS, limits.memory_mb * mb),
             (resource.RLIMIT_FSIZE, limits.file_size_mb * mb), (resource.RLIMIT_CORE, 0),
             (resource.RLIMIT_NOFILE, limits.open_files)]
    if strict:
        pairs.append((resource.RLIMIT_NPROC, limits.processes))
    prctl = libc().prctl if LINUX else None  # resolved here, not in the child
    parent = os.getpid()
    procs = cgroup.procs if cgroup is not None else None

    def restrict():
        if procs is not None:
            joined = os.open(procs, os.O_WRONLY)
            try:
                os.write(joined, b"0")  # 0: this process
            finally:
                os.close(joined)
        for which, value in pairs:
            try:
                hard = resource.getrlimit(which)[1]
                value = value if hard == resource.RLIM_INFINITY else min(value, hard)
                resource.setrlimit(which, (value, value))
            except (OSError, ValueError):
                if strict:
                    raise
        if uid is not None:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
        if prctl is not None:
            prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)  # no setuid binary can raise privileges again
            # If the grader dies, so does the worker (and in the unshare mode its namespace), even
            # without a kill: SIGKILL when the *thread* that called Popen ends. Set after the uid
            # switch, which would clear it; an exec of a non-setuid binary keeps it.
            prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
            if os.getppid() != parent:  # the grader died before the line above
                os._exit(1)
    return restrict
