"""One diagnosis per function: named from all its failing checks, never a mistake a failing input
contradicts, said once before its failures in every report (hidden checks' included, without their
input); a failing function that calls a failing one says so first; failures alike are said once
with their count."""
import json
from dataclasses import replace

import pytest

from autograder.checks.calling import Pair
from autograder.checks.course import DOUBLE_THREAT, EMPTY
from autograder.commands.insights import named_in
from autograder.engine.outcome import function_diagnoses
from autograder.feedback.diagnosis import agrees, suspected
from autograder.feedback.diagnosis import together as tried_together
from autograder.feedback.function_diagnosis import (Named, diagnoses, named_mistakes, named_together,
                                                    with_causes)
from autograder.feedback.function_trial import tried_again
from autograder.feedback.replaying.variants import Mistakes
from autograder.games.specs import tree_spec
from autograder.reporters import FORMATS, text
from autograder.results import CheckResult, Report
from autograder.runner.observations import Observation
from autograder.worker import calls

from support.diagnoses import as_observation
from support.golden import ORDER


BOARD = {"heading": "It shows on the empty board",
         "example": {"kind": "tictactoe", "board": "         "}, "note": ""}


def tried(reproduce, contradicted=()):
    return {"reproduce": list(reproduce), "contradicted": list(contradicted)}


def test_a_mistake_any_failing_input_contradicts_is_never_named():
    assert named_mistakes("alphabeta_value", [
        tried(["stale_bounds", "no_pruning"]),
        tried(["stale_bounds"], ["no_pruning"]),
        None,  # a failure nothing was tried on
    ]) == ("stale_bounds",)
    assert named_mistakes("alphabeta_value", [tried(["no_pruning"]),
                                              tried([], ["no_pruning"])]) == ()


def test_the_mistake_that_reproduces_the_most_inputs_is_named_and_equals_together():
    assert named_mistakes("alphabeta_value", [tried(["strict_pruning", "no_pruning"]),
                                              tried(["no_pruning"])]) == ("no_pruning",)
    assert named_mistakes("alphabeta_value", [tried(["no_pruning", "stale_bounds"])]) == (
        "stale_bounds", "no_pruning")  # in the order suspected


def test_a_mistake_at_one_player_s_nodes_is_named_only_where_the_same_at_both_is_not():
    """Where every failing input has MIN below a MAX root, the same mistake made at MAX's nodes
    only does the same: the one the course texts warn about, at both, is named; once an input
    contradicts that one, the one made at MAX's nodes only."""
    assert named_mistakes("alphabeta_value", [
        tried(["strict_pruning", "strict_pruning_at_max"])]) == ("strict_pruning",)
    assert named_mistakes("alphabeta_value", [
        tried(["strict_pruning", "strict_pruning_at_max"]),
        tried(["strict_pruning_at_max"], ["strict_pruning"])]) == ("strict_pruning_at_max",)
    pairs = [("root_not_tightened", "last_of_ties"), ("root_not_tightened", "last_of_ties_at_max")]
    assert named_together("alphabeta_decision", [together(pairs)]) == pairs[0]
    assert named_together("alphabeta_decision", [together(pairs, pairs[:1])]) == pairs[1]


def test_ties_ranked_by_action_reversed_for_max_is_named_only_where_a_max_root_shows_it():
    """At a MIN root, ranking by (value, action) reversed for MAX is ranking by (value, action):
    one story, the plain one, until a MAX root tells them apart."""
    assert named_mistakes("iterative_deepening_decision", [
        tried(["ties_by_action", "ties_by_action_reversed"])]) == ("ties_by_action",)
    assert named_mistakes("iterative_deepening_decision", [
        tried(["ties_by_action", "ties_by_action_reversed"]),
        tried(["ties_by_action_reversed"], ["ties_by_action"])]) == ("ties_by_action_reversed",)


def test_equals_are_told_apart_by_the_mistake_another_function_s_failures_confirm():
    assert named_mistakes("alphabeta_decision", [tried(["root_not_tightened", "no_pruning"])],
                          elsewhere=[tried(["no_pruning"])]) == ("no_pruning",)


def test_a_decision_s_own_mistake_goes_before_its_callee_s_where_nothing_confirms_that_one():
    """A heuristic_decision searching its children a level too deep is the same search as one
    calling a heuristic_value that cuts off a level too deep: the trial's decision, whose code was
    right over such a heuristic_value, was told to search its children depth - 1 levels."""
    both = [tried(["children_at_full_depth", "cut_one_level_deep"])]
    assert named_mistakes("heuristic_decision", both) == ("children_at_full_depth",)
    value_fails = [tried(["cut_one_level_deep"])]
    assert named_mistakes("heuristic_decision", both, elsewhere=value_fails,
                          beneath=value_fails) == ("cut_one_level_deep",)
    # only the callee's reproduces: a search of its own, inlined, made it
    assert named_mistakes("heuristic_decision", [tried(["cut_one_level_deep"])]) == (
        "cut_one_level_deep",)


def test_a_mistake_the_failing_inputs_of_a_called_function_contradict_is_not_named():
    assert named_mistakes("alphabeta_decision", [tried(["no_pruning"])],
                          beneath=[tried([], ["no_pruning"])]) == ()


def failed(name, feedback, suspects=None, calls=(), visibility="visible", shown=BOARD):
    return CheckResult(name=name, function=name.split(":")[0], points=0, max_points=2,
                       status="failed", feedback=feedback, shown=shown, suspects=suspects,
                       calls=calls, visibility=visibility, hint="Prune when alpha >= beta.")


def diagnosed_report():
    checks = [
        failed("alphabeta_value: nodes", "alphabeta_value: 13 nodes, not 11.",
               tried(["stale_bounds", "no_pruning"])),
        failed("alphabeta_value: window", "alphabeta_value: 5 nodes, not 3.",
               tried(["stale_bounds"], ["no_pruning"])),
        failed("alphabeta_decision: nodes", "alphabeta_decision: SECRET 101 nodes.",
               tried(["stale_bounds", "no_pruning"]), calls=("alphabeta_value",),
               visibility="hidden", shown={**BOARD, "note": "SECRET"}),
    ]
    found = diagnoses(checks)
    return Report(submission="s", sandbox="bwrap", order=ORDER, checks=with_causes(checks, found),
                  diagnoses=function_diagnoses(found))


STALE = "a search that gives every child the node's original alpha and beta"


@pytest.mark.parametrize("audience", ["instructor", "students"])
def test_each_function_is_diagnosed_once_before_its_failures_in_the_text_report(audience):
    report = diagnosed_report()
    rendered = text.render(report if audience == "instructor" else report.for_students())
    value, decision = (rendered.index(f"your {function} behaves exactly as {STALE}")
                       for function in ("alphabeta_value", "alphabeta_decision"))
    assert rendered.count(STALE) == 2 and "never prunes" not in rendered
    assert value < rendered.index("✗ alphabeta_value: nodes") < decision
    cascade = rendered.index("Your alphabeta_decision calls your alphabeta_value, which fails: "
                             "fix that first.")
    assert rendered.index("✗ alphabeta_value: window") < cascade < decision < rendered.index(
        "✗ alphabeta_decision: nodes")
    assert ("SECRET" in rendered) == (audience == "instructor")


@pytest.mark.parametrize("form", ["markdown", "html", "gradescope", "junit"])
def test_every_format_says_each_function_s_diagnosis_once_and_no_hidden_input(form):
    rendered = FORMATS[form](diagnosed_report().for_students())
    said = rendered.replace("&#39;", "'").replace("&apos;", "'").replace("\\_", "_")
    assert said.count("gives every child the node's original alpha and beta") == 2
    assert "never prunes" not in said and "SECRET" not in said


def test_gradescope_opens_only_a_function_s_first_failing_check_with_its_diagnosis():
    tests = json.loads(FORMATS["gradescope"](diagnosed_report()))["tests"]
    assert [test["output"].startswith("Diagnosis:") for test in tests] == [True, False, False]
    assert tests[2]["output"].startswith("Your alphabeta_decision calls your alphabeta_value")


def test_a_students_report_keeps_the_names_of_the_mistakes_tried_on_a_hidden_check():
    hidden = diagnosed_report().for_students().checks[2]
    assert hidden.suspects == tried(["stale_bounds", "no_pruning"]) and hidden.shown is None
    assert hidden.calls == ("alphabeta_value",)


def test_a_hidden_check_the_named_mistake_reproduces_points_to_the_diagnosis_not_its_hint():
    said = "The diagnosis of your alphabeta_decision explains this failure."
    assert diagnosed_report().for_students().checks[2].feedback == said
    unexplained = failed("alphabeta_decision: nodes", "x", tried([], ["stale_bounds"]),
                         visibility="hidden")
    [qualified] = with_causes([unexplained], {"alphabeta_decision": Named(("stale_bounds",), ())})
    assert qualified.for_students().feedback.endswith("which your code may or may not have: Prune "
                                                      "when alpha >= beta.")


def test_a_hidden_check_of_a_function_calling_a_failing_one_says_to_fix_that_first():
    """Seen in a trial: a correct alphabeta_decision calling an alphabeta_value whose MIN nodes
    raise alpha (no known mistake) was told its hidden check's hint, to tighten the root's
    bound, which it did."""
    hinted = failed("alphabeta_decision: nodes", "x", visibility="hidden",
                    calls=("alphabeta_value",))
    found = {"alphabeta_decision": Named((), ("alphabeta_value",))}
    [told] = with_causes([hinted], found)
    assert told.for_students().feedback == ("Your alphabeta_decision calls your alphabeta_value, "
                                            "which fails: fix that first.")
    assert with_causes([hinted], {}) == [hinted]


def test_no_function_is_diagnosed_without_a_mistake_or_a_failing_function_it_calls():
    checks = [failed("minimax_value: exact", "minimax_value returned 2.", calls=("center_first",)),
              failed("alphabeta_value: nodes", "x", tried([], ["no_pruning"]))]
    assert function_diagnoses(diagnoses(checks)) == ()


def test_checks_that_fail_alike_are_said_once_with_their_count():
    checks = [failed(f"minimax_value: check {n}", "minimax_value raised NameError: name 'x' is "
                     "not defined") for n in range(4)]
    report = Report(submission="s", sandbox="bwrap", order=ORDER, checks=[
        *checks, failed("minimax_value: other", "minimax_value returned 2.")])
    rendered = text.render(report)
    assert rendered.count("NameError") == 1 and rendered.count("(X to move") == 2
    assert "✗ minimax_value: check 0 (0 / 8, the same failure in 4 checks)" in rendered
    for form in ("markdown", "html"):
        assert FORMATS[form](report).count("NameError") == 1


# Two mistakes at a time (issue 29, seen in a trial): no single one reproduces every failing input,
# so none was named, or one of the two only.

def together(reproduce, contradicted=()):
    return {"reproduce": [], "contradicted": [],
            "together": {"reproduce": [list(pair) for pair in reproduce],
                         "contradicted": [list(pair) for pair in contradicted]}}


def test_a_pair_no_input_contradicts_is_named_where_no_single_mistake_is():
    pair = ("evaluates_terminals", "no_pruning")
    suspects = [together([pair], [("cut_one_level_deep", "no_pruning")]), together([pair])]
    assert named_mistakes("heuristic_value", suspects) == ()
    assert named_together("heuristic_value", suspects) == pair
    assert named_together("heuristic_value", [together([pair]), together([], [pair])]) == ()
    assert named_together("heuristic_value", [together([pair])],
                          beneath=[tried([], ["no_pruning"])]) == ()


def test_of_two_pairs_the_one_another_function_s_failures_confirm_is_named_else_none():
    pairs = [("strict_pruning", "root_not_tightened"), ("root_not_tightened", "no_pruning")]
    assert named_together("alphabeta_decision", [together(pairs)]) == ()
    assert named_together("alphabeta_decision", [together(pairs)],
                          elsewhere=[tried(["strict_pruning"])]) == pairs[0]


def test_of_two_pairs_the_one_another_function_s_pair_confirms_is_named():
    """A heuristic_decision and a heuristic_value sharing a helper that cuts off a level too deep
    and never prunes (issue 29's trial, q01): in the decision, searching the children at full
    depth is the same search as the cut-off too deep; the value function's pair tells which."""
    pairs = [("children_at_full_depth", "no_pruning"), ("cut_one_level_deep", "no_pruning")]
    assert named_together("heuristic_decision", [together(pairs)]) == ()
    assert named_together("heuristic_decision", [together(pairs)],
                          elsewhere=[together(pairs[1:])]) == pairs[1]
    assert named_together("heuristic_decision", [together(pairs)],
                          elsewhere=[together(pairs[1:], pairs[1:])]) == ()  # refuted there


def test_of_two_pairs_both_confirmed_elsewhere_the_one_another_function_is_told_is_named():
    """The same helper under the tests' secret: the deepening decision's inputs, built around the
    value function's wrong nodes, reproduce a cut-off too deep with either no pruning or MIN
    raising alpha (alike in the full window), which confirmed both pairs' names; the value
    function's own inputs, under windows, name one pair, and so does the decision now."""
    shared = [("cut_one_level_deep", "no_pruning"),
              ("cut_one_level_deep", "swapped_bounds_at_min")]
    checks = [failed("heuristic_value: nodes", "x", together(shared[:1])),
              failed("heuristic_decision: nodes", "x", together(shared)),
              failed("iterative_deepening_decision: nodes", "x", together(shared),
                     calls=("heuristic_value",))]
    assert named_together("heuristic_decision", [together(shared)],
                          elsewhere=[together(shared[:1]), together(shared)]) == ()
    assert diagnoses(checks)["heuristic_decision"].mistakes == shared[0]


def test_two_mistakes_in_one_function_are_told_together_with_both_fixes():
    checks = [failed("heuristic_value: nodes", "x", together([("evaluates_terminals",
                                                                "no_pruning")]))]
    [said] = function_diagnoses(diagnoses(checks))
    assert said.mistakes == ("evaluates_terminals", "no_pruning")
    assert said.text.startswith("Diagnosis: on every failing input tried, your heuristic_value "
                                "behaves exactly as a search with both of these common errors "
                                "at once (neither alone does that):\n- a search that tests the "
                                "cut-off before the end of the game")
    assert "\n- a search that never prunes (the fix: stop a node's loop" in said.text


def test_a_decision_is_told_its_own_mistake_over_its_failing_value_function_s():
    """Seen in a trial: a minimax_value that starts v at 0 and a minimax_decision that keeps the
    last of ties; the decision was told only to fix its minimax_value first."""
    checks = [failed("minimax_value: exact", "x", tried(["starts_at_zero"],
                                                        ["levels_from_root"])),
              failed("minimax_decision: trees", "x",
                     together([("last_of_ties", "starts_at_zero")]), calls=("minimax_value",))]
    found = diagnoses(checks)
    assert found["minimax_value"] == Named(("starts_at_zero",), ())
    assert found["minimax_decision"] == Named(("last_of_ties",), ("minimax_value",),
                                              ("last_of_ties", "starts_at_zero"))
    said = {d.function: d.text for d in function_diagnoses(found)}
    assert said["minimax_decision"] == (
        "Your minimax_decision calls your minimax_value, which fails: fix that first.\n"
        "Diagnosis: on every failing input tried, your minimax_decision behaves exactly as a "
        "search that keeps the last of equally good actions, one of the common errors the course "
        "texts warn about, over the search your minimax_value does. The fix: change the best "
        "action only for a strictly better value, so ties keep the first.")
    assert "starts v at 0" not in said["minimax_decision"]


def test_a_decision_calling_a_value_function_with_both_mistakes_is_told_both():
    pair = [("evaluates_terminals", "no_pruning")]
    checks = [failed("heuristic_value: nodes", "x", together(pair)),
              failed("heuristic_decision: nodes", "x", together(pair),
                     calls=("heuristic_value",))]
    found = diagnoses(checks)
    assert found["heuristic_decision"].mistakes == pair[0]


def test_a_hidden_check_a_named_pair_reproduces_points_to_the_diagnosis():
    hidden = failed("alphabeta_decision: nodes", "x",
                    together([("strict_pruning", "root_not_tightened")]),
                    calls=("alphabeta_value",), visibility="hidden")
    found = {"alphabeta_decision": Named(("root_not_tightened",), ("alphabeta_value",),
                                         ("strict_pruning", "root_not_tightened"))}
    [told] = with_causes([hidden], found)
    assert told.for_students().feedback == ("The diagnosis of your alphabeta_decision explains "
                                            "this failure.")


def test_a_hidden_check_no_known_mistake_explains_gives_its_hint_only_as_a_frequent_cause():
    """Seen in a trial: a MIN node raising beta, told by the order-function check's hint to call
    the order function at every node, which its code does."""
    hinted = failed("alphabeta_value: order", "x", tried([], ["no_pruning", "stale_bounds"]),
                    visibility="hidden")
    [told] = with_causes([hinted], diagnoses([hinted]))
    assert told.for_students().feedback == (
        "The grader could not match what your code did here to one of the common errors it "
        "knows, so this hint is a frequent cause, which your code may or may not have: Prune when "
        "alpha >= beta.")
    untried = failed("alphabeta_value: order", "x", None, visibility="hidden")
    assert with_causes([untried], {}) == [untried]


# Tried with the replays themselves (feedback/diagnosis.py, feedback/function_trial.py).

def observation(the_call, **mistakes):
    return as_observation(the_call, Mistakes(**mistakes))


def as_before(pair):
    """A failing input called again by a worker of its own, answered as the checks saw it."""
    return pair.got


def test_two_mistakes_are_tried_at_once_where_neither_alone_reproduces_an_input():
    the_call = calls.call("alphabeta_decision", tree_spec([[[2, 0], [2, 1]], [[1, 1], [2, 1]]]))
    wrong = observation(the_call, strict_pruning=True, root_not_tightened=True)
    assert suspected(the_call, wrong)[0] == ()
    reproduced, contradicted = tried_together("alphabeta_decision", [(the_call, wrong, None)], [])
    assert ("root_not_tightened", "strict_pruning") in reproduced[0]  # in the order suspected
    assert ("root_not_tightened", "strict_pruning") not in contradicted and contradicted


def test_a_mistake_a_later_failing_call_on_any_game_contradicts_is_told_apart():
    """A failing tree that a start at 0 and a root taken for MAX both explain (and a start at 0 at
    MAX nodes only, whose values there are all below 0); the double-threat board, a later check's
    and no tree, which a start at 0 fails (2, not 3), tells them apart."""
    failing = calls.call("minimax_decision", tree_spec([[0, -1], [-1, -2], [-2, -2]], "MIN"))
    board = calls.call("minimax_decision", DOUBLE_THREAT)
    wrong = observation(failing, starts_at_zero=True)
    assert suspected(failing, wrong)[0] == ("starts_at_zero", "levels_from_root",
                                            "starts_at_zero_at_max")
    assert agrees(board, observation(board, starts_at_zero=True), None,
                  "levels_from_root") is False
    assert agrees(calls.call("minimax_decision", EMPTY), observation(board), None,
                  "levels_from_root") is None  # past NODE_CAP: not tried
    check = failed("minimax_decision: trees", "x", tried(*suspected(failing, wrong)))
    pairs = {check.name: Pair("minimax_decision", wrong, observation(failing), failing)}
    later = Pair("minimax_decision", observation(board, starts_at_zero=True), observation(board),
                 board)
    passed = Pair("minimax_decision", observation(board), observation(board), board)
    [again] = tried_again([check], pairs, lambda function: [later], as_before)
    assert again.suspects["reproduce"] == ["starts_at_zero"]
    assert "levels_from_root" in again.suspects["contradicted"] and "together" not in again.suspects
    # a board passed contradicts nothing: a mistake in one branch would be refuted by the other's
    assert tried_again([check], pairs, lambda function: [passed], as_before) == [check]


def test_a_class_s_insights_count_a_failure_for_the_named_mistakes_of_a_pair():
    check = failed("minimax_decision: trees", "x", together([("last_of_ties", "starts_at_zero")]))
    assert named_in(check, {"minimax_decision": ("last_of_ties",)}) == ["last_of_ties"]


def test_no_pair_is_recorded_where_none_reproduces_an_input_as_in_the_students_release():
    """The students' release replays no pair: where no pair reproduces a failure, the grader
    records none either (it recorded every pair refuted, so the two reports differed)."""
    the_call = calls.call("alphabeta_decision", tree_spec([[[2, 0], [2, 1]], [[1, 1], [2, 1]]]))
    wrong = observation(the_call, strict_pruning=True, root_not_tightened=True)
    check = failed("alphabeta_decision: trees", "x", tried(*suspected(the_call, wrong)))
    pairs = {check.name: Pair("alphabeta_decision", wrong, observation(the_call), the_call)}
    [again] = tried_again([check], pairs, lambda function: [], as_before)
    assert ["root_not_tightened", "strict_pruning"] in again.suspects["together"]["reproduce"]
    assert all(pair in again.suspects["together"]["reproduce"]
               for pair in again.suspects["together"]["contradicted"])
    odd = Observation(answer=[9], answer_type="list", trace=wrong.trace)  # no known mistake's
    pairs = {check.name: Pair("alphabeta_decision", odd, observation(the_call), the_call)}
    [again] = tried_again([replace(check, suspects=tried([], ["strict_pruning"]))], pairs,
                          lambda function: [], as_before)
    assert "together" not in again.suspects


def test_a_failing_input_answered_right_by_a_worker_of_its_own_is_told_as_kept_between_calls():
    """A table kept between searches answers a tree with the values of an earlier one: called
    again alone, the same input is answered right, which no mistake of one search explains."""
    the_call = calls.call("minimax_value", tree_spec([[3, 1], [0]]))
    wrong = Observation(answer=7, answer_type="int", trace=observation(the_call).trace)
    check = failed("minimax_value: trees", "x", tried(*suspected(the_call, wrong)))
    assert check.suspects["reproduce"] == []
    pairs = {check.name: Pair("minimax_value", wrong, observation(the_call), the_call)}
    [again] = tried_again([check], pairs, lambda function: [], lambda pair: pair.want)
    assert again.suspects == {"reproduce": ["kept_between_calls"],
                              "contradicted": check.suspects["contradicted"]}
    found = diagnoses([again])
    assert found == {"minimax_value": Named(("kept_between_calls",), ())}
    assert "behaves as a search that keeps something from one call to the next" in text.render(
        Report("s", [again], sandbox="bwrap", order=ORDER, diagnoses=function_diagnoses(found)))
    # answered alone as before: nothing kept between calls is suspected
    assert tried_again([check], pairs, lambda function: [], as_before) == [check]
