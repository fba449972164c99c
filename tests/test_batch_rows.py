"""A batch's rows and what it says, with each submission's grading stood in for (what the grading
itself does is tests/test_batch.py's): an error row's feedback file and its status without the
instructor's paths, a line per submission in a log, the checks failed most often among those
that ran, how many were graded when Ctrl-C stops a --force, a roster in the course's language."""
import csv
import io
import json
import signal

import pytest
from rich.console import Console

from autograder import policy as grading_config
from autograder.assignments import SEARCH
from autograder.commands import batch
from autograder.commands.gradebook import result_path
from autograder.commands.side_by_side import Stopped
from autograder.intake.classes import Entry
from autograder.intake.students import Enrolled, read_roster, roster_student
from autograder.language import speaking
from autograder.results import NOT_RUN


def grade_class(entries, output, config, **options):
    """batch.grade_class of the first assignment."""
    return batch.grade_class(entries, output, config, assignment=SEARCH, **options)


def check(name, status):
    """A check of a result as report.json keeps it, worth a point."""
    return {"name": name, "function": name.split(":")[0], "points": float(status == "passed"),
            "max_points": 1, "status": status}


def result(points, checks=()):
    return {"points": points, "max_points": 10, "functions": [
        {"function": "minimax_value", "points": points}], "checks": list(checks),
        "made_with": {"policy": "p" * 64}}


@pytest.fixture
def klass(tmp_path, monkeypatch):
    """Two submissions, whose reference grading is stood in for."""
    entries = [Entry(name, tmp_path / "class" / name) for name in ("ana", "ben")]
    for entry in entries:
        entry.path.mkdir(parents=True)
        (entry.path / "minimax.py").write_text("# hers\n")
    monkeypatch.setattr(batch, "reference_answers", lambda *_: tmp_path / "answers.json")
    return entries


def graded_as(results):
    """A grade_one that writes `results[id]`, or returns it when it is a reason."""
    def grade_one(gradings, entry, output, options, seconds):
        outcome = results[entry.id]
        if isinstance(outcome, str):
            return outcome
        result_path(output, entry).write_text(json.dumps(outcome))
        return None
    return grade_one


def test_an_error_row_gets_a_feedback_file_and_no_absolute_path(klass, tmp_path, monkeypatch):
    output = tmp_path / "out"
    where = klass[1].path
    monkeypatch.setattr(batch, "grade_one", graded_as({
        "ana": result(10),
        "ben": f"{where}/solution.zip: not a readable zip (/tmp/autograder-grading-x1/y/z.py)"}))
    with speaking("ca"):
        errors = grade_class(klass, output, grading_config.load())
    assert errors == {"ben": "solution.zip: not a readable zip (z.py)"}
    rows = {r["id"]: r for r in csv.DictReader((output / "gradebook.csv").open(newline=""))}
    assert rows["ben"]["status"] == "error: solution.zip: not a readable zip (z.py)"
    assert str(tmp_path) not in (output / "gradebook.csv").read_text()
    feedback = (output / "feedback" / "ben.md").read_text()
    assert feedback.startswith("No s'ha pogut corregir aquest lliurament: ") and "z.py" in feedback
    assert str(tmp_path) not in feedback
    html = (output / "feedback" / "ben.html").read_text()
    assert '<html lang="ca">' in html and "solution.zip: not a readable zip" in html


def test_a_log_shows_a_line_per_submission(klass, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(batch, "grade_one", graded_as({"ana": result(10), "ben": "broken"}))
    grade_class(klass, tmp_path / "out", grading_config.load(), jobs=1)
    lines = capsys.readouterr().err.splitlines()
    assert sorted(line for line in lines if line.startswith("[")) == [
        "[1/2] ana: graded", "[2/2] ben: could not grade: broken"] or sorted(
        line for line in lines if line.startswith("[")) == [
        "[1/2] ben: could not grade: broken", "[2/2] ana: graded"]


def test_a_log_says_the_gradings_started_before_the_first_is_done(klass, tmp_path, monkeypatch,
                                                                   capsys):
    """The first submission's line came 35 s after the reference's: a log says at once what is
    under way."""
    monkeypatch.setattr(batch, "grade_one", graded_as({"ana": result(10), "ben": "broken"}))
    grade_class(klass, tmp_path / "out", grading_config.load(), jobs=1)
    lines = capsys.readouterr().err.splitlines()
    started = lines.index("Grading 2 submissions: a line as each is done")
    assert started < min(i for i, line in enumerate(lines) if line.startswith("[1/2] "))


def test_a_log_is_told_the_gradings_are_still_running_between_submissions(klass, tmp_path,
                                                                          monkeypatch, capsys):
    """A batch's log went 102 s without a line between two submissions (issue 31's Catalan
    trial): while gradings run it gets a line every few seconds, and one when they are done."""
    import time
    slow = graded_as({"ana": result(10), "ben": result(5)})
    monkeypatch.setattr(batch, "grade_one", lambda *a: time.sleep(0.35) or slow(*a))
    monkeypatch.setattr("autograder.commands.waiting.EVERY", 0.1)
    grade_class(klass, tmp_path / "out", grading_config.load(), jobs=1)
    lines = capsys.readouterr().err.splitlines()
    first = min(i for i, line in enumerate(lines) if line.startswith("[1/2] "))
    second = min(i for i, line in enumerate(lines) if line.startswith("[2/2] "))
    assert any(line.startswith("grading: still running (") for line in lines[first + 1:second])
    assert any(line.startswith("grading: done (") for line in lines[second + 1:])


def test_a_log_holds_no_bar(klass, tmp_path, monkeypatch, capsys):
    """The bar is a terminal's: rich draws it once more as it stops, which a log kept as a line
    ("grading ━━━━ 2/2 0:00:01 eta -") among the submissions' own."""
    monkeypatch.setattr(batch, "grade_one", graded_as({"ana": result(10), "ben": "broken"}))
    grade_class(klass, tmp_path / "out", grading_config.load(), jobs=1)
    captured = capsys.readouterr()
    assert [line for line in (captured.err + captured.out).splitlines()
            if line.startswith("grading ")] == []


def test_the_checks_failed_most_often_are_checks_that_ran(tmp_path):
    """A batch with --only: the checks it left out failed nobody."""
    entries = [Entry("ana", tmp_path / "ana")]
    result_path(tmp_path, entries[0]).write_text(json.dumps(result(0, [
        check("minimax_value: ran", "failed"), check("alphabeta_value: left out", NOT_RUN)])))
    out = io.StringIO()
    batch.summary(tmp_path, entries, Console(file=out, width=200))
    assert "minimax_value: ran" in out.getvalue()
    assert "left out" not in out.getvalue()


def test_ctrl_c_during_force_counts_only_what_was_graded_again(klass, tmp_path, monkeypatch):
    output = tmp_path / "out"
    output.mkdir()
    for entry in klass:
        result_path(output, entry).write_text(json.dumps(result(5)))

    def stopped(gradings, *_):
        gradings.stop(signal.SIGINT)
        raise Stopped(signal.SIGINT)

    monkeypatch.setattr(batch, "grade_one", stopped)
    with pytest.raises(Stopped) as stop:
        grade_class(klass, output, grading_config.load(), force=True)
    assert str(stop.value) == "stopped after 0 of 2; run the same command to resume"


@pytest.mark.parametrize("header, student", [
    ("Nom,Correu,NIU", ("Anna Puig", "1", "anna@uni.cat")),                   # Catalan
    ("Nombre,Correo electrónico,DNI", ("Anna Puig", "1", "anna@uni.cat")),    # Spanish
    ("Nome,Email,Matricola", ("Anna Puig", "1", "anna@uni.cat")),             # Italian
    ("Nume,Adresă de email,Număr matricol", ("Anna Puig", "1", "anna@uni.cat")),  # Romanian
    ("Nom complet,Adreça electrònica", ("Anna Puig", "", "1")),              # Moodle in Catalan
])
def test_a_roster_in_the_courses_language_needs_no_roster_column(header, student, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(f"{header}\nAnna Puig,{'anna@uni.cat,1' if header.count(',') == 2 else 1}\n",
                      encoding="utf-8")
    column, rows = read_roster(roster)
    assert column == header.split(",")[2 if header.count(",") == 2 else 1]
    name, sid, email = student
    found = roster_student(rows[0])
    assert found.name == name and (found.sid, found.email) == (
        (sid, email) if header.count(",") == 2 else ("", "1"))


def test_two_submissions_of_one_student_get_feedback_files_saying_why(klass, tmp_path,
                                                                      monkeypatch):
    twice = [Entry(e.id, e.path, (Enrolled("Ana", "7"),)) for e in klass]
    monkeypatch.setattr(batch, "grade_one", lambda *_: pytest.fail("graded"))
    errors = grade_class(twice, tmp_path / "out", grading_config.load())
    assert set(errors) == {"ana", "ben"}
    for entry in twice:
        assert "is a submitter of 2 submissions" in (
            tmp_path / "out" / "feedback" / f"{entry.id}.md").read_text()


def test_a_log_shows_the_reference_grading_under_way(klass, tmp_path, monkeypatch, capsys):
    """The reference's grading took 53 s with nothing said after its first line; a log now gets
    a line every few seconds of it, and one when it is done."""
    import time
    monkeypatch.setattr(batch, "reference_answers",
                        lambda *_: time.sleep(0.35) or tmp_path / "answers.json")
    monkeypatch.setattr("autograder.commands.waiting.EVERY", 0.1)
    monkeypatch.setattr(batch, "grade_one", graded_as({"ana": result(10), "ben": result(5)}))
    grade_class(klass, tmp_path / "out", grading_config.load(), jobs=1)
    lines = capsys.readouterr().err.splitlines()
    start = lines.index("Grading the reference once, under the policy's limits...")
    waited = lines[start + 1:lines.index("the reference's grading: done (0 s)")]
    assert len(waited) >= 2 and set(waited) == {"the reference's grading: still running (0 s)"}


def test_a_resumed_batch_reuses_the_reference_grading_and_says_so(klass, tmp_path, monkeypatch,
                                                                  capsys):
    """A resume graded the reference again only when what its grading depends on changed (the
    policy's checks, limits and games, the checks, the reference, the grader); else it says it
    reuses it, where it said it graded it once more."""
    from autograder.grading import answers, provenance
    config, output = grading_config.load(), tmp_path / "out"
    (output / ".cache").mkdir(parents=True)
    answers.save(output / batch.ANSWERS_FILE, {"a game": 1}, SEARCH.reference)
    kept = {**result(10), "max_points": 10, "made_with": provenance.made_with(config, SEARCH)}
    (output / batch.REFERENCE_RESULT).write_text(json.dumps(kept))
    graded = []
    monkeypatch.setattr(batch, "reference_answers", lambda *_: graded.append(1))
    monkeypatch.setattr(batch, "grade_one", graded_as({"ana": result(10), "ben": result(5)}))
    grade_class(klass, output, config, jobs=1)
    said = capsys.readouterr().err
    assert graded == [] and "Grading the reference" not in said
    assert (f"The reference's grading in {output / '.cache'} still holds (nothing it depends on "
            f"changed): reused") in said
    kept["made_with"]["policy"] = "another policy"
    (output / batch.REFERENCE_RESULT).write_text(json.dumps(kept))
    grade_class(klass, output, config, jobs=1, force=True)
    assert graded == [1] and "Grading the reference once" in capsys.readouterr().err


def test_a_broken_zip_keeps_its_error_row_until_it_changes(klass, tmp_path, monkeypatch, capsys):
    """Issue 31's Catalan trial: a broken zip was tried again on every run of the batch (2.5 s
    each), where a graded submission is kept until it changes. A grading past its time limit
    (ben's folder stages) may pass on a quieter machine: it is tried again."""
    broken = Entry("cas", tmp_path / "class" / "cas.zip")
    broken.path.write_text("not a zip")
    tried = []
    grade = graded_as({"ana": result(10), "ben": "grading stopped: took longer than 9 s",
                       "cas": "cas.zip: not a readable zip"})
    monkeypatch.setattr(batch, "grade_one", lambda gradings, entry, *rest: tried.append(
        entry.id) or grade(gradings, entry, *rest))
    config, entries = grading_config.load(), [*klass, broken]
    assert grade_class(entries, tmp_path / "out", config)["cas"] == "cas.zip: not a readable zip"
    assert sorted(tried) == ["ana", "ben", "cas"]
    capsys.readouterr()
    tried.clear()
    assert grade_class(entries, tmp_path / "out", config)["cas"] == "cas.zip: not a readable zip"
    assert "cas" not in tried and "ben" in tried
    assert "cas: could not grade: cas.zip: not a readable zip (unchanged since the last run; " \
           "--force tries it again)" in capsys.readouterr().err
    rows = {r["id"]: r for r in csv.DictReader((tmp_path / "out" / "gradebook.csv").open())}
    assert rows["cas"]["status"] == "error: cas.zip: not a readable zip"
    broken.path.write_text("still not a zip")
    tried.clear()
    grade_class(entries, tmp_path / "out", config)
    assert "cas" in tried
    tried.clear()
    grade_class(entries, tmp_path / "out", config, force=True)
    assert "cas" in tried
