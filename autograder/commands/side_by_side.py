"""The grading processes a batch runs side by side, and stopping every one of them at once.

Each grading is a `python -m autograder.commands.grade_process` process in a session of its own,
so that the terminal's Ctrl-C (sent to the terminal's process group) reaches only the batch, which
then decides: it kills every grading's whole process group (the grader and its lanes; their
sandboxed workers die with them, see PR_SET_PDEATHSIG in runner/sandbox/preexec.py and bwrap's
--die-with-parent), starts no new one, and leaves those submissions ungraded for the next run to
resume. SIGTERM, as a scheduler sends it, does the same. A grading past its time limit is killed
the same way, and is that submission's error row. A grading killed cannot remove its scratch
folder (its copy of the submission, the worker's runtime), so each runs with a temporary folder of
its own as TMPDIR, which the batch removes once the grading has ended, however it ended.
"""
import os
import signal
import subprocess
import tempfile
import threading
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stopped(Exception):
    """The batch was stopped by a signal; `signal` is its number, the message what was done."""

    def __init__(self, signum, message=None):
        super().__init__(message or f"stopped by {signal.Signals(signum).name}")
        self.signal = signum


class Gradings:
    """The gradings running now; `stop` kills them all, and every later `run` at once."""

    def __init__(self):
        self._lock = threading.RLock()  # the signal handler may run while its thread holds it
        self._running = set()
        self.stopped_by = None  # the signal that stopped the batch, once one has

    def stop(self, signum=signal.SIGTERM):
        with self._lock:
            self.stopped_by = self.stopped_by or signum
            for process in self._running:
                _kill_group(process)

    @contextmanager
    def stopped_by_signals(self):
        """Within: SIGINT and SIGTERM stop the gradings, rather than this process."""
        previous = {s: signal.signal(s, lambda signum, frame: self.stop(signum))
                    for s in STOP_SIGNALS}
        try:
            yield self
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)

    def check(self):
        """Raise Stopped once the batch has been stopped."""
        if self.stopped_by is not None:
            raise Stopped(self.stopped_by)

    def run(self, command, seconds):
        """Run a grading; None when it exits 0, else the one-line reason: its own (exit 2), how it
        crashed, or that it took longer than `seconds`, when its whole process group is killed.
        Raises Stopped, having killed it, when the batch is stopped before it has ended well."""
        with tempfile.TemporaryDirectory(prefix="autograder-grading-",
                                         ignore_cleanup_errors=True) as scratch:
            return self._run(command, seconds, {**os.environ, "TMPDIR": scratch})

    def _run(self, command, seconds, env):
        with self._lock:
            self.check()
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       start_new_session=True, env=env)
            self._running.add(process)
        with process:
            try:
                _, stderr = process.communicate(timeout=seconds)
            except subprocess.TimeoutExpired:
                with self._lock:
                    _kill_group(process)
                process.wait()
                return f"grading stopped: took longer than {seconds:g} s"
            finally:
                with self._lock:
                    self._running.discard(process)
        if process.returncode != 0:  # one that ended well as the signal came has its result
            self.check()
        return _reason(process.returncode, stderr)


def _kill_group(process):
    """SIGKILL to the grading's process group, while its leader is unreaped (under the lock,
    before `run` waits for it), so the group's id cannot yet be another's."""
    if process.returncode is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _reason(returncode, stderr):
    lines = stderr.decode("utf-8", errors="replace").strip().splitlines()
    if returncode == 0:
        return None
    if returncode < 0:
        killed_by = signal.Signals(-returncode).name
        return (f"grading crashed: killed by {killed_by}"
                + (" (out of memory?)" if killed_by == "SIGKILL" else ""))
    if returncode == 2 and lines:
        return lines[-1].removeprefix("autograder: ")
    return f"grading crashed (exit code {returncode})" + (f": {lines[-1]}" if lines else "")
