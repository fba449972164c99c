"""Finding a worker's processes in /proc and killing them until none is left.

The host's pid namespace sees the processes inside the sandboxes too, so every mode cleans up from
here: by the worker's uid, or, without one, by a marker in the processes' environment.
"""
import contextlib
import os
import signal
import time
from dataclasses import dataclass

from autograder.errors import SandboxError
from autograder.runner.sandbox.system import LINUX, libc

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if LINUX else 100  # /proc's unit of CPU time
ZOMBIE_SECONDS = 0.2  # then a zombie whose parent is not us is left to that parent
PR_SET_CHILD_SUBREAPER = 36  # prctl(2)


@dataclass(frozen=True)
class Process:
    pid: int
    ppid: int
    uid: int
    state: str


def become_subreaper():
    """Make this process adopt its orphaned descendants (a daemon that escapes the worker's process
    group is re-parented here instead of to init), so that cleanup can find and reap it.
    Every Sandbox makes its process one. Returns False where the OS has no such thing."""
    return LINUX and libc().prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


def every_process():
    """Every process of the machine (the host's pid namespace sees those of the sandboxes too)."""
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            # as bytes: the first line is the process's name, any byte but a newline the
            # process chose, which read as text skipped a name that is no UTF-8 (and with it
            # the process's CPU time and its kill: tests/hostile/fake_process_status)
            with open(f"/proc/{name}/status", "rb") as handle:
                status = handle.read()
            yield Process(int(name), int(_field(status, b"PPid")),
                          int(_field(status, b"Uid").split()[0]),
                          _field(status, b"State").split()[0].decode())
        except (OSError, ValueError, IndexError):
            continue  # it ended while we looked


def _field(status, name):
    """The value of the line `name` of a /proc status file, found by the newline before it: the
    first line, the process's name, which the process chooses, holds no newline (the kernel
    escapes it), so it can fake no field. Found, not parsed line by line: a sandbox's CPU time is
    read from every process of the machine ten times a second while a call runs."""
    start = status.index(b"\n" + name + b":") + len(name) + 2
    end = status.find(b"\n", start)
    return status[start:end if end >= 0 else None]


def program_of(pid):
    """The program a process runs, as its command line names it; None once it has ended."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return os.fsdecode(handle.read().split(b"\0", 1)[0])
    except OSError:
        return None


def cpu_seconds_of(pid):
    """The CPU time of a process and of its children it has reaped (utime, stime, cutime and
    cstime), in seconds; 0 once it has ended."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()  # the name may hold spaces
    except OSError:
        return 0.0
    return sum(map(int, fields[11:15])) / CLOCK_TICKS


def has_marker(pid, marker):
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return marker in handle.read().split(b"\0")
    except OSError:
        return False


def shallowest(root, wanted):
    """The pid of the shallowest process in the tree under `root` (itself included) for which
    wanted(process) holds; None when none does."""
    everyone, children = list(every_process()), {}
    for found in everyone:
        children.setdefault(found.ppid, []).append(found)
    level = [found for found in everyone if found.pid == root]
    while level:
        for found in level:
            if wanted(found):
                return found.pid
        level = [child for found in level for child in children.get(found.pid, [])]
    return None


def _kill(pid):
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def _reap(pid):
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def kill_group(process):
    """SIGKILL the Popen `process` and its process group."""
    if os.name == "nt":  # pragma: no cover
        process.kill()
        return
    for kill in (lambda: os.killpg(process.pid, signal.SIGKILL), process.kill):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill()


def exterminate(belongs, deadline):
    """SIGKILL every process for which belongs(process) holds until none is alive, reaping those
    re-parented to us. Repeated because a fork can race one pass; it cannot race many: a process
    with SIGKILL pending can no longer fork. Zombies left to other parents get a moment to be
    reaped (they still count towards the uid's RLIMIT_NPROC), then are left to them."""
    me = os.getpid()
    patience = time.monotonic() + ZOMBIE_SECONDS
    while True:
        remaining = [p for p in every_process() if belongs(p)]
        alive = [p for p in remaining if p.state not in "ZX"]
        for process in remaining:
            if process.state == "Z" and process.ppid == me:
                _reap(process.pid)
        for process in alive:
            _kill(process.pid)
        if not remaining or (not alive and time.monotonic() > patience):
            return
        if time.monotonic() > deadline:
            raise SandboxError(f"processes {[p.pid for p in alive]} survived SIGKILL")
        time.sleep(0.002)


def kill_marked(marker, deadline):
    """Without a uid of its own (plain mode, bwrap as a non-root user), the worker's processes
    are those of our uid whose environment carries `marker`; their zombies are reaped by pid."""
    me, killed = os.getpid(), set()
    while True:
        alive = [p.pid for p in every_process() if p.state != "Z" and p.pid != me
                 and p.uid == os.getuid() and has_marker(p.pid, marker)]
        for pid in alive:
            _kill(pid)
        killed.update(alive)
        if not alive:
            break
        if time.monotonic() > deadline:
            raise SandboxError(f"processes {alive} survived SIGKILL")
        time.sleep(0.002)
    for process in every_process():
        if process.pid in killed and process.ppid == me and process.state == "Z":
            _reap(process.pid)
