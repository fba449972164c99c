"""Grading a class: results per submission, a gradebook, resuming, and the layouts instructors have."""
import csv
import json
import shutil
import stat
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from autograder.commands import gradebook
from autograder.commands.rescoring import rescored
from autograder.language import _, speaking
from autograder.results import CheckResult, Report
from autograder.grading import answers, provenance
from autograder import policy as grading_config
from autograder.commands.batch import Eta, first_failure, stale, staged_contents
from autograder.contract import FILES as CONTRACT_FILES, MODULES
from autograder.intake.classes import Entry, find_submissions
from autograder.intake.students import Enrolled, join_roster
from autograder.errors import UsageError
from support.cli import read_gradebook, run_cli
from support.golden import ORDER
from support.paths import REFERENCE, ROOT
from support.submissions import reference_files


# For the tests of what a batch does whatever the grades: one function's checks, the quickest.
ONE_FUNCTION = ("--only", "rational_response")


def make_class(folder):
    shutil.copytree(ROOT / "examples" / "sample_submission", folder / "alice")
    shutil.copytree(ROOT / "assignments", folder / "bob")
    reference_files(folder / "carol")
    (folder / "dave.zip").write_text("not a zip")
    return folder


@pytest.mark.e2e
def test_a_class_is_graded_into_results_and_a_gradebook(tmp_path):
    output = tmp_path / "out"
    completed = run_cli("grade", make_class(tmp_path / "class"), "--jobs", "2", "--output", output)
    assert completed.returncode == 0, completed.stderr
    book = read_gradebook(output)
    assert set(book) == {"alice", "bob", "carol", "dave"}
    assert book["carol"]["total"] == book["carol"]["max"] == f"{grading_config.load().total:g}"
    assert book["bob"]["total"] == "0" and book["bob"]["status"] == "graded"
    assert book["dave"]["status"].startswith("error: ") and "not a readable zip" in book["dave"][
        "status"]
    alice = json.loads((output / "alice.json").read_text())
    assert book["alice"]["total"] == f"{alice['points']:g}"
    assert {f["function"]: f"{f['points']:g}" for f in alice["functions"]}["guaranteed_decision"] \
        == book["alice"]["guaranteed_decision"]
    assert "Checks failed most often" in completed.stderr and "eta" in completed.stderr

    # What to hand back is what the student would see running the grader: hidden checks as name,
    # points and cause or hint, never the input the instructor's result holds.
    hidden = [c for c in alice["checks"] if c["visibility"] == "hidden" and c["shown"]]
    assert hidden and hidden[0]["status"] == "failed"
    for form, suffix in (("markdown", ".md"), ("html", ".html")):
        handed_back = (output / "feedback" / f"alice{suffix}").read_text()
        assert handed_back == run_cli("grade", tmp_path / "class" / "alice", "--format",
                                      form).stdout
        assert hidden[0]["name"].split(":")[0] in handed_back
        assert hidden[0]["feedback"].splitlines()[0] not in handed_back

    again = run_cli("grade", tmp_path / "class", "--output", output)
    assert "3 submissions already graded" in again.stderr
    assert "(unchanged since the last run; --force tries it again)" in again.stderr  # dave's zip
    assert (output / "alice.json").read_text() == json.dumps(alice, indent=1) + "\n"


@pytest.mark.e2e
def test_force_grades_again_and_results_do_not_change(tmp_path):
    output = tmp_path / "out"
    folder = tmp_path / "class"
    shutil.copytree(ROOT / "examples" / "sample_submission", folder / "alice")
    shutil.copytree(ROOT / "examples" / "sample_submission", folder / "alice2")
    # One function, with a hidden check the sample fails and diagnosis names: test_cli.py holds a
    # whole grading to the same results on every run.
    only = ("--only", "alphabeta_decision")
    assert run_cli("grade", folder, "--output", output, *only).returncode == 0
    first = json.loads((output / "alice.json").read_text())
    assert any(check["status"] == "failed" for check in first["checks"])
    assert run_cli("grade", folder, "--output", output, "--force", *only).returncode == 0
    second = json.loads((output / "alice.json").read_text())
    for result in (first, second):
        for check in result["checks"]:
            check.pop("seconds")
    assert first == second
    twin = json.loads((output / "alice2.json").read_text())
    assert twin["points"] == first["points"]


def test_gradescope_exports_and_nbgrader_layouts_are_read_as_they_are(tmp_path):
    export = tmp_path / "export"
    for name in ("submission_101", "submission_102"):
        (export / name).mkdir(parents=True)
    (export / "submission_metadata.yml").write_text("submission_101: {}\n")
    assert [e.id for e in find_submissions([export], CONTRACT_FILES)] == ["submission_101",
                                                                         "submission_102"]
    (export / "submission_103.zip").write_text("a zip, graded or an error row")
    (export / "submission_metadata.yml").write_text("submission_103: {}\nsubmission_104: {}\n")
    assert [(e.id, e.path and e.path.name) for e in find_submissions([export], CONTRACT_FILES)] == [
        ("submission_101", "submission_101"), ("submission_102", "submission_102"),
        ("submission_103", "submission_103.zip"), ("submission_104", None)]

    course = tmp_path / "course"
    for student in ("ana", "ben"):
        (course / "submitted" / student / "adversarial_search").mkdir(parents=True)
    found = find_submissions([course], CONTRACT_FILES)
    assert [(e.id, e.path.name) for e in found] == [("ana", "adversarial_search"),
                                                    ("ben", "adversarial_search")]


def test_a_class_folder_s_submissions_keep_their_whole_names(tmp_path):
    """A folder is named whole, a zip without its suffix: folders named by the students' emails
    (anna.puig@uni.cat) were read as anna.puig@uni, which no roster matched, so every student of
    the roster was 'not submitted' beside their own graded row (issue 31's Catalan re-trial)."""
    course = tmp_path / "class"
    for name in ("anna.puig@uni.cat", "biel.ferrer@uni.cat"):
        (course / name).mkdir(parents=True)
        (course / name / "minimax.py").write_text("")
    (course / "carla.soler@uni.cat.zip").write_text("a zip, graded or an error row")
    assert [(e.id, e.path.name) for e in find_submissions([course], CONTRACT_FILES)] == [
        ("anna.puig@uni.cat", "anna.puig@uni.cat"), ("biel.ferrer@uni.cat", "biel.ferrer@uni.cat"),
        ("carla.soler@uni.cat", "carla.soler@uni.cat.zip")]
    alone = tmp_path / "dani.vidal@uni.cat"
    alone.mkdir()
    (alone / "minimax.py").write_text("")
    assert [e.id for e in find_submissions([alone], CONTRACT_FILES)] == ["dani.vidal@uni.cat"]


@pytest.mark.e2e
def test_a_submission_graded_alone_is_named_by_its_whole_folder_name(tmp_path):
    """A batch grades each submission with `grade_process PATH`, whose report named
    carla.soler@uni.cat as carla.soler@uni, the heading of her feedback file (issue 31's
    Catalan re-trial)."""
    folder = tmp_path / "carla.soler@uni.cat"
    folder.mkdir()
    shutil.copy(ROOT / "assignments" / "minimax.py", folder)
    completed = subprocess.run([sys.executable, "-m", "autograder.commands.grade_process",
                                str(folder), "--only", "minimax_value", "--format", "json",
                                "--lang", "en"], cwd=ROOT, capture_output=True, text=True,
                               timeout=600)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["submission"] == "carla.soler@uni.cat"


def test_reference_answers_for_other_code_are_ignored(tmp_path):
    path = tmp_path / "answers.json"
    answers.save(path, {"call": {"answer": 3}}, REFERENCE)
    assert answers.load(path, REFERENCE) == {"call": {"answer": 3}}
    data = json.loads(path.read_text())
    data["fingerprint"] = "another reference"
    path.write_text(json.dumps(data))
    assert answers.load(path, REFERENCE) == {}
    assert answers.load(tmp_path / "missing.json", REFERENCE) == {}


def policy_with(tmp_path, old, new):
    """A copy of grading.toml with `old` replaced by `new` (which must be there)."""
    text = (ROOT / "grading.toml").read_text()
    assert old in text
    path = tmp_path / "grading.toml"
    path.write_text(text.replace(old, new))
    return path


@pytest.mark.e2e
def test_a_policy_that_breaks_the_reference_stops_before_any_student(tmp_path):
    tight = policy_with(tmp_path, "memory_mb = 1024", "memory_mb = 80")
    klass = make_class(tmp_path / "class")
    batch = run_cli("grade", klass, "--output", tmp_path / "out", "--config", tight)
    single = run_cli("grade", klass / "carol", "--config", tight)
    for completed in (batch, single):
        assert completed.returncode == 2
        assert completed.stderr.strip().splitlines()[-1].startswith(
            "autograder: the limits in grading.toml break the reference itself: ")
    assert not list((tmp_path / "out").glob("*.json"))


@pytest.mark.e2e
def test_a_resumed_batch_grades_again_what_a_policy_edit_made_stale(tmp_path):
    folder = tmp_path / "class"
    for name in ("stub", "stub2"):  # the stubs: the fastest grading
        shutil.copytree(ROOT / "assignments", folder / name,
                        ignore=shutil.ignore_patterns("nbgrader"))
    output = tmp_path / "out"
    assert run_cli("grade", folder, "--output", output).returncode == 0
    first = read_gradebook(output)
    edited = policy_with(tmp_path, "memory_mb = 1024", "memory_mb = 1000")  # a limit: what ran
    again = run_cli("grade", folder, "--output", output, "--config", edited)
    assert "policy changed since 2 results were made: grading them again" in again.stderr
    second = read_gradebook(output)
    assert {r["policy"] for r in first.values()} != {r["policy"] for r in second.values()}
    assert len({r["policy"] for r in second.values()}) == 1
    assert "already graded" in run_cli("grade", folder, "--output", output, "--config",
                                       edited).stderr


RATIONAL = '"rational_response: random price wars with ties and negatives" = { points = 7 }'
DECISION = '"rational_decision: random price wars with ties and negatives" = { points = 7 }'


@pytest.mark.e2e
def test_an_edit_of_points_or_hints_rescores_the_results_and_one_of_a_limit_grades_again(
        tmp_path):
    """A point moved between two checks, and a hint edited: every result, the gradebook and the
    feedback handed back take the new points without a grading; a limit edited: graded again."""
    folder, output = tmp_path / "class", tmp_path / "out"
    reference_files(folder / "carol")
    shutil.copytree(ROOT / "assignments", folder / "stub", ignore=shutil.ignore_patterns("nbgrader"))
    assert run_cli("grade", folder, "--output", output, *ONE_FUNCTION).returncode == 0
    first = {name: json.loads((output / f"{name}.json").read_text()) for name in ("carol", "stub")}
    assert read_gradebook(output)["carol"]["total"] == "7"
    (tmp_path / "edited").mkdir()
    moved = policy_with(tmp_path / "edited", RATIONAL, RATIONAL.replace("= 7", "= 8"))
    moved.write_text(moved.read_text().replace(DECISION, DECISION.replace(
        "= 7 }", '= 6, hint = "Compare the two prices." }')))
    again = run_cli("grade", folder, "--output", output, "--config", moved, *ONE_FUNCTION)
    assert again.returncode == 0, again.stderr
    assert "points and hints changed: 2 results rescored, none regraded" in again.stderr
    assert "Grading the reference" not in again.stderr and "grading them again" not in again.stderr
    book = read_gradebook(output)
    assert (book["carol"]["total"], book["carol"]["max"]) == ("8", "8")
    assert (book["stub"]["total"], book["stub"]["max"]) == ("0", "8")
    for name, before in first.items():
        after = json.loads((output / f"{name}.json").read_text())
        # the outcomes as they were, to the time each check took: nothing ran again
        assert [(c["status"], c["feedback"], c["seconds"]) for c in after["checks"]] == [
            (c["status"], c["feedback"], c["seconds"]) for c in before["checks"]]
        assert {c["name"]: c["max_points"] for c in after["checks"]}[
            "rational_response: random price wars with ties and negatives"] == 8
    assert "8 / 8" in (output / "feedback" / "carol.md").read_text()
    assert "0 / 8" in (output / "feedback" / "stub.html").read_text()
    assert "already graded" in run_cli("grade", folder, "--output", output, "--config", moved,
                                       *ONE_FUNCTION).stderr

    limited = policy_with(tmp_path, "memory_mb = 1024", "memory_mb = 1000")
    limited.write_text(limited.read_text().replace(RATIONAL, RATIONAL.replace("= 7", "= 8"))
                       .replace(DECISION, DECISION.replace("= 7", "= 6")))
    graded = run_cli("grade", folder, "--output", output, "--config", limited, *ONE_FUNCTION)
    assert "policy changed since 2 results were made: grading them again" in graded.stderr
    assert "rescored" not in graded.stderr


def test_a_rescore_takes_each_check_s_points_from_the_policy_for_its_status_alone():
    """The points in a result's file count for nothing: a failed check claiming its points gets
    none, and the totals are the checks' own."""
    config = grading_config.load()
    name = "rational_response: random price wars with ties and negatives"
    claimed = CheckResult(name, "rational_response", 7, 7, "failed", "wrong")
    passed = CheckResult(name, "rational_response", 0, 1, "passed")
    report = Report("s", [claimed, passed], sandbox="bwrap", order=ORDER, made_with={"policy": "p"},
                    language="ca")
    again = rescored(report, config)
    assert [(c.points, c.max_points) for c in again.checks] == [(0, 7), (7, 7)]
    assert again.points == 7 and again.made_with == {
        "policy": "p", "scoring": provenance.scoring(config)}
    with speaking("ca"):  # named in the language it was graded in, whatever is spoken now
        assert again.checks[0].title == _(name) != name


@pytest.mark.e2e
def test_a_submission_whose_files_changed_is_graded_again(tmp_path):
    """Two students' files swapped between two runs of the same command: both are graded again,
    each with the other's old score, and the summary says why."""
    folder, output = tmp_path / "class", tmp_path / "out"
    reference_files(folder / "ana")
    shutil.copytree(ROOT / "assignments", folder / "ben", ignore=shutil.ignore_patterns("nbgrader"))
    assert run_cli("grade", folder, "--output", output, *ONE_FUNCTION).returncode == 0
    first = read_gradebook(output)
    assert float(first["ana"]["total"]) > float(first["ben"]["total"])
    (folder / "ana").rename(folder / "swap")
    (folder / "ben").rename(folder / "ana")
    (folder / "swap").rename(folder / "ben")
    again = run_cli("grade", folder, "--output", output, *ONE_FUNCTION)
    assert again.returncode == 0, again.stderr
    assert "2 submissions changed since they were graded: grading them again" in again.stderr
    assert "already graded" not in again.stderr
    second = read_gradebook(output)
    assert (second["ana"]["total"], second["ben"]["total"]) == (first["ben"]["total"],
                                                                 first["ana"]["total"])
    unchanged = run_cli("grade", folder, "--output", output, *ONE_FUNCTION)
    assert "2 submissions already graded" in unchanged.stderr and "changed" not in unchanged.stderr


METADATA = """\
submission_1001:
  :submitters:
  - :name: Ana Pop
    :sid: '1001'
    :email: ana@example.edu
  - :name: "=HYPERLINK(\\"http://evil.example\\", \\"Ben\\")"
    :sid: '1002'
    :email: ben@example.edu
  :created_at: 2026-11-30 10:00:00.000000000 -08:00
  :score: !ruby/object:BigDecimal 18:0.5E2
submission_1003:
  :submitters:
  - :name: Carla Ruiz
    :sid: '1003'
    :email: carla@example.edu
"""


def gradescope_export(folder):
    """An export of two submissions, the stubs (the quickest to grade): a group of two and one
    student, as Gradescope writes it, Ruby tags and all."""
    for name in ("submission_1001", "submission_1003"):
        shutil.copytree(ROOT / "assignments", folder / name,
                        ignore=shutil.ignore_patterns("nbgrader"))
    (folder / "submission_metadata.yml").write_text(METADATA)
    return folder


def student(sid, name):
    return f"  - :name: {name}\n    :sid: '{sid}'\n    :email: {sid}@example.edu\n"


@pytest.mark.e2e
def test_an_export_grades_its_zips_names_the_missing_and_never_grades_one_student_twice(tmp_path):
    """A zip on top of an export is graded (or is its error row), a submission the metadata
    names but the export lacks names its students as not submitted, and one student in two
    submissions makes both error rows: never two conflicting grades for one student."""
    export, output = tmp_path / "export", tmp_path / "out"
    export.mkdir()
    metadata = {"submission_1": student(1, "Ana"), "submission_2": student(2, "Ben"),
                "submission_3": student(3, "Cas"), "submission_4": student(4, "Dan"),
                "submission_5": student(5, "Eve"), "submission_6": student(5, "Eve Again")}
    (export / "submission_metadata.yml").write_text("".join(
        f"{name}:\n  :submitters:\n{who}" for name, who in metadata.items()))
    shutil.copytree(ROOT / "assignments", export / "submission_1",
                    ignore=shutil.ignore_patterns("nbgrader"))
    with zipfile.ZipFile(export / "submission_2.zip", "w") as zipped:
        for path in reference_files(tmp_path / "ben").glob("*.py"):
            zipped.write(path, path.name)
    (export / "submission_3.zip").write_text("not a zip")
    for name in ("submission_5", "submission_6"):
        reference_files(export / name)
    completed = run_cli("grade", export, "--output", output, *ONE_FUNCTION)
    assert completed.returncode == 0, completed.stderr
    book = {r["sid"]: r for r in csv.DictReader((output / "gradebook.csv").open(newline=""))}
    assert book["1"]["status"] == book["2"]["status"] == "graded"
    assert float(book["2"]["total"]) > float(book["1"]["total"]) == 0
    assert book["3"]["status"].startswith("error: ") and "not a readable zip" in book["3"]["status"]
    assert book["4"]["status"] == "not submitted" and book["4"]["name"] == "Dan"
    assert "submission_4 of submission_metadata.yml is not in the export: Dan in gradebook.csv " \
           "as not submitted" in completed.stdout
    eves = [r for r in csv.DictReader((output / "gradebook.csv").open(newline=""))
            if r["sid"] == "5"]
    assert [r["id"] for r in eves] == ["submission_5", "submission_6"]
    for row in eves:
        assert row["total"] == "" and row["status"] == (
            "error: '5' is a submitter of 2 submissions (submission_5, submission_6): one "
            "student, one submission; leave the others out")
    assert "2 of 5 submissions graded" in completed.stdout
    assert run_cli("export", "grades", output, "--format", "canvas").returncode == 0
    canvas = list(csv.reader((output / "grades-canvas.csv").open(newline="")))
    assert sorted(row[2] for row in canvas[2:]) == ["1", "2"]


@pytest.mark.e2e
def test_students_are_named_one_row_each_joined_to_a_roster_and_exported(tmp_path):
    export, output = gradescope_export(tmp_path / "export"), tmp_path / "out"
    assert run_cli("grade", export, "--output", output).returncode == 0
    book = list(csv.DictReader((output / "gradebook.csv").open(newline="")))
    assert [(r["id"], r["name"], r["sid"], r["group"]) for r in book] == [
        ("submission_1001", "Ana Pop", "1001", "submission_1001"),
        ("submission_1001", "'=HYPERLINK(\"http://evil.example\", \"Ben\")", "1002",
         "submission_1001"),
        ("submission_1003", "Carla Ruiz", "1003", "")]
    assert book[0]["total"] == book[1]["total"] == book[2]["total"] == "0"

    roster = tmp_path / "roster.csv"
    roster.write_text("Student ID,Full Name,Section\n1001,Ana Popescu,A\n1003,Carla Ruiz,B\n"
                      "1004,Dan Ionescu,A\n")
    joined = run_cli("grade", export, "--output", output, "--roster", roster)
    assert joined.returncode == 0, joined.stderr
    book = {r["sid"]: r for r in csv.DictReader((output / "gradebook.csv").open(newline=""))}
    assert book["1001"]["name"] == "Ana Popescu"  # the registrar's spelling wins
    assert book["1002"]["email"] == "ben@example.edu"  # not on the roster: the platform's
    assert book["1004"]["status"] == "not submitted" and book["1004"]["name"] == "Dan Ionescu"

    for form in ("canvas", "moodle", "csv"):
        exported = run_cli("export", "grades", output, "--format", form)
        assert exported.returncode == 0, exported.stderr
        rows = list(csv.reader((output / f"grades-{form}.csv").open(newline="")))
        graded = [r for r in book.values() if r["status"] == "graded"]
        sids = [row[{"canvas": 2, "moodle": 1, "csv": 1}[form]] for row in rows]
        assert sorted(r["sid"] for r in graded) == sorted(s for s in sids if s.isdigit())
        assert not any(cell.startswith("=") for row in rows for cell in row)
    canvas = list(csv.reader((output / "grades-canvas.csv").open(newline="")))
    assert canvas[1][0] == "Points Possible" and canvas[1][-1] == book["1001"]["max"]

    missing = run_cli("export", "grades", tmp_path / "nowhere", "--format", "canvas")
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1


def test_nbgrader_students_are_named_from_its_gradebook(tmp_path):
    course = tmp_path / "course"
    (course / "submitted" / "ana" / "adversarial_search").mkdir(parents=True)
    with sqlite3.connect(course / "gradebook.db") as database:
        database.execute("CREATE TABLE student (id TEXT, first_name TEXT, last_name TEXT, "
                         "email TEXT, lms_user_id TEXT)")
        database.execute("INSERT INTO student VALUES ('ana', 'Ana', 'Pop', 'ana@x.edu', NULL)")
    [entry] = find_submissions([course], CONTRACT_FILES)
    assert entry.students == (Enrolled("Ana Pop", "ana", "ana@x.edu"),)


@pytest.mark.e2e
def test_a_folder_of_several_submissions_is_an_error_not_a_grade(tmp_path):
    section = tmp_path / "classes" / "section-a"
    for student in ("ana", "ben"):
        reference_files(section / student)
    reference_files(tmp_path / "classes" / "zoe")
    output = tmp_path / "out"
    assert run_cli("grade", tmp_path / "classes", "--output", output, *ONE_FUNCTION).returncode == 0
    status = read_gradebook(output)["section-a"]["status"]
    assert status.startswith("error: ") and "holds solutions in 2 folders (ana, ben)" in status


@pytest.mark.e2e
def test_similarity_names_the_renamed_copies_and_not_the_independent_solution(tmp_path):
    klass = tmp_path / "class"
    for name in ("original", "renamed", "independent"):
        shutil.copytree(ROOT / "tests" / "similarity" / name, klass / name)
    for name in ("inject", "inject-copy"):  # a pair, so the report quotes their code
        shutil.copytree(ROOT / "tests" / "hostile" / "inject_similarity_report", klass / name,
                        ignore=shutil.ignore_patterns("*.toml"))
    output = tmp_path / "out"
    completed = run_cli("grade", klass, "--output", output, "--similarity", *ONE_FUNCTION)
    assert completed.returncode == 0, completed.stderr
    listed = [line for line in completed.stderr.splitlines() if "%" in line and "│" in line]
    assert len(listed) == 2 and not any("independent" in line for line in listed)
    assert any("original" in line and "renamed" in line for line in listed)
    report = (output / "similarity.html").read_text()
    assert "similarity-report-3c9d" in report and "<script>alert" not in report


def test_the_eta_is_the_pace_of_the_whole_batch_so_far():
    def task(completed, elapsed, total=27):
        return SimpleNamespace(completed=completed, elapsed=elapsed, total=total,
                               finished=completed == total)
    # 3 graded in 90 s, all jobs together: 24 left at 30 s each, whatever the last ones took
    assert Eta().render(task(3, 90.0)).plain == "eta 00:12:00"
    assert Eta().render(task(0, 5.0)).plain == "eta -"
    assert Eta().render(task(27, 800.0)).plain == "eta -"


def test_a_roster_joins_by_the_registrars_keys_first_and_refuses_ambiguity(tmp_path):
    victim = Entry("submission_1", Path("a"), (Enrolled("Vic Victim", "111", "vic@x.edu"),))
    # a chosen name
    spoof = Entry("submission_2", Path("b"), (Enrolled("111", "222", "att@x.edu"),))
    roster = tmp_path / "roster.csv"
    roster.write_text("sid,name\n111,Vic Victim\n222,Att Acker\n,No Sid Yet\n")
    joined, absent, matched = join_roster([victim, spoof], roster)
    assert [e.students[0].sid for e in joined] == ["111", "222"] and matched
    assert absent == [Enrolled("No Sid Yet")]  # a row with no key is still a student of the class
    twice = Entry("submission_3", Path("c"), (Enrolled("", "111", ""),))
    with pytest.raises(UsageError, match="matches two students"):
        join_roster([victim, twice], roster)
    roster.write_text("sid,name\n999,Dup One\n999,Dup Two\n")
    with pytest.raises(UsageError, match="twice in its column 'sid'"):
        join_roster([victim], roster)
    roster.write_text("Section\nA\n")
    with pytest.raises(UsageError, match="--roster-column"):
        join_roster([victim], roster)


def test_results_that_cannot_be_read_or_belong_to_another_path_or_files_are_graded_again(
        tmp_path):
    output = tmp_path / "out"
    output.mkdir()
    current = {"policy": "p", "checks": "c", "reference": "r", "grader": "g"}
    entries = [Entry(name, tmp_path / name) for name in ("same", "moved", "cut", "list", "edited")]
    for entry in entries:
        entry.path.mkdir()
        (entry.path / "minimax.py").write_text(f"# {entry.id}'s\n")
    made = lambda entry, path=None: {  # noqa: E731
        **current, "submission": provenance.source(path or entry.path),
        "contents": staged_contents(entry, CONTRACT_FILES)}
    result = {"points": 0, "max_points": 1, "functions": [], "checks": []}
    (output / "same.json").write_text(json.dumps({**result, "made_with": made(entries[0])}))
    (output / "moved.json").write_text(json.dumps({**result, "made_with": made(
        entries[1], tmp_path / "x")}))
    (output / "cut.json").write_text(json.dumps(result)[:20])
    (output / "list.json").write_text("[]")
    (output / "edited.json").write_text(json.dumps({**result, "made_with": made(entries[4])}))
    (entries[4].path / "minimax.py").write_text("# edited since\n")
    (entries[0].path / "notes.txt").write_text("not staged, so not a change")
    found = stale(output, entries, current, CONTRACT_FILES)
    assert {part: [e.id for e in found[part]] for part in found} == {
        "submission": ["moved"], "unreadable": ["cut", "list"], "contents": ["edited"]}
    assert gradebook.rows_of(output, entries[2], None, MODULES)[0][-2] == "not graded"


def test_class_layouts_and_bad_options_are_told_apart_in_one_line(tmp_path):
    export = tmp_path / "export"
    (export / "submission_1").mkdir(parents=True)
    (export / "submission_metadata.yml").write_text("a: &x [1]\nb: *x\n")
    with pytest.raises(UsageError, match="cannot be read"):
        find_submissions([export], CONTRACT_FILES)
    (tmp_path / "taken").write_text("a file")
    (export / "submission_metadata.yml").write_text("submission_1: {}\n")
    for args, says in ((["--output", tmp_path / "taken"], "is a file"),
                       (["--jobs", "-1", "--output", tmp_path / "o"], "invalid choice")):
        completed = run_cli("grade", export, *args)
        assert completed.returncode == 2 and says in completed.stderr, completed.stderr
    (tmp_path / "o" / "gradebook.csv").parent.mkdir()
    (tmp_path / "o" / "gradebook.csv").write_bytes(b"\xff\xfe not utf-8")
    exported = run_cli("export", "grades", tmp_path / "o")
    assert exported.returncode == 2 and "not a gradebook this grader wrote" in exported.stderr


def test_a_gradebook_cell_is_printable_and_never_a_formula(tmp_path):
    entry = Entry("s", tmp_path / "s", (Enrolled("\x1b[31mRed", "=1+1", "@x"),))
    gradebook.write(tmp_path, gradebook.rows_of(tmp_path, entry, None, MODULES), MODULES)
    [row] = list(csv.DictReader((tmp_path / "gradebook.csv").open(newline="")))
    assert row["name"] == "\\x1b[31mRed" and row["sid"] == "'=1+1" and row["email"] == "'@x"


@pytest.mark.e2e
def test_a_class_of_one_is_still_a_class(tmp_path):
    klass = tmp_path / "class"
    shutil.copytree(ROOT / "assignments", klass / "only", ignore=shutil.ignore_patterns("nbgrader"))
    completed = run_cli("grade", klass, "--output", tmp_path / "out")
    assert completed.returncode == 0, completed.stderr
    assert set(read_gradebook(tmp_path / "out")) == {"only"}


@pytest.mark.e2e
def test_a_batch_grades_the_reference_from_the_answers_this_machine_keeps(tmp_path):
    """A batch's reference grading starts from the instructor's cache, as a single grading does,
    and keeps there what it adds: a second class under the same policy computes nothing again."""
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    cache = tmp_path / "cache" / "autograder" / "reference-answers.json"
    answers.keep({"a game only the cache knows": {"answer": 1}}, cache, REFERENCE)
    klass = tmp_path / "class"
    shutil.copytree(ROOT / "assignments", klass / "only", ignore=shutil.ignore_patterns("nbgrader"))
    completed = run_cli("grade", klass, "--output", tmp_path / "out", *ONE_FUNCTION, env=env)
    assert completed.returncode == 0, completed.stderr
    batch = answers.load(tmp_path / "out" / ".cache" / "reference-answers.json", REFERENCE)
    assert batch["a game only the cache knows"] == {"answer": 1}
    assert answers.load(cache, REFERENCE) == batch and len(batch) > 1
    # the official games and their answers, the reference's hidden inputs: the user's alone
    for folder in (tmp_path / "out" / ".cache", cache.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
        for path in folder.iterdir():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_a_broken_reference_is_named_by_a_check_that_ran():
    checks = [CheckResult(name, name.split(":")[0], 0, 1, status, feedback)
              for name, status, feedback in (("minimax_value: left out", "not run", "not run"),
                                             ("alphabeta_value: ran", "passed", ""),
                                             ("alphabeta_value: broke", "failed", "why\nmore"))]
    assert first_failure(checks).name == "alphabeta_value: broke"


def test_the_batch_names_each_roster_student_who_handed_in_nothing(tmp_path, monkeypatch, capsys):
    """Not only gradebook.csv: the batch's closing lines name them, as they name a submission
    submission_metadata.yml lists but the export lacks."""
    from autograder.commands import batch, cli
    for student in ("ana", "ben"):
        (tmp_path / "class" / student).mkdir(parents=True)
        (tmp_path / "class" / student / "minimax.py").write_text("")
    roster = tmp_path / "roster.csv"
    roster.write_text("Nom,Correu\nana,ana@example.edu\nben,ben@example.edu\n"
                      "Clara Bosch,clara@example.edu\n")
    monkeypatch.setattr(batch, "grade_class", lambda *args, **kwargs: [])
    assert cli.main(["grade", str(tmp_path / "class"), "--output", str(tmp_path / "out"),
                     "--roster", str(roster)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Clara Bosch (clara@example.edu) of the roster handed in nothing: in gradebook.csv as "
        "not submitted")
