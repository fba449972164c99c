"""A grading stopped by SIGTERM (as a scheduler, `timeout` or a container's stop sends it) ends as
Ctrl-C ends it: through every with-block and `finally`, so that its scratch folder (the student's
code copied, the worker's runtime) is removed, its lanes and workers are stopped, and no output is
written; then one line and the shell's exit code, 143.

Python's default for SIGTERM ends the process at once, leaving all of that behind (and its lanes,
forked, grading on). A lane ends the same way when its grader stops it (lanes.py); a batch stops
its own way (commands/side_by_side.py), inside this.
"""
import signal
from contextlib import contextmanager

from autograder.errors import AutograderError


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived. A KeyboardInterrupt, so that what stops for Ctrl-C stops for it: pytest's
    session among them (which a plain exception raised inside a check would only fail)."""

    signal = signal.SIGTERM

    def __str__(self):
        return "stopped by SIGTERM"


# SIGTERM is the process's, and so is the record of it (a forked lane starts from its grader's)
_received = []


def received():
    """Whether SIGTERM has arrived here. Code that catches the Terminated it raises must not let
    the grading go on: hypothesis, interrupted in its own set-up of a check, turns it into an
    AssertionError, which pytest takes for a failed check and grades on after (see
    engine/plugin.GradingPlugin.pytest_runtest_protocol)."""
    return bool(_received)


def raise_terminated(signum, frame):
    _received.append(signum)
    raise Terminated


@contextmanager
def ended_cleanly_by_sigterm():
    """Within: SIGTERM raises Terminated once (a second one does not cut the cleanup short);
    received() says whether it came, until the block is left."""
    _received.clear()

    def stop(signum, frame):
        if not received():
            raise_terminated(signum, frame)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    except AutograderError:
        # pytest, run in the grader itself (one lane), ends its session on the interruption and
        # returns an exit code, which grading reports as an error of its own
        if received():
            raise Terminated from None
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
        stopped, _received[:] = received(), []
    if stopped:  # caught somewhere on its way: the grading was still cut short
        raise Terminated
