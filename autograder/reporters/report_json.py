"""The whole Report as JSON: what batch grading keeps per submission and builds the gradebook
from."""
import dataclasses
import json

from autograder.reporters.readable import readable


def render(report):
    return json.dumps(as_data(report), indent=1) + "\n"


def as_data(report):
    """The data render writes as JSON: for a file that carries a report inside its own (the
    notebook's test cells are handed one, commands/nbgrader_grading.py)."""
    report = readable(report)
    data = dataclasses.asdict(report)
    data["points"], data["max_points"] = report.points, report.max_points
    data["functions"] = [dataclasses.asdict(summary) for summary in report.by_function()]
    return data
