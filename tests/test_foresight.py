"""Foresight: a known mistake is said to reproduce a function only when it gives the student's
answers and nodes on every call with recorded replays, and the correct search does not."""
from dataclasses import replace

from autograder.assignments import SEARCH
from autograder.checks import course
from autograder.checks.calling import Pair
from autograder.engine.outcome import warnings
from autograder.feedback.foresight import entering, reproducing
from autograder.feedback.replaying.record import explained
from autograder.feedback.replaying.replay import replay
from autograder.feedback.replaying.variants import Mistakes
from autograder.policy import load
from autograder.runner.observations import Observation
from autograder.worker.calls import call

CALLS = [call("alphabeta_decision", game) for game in (course.TEXTBOOK, course.TEXTBOOK_MIN,
                                                        course.EXERCISE_1, course.MIN_TIE)]


def pair(made, mistake="", recorded=True):
    """The Pair of `made` for a student whose search has `mistake`, the reference's side
    carrying the replays record.py keeps (or none)."""
    made = {**made, "trace": True}
    answer, trace = replay(made, Mistakes(**{mistake: True} if mistake else {}))
    got = Observation(answer=answer, answer_type=type(answer).__name__, trace=trace)
    reference, kept = replay(made, Mistakes())
    want = Observation(answer=reference, trace=kept,
                       explained=explained(made) if recorded else None)
    return Pair(made["function"], got, want, made)


def test_a_mistake_that_reproduces_every_call_is_found_first_of_those_that_do():
    found = reproducing([pair(made, "root_not_tightened") for made in CALLS])
    assert list(found) == ["alphabeta_decision"]
    assert found["alphabeta_decision"][0] == "root_not_tightened"


def test_a_correct_search_a_partial_match_or_no_recorded_replays_find_none():
    assert reproducing([pair(made) for made in CALLS]) == {}
    # one search on some trees, another on the rest: neither reproduces the function
    assert reproducing([pair(made, "root_not_tightened") for made in CALLS[:2]]
                       + [pair(made, "last_of_ties") for made in CALLS[2:]]) == {}
    assert reproducing([pair(made, "root_not_tightened", recorded=False) for made in CALLS]) == {}


def test_a_check_left_out_of_a_function_calling_a_failing_one_is_warned_of():
    """Seen in a student trial: a correct alphabeta_decision over an alphabeta_value whose MIN
    nodes raise alpha passed every check here, then lost points to a hidden check; no known
    mistake reproduces it, but its visible calls entered the failing alphabeta_value."""
    config = load(SEARCH.policy)
    left_out = "alphabeta_decision: examines the reference's nodes"
    entering_made = replace(pair(CALLS[0]), got=replace(pair(CALLS[0]).got,
                                                        entered=("alphabeta_value",)))
    entered = entering([entering_made])
    assert entered == {"alphabeta_decision": ["alphabeta_value"]}
    assert warnings(config, [left_out], {}, (), entered, {"alphabeta_value"}) == {left_out: (
        "Warning: your alphabeta_decision calls your alphabeta_value, which fails here: this "
        "check will likely fail when graded too. Fix alphabeta_value first.")}
    assert warnings(config, [left_out], {}, (), entered, set()) == {}


def test_a_check_left_out_of_a_failing_function_is_warned_of():
    """Seen in a student trial: an alphabeta_value that calls the order function only at the root
    failed visible checks here, then lost 3 more points officially to its hidden order check,
    whose entry here named only its hint; no known mistake reproduces it."""
    config = load(SEARCH.policy)
    left_out = "alphabeta_value: examines the reference's nodes with an order function"
    assert warnings(config, [left_out], {}, (), {}, {"alphabeta_value"}) == {left_out: (
        "Warning: your alphabeta_value fails checks here, so this check may fail when graded "
        "too. Fix those failures first.")}
    assert warnings(config, [left_out], {}, (), {}, {"alphabeta_decision"}) == {}
