"""Every submission under tests/submissions/ gets exactly the outcome its expected.toml derives.

A submission folder holds the student files it changes; the rest of the reference completes it, so a
buggy module must lose points on the functions it breaks and only there. tests/cutoff_submissions
holds the second assignment's. `own_files_only = true`
grades the folder as it is (for stubs and missing files). `feedback` lists fragments some check's
feedback must hold; `not_feedback`, fragments none may. `diagnosis` maps each function whose
failures its `why` puts down to one of the course's known mistakes to that mistake's name (a key
of feedback/mistakes.py's EXPLANATIONS), or to a list of two where it makes both at once (no
single one reproduces its failures): the grading names exactly those, each once, before the
function's failures, and no other mistake anywhere (`diagnosis = {}`: none at all).
"""
import re

import pytest

from autograder.feedback.mistakes import EXPLANATIONS

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
    assert named_mistakes(results) == {
        function: ("together", *sorted(mistakes)) if isinstance(mistakes, list) else (mistakes,)
        for function, mistakes in expected["diagnosis"].items()}, expected["why"]


DIAGNOSIS = re.compile(r"^Diagnosis: .*? your (\w+) behaves", re.MULTILINE)
TOGETHER = "a search with both of these common errors at once"


def named_mistakes(results):
    """{function: (the mistakes named for it, sorted)} in a results.json, each function's said
    once, led by "together" where it names two made at once: its diagnosis is a paragraph of its own (the
    "Diagnosis:" line, then one "- " line per mistake when it names several), and no other
    paragraph may name a mistake."""
    named = {}
    for test in results["tests"]:
        for paragraph in test["output"].split("\n\n"):
            # a mistake's words end where the sentence goes on (", one of ...", ": called ..." or
            # " (the fix ..."): "never prunes" is not "never prunes at MIN nodes"
            mistakes = [name for name, (does, _fix) in EXPLANATIONS.items()
                        if re.search(f"a search that {re.escape(does)}([,:]| \\()", paragraph)]
            found = DIAGNOSIS.search(paragraph)
            assert found or not mistakes, f"a mistake named outside a diagnosis: {paragraph}"
            if found:
                assert found.group(1) not in named, f"{found.group(1)} diagnosed twice"
                named[found.group(1)] = (("together",) if TOGETHER in paragraph else ()) + tuple(
                    sorted(mistakes))
    return named
