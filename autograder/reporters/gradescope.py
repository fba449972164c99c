"""Gradescope's results.json: one test per check, with the top-level score and max_score."""
import json


def render(report):
    tests = [{"name": check.name, "score": check.points, "max_score": check.max_points,
              "status": "passed" if check.passed else "failed", "output": check.feedback,
              "visibility": "visible"}
             for check in report.checks]
    results = {"score": report.points, "max_score": report.max_points,
               "output": f"Graded with the {report.sandbox} sandbox.",
               "visibility": "visible", "stdout_visibility": "hidden", "tests": tests}
    return json.dumps(results, indent=2) + "\n"
