"""Checks of heuristic.py: heuristic values and decisions at every cut-off depth, the window rule,
the nodes examined (so the cut-off's exact level, and the order function's at every node),
tic-tac-toe with the course's open-lines evaluation, Connect Four with its open windows, and
iterative deepening."""
import math

from hypothesis import example, given, strategies as st

from autograder.checks import check, course, judge
from autograder.checks.judge import CheckFailed
from autograder.checks.replay import replays
from autograder.games.connect_four import EMPTY_BOARD
from autograder.games.specs import (connect_four_spec, open_lines_evaluation,
                                    open_windows_evaluation, reversed_order, table_evaluation,
                                    tree_spec)
from autograder.grading import strategies
from autograder.language import N_, _, ngettext, number
from autograder.language.escaping import quoted
from autograder.runner.observations import exactly_equal
from autograder.worker.calls import call, evaluation_argument, order_argument

# The textbook tree judged at depth 1 by 5, 1 and 7 for B, C and D: worth 7 there, 3 at depth 2.
TEXTBOOK_EVALUATION = table_evaluation([((), 0), ((0,), 5), ((1,), 1), ((2,), 7)])
# B and C tie at depth 2 (3 and 3) after the first pass (B 1, C 5, D 0) ranked C before B, and
# tie again on the whole tree: the third pass must keep C first, so a pass that breaks ties any
# other way searches B's new leaves first and decides B. Pinned, so that whether such a bug fails
# does not hang on the games a term's secret draws.
TIED_AFTER_REORDERING = (
    tree_spec([[[3, 1], [4, 9]], [[3, 2], [5, 6]], [[0, 1], [2, 0]]]),
    table_evaluation([((), 0), ((0,), 1), ((1,), 5), ((2,), 0), ((0, 0), 3), ((0, 1), 9),
                      ((1, 0), 3), ((1, 1), 6), ((2, 0), 0), ((2, 1), 1)]), 3)
OPEN_LINES = evaluation_argument(open_lines_evaluation())
# Connect Four from the empty board, after X takes the centre column, and after O answers there.
CONNECT_FOUR = [connect_four_spec(EMPTY_BOARD), connect_four_spec(" " * 3 + "X" + " " * 38),
                connect_four_spec(" " * 3 + "X" + " " * 6 + "O" + " " * 31)]
OPEN_WINDOWS = evaluation_argument(open_windows_evaluation())


ORDER_NOTES = {"reversed": N_("Each node's actions are searched in reverse order."),
               "shuffled": N_("Each node's actions are searched in the order the given order "
                              "function returns (a fixed shuffle per node).")}


def optional_order(order):
    """The optional `order` argument, left out when there is none (testing its default)."""
    return [order_argument(order)] if order else []


def value_at(depth):
    return _("the heuristic value at depth {depth}").format(depth=depth)


def best_action_at(depth):
    return _("the best action by the heuristic value at depth {depth}").format(depth=depth)


def cut_off(game, evaluation, depth, order=None):
    """The input shown: the tree, the depth and the evaluation, by the nodes' names."""
    scores = judge.named_scores(game, evaluation["values"])
    # TRANSLATORS: {scores} is a list such as "B 5, C 1, D 7"
    note = _("The search is cut off at depth {depth}; the evaluation gives {scores}.").format(
        depth=depth, scores=scores)
    return judge.shown(game, note=f"{note} {_(ORDER_NOTES[order['kind']])}" if order else note)


@check("heuristic_value: values at every cut-off depth on random trees")
@given(case=strategies.cut_off_games())
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 1))
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 2))
def test_heuristic_value_on_trees(caller, case):
    game, evaluation, depth = case
    judge.same_answer(caller.both(call("heuristic_value", game, depth,
                                       evaluation_argument(evaluation))),
                      cut_off(game, evaluation, depth), value_at(depth))


@check("heuristic_value: meets the window rule under any window")
@given(case=strategies.cut_off_games_with_windows())
def test_heuristic_value_window_rule(caller, case):
    game, evaluation, depth, (alpha, beta) = case
    evaluated = evaluation_argument(evaluation)
    value = caller.reference_data(call("heuristic_value", game, depth, evaluated))["answer"]
    judge.window_rule(caller.both(call("heuristic_value", game, depth, evaluated, alpha, beta)),
                      value, alpha, beta, cut_off(game, evaluation, depth))


@check("heuristic_value: examines the reference's nodes, cut off at the right level")
@given(case=strategies.cut_off_games())
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 1))
def test_heuristic_value_nodes(caller, case):
    game, evaluation, depth = case
    judge.same_trace(caller.both(call("heuristic_value", game, depth,
                                      evaluation_argument(evaluation))),
                     game, cut_off(game, evaluation, depth))


# Visible, as heuristic_decision's checks with an order are: the orders hide nothing there, and a
# heuristic_value that ignores its order should lose its points here, in its own function, with
# the input that shows it, rather than only in the decision that calls it.
@check("heuristic_value: examines the reference's nodes with an order function")
@given(case=strategies.cut_off_games(), order=strategies.orders)
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 1), order=reversed_order())
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 2), order=reversed_order())
def test_heuristic_value_nodes_with_order(caller, case, order):
    game, evaluation, depth = case
    pair = caller.both(call("heuristic_value", game, depth, evaluation_argument(evaluation),
                            -math.inf, math.inf, order_argument(order)))
    judge.same_trace(pair, game, cut_off(game, evaluation, depth, order))


@check("heuristic_value: evaluates the positions at the cut-off, never a terminal one")
@given(case=strategies.cut_off_games())
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 1))
def test_heuristic_value_evaluations(caller, case):
    game, evaluation, depth = case
    judge.same_evaluations(caller.both(call("heuristic_value", game, depth,
                                            evaluation_argument(evaluation))),
                           game, cut_off(game, evaluation, depth))


@check("heuristic_value: tic-tac-toe with the open-lines evaluation at depths 1 to 3")
def test_heuristic_value_tictactoe(caller):
    for game in course.POSITIONS:
        for depth in (1, 2, 3):
            shown = judge.shown(game, smallest=False, note=_(
                "Cut off at depth {depth}, with the course's open-lines evaluation.").format(
                    depth=depth))
            pair = caller.both(call("heuristic_value", game, depth, OPEN_LINES))
            judge.same_answer(pair, shown, value_at(depth))
            judge.same_trace(pair, game, shown)


@check("heuristic_value: Connect Four, which no search finishes, at depths 2 to 5")
def test_heuristic_value_connect_four(caller):
    for game in CONNECT_FOUR:
        for depth in (2, 3, 4, 5):
            shown = judge.shown(game, smallest=False, note=_(
                "Cut off at depth {depth}, with the open windows evaluation.").format(depth=depth))
            pair = caller.both(call("heuristic_value", game, depth, OPEN_WINDOWS))
            judge.same_answer(pair, shown, value_at(depth))
            judge.same_trace(pair, game, shown)


@check("heuristic_decision: best action at every cut-off depth, first of ties")
@replays("case", order=None)
@given(case=strategies.cut_off_games(), order=st.none() | strategies.orders)
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 1), order=None)
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 2), order=None)
def test_heuristic_decision_on_trees(caller, case, order):
    game, evaluation, depth = case
    depth = max(depth, 1)  # a decision looks at least one move ahead
    for rooted in strategies.both_roots(game):
        pair = caller.both(call("heuristic_decision", rooted, depth,
                                evaluation_argument(evaluation), *optional_order(order)))
        judge.same_answer(pair, cut_off(rooted, evaluation, depth, order),
                          best_action_at(depth))


@check("heuristic_decision: examines the reference's nodes")
@replays("case", traces=True, order=None)
@given(case=strategies.cut_off_games(), order=st.none() | strategies.orders)
def test_heuristic_decision_nodes(caller, case, order):
    game, evaluation, depth = case
    depth = max(depth, 1)
    for rooted in strategies.both_roots(game):
        pair = caller.both(call("heuristic_decision", rooted, depth,
                                evaluation_argument(evaluation), *optional_order(order)))
        judge.same_trace(pair, rooted, cut_off(rooted, evaluation, depth, order))


@check("heuristic_decision: tic-tac-toe with the open-lines evaluation at depths 1 to 3")
def test_heuristic_decision_tictactoe(caller):
    for game in [*course.POSITIONS, *course.O_POSITIONS]:
        for depth in (1, 2, 3):
            shown = judge.shown(game, smallest=False, note=_(
                "Cut off at depth {depth}, with the course's open-lines evaluation.").format(
                    depth=depth))
            judge.same_answer(caller.both(call("heuristic_decision", game, depth, OPEN_LINES)),
                              shown, best_action_at(depth))


def deepened(pair, shown):
    """The student's [decision, orders], or CheckFailed when it is not of that form."""
    judge.require_answer(pair.function, pair.got, shown, pair.call)
    answer = pair.got.answer
    if type(answer) is not list or len(answer) != 2 or type(answer[1]) is not list:
        raise CheckFailed(_("iterative_deepening_decision returned {answer}, not [decision, "
                            "orders]").format(answer=judge.as_returned(pair.got)), shown=shown)
    return answer


def deepening_case(caller, case):
    """The pair of iterative_deepening_decision's call on `case`, and the input a failure shows."""
    game, evaluation, depth = case
    depth = max(depth, 1)
    scores = judge.named_scores(game, evaluation["values"])
    shown = judge.shown(game, note=_("Deepened to depth {depth}; the evaluation gives "
                                     "{scores}.").format(depth=depth, scores=scores))
    return caller.both(call("iterative_deepening_decision", game, depth,
                            evaluation_argument(evaluation))), shown


@check("iterative_deepening_decision: the last pass's decision on random trees")
@replays("case")
@given(case=strategies.cut_off_games())
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 2))
@example(case=TIED_AFTER_REORDERING)
def test_iterative_deepening_decision(caller, case):
    pair, shown = deepening_case(caller, case)
    decision, _orders = deepened(pair, shown)
    if not exactly_equal(decision, pair.want.answer[0]):
        raise CheckFailed(_("iterative_deepening_decision decided {answer}, but the correct "
                            "last pass, at the full depth, decides {want}.").format(
                                answer=quoted(decision), want=repr(pair.want.answer[0])),
                          shown=shown)


@check("iterative_deepening_decision: each pass orders the root best first by the pass before")
@given(case=strategies.cut_off_games())
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 2))
@example(case=TIED_AFTER_REORDERING)
def test_iterative_deepening_orders(caller, case):
    pair, shown = deepening_case(caller, case)
    _decision, orders = deepened(pair, shown)
    for step, (mine, theirs) in enumerate(zip(orders, pair.want.answer[1]), 1):
        if not exactly_equal(mine, theirs):
            # TRANSLATORS: {order} is the student's order of the actions, {theirs} the right one
            raise CheckFailed(_("iterative_deepening_decision's pass {step} searched the root's "
                                "actions in the order {order}, where the pass before ranks them "
                                "{theirs}: best first, equal values in their order").format(
                step=step, order=quoted(mine), theirs=theirs), shown=shown)
    if len(orders) != len(pair.want.answer[1]):
        raise CheckFailed(ngettext("iterative_deepening_decision made {count} pass, not {want} "
                                   "(depths 1 to the given one)",
                                   "iterative_deepening_decision made {count} passes, not {want} "
                                   "(depths 1 to the given one)", len(orders)).format(
            count=number(len(orders)), want=number(len(pair.want.answer[1]))), shown=shown)


@check("iterative_deepening_decision: examines the reference's nodes, pass after pass")
@replays("case", traces=True)
@given(case=strategies.cut_off_games())
@example(case=(course.TEXTBOOK, TEXTBOOK_EVALUATION, 2))
@example(case=TIED_AFTER_REORDERING)
def test_iterative_deepening_nodes(caller, case):
    pair, shown = deepening_case(caller, case)
    judge.same_trace(pair, case[0], shown, N_("iterative deepening"))
