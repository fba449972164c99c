"""The reference's answers the students' repository grades from: the reference graded on the
public games by the released grader itself, its answers recorded beside the released checks.

Without a reference, the public checks read the reference's answers from that file: hypothesis is
derandomized, so a student's run meets exactly the games that file answers, until a check fails;
then it shrinks the failure only through games the file holds (see checks/calling.py). A release
made again recalls that grading from the cache while the released grader, policy and reference are
the same (release_cache.py).
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from autograder.assignments import SEARCH
from autograder.distribution import release_cache
from autograder.distribution.students_repository import ROOT, declaration_without, inside
from autograder.errors import GradingError
from autograder.results import load_report


def record_answers(target, assignment):
    """Grade the reference with the released grader and keep the reference's answers, with what
    the feedback engine finds on each of their games; or recall them from an earlier release of
    the same grader, policy and reference (release_cache.py)."""
    recorded = target / inside(assignment.answers)
    key = release_cache.reference_key([target / "autograder", target / inside(assignment.checks),
                                       target / inside(assignment.policy)], assignment)
    if release_cache.recalled(key, {".reference.json.gz": recorded}):
        return
    grade_reference(target, assignment)
    release_cache.remember(key, {".reference.json.gz": recorded})


def grade_reference(target, assignment):
    """Grade the reference with the released grader, its answers recorded in the release."""
    with tempfile.TemporaryDirectory(prefix="autograder-release-") as scratch:
        submission = Path(scratch) / "reference"
        submission.mkdir()
        for name in assignment.files:
            shutil.copy(assignment.reference / name, submission / name)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the released grader, and the reference
        command = [sys.executable, "-m", "autograder.commands.grade_process", str(submission),
                   "--format", "json", "--output", str(Path(scratch) / "report.json"),
                   *released_assignment(target, assignment, scratch),
                   "--record-answers", str(target / inside(assignment.answers))]
        completed = subprocess.run(command, cwd=target, env=env, capture_output=True, text=True)
        if completed.returncode != 0:
            raise GradingError(f"grading the reference with the release failed: "
                               f"{completed.stderr.strip().splitlines()[-1:]}")
        report = load_report(Path(scratch) / "report.json")
    if report.points != report.max_points:
        raise GradingError("the reference does not get full marks on the public checks")


def released_assignment(target, assignment, scratch):
    """The --assignment option that has the released grader grade `assignment` with its released
    checks and policy and this project's reference: none for the first, whose reference the
    released grader imports (see record_answers); for another, a file declaring just that."""
    if assignment is SEARCH:
        return []
    declaration = Path(scratch) / "assignment.toml"
    declaration.write_text(declaration_without(
        assignment, ("reference", "mistakes", "checks", "policy"),
        {"reference": assignment.reference, "checks": target / inside(assignment.checks),
         "policy": target / inside(assignment.policy)}), encoding="utf-8")
    return ["--assignment", str(declaration)]
