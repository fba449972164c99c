"""The feedback engine on the second assignment tells the truth: its narrated searches are the
reference's searches, a diagnosis is claimed only when a mistake reproduces the observation, correct
searches get none, and the students' release explains as the live engine does. That each of the
course's mistakes under tests/cutoff_submissions that a replay can tell is named when it is graded,
once per function, is test_submissions.py's (expected.toml's `diagnosis`)."""
import json
import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.assignments import chosen
from autograder.checks.calling import from_reference, reference
from autograder.checks.course import TEXTBOOK
from autograder.checks.parting import searched_children
from autograder.contract import decode_path, encode_path
from autograder.drawing import draw_board, draw_connect_four
from autograder.feedback.diagnosis import PAIR_CAP, as_mistakes, styled, suspected, window
from autograder.feedback.explain import cuts, divergence
from autograder.feedback.mistakes import CUTOFF_SUSPECTS
from autograder.feedback.narration import Narration
from autograder.feedback.replaying import variants
from autograder.feedback.replaying.record import explained
from autograder.feedback.replaying.variants import Mistakes
from autograder.games.instrumented import InstrumentedGame
from autograder.games.connect_four import EMPTY_BOARD
from autograder.games.specs import (board_spec, connect_four_spec, open_windows_evaluation,
                                    table_evaluation, tree_spec)
from autograder.grading import strategies
from autograder.runner.observations import Observation
from autograder.worker.calls import (build_game, call, call_arguments, evaluation_argument,
                                     order_argument, perform, quiet_argument, state_at)
from support.diagnoses import (alike, as_observation, assert_diagnosis_reproduces,
                               pairs_live_and_released, reproducing)

CUTOFF = chosen("cutoff")
NARRATED = ["heuristic_value", "heuristic_decision", "negamax_value", "quiescence_value"]


def traced(function, game, *args):
    """A call whose trace comes back, as the grader makes every call of a traced function."""
    return call(function, game, *args, trace=True)


def reference_observation(the_call):
    solution = reference(the_call["function"], CUTOFF.modules, "reference.cutoff")
    return from_reference(perform(solution, the_call))


def optional(order):
    return [order_argument(order)] if order else []


@st.composite
def cutoff_calls(draw, functions=tuple(CUTOFF_SUSPECTS)):
    """A call of one of `functions` on a generated tree, with the arguments its checks draw:
    a cut-off depth and an evaluation of every node, a window, an order, noisy positions."""
    function = draw(st.sampled_from(sorted(functions)))
    if function == "negamax_value":
        game, window = draw(strategies.games_with_windows())
        rooted = draw(st.sampled_from(strategies.both_roots(game)))
        return traced(function, rooted, *draw(st.sampled_from([[], list(window)])))
    if function == "transposition_value":  # trees have no transpositions: positions do
        return traced(function, draw(strategies.tree_games() | strategies.positions().filter(
            lambda board: board.count(" ") <= 5).map(board_spec)))
    if function == "quiescence_value":
        game, evaluation, depth, noisy = draw(strategies.quiescent_games())
        return traced(function, game, depth, evaluation_argument(evaluation),
                      quiet_argument(noisy))
    game, evaluation, depth, window = draw(strategies.cut_off_games_with_windows())
    rooted = draw(st.sampled_from(strategies.both_roots(game)))
    evaluate, order = evaluation_argument(evaluation), draw(st.none() | strategies.orders)
    if function == "heuristic_value":
        window = list(window) if order else draw(st.sampled_from([[], list(window)]))
        return traced(function, rooted, depth, evaluate, *window, *optional(order))
    if function == "heuristic_decision":
        return traced(function, rooted, max(depth, 1), evaluate, *optional(order))
    return traced(function, rooted, max(depth, 1), evaluate)


def narrated(the_call):
    """The narrated correct search of `the_call`, run on an instrumented game: its answer, the
    nodes it examined and its narration."""
    game = InstrumentedGame(build_game(the_call["game"]))
    narration = Narration()
    search = getattr(variants, the_call["function"])
    answer = search(*call_arguments(the_call, game), narration=narration)
    return answer, tuple(map(encode_path, game.trace)), narration


@settings(max_examples=300, deadline=None)
@given(the_call=cutoff_calls())
def test_the_correct_searches_are_the_references(the_call):
    want = reference_observation(the_call)
    assert as_observation(the_call, Mistakes()) == Observation(
        answer=want.answer, answer_type=want.answer_type, trace=want.trace)


@settings(max_examples=300, deadline=None)
@given(the_call=cutoff_calls(NARRATED))
def test_the_narrated_searches_are_the_references_and_narrate_what_they_did(the_call):
    """Narrating changes nothing the search examines or answers; the narration's children are the
    reference's trace's, a node stopped early exactly when it searched fewer children than it has,
    its window closed then and open before, and a node the search went no deeper at was cut off
    there (for negamax, who moves at each node it searched is the game's)."""
    want = reference_observation(the_call)
    answer, trace, narration = narrated(the_call)
    assert (answer, trace) == (want.answer, want.trace)
    assert narration.searched == searched_children(want.trace)
    game = build_game(the_call["game"])
    for path in map(decode_path, want.trace):
        state = state_at(game, path)
        children = narration.searched.get(path, [])
        if game.is_terminal(state):
            assert not children and path not in narration.cut
            continue
        if not children or path in narration.cut:
            assert path in narration.cut  # no deeper here: the cut-off, or quiescence going on
            continue
        assert (path in narration.pruned) == (len(children) < len(game.actions(state)))
        windows = [narration.windows.get((path, child)) for child in children]
        if the_call["function"] != "quiescence_value":
            assert all(alpha < beta for alpha, beta in windows[:-1])
            if path in narration.pruned:
                assert windows[-1][0] >= windows[-1][1]
        if the_call["function"] == "negamax_value":
            assert narration.movers[path] == game.to_move(state)


@settings(max_examples=200, deadline=None)
@given(the_call=cutoff_calls())
def test_correct_searches_are_never_diagnosed(the_call):
    assert reproducing(the_call, reference_observation(the_call)) == ()


@settings(max_examples=300, deadline=None)
@given(the_call=cutoff_calls(), mistake=st.sampled_from(sorted(Mistakes.__dataclass_fields__)))
def test_a_diagnosis_names_a_mistake_that_reproduces_the_observation(the_call, mistake):
    assert_diagnosis_reproduces(the_call, mistake, CUTOFF_SUSPECTS[the_call["function"]])


@settings(max_examples=150, deadline=None)
@given(the_call=cutoff_calls(["heuristic_value", "negamax_value"]), data=st.data())
def test_a_mistake_is_named_in_either_style_the_contract_allows(the_call, data):
    """Fail-soft or fail-hard, as the student chooses: heuristic_value's fail-hard answers are
    the fail-soft replay's clamped into the call's window, and negamax, fail-hard in the
    reference, is replayed fail-soft too (diagnosis.STYLES). Before, either was told no mistake."""
    function = the_call["function"]
    mistake = data.draw(st.sampled_from(CUTOFF_SUSPECTS[function]))
    if function == "negamax_value":
        wrong = as_observation(the_call, Mistakes(fail_soft=True, **{mistake: True}))
    else:
        soft = as_observation(the_call, Mistakes(**{mistake: True}))
        low, high = window(the_call)
        hard = min(max(soft.answer, low), high)
        wrong = replace(soft, answer=hard, answer_type=type(hard).__name__)
    found = suspected(the_call, wrong)
    if found is None:  # the mistake changed nothing here, in either style
        assert any(alike(as_observation(the_call, as_mistakes(name)), wrong, window(the_call))
                   for name in styled(function, ""))
    else:
        assert mistake in found[0]


@settings(max_examples=150, deadline=None)
@given(the_call=cutoff_calls(), mistake=st.sampled_from(sorted(Mistakes.__dataclass_fields__)))
def test_what_the_release_records_explains_as_the_live_engine_does(the_call, mistake):
    known = json.loads(json.dumps(explained(the_call)))
    wrong = as_observation(the_call, Mistakes(**{mistake: True}))
    correct = reference_observation(the_call)
    game = the_call["game"]
    assert suspected(the_call, wrong, known) == suspected(the_call, wrong)
    assert cuts(the_call, known) == cuts(the_call)
    assert divergence(the_call, game, wrong.trace, correct.trace, known) == \
        divergence(the_call, game, wrong.trace, correct.trace)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), function=st.sampled_from(sorted(CUTOFF_SUSPECTS)),
       mistakes=st.lists(st.sampled_from(sorted(Mistakes.__dataclass_fields__)), min_size=2,
                         max_size=2, unique=True),
       cap=st.sampled_from([4, 12, PAIR_CAP]))
def test_the_pairs_the_release_records_are_those_the_live_engine_finds(data, function, mistakes,
                                                                       cap):
    """As the first assignment's (test_feedback.py): the pairs of mistakes the students' release
    reads from its records are those the live engine replays."""
    the_calls = data.draw(st.lists(cutoff_calls((function,)), min_size=1, max_size=3))
    live, released = pairs_live_and_released(the_calls, Mistakes(**dict.fromkeys(mistakes, True)),
                                             cap)
    assert released == live


def test_the_release_finds_two_mistakes_in_a_cut_off_search_together():
    """heuristic_value testing the cut-off before the end of the game and never pruning, on the
    textbook tree with each leaf split in two and cut off at depth 3, where the leaves are scored
    one below their utility: the first alone gives 2 but prunes, the second examines every node but
    gives 3; the release finds the two at once, as the live engine does."""
    leaves = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    scores = [((i, j, k), leaf - 1) for i, row in enumerate(leaves)
              for j, leaf in enumerate(row) for k in range(2)]
    the_call = traced("heuristic_value", tree_spec([[[leaf, leaf] for leaf in row]
                                                    for row in leaves]),
                      3, evaluation_argument(table_evaluation(scores)))
    pair = ("evaluates_terminals", "no_pruning")
    wrong = as_observation(the_call, Mistakes(**dict.fromkeys(pair, True)))
    assert suspected(the_call, wrong)[0] == ()
    live, released = pairs_live_and_released([the_call], Mistakes(**dict.fromkeys(pair, True)))
    assert pair in released[0][0] and released == live


def test_a_search_that_examines_nothing_is_told_from_one_that_examines_the_root():
    """Evaluating the root before asking the game examines nothing where the reference examines
    the root alone, with the same answer: the release's digests must tell the two apart too."""
    the_call = traced("heuristic_value", tree_spec([0]), 0,
                      evaluation_argument(table_evaluation([((), 0)])))
    wrong = as_observation(the_call, Mistakes(evaluates_terminals=True))
    correct = reference_observation(the_call)
    assert wrong.trace == () and correct.trace == ("",) and wrong.answer == correct.answer
    known = json.loads(json.dumps(explained(the_call)))
    assert reproducing(the_call, wrong, known) == reproducing(the_call, wrong) != ()


def textbook_evaluation(scores):
    """The textbook tree's B, C and D scored `scores`, as a table evaluation argument."""
    return evaluation_argument({"kind": "table", "values": [[[i], s] for i, s in
                                                            enumerate(scores)]})


def test_a_search_past_the_cut_off_is_told_where_the_cut_off_is():
    the_call = traced("heuristic_value", TEXTBOOK, 1, textbook_evaluation([5, 1, 7]))
    correct = reference_observation(the_call)
    deep = as_observation(the_call, Mistakes(cut_one_level_deep=True))
    assert divergence(the_call, TEXTBOOK, deep.trace, correct.trace).startswith(
        "Node B is at the cut-off, so the search evaluates it and examines none of its children.")


def test_negamaxs_window_is_told_in_the_values_of_the_player_to_move():
    """At MIN's node C the window is alpha-beta's, in MIN's values: negated and swapped."""
    the_call = traced("negamax_value", TEXTBOOK)
    pruning = traced("alphabeta_value", TEXTBOOK)
    _, _, narration = narrated(the_call)
    alpha, beta = narration.windows[(1,), (1, 0)]
    assert (alpha, beta) == tuple(-end for end in reversed(cuts(pruning)[encode_path((1,))]))
    sentence = divergence(the_call, TEXTBOOK, as_observation(the_call, Mistakes(no_pruning=True))
                          .trace, reference_observation(the_call).trace)
    assert sentence.startswith(
        f"After C1, node C had alpha={alpha:g} >= beta={beta:g} (in the values of MIN, who moves "
        f"there: MAX's values negated), so the remaining children of C are pruned.")


def test_a_noisy_position_at_the_cut_off_is_told_why_it_is_searched_on():
    noisy = quiet_argument({"kind": "noisy", "paths": [[1]]})
    the_call = traced("quiescence_value", TEXTBOOK, 1, textbook_evaluation([5, 9, 1]), noisy)
    settled = as_observation(the_call, Mistakes(never_searches_on=True))
    assert divergence(the_call, TEXTBOOK, settled.trace, reference_observation(the_call).trace) \
        == "Node C is at the cut-off but not quiet, so the search goes on to its children."


def test_a_connect_four_divergence_draws_connect_four_boards():
    game = connect_four_spec(EMPTY_BOARD)
    the_call = traced("heuristic_value", game, 2, evaluation_argument(open_windows_evaluation()))
    wrong = as_observation(the_call, Mistakes(no_pruning=True))
    sentences = divergence(the_call, game, wrong.trace, reference_observation(the_call).trace)
    drawn = re.findall(r"\nPosition [A-Z]:\n", sentences)
    assert drawn and sentences.count(draw_connect_four(EMPTY_BOARD)) == 1
    assert draw_board(EMPTY_BOARD[:9]) not in sentences
