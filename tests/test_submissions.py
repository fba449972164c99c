"""Every submission under tests/submissions/ gets exactly the outcome its expected.toml derives.

A submission folder holds the student files it changes; the rest of the reference completes it, so a
buggy module must lose points on the functions it breaks and only there. tests/cutoff_submissions
holds the second assignment's. `own_files_only = true`
grades the folder as it is (for stubs and missing files). `feedback` lists fragments some check's
feedback must hold; `not_feedback`, fragments none may.
"""
import pytest

from support.cli import failed_checks, grade_json
from support.submissions import CUTOFF_SUBMISSIONS, SUBMISSIONS, assembled

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("folder", SUBMISSIONS + CUTOFF_SUBMISSIONS, ids=lambda p: p.name)
def test_submission_gets_its_derived_outcome(folder, tmp_path):
    submission = tmp_path / "submission"
    expected = assembled(folder, submission)

    # graded as a student hands it in: the assignment is recognised by the files
    results = grade_json(submission, tmp_path)

    assert failed_checks(results) == set(expected["fails"]), expected["why"]
    broken = {name.split(":")[0] for name in expected["fails"]}
    assert broken <= set(expected["breaks"]), "a check failed outside the functions it breaks"
    for test in results["tests"]:
        assert test["score"] == (0 if test["name"] in expected["fails"] else test["max_score"])
    for fragment in expected.get("feedback", []):
        assert any(fragment in test["output"] for test in results["tests"]), fragment
    for fragment in expected.get("not_feedback", []):
        assert not any(fragment in test["output"] for test in results["tests"]), fragment
