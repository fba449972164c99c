"""The grader's checks run in this process against the reference as the student: for tests that
count what the checks do (the games they meet, the order they run in), not what a worker does."""
import pytest

from autograder.assignments import SEARCH
from autograder.checks.calling import from_reference, reference
from autograder.engine.plugin import check_name
from autograder.worker.calls import perform


def solution(function):
    """The built-in assignment's reference solution of `function`."""
    return reference(function, SEARCH.modules, SEARCH.reference_package())


class InProcess:
    """The reference, as the student, called in this process; every call is kept by check."""

    def __init__(self):
        self.check = None
        self.calls = {}

    def call(self, call, *_):
        self.calls.setdefault(self.check, []).append(call)
        return from_reference(perform(solution(call["function"]), call))

    def close(self):
        pass

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        self.check = check_name(item)


class OnlyChecks:
    """Runs only the checks called `names`, once the grader has collected and validated them all."""

    def __init__(self, names):
        self.names = names

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items):
        items[:] = [item for item in items if check_name(item) in self.names]
