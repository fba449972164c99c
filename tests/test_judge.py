"""The verdicts: the window rule for fail-hard and fail-soft, messages that name the first node
where two searches part (or where a search in the student's order parts from the course's), the
positions evaluated against the reference's, what the call printed quoted after the explanation,
and every sentence written as the student's language writes it."""
import math
from dataclasses import replace

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.contract import decode_path, encode_path
from autograder.grading import strategies
from autograder.checks.judge import (CheckFailed, follows_the_search, same_answer,
                                     same_evaluations, same_trace, shown, window_rule)
from autograder.checks.calling import Pair
from autograder.checks.course import TEXTBOOK
from autograder.language import speaking
from autograder.runner.observations import Observation, describe_printed, from_reply
from autograder.games.specs import shuffled_order, tree_spec
from autograder.worker.calls import call, order_argument, state_at


def answered(value, trace=None):
    return Observation(answer=value, answer_type=type(value).__name__, trace=trace)


def paired(got, want=None):
    return Pair("alphabeta_value", got, want or got)


@pytest.mark.parametrize("alpha, beta, fail_soft, fail_hard", [
    (-math.inf, math.inf, 3, 3), (4, 10, 3, 4), (0, 2, 3, 2), (3, 3, 3, 3), (2, 4, 3, 3),
])
def test_fail_soft_and_fail_hard_both_meet_the_window_rule(alpha, beta, fail_soft, fail_hard):
    for result in (fail_soft, fail_hard):
        window_rule(paired(answered(result)), 3, alpha, beta, "")


@pytest.mark.parametrize("alpha, beta, result, says", [
    (2, 4, 4, "exactly the true value"),
    (4, 10, 5, "between the value and alpha"),
    (4, 10, 2, "between the value and alpha"),
    (0, 2, 1, "between beta and the value"),
    (0, 2, "3", "not a number"),
])
def test_results_outside_the_window_rule_fail(alpha, beta, result, says):
    with pytest.raises(CheckFailed, match=says):
        window_rule(paired(answered(result)), 3, alpha, beta, "")


REFERENCE_TRACE = tuple(map(encode_path, [(), (0,), (0, 0), (0, 1), (0, 2), (1,), (1, 0), (2,),
                                          (2, 0), (2, 1), (2, 2)]))


def test_a_search_that_examines_a_pruned_node_is_told_which():
    mine = REFERENCE_TRACE[:7] + (encode_path((1, 1)),) + REFERENCE_TRACE[7:]
    with pytest.raises(CheckFailed, match="the first 7 nodes agree; then your search examined C2 "
                                          "where alpha-beta examines D"):
        same_trace(paired(answered(3, mine), answered(3, REFERENCE_TRACE)), TEXTBOOK, "")
    skipped = REFERENCE_TRACE[:5] + REFERENCE_TRACE[6:]
    with pytest.raises(CheckFailed, match=r"\(C is never examined by your search\)"):
        same_trace(paired(answered(3, skipped), answered(3, REFERENCE_TRACE)), TEXTBOOK, "")
    with pytest.raises(CheckFailed, match="went on to examine D3, which alpha-beta prunes"):
        same_trace(paired(answered(3, REFERENCE_TRACE + (encode_path((2, 2)),)),
                          answered(3, REFERENCE_TRACE[:-1])), TEXTBOOK, "")


def test_a_search_that_stops_early_is_told_what_it_missed():
    with pytest.raises(CheckFailed, match="stopped, but alpha-beta still examines D1"):
        same_trace(paired(answered(3, REFERENCE_TRACE[:8]), answered(3, REFERENCE_TRACE)),
                   TEXTBOOK, "")


EXTRA_C2 = REFERENCE_TRACE[:7] + (encode_path((1, 1)),) + REFERENCE_TRACE[7:]
C2_FOR_D3 = EXTRA_C2[:-1]
B2_BEFORE_B1 = REFERENCE_TRACE[:2] + (REFERENCE_TRACE[3], REFERENCE_TRACE[2]) + REFERENCE_TRACE[4:]


@pytest.mark.parametrize("mine, summary, detail", [
    (EXTRA_C2, f"your search examined {len(EXTRA_C2)} nodes where alpha-beta examines "
               f"{len(REFERENCE_TRACE)}",
     "the first 7 nodes agree; then your search examined C2 where alpha-beta examines D"),
    (C2_FOR_D3, f"your search examined {len(C2_FOR_D3)} nodes, as many as alpha-beta, but not "
                f"the same ones",
     "the first 7 nodes agree; then your search examined C2 where alpha-beta examines D"),
    (B2_BEFORE_B1, f"your search examined the same {len(B2_BEFORE_B1)} nodes as alpha-beta, but "
                   f"in another order",
     "the first 2 nodes agree; then your search examined B2 where alpha-beta examines B1"),
])
def test_the_node_counts_are_compared_and_equal_counts_say_what_differs(mine, summary, detail):
    with pytest.raises(CheckFailed) as failed:
        same_trace(paired(answered(3, mine), answered(3, REFERENCE_TRACE)), TEXTBOOK, "")
    assert str(failed.value) == f"alphabeta_value: {summary}; {detail}."


def test_the_same_trace_passes():
    same_trace(paired(answered(3, REFERENCE_TRACE)), TEXTBOOK, "")


CUT_OFF = tuple(map(encode_path, [(0,), (1,), (2,)]))  # the textbook tree at depth 1


def evaluating(evaluated):
    """A heuristic search of the textbook tree at depth 1 that evaluated `evaluated`."""
    return Observation(answer=7, answer_type="int", trace=(encode_path(()),) + CUT_OFF,
                       evaluated=evaluated)


def test_the_same_positions_evaluated_pass_in_any_order():
    same_evaluations(Pair("heuristic_value", evaluating(CUT_OFF[::-1]), evaluating(CUT_OFF)),
                     TEXTBOOK, "")


@pytest.mark.parametrize("mine, says", [
    ((encode_path(()),) + CUT_OFF, "heuristic_value evaluated 4 positions where the reference "
                                   "evaluates 3; it evaluated A, which the reference examines "
                                   "but never evaluates: a position above the cut-off is worth "
                                   "its children's values, and a terminal one its utility."),
    (CUT_OFF[:1] + (encode_path((1, 2)),) + CUT_OFF[2:], "heuristic_value evaluated 3 positions "
     "where the reference evaluates 3; it evaluated C3, which the reference's search never "
     "reaches: it lies below the cut-off, or where alpha-beta prunes."),
    (CUT_OFF[:2], "heuristic_value evaluated 2 positions where the reference evaluates 3; it "
                  "never evaluated D, which the reference evaluates."),
])
def test_a_position_evaluated_or_left_out_against_the_reference_is_named(mine, says):
    with pytest.raises(CheckFailed) as failed:
        same_evaluations(Pair("heuristic_value", evaluating(mine), evaluating(CUT_OFF)),
                         TEXTBOOK, "")
    assert str(failed.value).startswith(says)


def printing(lines, got=None):
    """`got` (by default a wrong answer) with `lines` printed during its call."""
    return replace(got or answered(4), printed="".join(f"{line}\n" for line in lines),
                   printed_lines=len(lines))


def test_a_failure_quotes_what_the_call_printed_after_its_explanation():
    got = printing(["searching", "best 4"])
    with pytest.raises(CheckFailed) as failed:
        same_answer(Pair("minimax_value", got, answered(3)), None)
    assert str(failed.value) == ("minimax_value returned 4, but it should return 3.\n"
                                 "Your code printed 2 lines during this call:\n"
                                 "  | searching\n  | best 4")
    assert describe_printed(got) in str(failed.value)


def test_a_problem_quotes_what_the_call_printed_too_and_a_pass_quotes_nothing():
    raised = printing(["about to divide"], Observation(problem="raised ZeroDivisionError"))
    with pytest.raises(CheckFailed, match="raised ZeroDivisionError\n"
                                          "Your code printed 1 line during this call:\n"
                                          "  \\| about to divide$"):
        window_rule(paired(raised), 3, 0, 10, None)
    same_trace(paired(printing(["fine"], answered(3, REFERENCE_TRACE))), TEXTBOOK, "")


EVALUATION_ORDER = "the actions sorted best first for the player to move, ties in the game's order"


def test_a_wrong_answer_reads_as_a_sentence():
    wrong = Pair("evaluation_order", answered([0, 1, 2]), answered([1, 0, 2]),
                 call("evaluation_order"))
    with pytest.raises(CheckFailed) as failed:
        same_answer(wrong, None, EVALUATION_ORDER)
    assert str(failed.value) == (
        f"evaluation_order returned [0, 1, 2], but it should return [1, 0, 2], "
        f"{EVALUATION_ORDER}.")


def test_a_tuple_answer_is_shown_as_a_tuple():
    """json turns a tuple into a list; the answer's type tells it was one."""
    as_tuple = replace(answered([0, 4]), answer_type="tuple")
    one = replace(answered([4]), answer_type="tuple")
    with pytest.raises(CheckFailed) as failed:
        same_answer(Pair("center_first", as_tuple, answered([4, 0])), None, "the cells")
    assert str(failed.value).startswith("center_first returned (0, 4), but it should return "
                                        "[4, 0], the cells.")
    assert "tuple" not in str(failed.value)
    with pytest.raises(CheckFailed, match=r"returned \(4,\), not a number"):
        window_rule(paired(one), 3, -math.inf, math.inf, "")


def test_a_type_error_names_the_call_the_grader_made():
    """A dropped `order` parameter: Python says only how many arguments came."""
    message = "alphabeta_value() takes from 2 to 4 positional arguments but 5 were given"
    raised = from_reply({"problem": {"raised": {"exception": "TypeError", "module": "builtins",
                                                 "message": message}}},
                        0.0, {})
    the_call = call("alphabeta_value", TEXTBOOK, -math.inf, math.inf,
                    order_argument(shuffled_order(3)))
    with pytest.raises(CheckFailed) as failed:
        same_trace(Pair("alphabeta_value", raised, answered(None), the_call), TEXTBOOK, None)
    assert str(failed.value) == (
        f"alphabeta_value raised TypeError: {message}\nThe grader called "
        f"alphabeta_value(game, state, -inf, inf, order); compare it with your function's "
        f"parameters.")


def test_other_exceptions_do_not_name_the_call():
    raised = from_reply({"problem": {"raised": {"exception": "ValueError", "message": "no"}}},
                        0.0, {})
    the_call = call("minimax_value", TEXTBOOK)
    with pytest.raises(CheckFailed) as failed:
        same_answer(Pair("minimax_value", raised, answered(3), the_call), None)
    assert str(failed.value) == "minimax_value raised ValueError: no"


def search_trace(spec, order):
    """The reference's alpha-beta on `spec` in `order`, as its encoded trace."""
    from autograder.games.instrumented import InstrumentedGame
    from autograder.worker.calls import build_game
    from reference.alphabeta import alphabeta_value
    game = InstrumentedGame(build_game(spec))
    alphabeta_value(game, game.initial, -math.inf, math.inf, order)
    return tuple(map(encode_path, game.trace))


@settings(max_examples=300, deadline=None)
@given(game=strategies.tree_games(), seed=st.integers(0, 2**16),
       changed=st.lists(st.integers(0, 40), max_size=4))
def test_an_order_follows_the_search_exactly_when_it_examines_the_same_nodes(game, seed, changed):
    """follows_the_search, which never runs a search in the student's order, fails exactly when
    that search examines other nodes than the search in the game's order, and names the node
    where they part: at the position where the two traces first differ."""
    from autograder.games.orders import shuffled
    from autograder.runner.observations import first_difference
    from autograder.worker.calls import build_game, state_at
    tree_game = build_game(game)
    shuffle = shuffled(seed)
    # the game's order, except at a few nodes (by their place in the trace), shuffled
    theirs = search_trace(game, None)
    shuffled_at = {decode_path(theirs[i % len(theirs)]) for i in changed}

    def order(g, state):
        return shuffle(g, state) if state.path in shuffled_at else g.actions(state)

    def student_orders(paths):
        return (order(tree_game, state_at(tree_game, path)) for path in paths)

    mine = search_trace(game, order)
    if mine == theirs:
        follows_the_search("f", game, theirs, student_orders, shown(game))
        return
    with pytest.raises(CheckFailed) as failed:
        follows_the_search("f", game, theirs, student_orders, shown(game))
    step = first_difference(mine, theirs)
    assert f"after the same first {step:,} node{'s' * (step != 1)}:" in str(failed.value)


def test_a_hidden_check_names_a_returned_type_only_when_python_s_own():
    """A class the student's code makes may be named with the input: the cause, which a hidden
    check shows, calls it in fixed words; the visible feedback names it."""
    the_call = call("minimax_value", TEXTBOOK)
    for reply, cause in [
            ({"type": "LEAK[[3, 12, 8]]", "module": "minimax"},
             "minimax_value returned an object whose type is not one of Python's built-in types; "
             "answers must be plain int, float, str or list values"),
            ({"type": "set", "module": "minimax"},
             "minimax_value returned an object whose type is not one of Python's built-in types; "
             "answers must be plain int, float, str or list values"),
            ({"type": "set"}, "minimax_value returned a set; answers must be plain int, float, "
                              "str or list values")]:
        got = from_reply({"observation": {**reply, "trace": ""}}, 0.0, the_call)
        with pytest.raises(CheckFailed) as failed:
            same_answer(Pair("minimax_value", got, answered(3), the_call), None)
        assert str(failed.value).startswith(f"minimax_value returned a {reply['type']};")
        assert failed.value.cause == cause


def test_a_hidden_check_says_a_trace_was_refused_without_the_path_or_count_it_holds():
    """The refusal names a path (or a count) the student's code chose, any length."""
    the_call = call("minimax_value", TEXTBOOK)
    forged = "".join(chr(48 + d) + "\n" for d in (1, 4, 1, 5, 9))
    got = from_reply({"observation": {"answer": 3, "type": "int", "trace": forged * 2}}, 0.0,
                     the_call)
    assert "game" in got.problem and got.unquoted == "sent a trace that did not come from the game"
    got = from_reply({"observation": {"answer": 3, "type": "int", "trace": "9\n"}}, 0.0, the_call)
    assert "the path [9]" in got.problem
    with pytest.raises(CheckFailed) as failed:
        same_answer(Pair("minimax_value", got, answered(3), the_call), None)
    assert failed.value.cause == "minimax_value sent a trace that did not come from the game"


def test_an_order_that_parts_at_a_board_draws_it_with_the_expected_order_beside_the_students():
    """Where the searches part at a position, the failure draws that position and gives the
    order the course's alpha-beta searches there beside the one the student's code returned."""
    from autograder.checks.course import BLOCK
    from autograder.worker.calls import build_game
    from reference.ordering import center_first
    board_game = build_game(BLOCK)
    theirs = search_trace(BLOCK, center_first)
    reversed_below = lambda path: list(reversed(center_first(  # noqa: E731
        board_game, state_at(board_game, path)))) if path else center_first(
        board_game, state_at(board_game, path))

    def student_orders(paths):
        return (reversed_below(path) for path in paths)

    with pytest.raises(CheckFailed) as failed:
        follows_the_search("center_first", BLOCK, theirs, student_orders, shown(BLOCK))
    message = str(failed.value)
    # the root's first child, X on 6, is searched first by both, and parts at once below
    assert ("Expected at position P (after move 6): an order that starts [8, 3, 5, 7], the "
            "actions alpha-beta searches there in the course's order; your order: [7, 5, 3, 8]."
            ) in message
    assert "Position P:\n X | O | X\n---+---+---\n   | O |  \n---+---+---\n X |   |  " in message


def test_an_order_that_parts_in_a_tree_names_the_node_with_the_expected_order():
    game = tree_spec([[3, 12, 8], [2, 4, 6]], "MAX")
    theirs = search_trace(game, None)

    def student_orders(paths):
        return ([1, 0] if not path else [2, 1, 0] for path in paths)

    with pytest.raises(CheckFailed) as failed:
        follows_the_search("evaluation_order", game, theirs, student_orders, shown(game))
    assert ("Expected at node A: an order that starts [0, 1], the actions alpha-beta searches "
            "there in the course's order; your order: [1, 0].") in str(failed.value)


@pytest.mark.parametrize("code, says", [
    ("en", "guaranteed_decision returned 0.5, but it should return -4."),
    ("es", "guaranteed_decision devolvió 0,5, pero debería devolver -4."),
    ("ro", "guaranteed_decision a returnat 0,5, dar ar trebui să returneze -4.")])
def test_a_wrong_value_is_written_as_the_language_writes_numbers(code, says):
    """-4.0 in a Spanish sentence that writes 549.946 read as Python, not as Spanish: a value is
    written whole without ".0", with the language's decimal sign."""
    wrong = Pair("guaranteed_decision", answered(0.5), answered(-4.0), call("guaranteed_decision"))
    with speaking(code), pytest.raises(CheckFailed) as failed:
        same_answer(wrong, None)
    assert str(failed.value).startswith(says)


def test_the_window_rule_writes_its_values_and_infinities_as_the_language_does():
    """"a returnat 0.5 cu alpha=-inf, beta=inf" mixed Python's numbers into Romanian, and wrote
    +inf as inf where the narrations write +inf."""
    with speaking("ro"), pytest.raises(CheckFailed) as failed:
        window_rule(paired(answered(0.5)), 2.5, -math.inf, math.inf, "")
    assert str(failed.value).startswith(
        "alphabeta_value a returnat 0,5 cu alpha=-inf, beta=+inf (valoarea adevărată 2,5)")


def test_the_starting_window_writes_infinities_with_their_sign():
    """Romanian read "Căutarea pornește cu alpha=-inf, beta=inf." where its narrations say +inf."""
    from autograder.checks.judge import starting_window
    with speaking("ro"):
        assert starting_window(-math.inf, math.inf) == "Căutarea pornește cu alpha=-inf, beta=+inf."
        assert starting_window(2, 3.5) == "Căutarea pornește cu alpha=2, beta=3,5."


def test_an_int_too_large_for_a_float_is_quoted_cut_short_not_a_crash():
    """An int of thousands of digits crosses as JSON; math.isnan and math.isinf, asked of it,
    raised OverflowError in the grader (the grading ended in a traceback), and the sentence would
    have quoted every digit (tests/hostile/return_huge_ints grades it whole)."""
    huge = 10 ** 4000
    wrong = Pair("minimax_value", answered(huge), answered(3), call("minimax_value"))
    with speaking("ca"), pytest.raises(CheckFailed) as failed:
        same_answer(wrong, None)
    assert str(failed.value).startswith("minimax_value ha retornat 1000000000")
    assert "4.001 caràcters" in str(failed.value) and len(str(failed.value)) < 1000
    with pytest.raises(CheckFailed) as failed:
        window_rule(paired(answered(-huge)), 2.5, 2, 3, "")
    assert str(failed.value).startswith("alphabeta_value returned -1000000000")
    assert "(4,002 characters) with alpha=2, beta=3 (true value 2.5)" in str(failed.value)
