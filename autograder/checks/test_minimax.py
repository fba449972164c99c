"""Checks of minimax.py: exact values and decisions, and that minimax examines every node."""
from hypothesis import example, given

from autograder.checks import check, course, judge
from autograder.checks.replay import replays
from autograder.grading import strategies
from autograder.language import _
from autograder.worker.calls import call


@check("minimax_value: exact values on random trees")
@given(game=strategies.tree_games())
@example(game=course.TEXTBOOK)
@example(game=course.EXERCISE_1)
@example(game=course.WIN_NOT_BEST)
def test_minimax_value_on_trees(caller, game):
    judge.same_answer(caller.both(call("minimax_value", game)), judge.shown(game),
                      _("the minimax value"))


@check("minimax_value: examines every node")
@given(game=strategies.tree_games())
@example(game=course.TEXTBOOK)
def test_minimax_value_examines_every_node(caller, game):
    judge.examines_every_node(caller.both(call("minimax_value", game)), game, judge.shown(game))


@check("minimax_value: the course's tic-tac-toe positions")
def test_minimax_value_on_positions(caller):
    for game in course.POSITIONS:
        judge.same_answer(caller.both(call("minimax_value", game)),
                          judge.shown(game, smallest=False), _("the minimax value"))


@check("minimax_value: examines all 549,946 nodes from the empty board")
def test_minimax_value_examines_the_whole_game(caller):
    for game in course.POSITIONS:  # 549,946, 206 and 238 nodes
        judge.examines_every_node(caller.both(call("minimax_value", game)), game,
                                  judge.shown(game, smallest=False))


@check("minimax_decision: best action on random trees, first of ties")
@replays("game")
@given(game=strategies.tree_games(inner=True))
@example(game=course.TEXTBOOK)
@example(game=course.EXERCISE_1)
@example(game=course.TEXTBOOK_MIN)
@example(game=course.MIN_TIE)
@example(game=course.WIN_NOT_BEST)
def test_minimax_decision_on_trees(caller, game):
    for rooted in strategies.both_roots(game):
        judge.same_answer(caller.both(call("minimax_decision", rooted)), judge.shown(rooted),
                          _("the best action (the first of equally good ones)"))


@check("minimax_decision: the course's tic-tac-toe positions")
def test_minimax_decision_on_positions(caller):
    # 0 (every opening draws), 7 (block) and 3 (double threat); then O to move
    for game in course.POSITIONS + course.O_POSITIONS:
        judge.same_answer(caller.both(call("minimax_decision", game)),
                          judge.shown(game, smallest=False),
                          _("the best action (the first of equally good ones)"))
