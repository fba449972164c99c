"""Gradescope's results.json: one test per check, with the top-level score and max_score.

A hidden check is a visible Gradescope test whose output is only the hint (students see its name
and points); after_due_date maps to Gradescope's own after_due_date. A function's diagnosis opens
the output of its first failing check. A check this grading did not
run (--only) is left out rather than shown as a failed test of score 0 (Gradescope knows no other
status): the top-level output names the functions left out, and the scores are out of what ran.
"""
import json

from autograder.language import _
from autograder.reporters.readable import readable
from autograder.reporters.text import not_run_line, with_diagnosis

GRADESCOPE_VISIBILITY = {"visible": "visible", "hidden": "visible",
                         "after_due_date": "after_due_date"}


def render(report):
    report = readable(report)
    tests = [{"name": check.shown_name, "score": check.points, "max_score": check.max_points,
              "status": "passed" if check.passed else "failed",
              "output": with_diagnosis(report, check),
              "visibility": GRADESCOPE_VISIBILITY[check.visibility]}
             for check in report.checks if check.ran]
    not_run = f" {not_run_line(report)}" if not_run_line(report) else ""
    results = {"score": report.points, "max_score": report.max_points,
               # TRANSLATORS: {sandbox} is the sandbox's name: bwrap, unshare, rlimits or plain
               "output": _("Graded with the {sandbox} sandbox.").format(
                   sandbox=report.sandbox) + not_run,
               "visibility": "visible", "stdout_visibility": "hidden", "tests": tests}
    return json.dumps(results, indent=2) + "\n"
