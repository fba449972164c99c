"""What the CI tests (tests/test_ci_*.py) share: the sample submission and a copy of its modules,
the second assignment, a small report made by hand, and whether these tests run in CI, where a
missing tool (node, actionlint) fails them rather than skipping."""
import os
import shutil

from autograder.assignments import chosen
from autograder.results import CheckResult, Report
from support.golden import ORDER
from support.paths import ROOT

SAMPLE = ROOT / "examples" / "sample_submission"
CUTOFF = chosen("cutoff")
IN_CI = os.environ.get("CI") == "true"


def copy_py(source, target):
    target.mkdir(parents=True, exist_ok=True)
    for path in source.glob("*.py"):
        shutil.copy(path, target / path.name)


def small_report(points_by_check, name="assignments"):
    return Report(submission=name, sandbox="bwrap", order=ORDER, checks=[
        CheckResult(name=check, function=check.split(":")[0], points=points, max_points=5,
                    status="passed" if points == 5 else "failed",
                    feedback="" if points == 5 else "wrong")
        for check, points in points_by_check.items()])
