"""Checks of alphabeta.py: minimax's values, the window rule, and exactly the reference's nodes.

Values and nodes are separate checks, so a search that returns the right values but examines the
wrong nodes keeps the points for its values.
"""
import math

from hypothesis import example, given, strategies as st

from autograder.checks import check, course, judge
from autograder.checks.replay import replays
from autograder.games.specs import priority_order
from autograder.grading import strategies
from autograder.language import N_, _
from autograder.worker.calls import call, order_argument

CENTER_FIRST_ORDER = order_argument(priority_order(course.CENTER_CORNERS_EDGES))
ORDER_NOTES = {"reversed": N_("Each node's actions are searched in reverse order."),
               "shuffled": N_("Each node's actions are searched in the order the given order "
                              "function returns (a fixed shuffle per node).")}


def searched_in(order):
    return _(ORDER_NOTES[order["kind"]]) if order else ""


def optional_order(order):
    """alphabeta_decision's optional `order`, left out when there is none (testing its default)."""
    return [order_argument(order)] if order else []


@check("alphabeta_value: equals minimax at the root on random trees")
@given(game=strategies.tree_games())
@example(game=course.TEXTBOOK)
@example(game=course.EXERCISE_1)
@example(game=course.TEXTBOOK_NEGATED)  # worth -6: alpha must start at -inf
def test_alphabeta_value_on_trees(caller, game):
    judge.same_answer(caller.both(call("alphabeta_value", game)), judge.shown(game),
                      _("the minimax value"))


@check("alphabeta_value: meets the window rule under any window")
@given(case=strategies.games_with_windows())
@example(case=(course.TEXTBOOK, (2, 4)))
@example(case=(course.TEXTBOOK, (3, 12)))
@example(case=(course.TEXTBOOK, (-10, 3)))  # B = 3 closes the root's window: prune C and D
@example(case=(course.TEXTBOOK_MIN, (5, 7)))
@example(case=(course.TEXTBOOK_MIN, (12, 20)))  # B = 12 closes the root's window: prune C and D
@example(case=(course.TEXTBOOK_MIN, (-10, 4)))
def test_alphabeta_value_window_rule(caller, case):
    game, (alpha, beta) = case
    for rooted in strategies.both_roots(game):
        judge.window_rule(caller.both(call("alphabeta_value", rooted, alpha, beta)),
                          caller.true_value(rooted), alpha, beta, judge.shown(rooted))


@check("alphabeta_value: examines the reference's nodes")
@given(game=strategies.tree_games())
@example(game=course.TEXTBOOK)
@example(game=course.EXERCISE_1)
def test_alphabeta_value_nodes(caller, game):
    judge.same_trace(caller.both(call("alphabeta_value", game)), game, judge.shown(game))


@check("alphabeta_value: examines the reference's nodes with a narrowed window")
@given(case=strategies.games_with_windows())
@example(case=(course.TEXTBOOK, (2, 3)))
def test_alphabeta_value_nodes_in_window(caller, case):
    game, (alpha, beta) = case
    judge.same_trace(caller.both(call("alphabeta_value", game, alpha, beta)), game,
                     judge.shown(game, note=judge.starting_window(alpha, beta)))


@check("alphabeta_value: examines the reference's nodes with an order function")
@given(game=strategies.tree_games(), order=strategies.orders)
def test_alphabeta_value_nodes_with_order(caller, game, order):
    pair = caller.both(call("alphabeta_value", game, -math.inf, math.inf, order_argument(order)))
    judge.same_trace(pair, game, judge.shown(game, note=searched_in(order)))


@check("alphabeta_value: the course's tic-tac-toe positions")
def test_alphabeta_value_on_positions(caller):
    for game in course.POSITIONS:
        judge.same_answer(caller.both(call("alphabeta_value", game)),
                          judge.shown(game, smallest=False), _("the minimax value"))


@check("alphabeta_value: examines the course's node counts in tic-tac-toe")
def test_alphabeta_value_nodes_on_positions(caller):
    for game in course.POSITIONS:  # 18,297, 101 and 93 nodes
        judge.same_trace(caller.both(call("alphabeta_value", game)), game,
                         judge.shown(game, smallest=False))
    pair = caller.both(call("alphabeta_value", course.EMPTY, -math.inf, math.inf,
                            CENTER_FIRST_ORDER))  # 7,275 nodes
    judge.same_trace(pair, course.EMPTY, judge.shown(
        course.EMPTY, smallest=False, note=_("Searched centre first, then corners, then edges.")))


@check("alphabeta_decision: best action on random trees, first of ties")
@replays("game", order=None)
@given(game=strategies.tree_games(inner=True), order=st.none() | strategies.orders)
@example(game=course.TEXTBOOK, order=None)
@example(game=course.EXERCISE_1, order=None)
@example(game=course.TEXTBOOK_MIN, order=None)
@example(game=course.MIN_TIE, order=None)
@example(game=course.WIN_NOT_BEST, order=None)
def test_alphabeta_decision_on_trees(caller, game, order):
    for rooted in strategies.both_roots(game):
        judge.same_answer(
            caller.both(call("alphabeta_decision", rooted, *optional_order(order))),
            judge.shown(rooted, note=searched_in(order)),
            _("the best action (the first of equally good ones in search order)"))


@check("alphabeta_decision: examines the reference's nodes")
@given(game=strategies.tree_games(inner=True), order=st.none() | strategies.orders)
@example(game=course.TEXTBOOK, order=None)
@example(game=course.TEXTBOOK_MIN, order=None)
@example(game=course.MIN_TIE, order=None)
def test_alphabeta_decision_nodes(caller, game, order):
    for rooted in strategies.both_roots(game):
        judge.same_trace(
            caller.both(call("alphabeta_decision", rooted, *optional_order(order))),
            rooted, judge.shown(rooted, note=searched_in(order)))


@check("alphabeta_decision: the course's tic-tac-toe positions")
def test_alphabeta_decision_on_positions(caller):
    # 0, 7 and 3; centre first from the empty board, 4; then O to move, with and without
    cases = [(game, ()) for game in course.POSITIONS + course.O_POSITIONS] + \
        [(game, (CENTER_FIRST_ORDER,)) for game in (course.EMPTY, *course.O_POSITIONS)]
    for game, order in cases:
        judge.same_answer(caller.both(call("alphabeta_decision", game, *order)), judge.shown(
            game, smallest=False, note=_("Searched centre first.") if order else ""),
            _("the best action (the first of equally good ones in search order)"))
