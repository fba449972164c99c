"""A decision's check replays inputs built around its callee's wrong answers (checks/replay.py): each
built input makes a decision that trusts the wrong value decide otherwise than the reference, and a
callee always runs before its callers, in their lane."""
import importlib.util

import pytest

from autograder.checks import course
from autograder.checks.calling import Pair
from autograder.checks.judge import CheckFailed, shown
from autograder.checks.replay import in_one_lane, inputs, replay_first, wars_around, wrong_answers
from autograder.contract import MODULES
from autograder.feedback.mistakes import CALLS
from autograder.language import speaking
from autograder.games.specs import table_evaluation, tree_spec
from autograder.runner.observations import Observation
from autograder.worker.calls import build_argument, build_game, call
from support.inprocess import solution
from support.paths import ROOT

SUBMISSIONS = ROOT / "tests" / "submissions"


def module(path):
    spec = importlib.util.spec_from_file_location(f"replayed_{path.parent.name}", path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


class Seen:
    """A caller that has seen `pairs`."""

    def __init__(self, *pairs):
        self.seen = {str(index): pair for index, pair in enumerate(pairs)}


def pair(made, got, want):
    return Pair(made["function"], Observation(answer=got), Observation(answer=want), made)


def test_a_callee_and_its_callers_share_a_lane_callee_first():
    assert in_one_lane(list(MODULES)) == [
        ["minimax_value", "minimax_decision"], ["alphabeta_value", "alphabeta_decision"],
        ["center_first"], ["evaluation_order"], ["rational_response", "rational_decision"],
        ["guaranteed_decision"]]
    assert in_one_lane(["heuristic_value", "negamax_value", "heuristic_decision",
                        "iterative_deepening_decision"]) == [
        ["heuristic_value", "heuristic_decision", "iterative_deepening_decision"],
        ["negamax_value"]]


@pytest.mark.parametrize("value", ["minimax_value", "alphabeta_value"])
@pytest.mark.parametrize("got", [1, 4, 2.5])
def test_a_tree_built_around_a_wrong_value_changes_a_trusting_decision(value, got):
    # the tree [[1, 3]] with MIN to move is worth 3; a value that says otherwise is wrong there
    wrong = tree_spec([[1, 3]], "MIN")
    caller = Seen(pair(call(value, wrong), got, 3), pair(call(value, wrong, 0, 2), 5, 2))
    decision = next(function for function, callee in CALLS.items() if callee == value)
    built = inputs(caller, decision)
    assert built, "a wrong value on the whole tree is replayed (a narrowed window's is not)"
    for game in built:
        tree = build_game(game)
        trusted = {(0,): got}  # the wrong value, where the decision asks for the wrong tree's

        def trusting(game, state):
            return trusted.get(state.path, solution("minimax_value")(game, state))
        right = solution(decision)(tree, tree.initial)
        best = max if tree.to_move(tree.initial) == "MAX" else min
        mistaken = best(tree.actions(tree.initial),
                        key=lambda a: trusting(tree, tree.result(tree.initial, a)))
        assert mistaken != right, game


def test_a_value_that_gave_no_number_is_weighed_against_the_right_one():
    wrong = tree_spec([[1, 3]], "MIN")
    made = call("minimax_value", wrong)
    unanswered = Pair("minimax_value", Observation(problem="raised ValueError"),
                      Observation(answer=3), made)
    assert inputs(Seen(unanswered), "minimax_decision") == [tree_spec([[[1, 3]], 3], "MAX")]


def test_a_war_built_around_a_wrong_response_changes_the_reference_decision_with_it():
    student = module(SUBMISSIONS / "bug_rational_response_last_of_ties" / "price_war.py")
    war = course.TIED_REPLIES
    made = call("rational_response", None, war["tree"], war["theirs"], "option_1")
    wrong = pair(made, student.rational_response(war["tree"], war["theirs"], "option_1"),
                 solution("rational_response")(war["tree"], war["theirs"], "option_1"))
    assert wrong.got.answer != wrong.want.answer
    [built] = wars_around(wrong)
    arguments = (built["tree"], built["ours"], built["theirs"], built["root"])
    assert solution("rational_decision")(*arguments) == "another"
    assert student.rational_decision(*arguments) == "option_1"


def test_a_stop_at_the_first_win_fails_the_pinned_tree_and_the_built_one():
    student = module(SUBMISSIONS / "bug_minimax_stops_at_first_win" / "minimax.py")
    game = build_game(course.WIN_NOT_BEST)
    assert student.minimax_decision(game, game.initial) != \
        solution("minimax_decision")(game, game.initial)
    wrong = pair(call("minimax_value", course.WIN_NOT_BEST),
                 student.minimax_value(game, game.initial),
                 solution("minimax_value")(game, game.initial))
    for built in inputs(Seen(wrong), "minimax_decision"):
        tree = build_game(built)
        assert student.minimax_decision(tree, tree.initial) != \
            solution("minimax_decision")(tree, tree.initial)


def test_a_cut_off_built_around_a_wrong_heuristic_value_keeps_its_evaluation_under_it():
    evaluation = table_evaluation([((), 0), ((0,), 5), ((1,), -1)])
    made = call("heuristic_value", tree_spec([[3, 12], [2, 4]]), 1,
                {"$evaluation": evaluation})
    [(game, moved, depth)] = inputs(Seen(pair(made, 4, 5)), "heuristic_decision")
    assert (game["tree"], game["root"], depth) == ([[[3, 12], [2, 4]], 4.5], "MIN", 2)
    scores = build_argument({"$evaluation": moved})
    tree = build_game(game)
    child = tree.result(tree.initial, 0)
    assert scores(tree.result(child, 0)) == 5 and scores(tree.result(child, 1)) == -1


def test_a_node_check_replays_its_callees_wrong_nodes_where_the_answer_was_right():
    """A heuristic_value that prunes only when alpha > beta answers every value right and
    examines other nodes: its iterative deepening's node check kept its points under one secret
    of three, replaying nothing; with `traces` it replays a cut-off built around those nodes."""
    evaluation = table_evaluation([((), 0), ((0,), 5), ((1,), -1)])
    made = call("heuristic_value", tree_spec([[3, 12], [2, 4]]), 1, {"$evaluation": evaluation})
    other_nodes = Pair("heuristic_value", Observation(answer=5, trace=("", "0", "1", "10")),
                       Observation(answer=5, trace=("", "0", "1")), made)
    caller = Seen(other_nodes)
    assert inputs(caller, "iterative_deepening_decision") == []
    [(game, _moved, depth)] = inputs(caller, "iterative_deepening_decision", traces=True)
    assert (game["tree"], depth) == ([[[3, 12], [2, 4]], 5], 2)


def test_wrong_answers_no_input_is_built_around_leave_their_places_to_those_one_is():
    """Seen in the salt tool: a heuristic_value whose smallest wrong answers were all under a
    window replayed nothing under one secret, and its decision kept its points there only."""
    windows = [pair(call("alphabeta_value", tree_spec([0]), low, low + 1), low + 1, 0)
               for low in (0, 1, 2)]
    whole = pair(call("alphabeta_value", tree_spec([[1, 3]], "MIN")), 1, 3)
    caller = Seen(*windows, whole)
    smallest = wrong_answers(caller, "alphabeta_value")[:3]
    assert all(wrong in windows for wrong in smallest)  # none built on
    assert len(inputs(caller, "alphabeta_decision")) == 1


def test_a_replayed_input_that_fails_is_headed_as_the_input_not_the_smallest_found():
    """A replayed input is built around the callee's failure, and no shrinking looked for a
    smaller one: "The smallest input found that shows it" claimed what did not happen."""
    class Item:
        def get_closest_marker(self, name):
            return pytest.mark.replays("game").mark

    def check(game):
        raise CheckFailed("minimax_decision chose 1", shown=shown(game))
    check.hypothesis = type("Hypothesis", (), {"inner_test": staticmethod(check)})
    wrong = pair(call("minimax_value", tree_spec([[1, 3]], "MIN")), 1, 3)
    with pytest.raises(CheckFailed) as failed:
        replay_first(Item(), check, {}, Seen(wrong), "minimax_decision")
    with speaking("en"):
        assert failed.value.shown.as_dict()["heading"] == "The input"
        assert shown(tree_spec([[1, 3]], "MIN")).as_dict()["heading"] == \
            "The smallest input found that shows it"
