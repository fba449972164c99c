"""One untrusted worker process: its runtime staged, started in the sandbox, asked, read, killed.

The worker runs autograder.worker.main on the submission, with nothing of the grader but its own
code (stage_runtime). It is sent requests on one pipe and answers on another, each reply read
within the limits of runner/replies.py; how it ended, when it stops answering, is said in words for
the student; and on SIGUSR1 it writes its stack to a third pipe, read before it is killed.
"""
import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

try:  # POSIX only, as in the sandbox
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

from autograder.language import N_, _
from autograder.runner.replies import REPLY_LIMIT, ReplyRejected, decode_reply, too_large
from autograder.runner.stacks import stopped_at
from autograder.worker.protocol import MODULES_FILE, encode_message

PACKAGE = Path(__file__).resolve().parents[1]
RUNTIME_PACKAGES = ("games", "worker")
BOOTSTRAP = ("import sys; sys.path.insert(0, sys.argv[1]); "
             "from autograder.worker.main import main; "
             "main(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]))")
# TRANSLATORS: {signal} is a signal's name, such as SIGSEGV
CRASHED = N_("crashed the Python interpreter: killed by {signal}")
KILLED = {
    "SIGSEGV": N_("crashed the Python interpreter: killed by {signal} (a segmentation fault: often "
                  "recursion too deep)"),
    "SIGXCPU": N_("crashed the Python interpreter: killed by {signal} (it used up its CPU time)"),
    "SIGKILL": N_("crashed the Python interpreter: killed by {signal} (killed outright, by the "
                  "code itself or by a limit)")}
EXIT_GRACE_SECONDS = 2.0
REQUEST_PIPE_BYTES = 1024 * 1024  # Linux's default most for an unprivileged pipe, 16 walks' worth
STACK_WAIT_SECONDS = 1.0  # for a stopped call's stack to arrive, before the kill...
STACK_QUIET_SECONDS = 0.05  # ...and for more of it, once it has begun
STACK_LIMIT = 64 * 1024  # bytes of it read at most: the worker may write anything to that pipe


def stage_runtime(folder, modules):
    """Copy the worker's own code, and nothing else of the grader, into `folder`, with the
    assignment's `modules` (each function's module, which the worker imports to call it)."""
    target = Path(folder) / "autograder"
    target.mkdir(parents=True)
    (target / "__init__.py").write_text("")
    (target / MODULES_FILE).write_text(json.dumps(modules))
    shutil.copyfile(PACKAGE / "contract.py", target / "contract.py")
    for package in RUNTIME_PACKAGES:
        shutil.copytree(PACKAGE / package, target / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return str(folder)


class CappedOutput:
    """Drains the worker's stdout and stderr so it never blocks, keeping only the first bytes."""

    def __init__(self, stream, limit):
        self.limit = limit
        self.kept = bytearray()
        self.thread = threading.Thread(target=self._drain, args=(stream,), daemon=True)
        self.thread.start()

    def _drain(self, stream):
        for chunk in iter(lambda: stream.read1(65536), b""):
            room = self.limit - len(self.kept)
            if room > 0:
                self.kept += chunk[:room]
        stream.close()

    def text(self, wait=0.0):
        """What was kept, once the stream has ended or `wait` seconds have passed."""
        self.thread.join(wait)
        return self.kept.decode(errors="replace")


class Worker:
    """One untrusted process running autograder.worker.main on the submission, in the sandbox,
    for the calls of one function."""

    def __init__(self, runtime, submission, limits, sandbox, function):
        self.function = function
        self.submission = submission
        requests_r, self.requests = os.pipe()
        if hasattr(fcntl, "F_SETPIPE_SZ"):  # Linux: a walk's request (66 KB) is sent whole, even
            # to a worker that has stopped reading, which send() would otherwise wait for forever
            with contextlib.suppress(OSError):
                fcntl.fcntl(self.requests, fcntl.F_SETPIPE_SZ, REQUEST_PIPE_BYTES)
        self.replies, replies_w = os.pipe()
        self.stack, stack_w = os.pipe()
        self.sandbox = sandbox
        launch = sandbox.launch(
            ["-S", "-s", "-P", "-B", "-c", BOOTSTRAP, runtime, str(requests_r), str(replies_w),
             submission, str(stack_w)],
            readable=[runtime, submission], pass_fds=(requests_r, replies_w, stack_w),
            limits=limits, cwd=submission, env={"PYTHONHASHSEED": "0"})
        self.process = subprocess.Popen(**launch, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for fd in (requests_r, replies_w, stack_w):
            os.close(fd)
        self.output = CappedOutput(self.process.stdout, limits.output_kb * 1024)
        self.buffer = bytearray()
        self.scanned = 0  # bytes of the buffer known to hold no newline
        self.started = False  # whether its first line, READY, has arrived

    def send(self, message):
        data = encode_message(message)
        try:
            while data:
                data = data[os.write(self.requests, data):]
        except BrokenPipeError:
            pass  # the worker is gone; receive() reports how it ended

    def receive(self, deadline):
        """The next reply; None when the worker died first. Raises TimeoutError at the deadline,
        and ReplyRejected for a reply too large or too deep to read. Each byte is scanned for
        the newline once, however many reads a long reply takes."""
        while (end := self.buffer.find(b"\n", self.scanned)) < 0:
            self.scanned = len(self.buffer)
            if self.scanned > REPLY_LIMIT:
                raise ReplyRejected(too_large())
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self.replies], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
        if end > REPLY_LIMIT:
            raise ReplyRejected(too_large())
        line = bytes(self.buffer[:end])
        del self.buffer[:end + 1]
        self.scanned = 0
        if not self.started:  # the first line is READY: nothing of the student's ran before it
            self.started = True
            return self.receive(deadline)
        return decode_reply(line)

    def how_it_ended(self):
        """Why the worker's reply pipe closed, in words: (the problem, the problem as a hidden
        check may say it, or None when the same). The worker (or bwrap, which passes its child's
        status on) gets a moment to exit by itself before cleanup's kill would mask it.

        An exit code, or a signal the student's code sent itself, is a number it chose: a hidden
        check that quoted it would carry bits of its input out, so a hidden check names only
        the signals the limits and crashes send."""
        try:
            self.process.wait(timeout=EXIT_GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            pass
        self.kill()
        code = self.sandbox.worker_returncode(self.process.returncode)
        if code is not None and code < 0 and signal.Signals(-code).name in KILLED:
            name = signal.Signals(-code).name
            return _(KILLED[name]).format(signal=name), None
        if code is not None and code < 0:
            problem = _(CRASHED).format(signal=signal.Signals(-code).name)
        else:
            problem = _("ended the worker process (exit code {code}) instead of "
                        "returning").format(code=code)
        # TRANSLATORS: follows the function's name, in a hidden check's feedback
        return problem, _("ended the worker process instead of returning (a hidden check names "
                          "no exit code or signal the code chose)")

    def running_stack(self):
        """The stack of the running call, as the worker writes it on SIGUSR1; "" when it cannot
        be asked (no such signal, no /proc to find the worker's Python)."""
        pid = self.sandbox.worker_pid(self.process)
        if pid is None or not hasattr(signal, "SIGUSR1"):
            return ""
        try:
            os.kill(pid, signal.SIGUSR1)
        except OSError:
            return ""
        return self._stack_dump()

    def where_stopped(self, sources, stack=None, finished=False):
        """Where in the student's own files (the staged `sources`) the call was, as "stopped at
        FILE, line N: CODE", from `stack` (by default, the running call's now); for a call that
        `finished` after its limit, where it was when the limit ran out. None when it cannot tell
        (see stack, and no frame of the submission's)."""
        dump = self.running_stack() if stack is None else stack
        return stopped_at(dump, sources, finished)

    def _stack_dump(self):
        """What arrives on the stack pipe within STACK_WAIT_SECONDS, until it falls quiet."""
        dump, deadline, wait = b"", time.monotonic() + STACK_WAIT_SECONDS, STACK_WAIT_SECONDS
        while len(dump) < STACK_LIMIT and select.select([self.stack], [], [], wait)[0]:
            chunk = os.read(self.stack, STACK_LIMIT - len(dump))
            if not chunk:
                break
            dump += chunk
            wait = min(STACK_QUIET_SECONDS, max(0.0, deadline - time.monotonic()))
        return dump.decode(errors="replace")

    def kill(self):
        """Nothing of the worker remains: its group, then every process of its uid."""
        self.sandbox.cleanup(self.process)
        for fd in (self.requests, self.replies, self.stack):
            try:
                os.close(fd)
            except OSError:
                pass
        self.requests = self.replies = self.stack = -1
