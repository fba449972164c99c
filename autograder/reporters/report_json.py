"""The whole Report as JSON: what batch grading keeps per submission and builds the gradebook
from."""
import dataclasses
import json

from autograder.reporters.readable import readable


def render(report):
    report = readable(report)
    data = dataclasses.asdict(report)
    data["points"], data["max_points"] = report.points, report.max_points
    data["functions"] = [dataclasses.asdict(summary) for summary in report.by_function()]
    return json.dumps(data, indent=1) + "\n"
