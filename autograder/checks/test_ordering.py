"""Checks of ordering.py: the orders themselves, and the nodes the reference's alpha-beta examines
when it searches in the student's order (so a bug in the student's alpha-beta costs nothing
here)."""
from hypothesis import example, given

from autograder.checks import check, course, judge
from autograder.drawing import name_node
from autograder.games.specs import open_lines_evaluation
from autograder.grading import strategies
from autograder.language import N_, _
from autograder.worker.calls import call, evaluation_argument

OPEN_LINES = open_lines_evaluation()
SORTED = N_("the actions sorted best first for the player to move, ties in the game's order")


@check("center_first: centre, corners, edges on random positions")
@given(game=strategies.board_games())
@example(game=course.EMPTY)
@example(game=course.BLOCK)
def test_center_first_on_positions(caller, game):
    judge.same_answer(caller.both(call("center_first", game)), judge.shown(game),
                      _("the empty cells: centre, then corners, then edges"))


@check("center_first: the reference's alpha-beta examines 7,275 nodes with it")
def test_center_first_saves_nodes(caller):
    for game in course.POSITIONS:  # 7,275 nodes from the empty board
        judge.follows_the_search("center_first", game,
                                 caller.reference_search("center_first", game).trace,
                                 caller.student_orders("center_first", game),
                                 judge.shown(game, smallest=False))


@check("evaluation_order: random trees with tied scores")
@given(case=strategies.games_with_evaluations())
def test_evaluation_order_on_trees(caller, case):
    game, evaluation = case
    pair = caller.both(call("evaluation_order", game, evaluation_argument(evaluation)))
    # TRANSLATORS: {scores} is a list such as "B=3, C=-1"
    note = _("Evaluations by node: {scores}").format(scores=scores(game, evaluation))
    judge.same_answer(pair, judge.shown(game, note=note), _(SORTED))


@check("evaluation_order: tic-tac-toe positions with the open-lines evaluation")
@given(game=strategies.board_games())
@example(game=course.EMPTY)
@example(game=course.DOUBLE_THREAT)
def test_evaluation_order_on_positions(caller, game):
    pair = caller.both(call("evaluation_order", game, evaluation_argument(OPEN_LINES)))
    note = _("Evaluated with the course's open-lines evaluation.")
    judge.same_answer(pair, judge.shown(game, note=note), _(SORTED))


@check("evaluation_order: the reference's alpha-beta examines the same nodes with it")
@given(case=strategies.games_with_evaluations())
@example(case=(course.BLOCK, OPEN_LINES))
@example(case=(course.DOUBLE_THREAT, OPEN_LINES))
def test_evaluation_order_saves_nodes(caller, case):
    game, evaluation = case
    evaluated = evaluation_argument(evaluation)
    judge.follows_the_search("evaluation_order", game,
                             caller.reference_search("evaluation_order", game, evaluated).trace,
                             caller.student_orders("evaluation_order", game, evaluated),
                             judge.shown(game))


def scores(game, evaluation):
    return ", ".join(f"{name_node(game, path)}={score}" for path, score in evaluation["values"])
