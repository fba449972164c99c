"""The students' release: everything they need, nothing they must not have, and a grader that works
there without the reference."""
import ast
import json
import subprocess
import sys
import sysconfig
import tomllib

import pytest

from conftest import ROOT, reference_files, run_cli

CONTRACT = {"minimax_value", "minimax_decision", "alphabeta_value", "alphabeta_decision",
            "center_first", "evaluation_order", "rational_response", "rational_decision",
            "guaranteed_decision"}


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    folder = tmp_path_factory.mktemp("release") / "students"
    completed = run_cli("release", folder)
    assert completed.returncode == 0, completed.stderr
    return folder


def released_files(release):
    return [p for p in release.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def run_released_grader(release, *args):
    """The release's own grader, with only the installed libraries beside it: `-S` keeps this
    checkout's editable install (and with it the reference) out of reach."""
    env = {"PYTHONPATH": f"{release}:{sysconfig.get_paths()['purelib']}", "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-S", "-m", "autograder", *map(str, args)], cwd=release,
                          env=env, capture_output=True, text=True, timeout=600)


def test_the_release_holds_the_stubs_the_games_and_the_public_checks(release):
    for name in ("minimax.py", "alphabeta.py", "ordering.py", "price_war.py"):
        assert (release / "assignments" / name).read_text() == \
            (ROOT / "assignments" / name).read_text()
    assert (release / "autograder" / "games" / "tictactoe.py").is_file()
    assert (release / "docs" / "student-api.md").is_file()
    assert "python -m autograder grade assignments" in (release / "README.md").read_text()


def test_no_reference_hidden_check_or_solution_is_released(release):
    assert not (release / "reference").exists() and not (release / "autograder" / "feedback").exists()
    checks = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    withheld = [name for name, entry in checks.items() if entry.get("visibility", "visible")
                != "visible"] + ["center_first: the reference's alpha-beta examines 7,275 nodes "
                                 "with it"]
    for path in released_files(release):
        if path.suffix == ".gz":
            continue
        text = path.read_text()
        assert "BEGIN SOLUTION" not in text, path
        for name in withheld:
            assert name not in text, (name, path)
        if path.suffix == ".py":
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.FunctionDef) and node.name in CONTRACT:
                    assert isinstance(node.body[-1], ast.Raise), f"{path}: {node.name} solved"
    released = tomllib.loads((release / "grading.toml").read_text())["checks"]
    assert set(released) <= set(checks) - set(withheld)


def test_the_released_grader_grades_without_the_reference(release, tmp_path):
    missing = subprocess.run([sys.executable, "-S", "-c", "import reference"], cwd=release,
                             env={"PYTHONPATH": str(release)}, capture_output=True)
    assert missing.returncode != 0
    stubs = run_released_grader(release, "grade", "assignments", "--format", "gradescope",
                                "--output", tmp_path / "stubs.json")
    assert stubs.returncode == 0, stubs.stderr
    results = json.loads((tmp_path / "stubs.json").read_text())
    assert results["score"] == 0 < results["max_score"]
    assert all("not implemented yet" in test["output"] for test in results["tests"])

    solved = run_released_grader(release, "grade", reference_files(tmp_path / "solved"),
                                 "--format", "gradescope", "--output", tmp_path / "solved.json")
    assert solved.returncode == 0, solved.stderr
    results = json.loads((tmp_path / "solved.json").read_text())
    assert results["score"] == results["max_score"]


def test_the_released_checks_fail_what_the_full_grader_fails(release, tmp_path):
    sample = ROOT / "examples" / "sample_submission"
    released = run_released_grader(release, "grade", sample, "--format", "gradescope",
                                   "--output", tmp_path / "released.json")
    assert released.returncode == 0, released.stderr
    full = run_cli("grade", sample, "--format", "gradescope", "--output", tmp_path / "full.json")
    assert full.returncode == 0, full.stderr
    failed = {t["name"]: t["status"] for t in json.loads((tmp_path / "full.json").read_text())[
        "tests"]}
    for test in json.loads((tmp_path / "released.json").read_text())["tests"]:
        assert test["status"] == failed[test["name"]], test["name"]


def test_releasing_into_a_folder_that_is_not_empty_is_refused(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    completed = run_cli("release", tmp_path)
    assert completed.returncode == 2 and "is not empty" in completed.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_the_release_carries_the_workflows_pinned_to_the_instructors_grader(release):
    workflow = (release / ".github" / "workflows" / "autograde.yml").read_text()
    assert "repository: your-course/adversarial-search" in workflow and "ref: v1" in workflow
    assert "${GRADER" not in workflow and "${PRIVATE_GRADER" not in workflow
    assert (release / ".gitlab-ci.yml").is_file()
