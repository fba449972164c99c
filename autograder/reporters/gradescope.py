"""Gradescope's results.json: one test per check, with the top-level score and max_score.

A hidden check is a visible Gradescope test whose output is only the hint (students see its name
and points); after_due_date maps to Gradescope's own after_due_date.
"""
import json

from autograder.reporters.readable import readable
from autograder.reporters.text import feedback_with_input


GRADESCOPE_VISIBILITY = {"visible": "visible", "hidden": "visible",
                         "after_due_date": "after_due_date"}


def render(report):
    report = readable(report)
    tests = [{"name": check.name, "score": check.points, "max_score": check.max_points,
              "status": "passed" if check.passed else "failed",
              "output": feedback_with_input(check),
              "visibility": GRADESCOPE_VISIBILITY[check.visibility]}
             for check in report.checks]
    results = {"score": report.points, "max_score": report.max_points,
               "output": f"Graded with the {report.sandbox} sandbox.",
               "visibility": "visible", "stdout_visibility": "hidden", "tests": tests}
    return json.dumps(results, indent=2) + "\n"
