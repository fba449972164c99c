"""A class's insights: the known mistakes ranked by how many students made them, counted from a
class of tests/submissions/ entries graded for real and held to what their expected.toml says;
the shareable copy's privacy (no names, "fewer than 3", no hidden check's input); student text
escaped; the page in headless Chromium with its charts, in English and Catalan; the other
sections (hidden checks, failures no mistake explains, errors, comparison) on results made here;
and the lessons' quotes held to the course texts."""
import json
import os
import re
import shutil
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from autograder.commands import insights
from autograder.feedback.mistakes import EXPLANATIONS
from autograder.reporters import insights as pages
from autograder.results import CheckResult, FunctionDiagnosis, Report
from support.browser import CHROMIUM, chromium
from support.cli import run_cli
from support.golden import ORDER
from support.paths import ROOT

SUBMISSIONS = ROOT / "tests" / "submissions"
HOSTILE = "<img src=x onerror=alert(1)> @team [x](http:evil)"
# Who hands in what: three make the same mistake, so that one count is shown exactly.
CLASS = {"alice": "bug_equality_does_not_prune", "bob": "bug_equality_does_not_prune",
         "carol": "bug_equality_does_not_prune", "dave": "bug_bounds_swapped",
         "erin": "bug_bounds_swapped", "frank": "bug_children_examined_first",
         "gina": "correct_children_before_loop"}
GRADED = "alphabeta_value"  # the one function graded, to keep the class quick
SEEDS = Path(os.environ.get("COURSE_TEXTS", "/work/shared/seeds"))


def expected_mistakes(submission):
    """The known mistakes of GRADED that a submission's expected.toml says its diagnosis names."""
    expected = tomllib.loads((SUBMISSIONS / submission / "expected.toml").read_text())
    return {expected["diagnosis"][GRADED]} if GRADED in expected["diagnosis"] else set()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded (a batch writes the insights at its end), then the instructor's copy."""
    root = tmp_path_factory.mktemp("insights")
    folder = root / "class"
    for student, submission in CLASS.items():
        shutil.copytree(SUBMISSIONS / submission, folder / student,
                        ignore=shutil.ignore_patterns("expected.toml"))
    (folder / HOSTILE).mkdir()  # no solution file: a row that could not be graded
    (folder / HOSTILE / "notes.txt").write_text("nothing here")
    output = root / "out"
    completed = run_cli("grade", folder, "--output", output, "--jobs", "2", "--only", GRADED)
    assert completed.returncode == 0, completed.stderr
    assert "What the class got wrong" in completed.stderr
    named = run_cli("insights", output, "--names")
    assert named.returncode == 0, named.stderr
    return output


@pytest.mark.e2e
def test_the_mistakes_are_ranked_by_how_many_students_made_them(graded):
    expected = Counter(key for submission in CLASS.values()
                       for key in expected_mistakes(submission))
    assert expected == {"strict_pruning": 3, "swapped_bounds": 2, "children_first": 1}
    instructor = json.loads((graded / "insights-instructor.json").read_text())
    ranked = [(m["mistake"], m["students"]) for m in instructor["mistakes"]]
    assert ranked == sorted(expected.items(), key=lambda item: (-item[1], item[0]))
    first = instructor["mistakes"][0]
    assert first["names"] == ["alice", "bob", "carol"] and first["functions"] == [GRADED]
    assert first["lesson"]["language"] == "it" and "uguaglianza" in first["lesson"]["quote"]
    page = (graded / "insights-instructor.html").read_text()
    assert "the course text Giocare contro qualcuno: minimax, potatura, orizzonte (" in page
    assert first["lesson"]["lesson"] not in page  # named by its title, not its file
    assert first["fix"] == EXPLANATIONS["strict_pruning"][1]
    assert instructor["students"] == len(CLASS) + 1
    assert instructor["errors"]["not_graded"] == 1


@pytest.mark.e2e
def test_the_shareable_copy_names_no_one_and_hides_small_counts(graded):
    shared = json.loads((graded / "insights.json").read_text())
    counts = {m["mistake"]: m["students"] for m in shared["mistakes"]}
    assert counts == {"strict_pruning": 3, "swapped_bounds": {"fewer_than": 3},
                      "children_first": {"fewer_than": 3}}
    for suffix in (".html", ".md", ".json"):
        text = (graded / f"insights{suffix}").read_text()
        assert not any(student in text for student in ("alice", "carol", "dave", "@team"))
    # the smallest input shown is always a visible check's: the page may reach the students
    shown = {m["mistake"]: m["example_check"] for m in shared["mistakes"]}
    results = [json.loads(path.read_text()) for path in graded.glob("*.json")
               if not path.name.startswith("insights")]
    visibility = {c["name"]: c["visibility"] for r in results for c in r["checks"]}
    assert shown["strict_pruning"] and all(visibility[c] == "visible" for c in shown.values() if c)


@pytest.mark.e2e
def test_student_text_is_escaped_in_the_instructors_copy(graded):
    page = (graded / "insights-instructor.html").read_text()
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "<img" not in page
    notes = (graded / "insights-instructor.md").read_text()
    assert "<img" not in notes and "@team" not in notes and "[x](http" not in notes
    assert r"\[x\](http" in notes  # brackets escaped: no link
    assert "&lt;img src=x onerror=alert(1)&gt;" in notes


@pytest.mark.e2e
@pytest.mark.skipif(CHROMIUM is None and os.environ.get("CI") != "true",
                    reason="no Chromium here (apt-get install chromium)")
@pytest.mark.parametrize("language, title", [("en", "What the class got wrong"),
                                             ("ca", "Què ha fallat a la classe")])
def test_chromium_shows_the_charts_in_the_course_language(graded, tmp_path, language, title):
    folder = tmp_path / "out"
    shutil.copytree(graded, folder)
    assert run_cli("insights", folder, "--lang", language).returncode == 0
    page = folder / "insights.html"
    dom = chromium(tmp_path, "--dump-dom", page.as_uri())
    assert f'<html lang="{language}">' in dom and f"<h1>{title}</h1>" in dom
    for chart in ("totals-chart", "functions-chart", "mistakes-chart"):
        assert f'id="{chart}"' in dom
    bars = re.findall(r'data-mistake="(\w+)" data-students="([^"]+)"', dom)
    assert [key for key, _ in bars] == ["strict_pruning", "children_first", "swapped_bounds"]
    assert 'data-node="A"' in dom  # the smallest tree, drawn as a report draws it
    assert "http" not in re.sub(r'xmlns(:\w+)?="[^"]+"', "", dom)  # nothing fetched
    picture = tmp_path / "insights.png"
    chromium(tmp_path, "--window-size=1100,1400", f"--screenshot={picture}", page.as_uri())
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 20_000


def check(name, function, status, visibility="visible", **more):
    points = 1 if status == "passed" else 0
    return CheckResult(f"{function}: {name}", function, points, 1, status,
                       visibility=visibility, **more)


def batch_of(reports, not_graded=()):
    return insights.Batch(Path("class"), reports, {entry: [entry] for entry in reports},
                          set(not_graded))


def test_every_other_section_counts_students_once(tmp_path):
    """Hidden checks failed after every visible one of the function passed; failures no known
    mistake explains, by check; problems by kind; each student once however many checks."""
    hidden_only = [check("a", "minimax_value", "passed"),
                   check("b", "minimax_value", "failed", "hidden"),
                   check("c", "minimax_value", "failed", "hidden")]
    also_visible = [check("a", "minimax_value", "failed"),
                    check("b", "minimax_value", "failed", "hidden"),
                    check("x", "alphabeta_value", "failed", timed_out=True),
                    check("y", "alphabeta_value", "failed", timed_out=True)]
    missing = [check("a", "minimax_value", "failed", whole_function="missing")]
    found = insights.gather(batch_of({
        "ann": Report("ann", hidden_only, sandbox="plain", order=ORDER),
        "ben": Report("ben", also_visible, sandbox="plain", order=ORDER),
        "cat": Report("cat", missing, sandbox="plain", order=ORDER)}, not_graded={"dan"}))
    assert found.hidden == {"minimax_value: b": {"ann"}, "minimax_value: c": {"ann"}}
    assert found.unknown == {"minimax_value: a": {"ben"}, "minimax_value: b": {"ann", "ben"},
                             "minimax_value: c": {"ann"}}
    assert {kind: ids for kind, (_, ids) in found.errors.items() if ids} == {
        "not_graded": {"dan"}, "missing": {"cat"}, "timed_out": {"ben"}}
    assert found.functions["minimax_value"] == Counter(partial=1, none=2)
    assert found.students == 4


def test_a_comparison_shows_each_mistakes_share_of_both_batches():
    def made(mistake):
        return Report("s", [check("a", "alphabeta_value", "failed",
                                  suspects={"reproduce": [mistake], "contradicted": []})],
                      sandbox="plain", order=ORDER,
                      diagnoses=(FunctionDiagnosis("alphabeta_value", (mistake,), (), ""),))
    now = insights.gather(batch_of({f"s{i}": made("strict_pruning") for i in range(4)}))
    then = insights.gather(batch_of({**{f"t{i}": made("no_pruning") for i in range(3)},
                                     **{f"u{i}": made("strict_pruning") for i in range(5)}}))
    rows = {row["key"]: row for row in pages.page_data(now, True, then, ("now", "then"),
                                                        {})["compared"]}
    assert (rows["strict_pruning"]["now"], rows["strict_pruning"]["then"]) == ("100%", "63%")
    assert (rows["no_pruning"]["now"], rows["no_pruning"]["then"]) == ("0%", "38%")


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the course texts are not here")
def test_every_quote_and_title_is_its_lessons_own_words():
    """Word for word, whitespace aside (the texts break lines inside words); the page names a
    lesson by its title, where it showed its file name (issue 31's Catalan trial)."""
    quotes = insights.lesson_quotes()
    assert set(quotes) <= set(EXPLANATIONS)
    for mistake, quote in quotes.items():
        lesson = "".join((SEEDS / quote["lesson"]).read_text(encoding="utf-8").split())
        assert "".join(quote["quote"].split()) in lesson, mistake
        assert "".join(quote["title"].split()) in lesson[:200], mistake


def test_a_hidden_check_tells_students_it_timed_out_only_beside_its_cause():
    """Whether a hidden check timed out is a bit its input could choose: only with the cause."""
    said = check("a", "alphabeta_value", "failed", "hidden", cause="Diagnosis: ...",
                 timed_out=True).for_students()
    unsaid = check("a", "alphabeta_value", "failed", "hidden", hint="look at equality",
                   timed_out=True).for_students()
    assert said.timed_out
    assert (unsaid.timed_out, unsaid.feedback) == (False, "look at equality")


def test_a_folder_no_class_was_graded_into_is_a_one_line_error(tmp_path):
    completed = run_cli("insights", tmp_path)
    assert completed.returncode == 2 and not list(tmp_path.iterdir())
    assert completed.stderr.count("\n") == 1 and "grade the class into it first" in completed.stderr
