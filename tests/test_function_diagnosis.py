"""One diagnosis per function: named from all its failing checks, never a mistake a failing input
contradicts, said once before its failures in every report (hidden checks' included, without their
input); a failing function that calls a failing one says so first; failures alike are said once
with their count."""
import json

import pytest

from autograder.engine import function_diagnoses
from autograder.feedback.function_diagnosis import diagnoses, named_mistakes, with_causes
from autograder.reporters import FORMATS, text
from autograder.results import CheckResult, Report


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


def test_equals_are_told_apart_by_the_mistake_another_function_s_failures_confirm():
    assert named_mistakes("alphabeta_decision", [tried(["root_not_tightened", "no_pruning"])],
                          elsewhere=[tried(["no_pruning"])]) == ("no_pruning",)


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
    return Report(submission="s", sandbox="bwrap", checks=with_causes(checks, found),
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
    assert with_causes([unexplained], {"alphabeta_decision": (("stale_bounds",), ())}) == [
        unexplained]


def test_a_hidden_check_of_a_function_calling_a_failing_one_says_to_fix_that_first():
    """Seen in a trial: a correct alphabeta_decision calling an alphabeta_value whose MIN nodes
    raise alpha (no known mistake) was told its hidden check's hint, to tighten the root's
    bound, which it did."""
    hinted = failed("alphabeta_decision: nodes", "x", visibility="hidden",
                    calls=("alphabeta_value",))
    found = {"alphabeta_decision": ((), ("alphabeta_value",))}
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
    report = Report(submission="s", sandbox="bwrap", checks=[
        *checks, failed("minimax_value: other", "minimax_value returned 2.")])
    rendered = text.render(report)
    assert rendered.count("NameError") == 1 and rendered.count("(X to move") == 2
    assert "✗ minimax_value: check 0 (0 / 8, the same failure in 4 checks)" in rendered
    for form in ("markdown", "html"):
        assert FORMATS[form](report).count("NameError") == 1
