"""Grading a class: results per submission, a gradebook, resuming, and the layouts instructors have."""
import csv
import json
import shutil

from autograder import answers
from autograder.batch import find_submissions
from conftest import ROOT, reference_files, run_cli


def make_class(folder):
    shutil.copytree(ROOT / "examples" / "sample_submission", folder / "alice")
    shutil.copytree(ROOT / "assignments", folder / "bob")
    reference_files(folder / "carol")
    (folder / "dave.zip").write_text("not a zip")
    return folder


def read_gradebook(output):
    with open(output / "gradebook.csv", newline="") as handle:
        return {row["id"]: row for row in csv.DictReader(handle)}


def test_a_class_is_graded_into_results_and_a_gradebook(tmp_path):
    output = tmp_path / "out"
    completed = run_cli("grade", make_class(tmp_path / "class"), "--jobs", "2", "--output", output)
    assert completed.returncode == 0, completed.stderr
    book = read_gradebook(output)
    assert set(book) == {"alice", "bob", "carol", "dave"}
    assert book["carol"]["total"] == book["carol"]["max"] == "100"
    assert book["bob"]["total"] == "0" and book["bob"]["status"] == "graded"
    assert book["dave"]["status"].startswith("error: ") and "not a readable zip" in book["dave"][
        "status"]
    alice = json.loads((output / "alice.json").read_text())
    assert book["alice"]["total"] == f"{alice['points']:g}"
    assert {f["function"]: f"{f['points']:g}" for f in alice["functions"]}["guaranteed_decision"] \
        == book["alice"]["guaranteed_decision"]
    assert "Checks failed most often" in completed.stderr and "eta" in completed.stderr

    again = run_cli("grade", tmp_path / "class", "--output", output)
    assert "3 submissions already graded" in again.stderr
    assert (output / "alice.json").read_text() == json.dumps(alice, indent=1) + "\n"


def test_force_grades_again_and_results_do_not_change(tmp_path):
    output = tmp_path / "out"
    folder = tmp_path / "class"
    shutil.copytree(ROOT / "examples" / "sample_submission", folder / "alice")
    shutil.copytree(ROOT / "examples" / "sample_submission", folder / "alice2")
    assert run_cli("grade", folder, "--output", output).returncode == 0
    first = json.loads((output / "alice.json").read_text())
    assert run_cli("grade", folder, "--output", output, "--force").returncode == 0
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
    assert [e.id for e in find_submissions([export])] == ["submission_101", "submission_102"]

    course = tmp_path / "course"
    for student in ("ana", "ben"):
        (course / "submitted" / student / "adversarial_search").mkdir(parents=True)
    found = find_submissions([course])
    assert [(e.id, e.path.name) for e in found] == [("ana", "adversarial_search"),
                                                    ("ben", "adversarial_search")]


def test_reference_answers_for_other_code_are_ignored(tmp_path):
    path = tmp_path / "answers.json"
    answers.save(path, {"call": {"answer": 3}})
    assert answers.load(path) == {"call": {"answer": 3}}
    data = json.loads(path.read_text())
    data["fingerprint"] = "another reference"
    path.write_text(json.dumps(data))
    assert answers.load(path) == {}
    assert answers.load(tmp_path / "missing.json") == {}
