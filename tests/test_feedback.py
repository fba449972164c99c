"""The feedback engine tells the truth: its narrated search is the reference's search, a diagnosis
is claimed only when a mistake reproduces the observation, and correct searches get none."""
import gettext
import importlib
import json
import itertools
import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.grading import strategies
from autograder.checks.judge import FEEDBACK_LIMIT, CheckFailed, Lazy
from autograder.checks.calling import from_reference
from autograder.checks.course import TEXTBOOK
from autograder.drawing import name_node
from autograder.feedback import diagnosis
from autograder.feedback.diagnosis import (PAIR_CAP, Budget, digest, replays, styled,
                                           suspected)
from autograder.feedback.mistakes import SUSPECTS, both_sides
from autograder.feedback.replaying.replay import replay
from autograder.drawing import draw_board
from autograder.feedback.explain import Names, cuts, divergence
from autograder.feedback.function_diagnosis import said
from autograder.feedback.replaying.record import explained
from autograder.games import TicTacToe
from autograder.games.specs import board_spec, tree_spec
from autograder.language import speaking
from autograder.feedback.replaying.variants import Mistakes
from autograder.runner.observations import Observation
from autograder.worker import calls
from autograder.worker.calls import order_argument, perform, state_at
import reference.alphabeta
import reference.minimax
from support.diagnoses import (alike, as_observation, assert_diagnosis_reproduces,
                               pairs_live_and_released, reproducing, same)


def call(function, game, *args):
    """A call at the root whose trace comes back whatever the function, so that the decisions'
    searches are compared node by node too."""
    return calls.call(function, game, *args, trace=True)


def reference_observation(the_call):
    function = the_call["function"]
    module = reference.minimax if function.startswith("minimax") else reference.alphabeta
    return from_reference(perform(getattr(module, function), the_call))


@settings(max_examples=300, deadline=None)
@given(case=strategies.games_with_windows(), order=st.none() | strategies.orders)
def test_the_narrated_search_is_the_references_search(case, order):
    game, (alpha, beta) = case
    args = [alpha, beta] + ([order_argument(order)] if order else [])
    for the_call in (call("alphabeta_value", game, *args),
                     call("alphabeta_value", game),
                     call("minimax_value", game)):
        want = reference_observation(the_call)
        assert as_observation(the_call, Mistakes()) == Observation(
            answer=want.answer, answer_type=want.answer_type, trace=want.trace)


@settings(max_examples=300, deadline=None)
@given(game=strategies.tree_games(inner=True), order=st.none() | strategies.orders)
def test_the_narrated_decisions_are_the_references(game, order):
    for the_call in (call("alphabeta_decision", game, *([order_argument(order)] if order else [])),
                     call("minimax_decision", game)):
        want = reference_observation(the_call)
        got = as_observation(the_call, Mistakes())
        assert (got.answer, got.trace) == (want.answer, want.trace)


def strict_fail_hard(game, state, alpha=-math.inf, beta=math.inf, order=None):
    """The lessons' strict pruning written fail-hard, as a student did (tests/submissions/
    bug_strict_pruning_fail_hard): a child failing high answers exactly beta, which v > beta
    never prunes."""
    if game.is_terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == "MAX"
    for action in order(game, state) if order else game.actions(state):
        v = strict_fail_hard(game, game.result(state, action), alpha, beta, order)
        if maximizing and v > beta:
            return beta
        if not maximizing and v < alpha:
            return alpha
        alpha, beta = (max(alpha, v), beta) if maximizing else (alpha, min(beta, v))
    return alpha if maximizing else beta


@settings(max_examples=300, deadline=None)
@given(case=strategies.games_with_windows())
def test_strict_pruning_is_replayed_fail_hard_too(case):
    """Fail-hard, strict pruning examines nodes fail-soft's does not, so it is also tried in
    that style (diagnosis.STYLES), and named: before, a student who wrote it so was told
    nothing."""
    game, window = case
    for the_call in (call("alphabeta_value", game, *window), call("alphabeta_value", game)):
        student = from_reference(perform(strict_fail_hard, the_call))
        hard = as_observation(the_call, Mistakes(strict_pruning=True, fail_hard=True))
        assert (hard.answer, hard.trace) == (student.answer, student.trace)
        if not alike(student, reference_observation(the_call), diagnosis.window(the_call)):
            assert "strict_pruning" in reproducing(the_call, student)


@settings(max_examples=200, deadline=None)
@given(game=strategies.tree_games(inner=True))
def test_correct_searches_are_never_diagnosed(game):
    for function in SUSPECTS:
        the_call = call(function, game)
        assert reproducing(the_call, reference_observation(the_call)) == ()


@settings(max_examples=200, deadline=None)
@given(game=strategies.tree_games(inner=True), function=st.sampled_from(sorted(SUSPECTS)),
       mistake=st.sampled_from(sorted(Mistakes.__dataclass_fields__)))
def test_a_diagnosis_names_a_mistake_that_reproduces_the_observation(game, function, mistake):
    assert_diagnosis_reproduces(call(function, game), mistake, SUSPECTS[function])


@pytest.mark.parametrize("mistake, function", [
    (m, f) for f, mistakes in SUSPECTS.items() for m in mistakes])
def test_every_suspect_is_recognised_on_an_input_where_it_shows(mistake, function):
    trees = [[[3, 12, 8], [2, 4, 6], [14, 5, 2]], [[5, 9, 4], [2, 7, 8], [6, 11, 3]],
             [[1, 1], [1, 2]], [[-1, -2], [-3, -4]], [[3, 3], [2, 3]], [[1, 2], [3, 4]],
             [[[1, 5], [7, 0, 0]], [[4, 8], [2, 1]]]]
    for tree in trees:
        for root in ("MAX", "MIN"):
            the_call = call(function, tree_spec(tree, root))
            wrong = as_observation(the_call, Mistakes(**{mistake: True}))
            if not same(wrong, as_observation(the_call, Mistakes())):
                assert reproducing(the_call, wrong)
                return
    pytest.fail(f"no course-sized tree shows {mistake} in {function}")


def test_the_textbook_divergence_is_explained_with_the_bounds():
    the_call = call("alphabeta_value", TEXTBOOK)
    no_pruning = as_observation(the_call, Mistakes(no_pruning=True))
    correct = reference_observation(the_call)
    assert divergence(the_call, TEXTBOOK, no_pruning.trace, correct.trace) == (
        "After C1, node C had alpha=3 >= beta=2, so the remaining children of C are pruned. "
        "After C, node A had alpha=3 < beta=+inf, so it had to go on to D.")


def test_a_positions_divergence_names_positions_by_label_and_draws_them():
    block = board_spec("XOX O    ")
    the_call = call("alphabeta_value", block)
    strict = as_observation(the_call, Mistakes(strict_pruning=True))
    sentences = divergence(the_call, block, strict.trace, reference_observation(the_call).trace)
    game = TicTacToe(block["board"])
    p, q = (state_at(game, path).board for path in [(3, 6, 8), (3,)])
    assert sentences == (
        "After move 5, position P (after moves 3, 6, 8) had alpha=0 >= beta=0, so the remaining "
        "moves from P are pruned. After move 6, position Q (after move 3) had alpha=-inf < "
        f"beta=0, so it had to go on to move 7.\nPosition P:\n{draw_board(p)}\nPosition Q:\n{draw_board(q)}")


def test_a_position_named_twice_is_introduced_once():
    names = Names(board_spec(" " * 9))
    assert names.subject((4, 0)) == "position P (after moves 4, 0)"
    assert names.subject(()) == "position Q (the given position)"
    assert names.subject((4, 0)) == "position P" and names.name((4, 0)) == "P"
    assert names.child((4, 0, 8)) == "move 8"


class Bracketed(gettext.NullTranslations):
    """A catalog that writes each message in brackets, its placeholders kept: what is worded
    through the catalog shows, and where."""

    def gettext(self, message):
        return f"[{message}]"

    def ngettext(self, singular, plural, count):
        return f"[{singular if count == 1 else plural}]"


def test_what_the_release_records_is_worded_in_the_language_spoken(monkeypatch):
    """The release records replays and narrations as data: their sentences are worded when
    shown, whole, in the language spoken then, a sentence opening with a placeholder or a mark
    still capitalised."""
    the_call = call("alphabeta_value", TEXTBOOK)
    known = json.loads(json.dumps(explained(the_call)))
    wrong = as_observation(the_call, Mistakes(no_pruning=True))
    correct = reference_observation(the_call)
    monkeypatch.setattr(importlib.import_module("autograder.language.speaking"), "catalog",
                        lambda code: Bracketed())
    with speaking("ca"):
        diagnosis = said("alphabeta_value", reproducing(the_call, wrong, known)[:1], ())
        sentences = divergence(the_call, TEXTBOOK, wrong.trace, correct.trace, known)
        block = board_spec("XOX O    ")
        on_a_board = call("alphabeta_value", block)
        first = reference_observation(on_a_board).trace
        skipped = divergence(on_a_board, block, first[:1], first, explained(on_a_board))
    assert diagnosis == (
        "[Diagnosis: on every failing input tried, your alphabeta_value behaves exactly as a "
        "search that [gives every child the node's original alpha and beta], one of the common "
        "errors the course texts warn about. The fix: [pass the bounds as they stand after "
        "each child, so later children search a narrower window].]")
    assert sentences == (
        "[After C1, [node C] had alpha=3 >= beta=2, so the remaining children of C are pruned.] "
        "[After C, [node A] had alpha=3 < beta=+inf, so it had to go on to D.]")
    assert skipped.startswith(
        "[[Move 3] is the first move searched from [position P (the given position)], and no node "
        "prunes before it has searched one.]\n[Position P:]\n X | O | X\n") and skipped.endswith(
        "\n[(X to move; cells are numbered 0-8 row by row)]")


def test_a_skipped_first_child_is_explained():
    the_call = call("alphabeta_value", TEXTBOOK)
    correct = reference_observation(the_call)
    assert divergence(the_call, TEXTBOOK, correct.trace[:1], correct.trace).endswith(
        "B is the first child A searches, and no node prunes before it has searched a child.")


def test_an_explanation_is_computed_once_even_when_it_fails():
    """pytest formats a failure several times and swallows what str() raises (a time-out
    included): the explanation must not run again on each."""
    runs = []

    def explanation():
        runs.append(1)
        raise TimeoutError("the check ran out of time")

    failure = CheckFailed("wrong.", Lazy(explanation))
    with pytest.raises(TimeoutError):
        str(failure)
    assert str(failure) == str(failure) == "wrong." and len(runs) == 1


def test_a_failures_feedback_has_a_size_limit():
    text = str(CheckFailed("wrong: ", "x" * 10 * FEEDBACK_LIMIT))
    assert len(text) < FEEDBACK_LIMIT + 100 and text.endswith(
        f"(feedback cut at {FEEDBACK_LIMIT:,} characters)")


@pytest.mark.parametrize("spec", [TEXTBOOK, board_spec(" " * 9)])
def test_a_path_a_million_moves_long_is_named_briefly(spec):
    name = name_node(spec, (7,) * 1_000_000)
    assert len(name) < 200 and "999,976 more" in name


@settings(max_examples=150, deadline=None)
@given(game=strategies.tree_games(inner=True), function=st.sampled_from(sorted(SUSPECTS)),
       mistake=st.sampled_from(sorted(Mistakes.__dataclass_fields__)),
       order=st.none() | strategies.orders)
def test_what_the_release_records_explains_as_the_live_engine_does(game, function, mistake,
                                                                   order):
    """The students' release has no working search: it reads what replaying/record.py recorded,
    through JSON, as its answers file keeps it. The sentences must be the live engine's, word for
    word."""
    window = [-math.inf, math.inf] if function == "alphabeta_value" else []
    ordered = [*window, order_argument(order)] if order and function.startswith("alphabeta") else []
    the_call = call(function, game, *ordered)
    known = json.loads(json.dumps(explained(the_call)))
    wrong = as_observation(the_call, Mistakes(**{mistake: True}))
    correct = reference_observation(the_call)
    assert suspected(the_call, wrong, known) == suspected(the_call, wrong)
    assert cuts(the_call, known) == cuts(the_call)
    assert divergence(the_call, game, wrong.trace, correct.trace, known) == \
        divergence(the_call, game, wrong.trace, correct.trace)


@settings(max_examples=150, deadline=None)
@given(games=st.lists(strategies.tree_games(inner=True), min_size=1, max_size=3),
       function=st.sampled_from(sorted(SUSPECTS)), traced=st.booleans(),
       mistakes=st.lists(st.sampled_from(sorted(Mistakes.__dataclass_fields__)), min_size=2,
                         max_size=2, unique=True),
       cap=st.sampled_from([4, 12, PAIR_CAP]))
def test_the_pairs_the_release_records_are_those_the_live_engine_finds(games, function, traced,
                                                                       mistakes, cap):
    """Two mistakes at once, where none alone explains a function's failures: the students'
    release reads the pairs' replays recorded on its games, and finds the pairs the live engine
    replays, with and without traces, also where a pair is too big for the cap (absent or
    following no trace of the cap's size)."""
    the_calls = [calls.call(function, game, trace=traced) for game in games]
    live, released = pairs_live_and_released(the_calls, Mistakes(**dict.fromkeys(mistakes, True)),
                                             cap)
    assert released == live


def test_the_release_finds_two_mistakes_in_a_decision_together():
    """minimax_decision starting v at 0 and keeping the last of ties: on this tree (values 1, 2,
    -1, 0; from 0, 0, 0, -1, 0) it plays 3, which neither mistake alone does; the release finds
    the two at once, as the live engine does."""
    the_call = call("minimax_decision", tree_spec([[1, 2], [3, 2], [-1, 5], [0, 4]]))
    pair = ("last_of_ties", "starts_at_zero")
    wrong = as_observation(the_call, Mistakes(**dict.fromkeys(pair, True)))
    assert suspected(the_call, wrong)[0] == ()
    live, released = pairs_live_and_released([the_call], Mistakes(**dict.fromkeys(pair, True)))
    assert released == live
    reproduce, contradicted = live
    # with MAX at the root and MIN below it, the same two made at one player's nodes only agree
    assert reproduce[0][0] == pair and {frozenset(map(both_sides, found)) for found in reproduce[0]} \
        == {frozenset(pair)}
    assert (("last_of_ties", "levels_from_root") in contradicted
            and ("starts_at_zero", "levels_from_root") in contradicted)


@settings(max_examples=40, deadline=None)
@given(game=strategies.positions().filter(lambda board: board.count(" ") <= 5).map(board_spec),
       function=st.sampled_from(sorted(SUSPECTS)),
       mistake=st.sampled_from(sorted(Mistakes.__dataclass_fields__)))
def test_a_replay_stops_where_it_departs_from_the_students_search_and_diagnoses_the_same(
        game, function, mistake):
    """Live diagnosis follows the student's trace and stops a replay at its first node the
    student's search did not examine there: on positions (a few moves from the end, to keep the
    full replays it is compared with quick) it names the mistake the full replays (what a release
    records) name, and a replay that does not depart is the full replay."""
    the_call = call(function, game)
    wrong = as_observation(the_call, Mistakes(**{mistake: True}))
    assert suspected(the_call, wrong) == suspected(the_call, wrong, explained(the_call))
    ordered = function != "minimax_value"
    for suspect in ["", *SUSPECTS[function]]:
        full = replay(the_call, Mistakes(**{suspect: True} if suspect else {}))
        followed = replay(the_call, Mistakes(**{suspect: True} if suspect else {}), wrong.trace,
                          in_order=ordered)
        if (full[1] if ordered else sorted(full[1])) == (
                wrong.trace if ordered else sorted(wrong.trace)):
            assert followed == full
        else:
            assert followed is None


def test_a_replay_departs_at_a_stranger_a_node_out_of_place_or_one_too_many():
    the_call = call("alphabeta_value", TEXTBOOK)
    _, trace = replay(the_call, Mistakes())
    assert replay(the_call, Mistakes(), trace) == replay(the_call, Mistakes())
    assert replay(the_call, Mistakes(), trace[:-1]) is None          # one node too many
    assert replay(the_call, Mistakes(), (*trace, "9")) is None       # one node too few
    assert replay(the_call, Mistakes(), (*trace[:-1], "9")) is None  # a stranger
    assert replay(the_call, Mistakes(), trace[::-1]) is None         # out of place
    minimax = call("minimax_value", TEXTBOOK)
    answer, nodes = replay(minimax, Mistakes())
    assert replay(minimax, Mistakes(), nodes[::-1], in_order=False) == (answer, nodes)
    assert replay(minimax, Mistakes(), nodes[1:], in_order=False) is None
    # diagnosis follows minimax's nodes in any order, alpha-beta's in order
    assert replays(minimax, following=nodes[::-1])("") == (answer, digest("minimax_value", nodes))
    assert replays(the_call, following=trace[::-1])("") is None


def test_a_diagnosis_stops_after_a_number_of_nodes_whatever_the_clock_says(monkeypatch):
    """Diagnosis tries the suspects in order until its replays have examined DIAGNOSIS_NODES nodes
    between them, and leaves the rest untried (neither reproduced nor contradicted). Nodes, not
    time: on a machine whose clock races (a slow or a busy one) it is the same."""
    the_call = call("alphabeta_value", TEXTBOOK)
    wrong = as_observation(the_call, Mistakes(no_pruning=True))
    every = suspected(the_call, wrong)

    def nodes(mistake):  # what suspected spends on it: its replay following the student's trace
        budget = Budget(10**9)
        replays(the_call, following=wrong.trace, budget=budget)(mistake)
        return 10**9 - budget.left
    spent = [sum(map(nodes, styled("alphabeta_value", mistake)))  # none of them matches
             for mistake in ["", *SUSPECTS["alphabeta_value"]]]
    monkeypatch.setattr(diagnosis, "DIAGNOSIS_NODES", sum(spent[:4]))  # the correct one and 3
    first_three = SUSPECTS["alphabeta_value"][:3]
    expected = tuple(tuple(m for m in found if m in first_three) for found in every)
    assert suspected(the_call, wrong) == expected and every != expected
    clock = itertools.count(step=1000.0)
    monkeypatch.setattr(time, "thread_time", lambda: next(clock))
    assert suspected(the_call, wrong) == expected
