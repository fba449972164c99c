"""Sandbox: one worker slot, in one of the modes, from launching a worker to leaving nothing of it.

SECURITY.md says what each mode defends against, and what it does not.
"""
import os
import secrets
import shutil
import subprocess
import sys
import time

from autograder.errors import SandboxError
from autograder.policy import Limits
from autograder.runner.sandbox.interpreter import MIN_PYTHON, sandbox_python
from autograder.runner.sandbox.leftovers import (private_tmp, remove_files_of, remove_ipc_of,
                                                 remove_stale_private_tmps)
from autograder.runner.sandbox.memory import worker_cgroup
from autograder.runner.sandbox.namespaces import bwrap_command, unshare_command
from autograder.runner.sandbox.permissions import open_up
from autograder.runner.sandbox.preexec import restrictions
from autograder.runner.sandbox.processes import (become_subreaper, cpu_seconds_of, every_process,
                                                 exterminate, has_marker, kill_group, kill_marked,
                                                 program_of, shallowest)
from autograder.runner.sandbox.system import LINUX, is_root
from autograder.runner.sandbox.uids import lease_uid

MODES = ("bwrap", "unshare", "rlimits", "plain")  # strongest first
UID_MODES = ("bwrap", "unshare", "rlimits")  # the modes that switch to an unprivileged uid as root
MARKER = "AUTOGRADER_SANDBOX"  # environment variable naming the sandbox a process belongs to
BASE_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
CLEANUP_SECONDS = 10.0


class Sandbox:
    """One worker slot: a mode, an unprivileged uid (leased when root), and the Python to run.

    launch() builds subprocess.Popen's keyword arguments; cleanup(process) leaves nothing of that
    worker; close() also releases the uid. One worker at a time per Sandbox: cleanup kills every
    process of its uid.

        with Sandbox(probe()) as sandbox:       # the strongest mode; leases a uid when root
            process = subprocess.Popen(**sandbox.launch([...python arguments...], ...), ...)
            ...
            sandbox.cleanup(process)            # after each worker: nothing of it remains
    """

    def __init__(self, mode, uid=None):
        # The orphans of its workers must come to this process to be reaped: elsewhere (a
        # container's init that reaps late, here every 1.5 s), cleanup waits out every zombie's
        # patience.
        become_subreaper()
        self.mode = mode  # the caller asks probing.probe(), which makes Sandboxes, never this
        if self.mode not in MODES:
            raise ValueError(f"unknown sandbox mode {self.mode!r}; the modes are {MODES}")
        self.uid, self._lease = None, None
        if self.mode in ("unshare", "rlimits") and not is_root():
            raise SandboxError(f"the {self.mode} mode needs root")
        if self.mode in UID_MODES and is_root():
            self.uid, self._lease = (uid, None) if uid is not None else lease_uid()
        self.python = sys.executable if self.mode == "plain" else sandbox_python()
        if self.python is None:
            raise SandboxError(f"no Python >= {MIN_PYTHON[0]}.{MIN_PYTHON[1]} under /usr "
                               f"for the {self.mode} mode (apt-get install python3)")
        self.marker = f"{MARKER}={secrets.token_hex(8)}".encode()
        self.cgroup = worker_cgroup(self.uid) if self.uid is not None and LINUX else None
        self._private = []  # private TMPDIRs of the modes without a private /tmp
        remove_stale_private_tmps()
        if self.uid is not None:
            self.cleanup()  # a grader that crashed may have left processes and files on this uid

    # -- launching

    def launch(self, argv, *, readable=(), binds=(), pass_fds=(), limits=Limits(), cwd=None,
               env=None, host_network=False):
        """Popen keyword arguments that run `self.python` with `argv` (its arguments, without the
        interpreter) in the sandbox, within `limits` (a policy.Limits). `readable` folders appear
        at the same paths, read-only, opened to the worker's uid; `binds` are (host path, path
        inside) pairs bound read-only as they are, which the worker's uid must already be able to
        read (installed software, or a folder handed to it: hand_over). The `pass_fds` reach the
        worker with the same numbers; `env` is added to a minimal environment; `host_network`
        keeps the host's network namespace in the modes that have their own (the nbgrader kernel
        talks to its client over loopback). The caller adds stdin, stdout and stderr, and calls
        Popen from a thread that lives as long as the worker (the main thread): the worker gets
        SIGKILL when the thread that started it ends (PR_SET_PDEATHSIG, and bwrap's
        --die-with-parent), so that a grader that dies without cleaning up leaves no worker."""
        readable = [os.path.abspath(path) for path in readable]
        cwd = os.path.abspath(cwd or (readable[0] if readable else "/"))
        # the unshare init binds as root: only bwrap and rlimits need the parents opened
        if self.uid is not None:
            for path in readable:
                open_up(path, parents=self.mode in ("bwrap", "rlimits"))
        kwargs = {"env": self._environment(env), "pass_fds": tuple(pass_fds), "close_fds": True}
        if os.name == "nt":  # pragma: no cover - a Windows laptop: only the wall-clock kill
            kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
            kwargs.pop("pass_fds")
        else:
            kwargs["start_new_session"] = True  # the supervisor kills the process group
            if self.cgroup is not None:
                self.cgroup.limit(limits.memory_mb)
            # the unshare init switches to the uid itself, once it has built the root
            switch = self.uid if self.mode != "unshare" else None
            kwargs["preexec_fn"] = restrictions(limits, strict=LINUX and self.mode != "plain",
                                                cgroup=self.cgroup, uid=switch)
        interpreter = [self.python, *argv]
        binds = [*((os.path.realpath(path), path) for path in readable), *binds]
        if self.mode == "bwrap":
            kwargs.update(args=bwrap_command(interpreter, binds, cwd, host_network), cwd="/")
        elif self.mode == "unshare":
            kwargs.update(args=unshare_command(self.python, interpreter, self.uid, binds, cwd,
                                               pass_fds, host_network), cwd="/")
        else:
            kwargs.update(args=interpreter, cwd=cwd)
        return kwargs

    def hand_over(self, folder):
        """Make the tree at `folder` the worker's uid's own (owner only, nothing opened to other
        uids), for launch's `binds`: nothing else on the machine can read it then. Links are
        changed, never followed."""
        if self.uid is None:
            return
        for root, folders, files in os.walk(folder):
            for name in [root, *(os.path.join(root, entry) for entry in folders + files)]:
                os.chown(name, self.uid, self.uid, follow_symlinks=False)

    def _environment(self, env):
        """A minimal environment, `env`, the marker, and a private TMPDIR where /tmp is shared."""
        environment = {**BASE_ENV, **(env or {})}
        if self.mode in ("rlimits", "plain"):
            self._private.append(private_tmp(self.uid))
            environment["TMPDIR"] = self._private[-1]
        key, value = self.marker.decode().split("=", 1)
        environment[key] = value
        return environment

    # -- after a worker

    def worker_returncode(self, returncode):
        """The worker's exit code as Popen reports a direct child's: negative for a signal. bwrap
        and the unshare init report a killed worker as 128 + signal (so a worker that itself exits
        with 129..159 reads as killed: there is no telling them apart)."""
        if self.mode in ("bwrap", "unshare") and returncode is not None and 128 < returncode < 160:
            return 128 - returncode
        return returncode

    def cpu_seconds(self):
        """The CPU time the worker's processes have used so far, reaped children included; None
        where /proc cannot tell. Time limits count this, not the wall clock, so that a busy
        machine slows a worker without costing it its points."""
        if not LINUX:
            return None
        if self.uid is not None:
            pids = [p.pid for p in every_process() if p.uid == self.uid]
        else:
            pids = [p.pid for p in every_process() if p.uid == os.getuid()
                    and has_marker(p.pid, self.marker)]
        return sum(map(cpu_seconds_of, pids))

    def worker_pid(self, process):
        """The pid of the worker's own Python, for a signal: `process` (the Popen) itself in the
        rlimits and plain modes, below bwrap's two processes or the unshare init (which runs the
        same Python, but as root) in the others. The shallowest process under `process` that
        runs this sandbox's Python as the worker's uid, so never one the worker started; None
        once it has ended."""
        if not LINUX:
            return process.pid  # only the plain mode runs there, without a launcher
        uid = os.getuid() if self.uid is None else self.uid
        return shallowest(process.pid, lambda found: found.uid == uid and found.state not in "ZX"
                          and program_of(found.pid) == self.python)

    def cleanup(self, process=None):
        """Leave nothing of the worker: kill `process` (the Popen) and its process group, then every
        process of the sandbox's uid (or, without one, every process carrying its marker),
        reap them, and remove what the worker wrote outside a private /tmp. Raises SandboxError
        if a process survives."""
        if process is not None:
            kill_group(process)
            process.wait()
        deadline = time.monotonic() + CLEANUP_SECONDS
        if LINUX and self.uid is not None:
            exterminate(lambda p: p.uid == self.uid, deadline)
        elif LINUX:
            kill_marked(self.marker, deadline)
        if self.uid is not None:  # rlimits mode has no private /tmp (and a crashed grader's TMPDIR)
            remove_files_of(self.uid)
            remove_ipc_of(self.uid)
        for folder in self._private:
            shutil.rmtree(folder, ignore_errors=True)
        self._private.clear()

    def close(self):
        try:
            self.cleanup()
            if self.cgroup is not None:
                self.cgroup.remove()
        finally:
            if self._lease is not None:
                self._lease.close()
                self._lease = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
