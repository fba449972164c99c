"""The students' repository of the second assignment, cutoff: its folder, checks and policy as they
are here, less what must not be handed out, and a grader that works there without the reference,
giving the instructor's feedback word for word."""
import ast
import json
import os
import tomllib

import pytest

from support.cli import RELEASE_TIMEOUT, run_cli
from support.paths import REFERENCE, ROOT
from support.releases import (checks_that_ran, diagnosed, named, released_files,
                              released_scores, run_released_grader)
from support.submissions import CUTOFF_SUBMISSIONS, assembled, reference_files
from autograder.assignments import chosen

# Its release takes minutes to build: slow, so that under xdist it starts first.
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CUTOFF = chosen("cutoff")
FOLDER = "assignments/cutoff"
POLICY = tomllib.loads(CUTOFF.policy.read_text())
# The checks that search what the student's own code builds, which no answers file can hold ahead.
NEEDS_REFERENCE = {"horizon_example: a tree on which the cut-off search decides otherwise than "
                   "minimax"}


def parameters(function):
    return [argument.arg for argument in function.args.args]


def contract_signatures():
    """Each contract function's parameters, as the reference defines it: a function of that name
    and those parameters anywhere in the release is a solution unless it raises."""
    return {node.name: parameters(node) for path in CUTOFF.reference.glob("*.py")
            for node in ast.parse(path.read_text()).body
            if isinstance(node, ast.FunctionDef) and node.name in CUTOFF.modules}


@pytest.fixture(scope="module")
def releasing(tmp_path_factory):
    """The cutoff assignment's students' repository, with its known mistakes' reports."""
    folder = tmp_path_factory.mktemp("release")
    completed = run_cli("release", folder / "students", "--assignment", "cutoff",
                        "--mistakes-reports", folder / "reports", "--grader-repository",
                        "ai-course/cutoff", "--grader-ref", "v2", timeout=RELEASE_TIMEOUT)
    assert completed.returncode == 0, completed.stderr
    reports = {path.stem: json.loads(path.read_text())
               for path in (folder / "reports").glob("*.json")}
    return folder / "students", reports


@pytest.fixture(scope="module")
def release(releasing):
    return releasing[0]


def test_the_release_holds_the_assignments_stubs_checks_and_declaration(release):
    for name in CUTOFF.files:
        assert (release / FOLDER / name).read_text() == (CUTOFF.stubs / name).read_text()
    assert {p.name for p in (release / FOLDER / "checks").glob("test_*.py")} == \
        {p.name for p in CUTOFF.checks.glob("test_*.py")} - {"test_horizon.py"}
    declared = tomllib.loads((release / FOLDER / "assignment.toml").read_text())
    here = tomllib.loads((CUTOFF.stubs / "assignment.toml").read_text())
    assert declared == {key: value for key, value in here.items()
                        if key not in ("reference", "mistakes")}
    # the first assignment's checks are not this repository's
    assert not list((release / "autograder" / "checks").glob("test_*.py"))
    assert not (release / "grading.toml").exists()
    readme = (release / "README.md").read_text()
    assert f"python -m autograder grade {FOLDER}" in readme
    for name in CUTOFF.files:
        assert f"- `{name}`: " in readme


def test_no_reference_solution_secret_or_search_of_the_students_tree_is_released(release):
    assert not (release / "reference").exists()
    assert not (release / "autograder" / "feedback" / "replaying").exists()
    assert not (release / "autograder" / "distribution").exists()
    assert "official" not in tomllib.loads((release / FOLDER / "grading.toml").read_text())
    secret = os.environ["AUTOGRADER_SECRET"].encode()  # the course's, in these tests
    functions = contract_signatures()
    for path in released_files(release):
        assert secret not in path.read_bytes(), path
        if path.suffix != ".py":
            continue
        text = path.read_text()
        assert "BEGIN SOLUTION" not in text, path
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and functions.get(node.name) == parameters(node):
                assert isinstance(node.body[-1], ast.Raise), f"{path}: {node.name} solved"
        for name in NEEDS_REFERENCE:
            assert name not in text, path
    released = tomllib.loads((release / FOLDER / "grading.toml").read_text())
    assert "official" not in released
    assert {name for name, entry in released["checks"].items()
            if not entry.get("checked_here", True)} == NEEDS_REFERENCE


def test_the_released_grader_grades_without_the_reference_and_names_what_it_cannot(
        release, tmp_path):
    total = sum(entry["points"] for entry in POLICY["checks"].values())
    later = sum(POLICY["checks"][name]["points"] for name in NEEDS_REFERENCE)
    solved = run_released_grader(release, "grade", reference_files(tmp_path / "solved",
                                                                   REFERENCE / "cutoff"))
    assert solved.returncode == 0, solved.stderr
    text = " ".join(solved.stdout.split())  # rich wraps the long lines
    assert f"solved: {total - later:g} / {total - later:g} points" in text
    assert (f"{total - later:g} of the {total:g} points are checked here; {later:g} more are "
            f"checked when graded:") in text
    for name in NEEDS_REFERENCE:
        entry = POLICY["checks"][name]
        assert f"- {name} ({entry['points']:g} points, visible): {entry['hint']}" in text
    stubs = run_released_grader(release, "grade", FOLDER, "--format", "gradescope", "--output",
                                tmp_path / "stubs.json")
    assert stubs.returncode == 0, stubs.stderr
    results = json.loads((tmp_path / "stubs.json").read_text())
    assert results["score"] == 0 < results["max_score"]


@pytest.mark.parametrize("folder", CUTOFF_SUBMISSIONS, ids=lambda p: p.name)
def test_the_students_repository_gives_the_instructors_visible_feedback(releasing, folder,
                                                                        tmp_path):
    """As the first assignment's release does (test_release.py): the same smallest input, the
    same narrated divergence, the same diagnosis (two mistakes at once too), for each submission
    of this assignment: a known mistake's as the release reported it, another (correct or hostile)
    graded here on the release's public games."""
    release, reports = releasing
    assembled(folder, tmp_path / "submission")
    own = {module.stem for module in folder.glob("*.py")}
    only = [option for function, module in CUTOFF.modules.items() if module in own
            for option in ("--only", function)]
    arguments = ("grade", tmp_path / "submission", "--format", "json", *only)
    completed = run_released_grader(release, *arguments, "--output", tmp_path / "students.json")
    assert completed.returncode == 0, completed.stderr
    report = json.loads((tmp_path / "students.json").read_text())
    students = checks_that_ran(report)
    if folder.name not in reports:
        completed = run_cli(*arguments, "--assignment", "cutoff", "--config",
                            release / FOLDER / "grading.toml", "--output",
                            tmp_path / "instructor.json")
        assert completed.returncode == 0, completed.stderr
    graded = (reports[folder.name] if folder.name in reports else
              json.loads((tmp_path / "instructor.json").read_text()))
    instructors = {name: check for name, check in checks_that_ran(graded).items()
                   if name not in NEEDS_REFERENCE}
    assert set(students) == set(instructors)
    for name, check in students.items():
        assert check == instructors[name], name
    assert named(report) == diagnosed(instructors)


def test_the_workflows_grade_the_assignments_folder_with_the_graders_declaration(release):
    github = (release / ".github" / "workflows" / "autograde.yml").read_text()
    assert "repository: ai-course/cutoff" in github and "ref: v2" in github
    assert (f'set -- --assignments {FOLDER} --output-dir "$RUNNER_TEMP/autograder-results" \\\n'
            f'            --config "$GRADER_DIR/{FOLDER}/grading.toml" --grader "$GRADER_LABEL" '
            f'\\\n            --assignment "$GRADER_DIR/{FOLDER}/assignment.toml"\n') in github
    assert f'echo "base=$RUNNER_TEMP/base/{FOLDER}"' in github
    gitlab = (release / ".gitlab-ci.yml").read_text()
    assert f'--assignment "/tmp/grader/{FOLDER}/assignment.toml"' in gitlab
    assert f"--base /tmp/base/{FOLDER}" in gitlab


def test_an_assignment_from_outside_the_project_is_not_released(tmp_path):
    declaration = tmp_path / "toy" / "assignment.toml"
    declaration.parent.mkdir()
    for folder in ("reference", "checks"):
        (declaration.parent / folder).mkdir()
    (declaration.parent / "grading.toml").write_text("[checks]\n")
    declaration.write_text('name = "toy"\nreference = "reference"\nchecks = "checks"\n'
                           'policy = "grading.toml"\n\n[[functions]]\nname = "double"\n'
                           'module = "doubling"\n')
    completed = run_cli("release", tmp_path / "out", "--assignment", declaration)
    assert completed.returncode == 2
    assert completed.stderr == ("autograder: the assignment 'toy' lives outside this project or "
                                "has no reference here; release one declared in assignments/ "
                                "(its reference in reference/)\n")
    assert not (tmp_path / "out").exists()


def test_a_cutoff_notebook_in_the_release_grades_as_its_py_files(release, tmp_path):
    """The release recognises the assignment of a notebook by its answer cells, as the
    instructor's grader does, without the notebook's generator."""
    submission = tmp_path / "submission"
    assembled(CUTOFF_SUBMISSIONS[0], submission)
    scores = released_scores(release, ROOT / "assignments" / "nbgrader" / "source" / "cutoff" /
                             "cutoff.ipynb", submission, tmp_path)
    assert scores[".ipynb"] == scores[""]
    assert set(scores[""][1]) == set(CUTOFF.modules) and 0 < scores[""][0] < 100
