"""Which sandbox modes work on this machine: each is tried once, by starting a trivial Python in it.

The modes' own prerequisites (Linux, root, an executable) are checked first, so that a mode that
cannot work costs no attempt; why each failed is kept in PROBE_ERRORS.
"""
import functools
import os
import shutil
import subprocess

from autograder.errors import SandboxError
from autograder.runner.sandbox.init import PIVOT_ROOT
from autograder.runner.sandbox.interpreter import sandbox_python
from autograder.runner.sandbox.slot import MODES, Sandbox
from autograder.runner.sandbox.system import LINUX, is_root

PROBE_ERRORS = {}  # mode -> why it did not work here, for a log line or a bug report
PROBE_SECONDS = 5.0
PROBE_SNIPPET = "import os, sys; os.write(int(sys.argv[1]), str(os.getuid()).encode())"


def _prerequisites(mode):
    """Why `mode` cannot work here without trying it, or None."""
    if mode == "plain":
        return None
    if not LINUX:
        return "Linux only"
    if mode in ("unshare", "rlimits") and not is_root():
        return "needs root, to switch to an unprivileged uid"
    if mode == "unshare" and os.uname().machine not in PIVOT_ROOT:
        return f"pivot_root's syscall number on {os.uname().machine} is not known"
    if mode in ("bwrap", "unshare") and not shutil.which(mode):
        package = "bubblewrap" if mode == "bwrap" else "util-linux"
        return f"no {mode} executable (apt-get install {package})"
    if sandbox_python() is None:
        return "no Python under /usr that an unprivileged uid can run"
    return None


def attempt(mode):
    """Why `mode` does not work here, or None: a trivial Python started in it must run as the
    expected uid and write to a passed pipe."""
    reason = _prerequisites(mode)
    if reason:
        return reason
    try:
        with Sandbox(mode) as sandbox:
            read, write = os.pipe()
            try:
                kwargs = sandbox.launch(["-S", "-c", PROBE_SNIPPET, str(write)], pass_fds=(write,))
                process = subprocess.Popen(**kwargs, stdin=subprocess.DEVNULL,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                os.close(write)
                write = -1
                try:
                    _, errors = process.communicate(timeout=PROBE_SECONDS)
                except subprocess.TimeoutExpired:
                    errors = b"timed out"
                finally:
                    sandbox.cleanup(process)
                answer = os.read(read, 64).decode()
            finally:
                os.close(read)
                if write >= 0:
                    os.close(write)
            expected = str(os.getuid() if sandbox.uid is None else sandbox.uid)
            if process.returncode != 0 or answer != expected:
                return (f"exit code {process.returncode}, uid {answer or '?'} instead of "
                        f"{expected}: {errors.decode(errors='replace').strip()[-500:]}")
    except (OSError, SandboxError, subprocess.SubprocessError) as error:
        return f"{type(error).__name__}: {error}"
    return None


@functools.cache
def works(mode):
    """Whether `mode` really starts a sandboxed Python here (the reason is kept in PROBE_ERRORS)."""
    reason = attempt(mode)
    if reason:
        PROBE_ERRORS[mode] = reason
    return reason is None


@functools.cache
def probe():
    """The strongest mode that works on this machine, tried once per process (tens of ms)."""
    return next((mode for mode in MODES if works(mode)), "plain")
