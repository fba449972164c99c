"""The release's replays that search each subtree once per position and window
(replaying/subtrees.py) find what the plain replays find: the same answer, the same trace digest, and TooBig past the same
caps, on tic-tac-toe boards, where positions recur, and on trees, where none does."""
import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.feedback.diagnosis import Budget, as_mistakes, digest
from autograder.feedback.mistakes import EVERY_SUSPECT, pairs_of
from autograder.feedback.replaying import record, subtrees
from autograder.feedback.replaying.replay import TooBig, replay
from autograder.feedback.replaying.subtrees import MEMOIZED, digested, memoizes
from autograder.games.specs import board_spec, reversed_order, shuffled_order
from autograder.grading import strategies
from autograder.worker.calls import call, order_argument

# positions with at most this many empty cells: a few thousand nodes at most
EMPTY_CELLS = 6
ENDS = [-math.inf, -1, 0, 1, math.inf]


def mistakes_of(function):
    """Each suspect of `function`, none, and each pair of them."""
    return ["", *EVERY_SUSPECT[function], *pairs_of(function)]


@st.composite
def replayed_calls(draw, games):
    """A call of one of MEMOIZED on a game, with a window for alphabeta_value, maybe an order
    by position, and a mistake or pair of them."""
    function = draw(st.sampled_from(MEMOIZED))
    args = []
    if function == "alphabeta_value":
        alpha, beta = sorted(draw(st.lists(st.sampled_from(ENDS), min_size=2, max_size=2,
                                           unique=True)))
        args = [alpha, beta]
    if function.startswith("alphabeta") and draw(st.booleans()):
        args.append(order_argument(reversed_order()))
    the_call = call(function, draw(games), *args, trace=draw(st.booleans()))
    return the_call, draw(st.sampled_from(mistakes_of(function)))


boards = strategies.positions().filter(lambda board: board.count(" ") <= EMPTY_CELLS)


def plain(the_call, mistakes, **cap):
    try:
        answer, trace = replay(the_call, mistakes, **cap)
    except TooBig:
        return TooBig
    return answer, digest(the_call["function"], trace)


def memoized(the_call, mistakes, **cap):
    try:
        return digested(the_call, mistakes, **cap)
    except TooBig:
        return TooBig


def assert_same(the_call, mistake):
    mistakes = as_mistakes(mistake)
    found = plain(the_call, mistakes)
    assert memoized(the_call, mistakes) == found
    nodes = len(replay(the_call, mistakes)[1])
    for cap in (nodes - 1, nodes):  # TooBig past the cap only
        assert memoized(the_call, mistakes, nodes=cap) == plain(the_call, mistakes, nodes=cap)
        assert (memoized(the_call, mistakes, budgets=[Budget(cap)])
                == plain(the_call, mistakes, budgets=[Budget(cap)]))
    assert memoized(the_call, mistakes, nodes=nodes - 1) is TooBig


@settings(max_examples=150, deadline=None)
@given(case=replayed_calls(boards.map(board_spec)))
def test_replays_on_boards_are_the_plain_replays(case):
    assert_same(*case)


@settings(max_examples=150, deadline=None)
@given(case=replayed_calls(strategies.tree_games(inner=True)))
def test_replays_on_trees_are_the_plain_replays(case):
    assert_same(*case)


def test_every_mistake_on_a_board_is_replayed_as_the_plain_replay():
    """Every suspect and pair of each function, on a board with 6 empty cells and recurring
    positions, in the full window and a narrow one."""
    for function in MEMOIZED:
        for args in ([], [0, 1]) if function == "alphabeta_value" else ([],):
            the_call = call(function, board_spec("XO  X    "), *args, trace=True)
            for mistake in mistakes_of(function):
                assert_same(the_call, mistake)


def test_orders_by_path_and_evaluations_are_replayed_plainly():
    game = board_spec("XO  X    ")
    assert memoizes(call("alphabeta_value", game, -1, 1, order_argument(reversed_order())))
    assert not memoizes(call("alphabeta_value", game, -1, 1, order_argument(shuffled_order(3))))
    assert not memoizes(call("heuristic_value", game, 2, {"$evaluation": {"kind": "open_lines"}}))
    assert not memoizes(call("negamax_value", game))
    assert not memoizes(call("alphabeta_value", {"kind": "tree", "root": "MAX", "tree": [1, 2]}))


def test_what_a_release_records_is_what_plain_replays_find(monkeypatch):
    """record.explained, its singles and pairs, with and without the subtrees' replays."""
    calls = [call("alphabeta_decision", board_spec("XO  X    ")),
             call("minimax_decision", board_spec("XO  X    "), trace=False),
             call("minimax_value", board_spec("XO  X    ")),
             call("alphabeta_value", board_spec("XO  X    "), 0, 1)]
    fast = [record.explained(the_call) for the_call in calls]
    monkeypatch.setattr(record, "memoizes", lambda _call: False)
    assert [record.explained(the_call) for the_call in calls] == fast
    assert any(found["pairs"] for found in fast)


def test_calls_explained_together_are_explained_as_alone():
    """record.explain_answers explains the value and the decision of one search, game and order
    together, sharing what their replays searched below the root; never minimax's with
    alpha-beta's, whose searches from the same mistakes differ (minimax's never prune)."""
    calls = [call(function, board_spec(board), *args, trace=trace)
             for board in ("XO XX   O", "XO  X    ")
             for function, args, trace in [("alphabeta_value", [], True),
                                           ("alphabeta_decision", [], True),
                                           ("minimax_value", [], True),
                                           ("minimax_decision", [], False),
                                           ("alphabeta_value", [0, 1], False)]]
    answers = {json.dumps(the_call, sort_keys=True): {"answer": 0} for the_call in calls}
    together = record.explain_answers(answers)
    assert [together[key]["explained"] for key in answers] == list(map(record.explained, calls))
    assert len(record.heaviest_first(answers)) == 4  # each board's alpha-beta, each's minimax


def test_calls_explained_together_past_the_pairs_cap_are_explained_as_alone(monkeypatch):
    """With a cap of 40 nodes, most pairs go past it: recalling what another call of the group
    searched spends the same nodes, and budgets, as searching it."""
    monkeypatch.setattr(record, "PAIR_CAP", 40)
    calls = [call(function, board_spec("XO  X    "), *args, trace=trace)
             for function, args, trace in [("alphabeta_value", [], True),
                                           ("alphabeta_decision", [], True),
                                           ("alphabeta_value", [0, 1], False),
                                           ("alphabeta_decision", [], False)]]
    alone = list(map(record.explained, calls))
    together = record.explained_keys([json.dumps(the_call) for the_call in calls])
    assert together == alone
    assert any(None in found["pairs"].values() for found in alone)  # past the cap, traced
    assert any(len(found.get("pairs", {})) < len(pairs_of(the_call["function"]))
               for the_call, found in zip(calls, alone) if not the_call["trace"])  # left out


@st.composite
def calls_and_mistakes(draw, games):
    """A call of one of MEMOIZED, and several of its mistakes or pairs, in any order."""
    the_call, _ = draw(replayed_calls(games))
    return the_call, draw(st.lists(st.sampled_from(mistakes_of(the_call["function"])),
                                   min_size=2, max_size=8))


def assert_same_sharing(the_call, mistakes):
    """Each replay, capped or not, recalling what the ones before it searched (record.py's)."""
    searched = {}
    caps = [dict, lambda: {"nodes": 40}, lambda: {"budgets": [Budget(40)]}]
    for index, mistake in enumerate(mistakes):
        cap = caps[index % len(caps)]
        assert (memoized(the_call, as_mistakes(mistake), searched=searched, **cap())
                == plain(the_call, as_mistakes(mistake), **cap()))


@settings(max_examples=150, deadline=None)
@given(case=calls_and_mistakes(boards.map(board_spec)))
def test_replays_sharing_their_subtrees_on_boards_are_the_plain_replays(case):
    assert_same_sharing(*case)


@settings(max_examples=150, deadline=None)
@given(case=calls_and_mistakes(strategies.tree_games(inner=True)))
def test_replays_sharing_their_subtrees_on_trees_are_the_plain_replays(case):
    assert_same_sharing(*case)


def test_every_mistake_on_a_board_sharing_its_subtrees_is_the_plain_replay():
    """Every suspect and pair of each function, one after the other, then back: those made at a
    decision's root only recall what the others searched below it, and no other does."""
    for function in MEMOIZED:
        the_call = call(function, board_spec("XO  X    "), trace=True)
        mistakes = mistakes_of(function)
        assert_same_sharing(the_call, mistakes + mistakes[::-1])


def test_a_search_that_never_prunes_past_a_cap_is_too_big_without_being_searched(monkeypatch):
    """Its tree's size tells; the plain replays agree at the cap (assert_same)."""
    the_call = call("alphabeta_decision", board_spec("XO  X    "))
    size = len(replay(the_call, as_mistakes("no_pruning"))[1])
    monkeypatch.setattr(subtrees, "SEARCHES", {})
    for mistake in ["no_pruning", ("no_pruning", "levels_from_root"),
                    ("children_first", "no_pruning")]:
        assert memoized(the_call, as_mistakes(mistake), nodes=size - 1) is TooBig
        assert memoized(the_call, as_mistakes(mistake), budgets=[Budget(size - 2)]) is TooBig
    minimax = call("minimax_value", board_spec("XO  X    "))
    assert memoized(minimax, as_mistakes("starts_at_zero"), nodes=size - 1) is TooBig
    try:
        memoized(the_call, as_mistakes("no_pruning"), nodes=size)  # within the cap: searched
    except KeyError:
        pass
    else:
        raise AssertionError("searched without its search")
