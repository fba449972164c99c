"""`export grades`: an LMS's import file that says whom it leaves out and why, and refuses results
made under another policy than the assignment's now, unless told (--allow-stale)."""
import csv
from dataclasses import replace

import pytest

from autograder import assignments, policy as grading_config
from autograder.assignments import SEARCH
from autograder.commands import cli, gradebook
from autograder.contract import MODULES
from autograder.grading import provenance

CURRENT = provenance.short_policy(replace(grading_config.load(SEARCH.policy), language="ca"))


def row(id, name, sid, status="graded", total="50", policy=CURRENT):
    points = ["10"] * len(MODULES) if status == "graded" else [""] * len(MODULES)
    return [id, name, sid, f"{sid}@example.edu", "", *points,
            total if status == "graded" else "", "100" if status == "graded" else "", status,
            policy if status == "graded" else ""]


@pytest.fixture
def graded(tmp_path):
    """A class of two graded students, one whose submission could not be graded, and one who
    handed in nothing."""
    gradebook.write(tmp_path, [
        row("submission_1", "Ana", "1"), row("submission_2", "Ben", "2", total="70"),
        row("submission_3", "Cas", "3", status="error: not a readable zip: upload it again"),
        ["", "Dan \x1b[31m", "4", "4@example.edu", "", *[""] * (len(MODULES) + 2),
         gradebook.ABSENT, ""]], MODULES)
    return tmp_path


@pytest.mark.parametrize("form", ["canvas", "moodle"])
def test_the_export_lists_whom_it_leaves_out_and_why(graded, form, capsys):
    assert cli.main(["export", "grades", str(graded), "--format", form]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"wrote {graded / f'grades-{form}.csv'}: 2 students graded; left out 2, who have no "
        f"grade:",
        "  Cas (3, 3@example.edu, submission_3): error: not a readable zip: upload it again",
        "  Dan \\x1b[31m (4, 4@example.edu): not submitted"]
    exported = list(csv.reader((graded / f"grades-{form}.csv").open(newline="")))
    assert sum(row[-1] in ("50", "70") for row in exported) == 2


def test_results_made_under_another_policy_are_refused_unless_allowed(graded, capsys):
    path = graded / gradebook.FILE
    path.write_text(path.read_text().replace(CURRENT, "0123456789ab", 1))
    assert cli.main(["export", "grades", str(graded), "--format", "canvas"]) == 2
    assert capsys.readouterr().err == (
        f"autograder: 1 graded results in {graded} were made under another policy than the "
        f"assignment's grading.toml now: grade the class again into {graded} to bring them up "
        f"to date, or pass --allow-stale to export them as they are\n")
    assert not (graded / "grades-canvas.csv").exists()
    assert cli.main(["export", "grades", str(graded), "--format", "canvas",
                     "--allow-stale"]) == 0
    assert capsys.readouterr().err == ("autograder: warning: 1 of the results exported were made "
                                       "under another policy (--allow-stale)\n")


def test_a_points_edit_makes_the_results_stale(graded, tmp_path, capsys):
    """The instructor's edit of grading.toml after grading: exit 0 with the old totals was the
    bug."""
    edited = tmp_path / "edited.toml"
    edited.write_text(SEARCH.policy.read_text().replace(
        '"minimax_value: exact values on random trees" = { points = 5 }',
        '"minimax_value: exact values on random trees" = { points = 4 }').replace(
        '"minimax_value: examines every node" = { points = 2 }',
        '"minimax_value: examines every node" = { points = 3 }'))
    assert cli.main(["export", "grades", str(graded), "--config", str(edited)]) == 2
    assert "2 graded results" in capsys.readouterr().err


def test_without_the_secret_official_results_cannot_be_told_apart(graded, monkeypatch,
                                                                   capsys):
    official = provenance.short_policy(replace(
        grading_config.load(SEARCH.policy), secret="the-course-secret-0123", language="en"))
    path = graded / gradebook.FILE
    path.write_text(path.read_text().replace(CURRENT, official))
    monkeypatch.setenv("AUTOGRADER_SECRET", "the-course-secret-0123")
    assert cli.main(["export", "grades", str(graded)]) == 0
    monkeypatch.delenv("AUTOGRADER_SECRET")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(graded / "no-config"))
    assert cli.main(["export", "grades", str(graded)]) == 2
    assert capsys.readouterr().err.endswith(
        f"cannot tell whether 2 graded results in {graded} were made under the policy now "
        f"without the course's secret: set AUTOGRADER_SECRET as when grading, or pass "
        f"--allow-stale\n")


@pytest.mark.parametrize("form", ["canvas", "moodle"])
def test_each_assignment_exports_a_column_of_its_own(tmp_path, form):
    """The second assignment's grades must not land in the first's LMS column: by default the
    column is named after the gradebook's assignment, and --assignment still names it."""
    cutoff = next(a for a in assignments.built_in() if a.name == "cutoff")
    policy = provenance.short_policy(replace(grading_config.load(cutoff.policy), language="ca"))
    functions = list(cutoff.modules)
    gradebook.write(tmp_path, [["submission_1", "Ana", "1", "1@example.edu", "",
                                *["1"] * len(functions), "90", "100", "graded", policy]],
                    functions)
    columns = {}
    for extra in ([], ["--assignment", "Cerca amb tall"]):
        assert cli.main(["export", "grades", str(tmp_path), "--format", form, *extra]) == 0
        columns[bool(extra)] = next(csv.reader((tmp_path / f"grades-{form}.csv").open()))[-1]
    assert columns == {False: "cutoff", True: "Cerca amb tall"}


def test_the_first_assignment_keeps_its_column(graded):
    assert cli.main(["export", "grades", str(graded), "--format", "moodle"]) == 0
    assert next(csv.reader((graded / "grades-moodle.csv").open()))[-1] == "Adversarial search"


def test_the_first_assignments_column_is_named_in_the_course_language(graded, tmp_path):
    """A Catalan course's LMS shows its students the column in Catalan."""
    catalan = tmp_path / "grading.toml"
    catalan.write_text(SEARCH.policy.read_text().replace('# language = "ca"', 'language = "ca"',
                                                         1))
    assert grading_config.load(catalan).language == "ca"
    assert cli.main(["export", "grades", str(graded), "--format", "moodle",
                     "--config", str(catalan)]) == 0
    assert next(csv.reader((graded / "grades-moodle.csv").open()))[-1] == "Cerca amb adversari"


def test_a_student_whose_submission_is_named_by_their_email_is_named_once(tmp_path, capsys):
    gradebook.write(tmp_path, [
        row("1@example.edu", "Ana", "1"),
        ["ben@example.edu", "Ben", "", "ben@example.edu", "", *[""] * (len(MODULES) + 2),
         "error: not a readable zip: upload it again", ""]], MODULES)
    assert cli.main(["export", "grades", str(tmp_path), "--format", "canvas"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "  Ben (ben@example.edu): error: not a readable zip: upload it again"]
