"""The Gradescope autograder zip, run the way Gradescope runs it: unpacked under a root laid out as
Gradescope lays it out (source, submission, results), then run_autograder per submission."""
import json
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import ROOT, reference_files, run_cli


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "autograder.zip"
    completed = run_cli("export", "gradescope", path)
    assert completed.returncode == 0, completed.stderr
    return path


def run_on(archive, root, submission_files):
    """Unpack `archive` as Gradescope does, hand in `submission_files`, run run_autograder."""
    with zipfile.ZipFile(archive) as zipped:
        zipped.extractall(root / "source")
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    for path in submission_files:
        shutil.copy(path, root / "submission" / path.name)
    completed = subprocess.run(["bash", str(root / "run_autograder")], capture_output=True,
                               text=True, timeout=600,
                               env={"AUTOGRADER_ROOT": str(root), "PATH": "/usr/bin:/bin",
                                    "AUTOGRADER_PYTHON": sys.executable})
    assert completed.returncode == 0, completed.stderr
    return json.loads((root / "results" / "results.json").read_text())


def test_the_zip_holds_the_grader_and_executable_scripts(archive):
    with zipfile.ZipFile(archive) as zipped:
        names = set(zipped.namelist())
        modes = {info.filename: info.external_attr >> 16 for info in zipped.infolist()}
    assert {"setup.sh", "run_autograder", "grading.toml", "reference/alphabeta.py",
            "autograder/checks/test_alphabeta.py"} <= names
    assert modes["run_autograder"] & 0o777 == modes["setup.sh"] & 0o777 == 0o755
    assert not any("__pycache__" in name for name in names)
    with zipfile.ZipFile(archive) as zipped:  # the official games travel with the grader
        assert zipped.read("grading.toml") == (ROOT / "grading.toml").read_bytes()
    assert "salt = " in (ROOT / "grading.toml").read_text()
    syntax = subprocess.run(["bash", "-n", str(ROOT / "autograder" / "gradescope_templates" /
                                              "setup.sh")], capture_output=True)
    assert syntax.returncode == 0


def test_a_correct_submission_gets_full_marks(archive, tmp_path):
    results = run_on(archive, tmp_path, list(reference_files(tmp_path / "work").glob("*.py")))
    assert results["score"] == results["max_score"] == 100
    assert "bwrap" in results["output"] or "sandbox" in results["output"]


def test_a_buggy_submission_loses_the_points_of_its_bugs(archive, tmp_path):
    results = run_on(archive, tmp_path,
                     list((ROOT / "examples" / "sample_submission").glob("*.py")))
    failed = {t["name"] for t in results["tests"] if t["status"] == "failed"}
    assert 0 < results["score"] < results["max_score"]
    assert "guaranteed_decision: random price wars with ties and negatives" in failed
    hidden = next(t for t in results["tests"]
                  if t["name"] == "alphabeta_decision: examines the reference's nodes")
    assert "A (MAX)" not in hidden["output"]  # a hidden check's input stays hidden


def test_an_empty_submission_gets_a_valid_results_file_that_says_why(archive, tmp_path):
    results = run_on(archive, tmp_path, [])
    assert results["score"] == 0 and results["tests"] == []
    assert results["output"].startswith("Could not grade this submission: ")
    assert "holds none of minimax.py" in results["output"]
