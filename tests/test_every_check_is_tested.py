"""Every check of the grader is itself tested: some submission under tests/ must fail it (its
expected.toml says so, and tests/test_submissions.py or tests/test_hostile.py holds it to that)
and some must pass it (the correct submissions, which get full marks)."""
import tomllib

import pytest

from support.paths import ROOT

EXPECTATIONS = sorted((ROOT / "tests").glob("*/*/expected.toml"))


def expectations():
    return [tomllib.loads(path.read_text()) for path in EXPECTATIONS]


@pytest.mark.parametrize("policy", [ROOT / "grading.toml",
                                    ROOT / "assignments" / "cutoff" / "grading.toml"])
def test_every_check_is_failed_by_some_submission(policy):
    checks = tomllib.loads(policy.read_text())["checks"]
    failed = {name for expected in expectations() for name in expected["fails"]}
    assert set(checks) - failed == set()


def test_every_check_is_passed_by_some_submission():
    correct = [e.get("assignment", "search") for e in expectations()
               if e["fails"] == [] and not e.get("own_files_only")]
    # at least negamax fail-hard, children before the loop, copies and prints; and for the second
    # assignment negamax fail-soft and k counted up from the root
    assert correct.count("search") >= 3 and correct.count("cutoff") >= 2
