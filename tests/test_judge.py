"""The verdicts: exact comparison, the window rule for fail-hard and fail-soft, and messages that
name the first node where two searches part."""
import math

import pytest

from autograder.checks.judge import CheckFailed, same_trace, window_rule
from autograder.checks.observe import Observed
from autograder.observations import Observation, exactly_equal, from_reply
from autograder.worker.calls import decode_path, decode_trace, encode_path, encode_trace

TEXTBOOK = {"kind": "tree", "tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "root": "MAX"}


def answered(value, trace=None):
    return Observation(answer=value, answer_type=type(value).__name__, trace=trace)


def observed(got, want=None):
    return Observed("alphabeta_value", got, want or got)


@pytest.mark.parametrize("got, want, equal", [
    (3, 3, True), (3.0, 3, True), (True, 1, False), ("3", 3, False), (None, 3, False),
    ([4, 0, 2], [4, 0, 2], True), ([4, 0], [4, 0, 2], False), ([True], [1], False),
    ("baixar_5", "baixar_5", True), (float("nan"), float("nan"), False),
])
def test_answers_are_compared_as_exact_builtin_values(got, want, equal):
    assert exactly_equal(got, want) is equal


@pytest.mark.parametrize("alpha, beta, fail_soft, fail_hard", [
    (-math.inf, math.inf, 3, 3), (4, 10, 3, 4), (0, 2, 3, 2), (3, 3, 3, 3), (2, 4, 3, 3),
])
def test_fail_soft_and_fail_hard_both_meet_the_window_rule(alpha, beta, fail_soft, fail_hard):
    for result in (fail_soft, fail_hard):
        window_rule(observed(answered(result)), 3, alpha, beta, "")


@pytest.mark.parametrize("alpha, beta, result, says", [
    (2, 4, 4, "exactly the true value"),
    (4, 10, 5, "between the value and alpha"),
    (4, 10, 2, "between the value and alpha"),
    (0, 2, 1, "between beta and the value"),
    (0, 2, "3", "not a number"),
])
def test_results_outside_the_window_rule_fail(alpha, beta, result, says):
    with pytest.raises(CheckFailed, match=says):
        window_rule(observed(answered(result)), 3, alpha, beta, "")


REFERENCE_TRACE = tuple(map(encode_path, [(), (0,), (0, 0), (0, 1), (0, 2), (1,), (1, 0), (2,),
                                          (2, 0), (2, 1), (2, 2)]))


def test_a_search_that_examines_a_pruned_node_is_told_which():
    mine = REFERENCE_TRACE[:7] + (encode_path((1, 1)),) + REFERENCE_TRACE[7:]
    with pytest.raises(CheckFailed, match="the first 7 nodes agree; then your search examined C2 "
                                          "where alpha-beta examines D"):
        same_trace(observed(answered(3, mine), answered(3, REFERENCE_TRACE)), TEXTBOOK, "")
    skipped = REFERENCE_TRACE[:5] + REFERENCE_TRACE[6:]
    with pytest.raises(CheckFailed, match=r"\(C is never examined by your search\)"):
        same_trace(observed(answered(3, skipped), answered(3, REFERENCE_TRACE)), TEXTBOOK, "")
    with pytest.raises(CheckFailed, match="went on to examine D3, which alpha-beta prunes"):
        same_trace(observed(answered(3, REFERENCE_TRACE + (encode_path((2, 2)),)),
                            answered(3, REFERENCE_TRACE[:-1])), TEXTBOOK, "")


def test_a_search_that_stops_early_is_told_what_it_missed():
    with pytest.raises(CheckFailed, match="stopped, but alpha-beta still examines D1"):
        same_trace(observed(answered(3, REFERENCE_TRACE[:8]), answered(3, REFERENCE_TRACE)),
                   TEXTBOOK, "")


def test_the_same_trace_passes():
    same_trace(observed(answered(3, REFERENCE_TRACE)), TEXTBOOK, "")


@pytest.mark.parametrize("reply", [
    {"observation": {"answer": 3, "type": "int", "trace": "x"}},
    {"observation": {"answer": 3, "type": "int", "trace": [[0, 1]]}},
    {"observation": {"answer": 3}},
    {"problem": {"something": "else"}},
    [],
])
def test_a_reply_of_the_wrong_shape_is_a_problem_never_an_exception(reply):
    traced = {"function": "minimax_value", "game": TEXTBOOK, "trace": True}
    assert from_reply(reply, 0.0, traced).problem == "sent the grader a reply it could not read"


@pytest.mark.parametrize("path", [(), (0,), (4, 0, 2, 6, 8), (78, 79, 1000)])
def test_paths_survive_their_compact_encoding(path):
    assert decode_path(encode_path(path)) == path


@pytest.mark.parametrize("paths", [[], [()], [(), (0,), (0, 8)], [(3,), (78, 79, 1000), ()],
                                   [(), (2, -1)], [(0,), ("a", 1.5, True)]])
def test_a_trace_travels_as_one_string_of_its_paths(paths):
    assert decode_trace(encode_trace(paths)) == tuple(map(encode_path, paths))
