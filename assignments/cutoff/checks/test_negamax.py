"""Checks of negamax.py: values for the player to move, the window rule in that player's values,
and alpha-beta's nodes, node for node."""
import math

from hypothesis import example, given

from autograder.checks import check, course, judge
from autograder.grading import strategies
from autograder.language import _
from autograder.worker.calls import call


def mover_value(caller, game):
    """The value of `game`'s root for the player to move there, from the reference."""
    return caller.reference_data(call("negamax_value", game))["answer"]


@check("negamax_value: the value for the player to move on random trees")
@given(game=strategies.tree_games())
@example(game=course.TEXTBOOK)
def test_negamax_value_on_trees(caller, game):
    for rooted in strategies.both_roots(game):
        judge.same_answer(caller.both(call("negamax_value", rooted)), judge.shown(rooted),
                          # TRANSLATORS: {player} is MAX or MIN
                          _("the value for {player}, who moves at the root").format(
                              player=rooted["root"]))


@check("negamax_value: meets the window rule under any window")
@given(case=strategies.games_with_windows())
@example(case=(course.TEXTBOOK, (2, 4)))
@example(case=(course.TEXTBOOK_MIN, (-7, -5)))
def test_negamax_value_window_rule(caller, case):
    game, (alpha, beta) = case
    for rooted in strategies.both_roots(game):
        judge.window_rule(caller.both(call("negamax_value", rooted, alpha, beta)),
                          mover_value(caller, rooted), alpha, beta, judge.shown(
                              rooted, note=_("The window is in the values of {player}, who "
                                             "moves at the root.").format(player=rooted["root"])))


@check("negamax_value: examines alpha-beta's nodes")
@given(case=strategies.games_with_windows())
@example(case=(course.TEXTBOOK, (float("-inf"), float("inf"))))
@example(case=(course.EXERCISE_1, (float("-inf"), float("inf"))))
def test_negamax_value_nodes(caller, case):
    game, (alpha, beta) = case
    # the full window as the contract's defaults, so that the defaults are judged on nodes too
    window = () if (alpha, beta) == (-math.inf, math.inf) else (alpha, beta)
    for rooted in strategies.both_roots(game):
        judge.same_trace(caller.both(call("negamax_value", rooted, *window)), rooted,
                         judge.shown(rooted, note=judge.starting_window(alpha, beta)))
