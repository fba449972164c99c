"""Checks of ordering.py: the orders themselves, and the nodes the reference's alpha-beta examines
when it searches in the student's order (so a bug in the student's alpha-beta costs nothing here)."""
from hypothesis import example, given

from autograder.grading import strategies
from autograder.checks import check, course, judge
from autograder.checks.observe import call
from autograder.drawing import name_node

OPEN_LINES = {"kind": "open_lines"}


@check("center_first: centre, corners, edges on random positions")
@given(game=strategies.board_games())
@example(game=course.EMPTY)
@example(game=course.BLOCK)
def test_center_first_on_positions(observer, game):
    judge.same_answer(observer.both(call("center_first", game)), judge.shown(game),
                      "the empty cells: centre, then corners, then edges")


@check("center_first: the reference's alpha-beta examines 7,275 nodes with it")
def test_center_first_saves_nodes(observer):
    for game in course.POSITIONS:  # 7,275 nodes from the empty board
        judge.follows_the_search("center_first", game,
                                 observer.reference_search("center_first", game).trace,
                                 observer.student_orders("center_first", game),
                                 judge.shown(game, smallest=False))


@check("evaluation_order: random trees with tied scores")
@given(case=strategies.games_with_evaluations())
def test_evaluation_order_on_trees(observer, case):
    game, evaluation = case
    judge.same_answer(observer.both(call("evaluation_order", game, {"$evaluation": evaluation})),
                      judge.shown(
        game, note=f"Evaluations by node: {scores(game, evaluation)}"),
        "the actions sorted best first for the player to move, ties in the game's order")


@check("evaluation_order: tic-tac-toe positions with the open-lines evaluation")
@given(game=strategies.board_games())
@example(game=course.EMPTY)
@example(game=course.DOUBLE_THREAT)
def test_evaluation_order_on_positions(observer, game):
    judge.same_answer(observer.both(call("evaluation_order", game, {"$evaluation": OPEN_LINES})),
                      judge.shown(
        game, note="Evaluated with the course's open-lines evaluation."),
        "the actions sorted best first for the player to move, ties in the game's order")


@check("evaluation_order: the reference's alpha-beta examines the same nodes with it")
@given(case=strategies.games_with_evaluations())
@example(case=(course.BLOCK, OPEN_LINES))
@example(case=(course.DOUBLE_THREAT, OPEN_LINES))
def test_evaluation_order_saves_nodes(observer, case):
    game, evaluation = case
    evaluated = {"$evaluation": evaluation}
    judge.follows_the_search("evaluation_order", game,
                             observer.reference_search("evaluation_order", game, evaluated).trace,
                             observer.student_orders("evaluation_order", game, evaluated),
                             judge.shown(game))


def scores(game, evaluation):
    return ", ".join(f"{name_node(game, path)}={score}" for path, score in evaluation["values"])
