"""How a failing check ends: hypothesis shrinks its input without explaining it (the grading
profile, engine/seeding.py), and the engine turns what the check raised into the failure a student
reads (engine/plugin.py's verdict)."""
import pytest

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import FlakyFailure

from autograder import policy
from autograder.checks.judge import CheckFailed, shown
from autograder.engine.plugin import verdict
from autograder.engine.seeding import use_hypothesis_settings
from autograder.games.specs import tree_spec
from autograder.policy import Limits
from autograder.runner.supervisor import StudentTimedOut


def test_a_time_out_shows_the_input_of_the_call_it_stopped():
    game = tree_spec([[1, 2], 3])
    timed_out = StudentTimedOut("minimax_value did not return")
    timed_out.shown = shown(game, smallest=False)
    failure = verdict(timed_out, Limits())
    assert str(failure) == "minimax_value did not return"
    assert failure.shown.as_dict() == {"heading": "The input", "example": game, "note": ""}


def test_two_different_answers_to_the_same_call_are_named_as_such():
    """Hypothesis's FlakyFailure is an exception group too: it is named, not unwrapped."""
    flaky = FlakyFailure("Inconsistent results", [CheckFailed("returned 4, but the answer is 3")])
    assert str(verdict(flaky, Limits())) == (
        "the function gave two different answers to the same call; does it use random? Its "
        "answer must depend only on its arguments")


def test_a_failing_check_is_shrunk_and_never_explained():
    """After shrinking, hypothesis's explain phase would run the student's code again on variations
    of the smallest failing input, to note which of its parts did not matter, for notes no report
    shows (a check whose calls sent a megabyte each took 91 s so): the smallest input is never
    tried again with the part that does not matter (`other`) varied."""
    calls = []
    use_hypothesis_settings(policy.load())  # before @given, which reads the settings then
    try:
        @given(st.integers(0, 1000), st.integers(0, 5))
        def fails_above_ten(n, other):
            calls.append((n, other))
            assert n < 2 * 5 + 1  # not a literal 10, which hypothesis would try first

        with pytest.raises(AssertionError):
            fails_above_ten()
    finally:
        settings.load_profile("default")
    assert calls[-1] == (11, 0)
    assert {other for n, other in calls if n == 11} == {0}
