"""SIGTERM ends a grading even when a check catches the interruption it raises: hypothesis,
interrupted in its own set-up of a check, turns it into an AssertionError, and pytest took that
for a failed check and graded on, so a grading in two lanes outlived SIGTERM by minutes (about one
in four SIGTERMs sent during the checks of examples/sample_submission)."""
import os
import signal
import time

import pytest

from autograder import policy
from autograder.assignments import SEARCH
from autograder.engine.plugin import GradingPlugin
from autograder.runner.supervisor import Pending
from autograder.runner.terminating import Terminated, ended_cleanly_by_sigterm, received


def interrupted_and_caught():
    """SIGTERM, arriving as Terminated and caught by the code it interrupted."""
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
    except Terminated:
        return
    pytest.fail("SIGTERM did not interrupt")


def test_no_check_starts_and_no_call_is_made_once_sigterm_was_caught():
    plugin = GradingPlugin(None, policy.load(), SEARCH)
    with pytest.raises(Terminated), ended_cleanly_by_sigterm():
        interrupted_and_caught()
        with pytest.raises(Terminated):
            plugin.pytest_runtest_protocol(item=None, nextitem=None)
        with pytest.raises(Terminated):
            Pending(None, {"function": "minimax_value"}, 1, time.monotonic()).wait()
    assert not received()  # this process grades on, as a test suite's does


def test_checks_start_and_calls_go_out_without_sigterm():
    with ended_cleanly_by_sigterm():
        assert GradingPlugin(None, policy.load(), SEARCH).pytest_runtest_protocol(
            item=None, nextitem=None) is None
        with pytest.raises(AttributeError):  # on to the student, here None
            Pending(None, {"function": "minimax_value"}, 1, time.monotonic()).wait()
