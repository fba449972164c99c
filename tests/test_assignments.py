"""Assignments as data: an instructor's own assignment, declared in a file of a temporary folder
with its reference, checks and policy, is graded by the engine as it stands; the built-in
assignment is chosen by default; a mistake in an assignment's file is one line saying what to fix.
"""
import json
import shutil
import textwrap
import tomllib

import pytest

from support.cli import grade_json, read_gradebook, run_cli
from autograder import assignments
from autograder.errors import UsageError
from autograder.results import CheckResult, Report

DECLARATION = """\
name = "doubling"
reference = "reference"
checks = "checks"
policy = "grading.toml"

[[functions]]
name = "double"
module = "doubling"
"""

CHECK = '''\
from hypothesis import given, strategies as st

from autograder.checks import check, judge
from autograder.worker.calls import call


@check("double: twice any whole number")
@given(number=st.integers(-1000, 1000))
def test_double(caller, number):
    judge.same_answer(caller.both(call("double", None, number)), None, f"twice {number}")
'''

POLICY = """\
[grading]
total = 10

[hypothesis]
max_examples = 30

[checks]
"double: twice any whole number" = { points = 10 }
"""


def toy_assignment(folder, declaration=DECLARATION):
    """The one-function assignment of this file, written into `folder`: its declaration's path."""
    for path, text in {"assignment.toml": declaration, "grading.toml": POLICY,
                       "checks/test_doubling.py": CHECK,
                       "reference/doubling.py": "def double(number):\n    return 2 * number\n",
                       }.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(textwrap.dedent(text))
    return folder / "assignment.toml"


def submission(folder, body):
    folder.mkdir()
    (folder / "doubling.py").write_text(f"def double(number):\n    {body}\n")
    return folder


@pytest.mark.e2e
def test_an_assignment_declared_in_a_file_is_graded_without_touching_the_engine(tmp_path):
    declared = toy_assignment(tmp_path / "toy")
    right = grade_json(submission(tmp_path / "right", "return number + number"),
                       tmp_path / "r", "--assignment", declared)
    assert [(t["name"], t["score"], t["max_score"]) for t in right["tests"]] == [
        ("double: twice any whole number", 10, 10)]

    wrong = grade_json(submission(tmp_path / "wrong", "return number * (2 if number > 0 else 1)"),
                       tmp_path / "w", "--assignment", declared)
    [test] = wrong["tests"]
    assert (test["score"], test["status"]) == (0, "failed")
    # hypothesis shrinks the failure to the negative number nearest zero
    assert "double returned -1, but it should return -2, twice -1." in test["output"]


@pytest.mark.e2e
def test_a_submission_of_the_built_in_assignment_is_graded_as_it_by_default(tmp_path):
    toy = submission(tmp_path / "toy", "return 2 * number")
    completed = run_cli("grade", toy)
    assert completed.returncode == 2
    assert completed.stderr == (f"autograder: {toy} holds none of minimax.py, alphabeta.py, "
                                f"ordering.py, price_war.py: hand in the folder (or a zip of it) "
                                f"with your solutions\n")


def test_only_names_a_function_of_the_chosen_assignment(tmp_path):
    declared = toy_assignment(tmp_path / "toy")
    completed = run_cli("grade", submission(tmp_path / "s", "return 2 * number"),
                        "--assignment", declared, "--only", "minimax_value")
    assert completed.returncode == 2
    assert completed.stderr == ("autograder: --only minimax_value: the assignment has no such "
                                "function; it has double\n")


@pytest.mark.parametrize("change, error", [
    (("name = \"doubling\"", "nme = \"doubling\""),
     "{path}: the assignment has an unknown key 'nme'; did you mean 'name'?"),
    (("checks = \"checks\"", "checks = \"tests\""),
     "{path}: checks = '{folder}/tests' is not a folder; create it or correct the path "
     "(relative to the assignment's file)"),
    (("module = \"doubling\"", "module = \"doubling.py\""),
     "{path}: function 1 needs a name and a module that are Python names, and traced = true or "
     "false"),
    (("[[functions]]", "[[function]]"),
     "{path}: the assignment has an unknown key 'function'; did you mean 'functions'?"),
    (("policy = \"grading.toml\"", "policy = \"policy.toml\""),
     "{path}: policy = '{folder}/policy.toml' is not a file; write the assignment's grading.toml "
     "there or correct the path"),
    (("name = \"doubling\"", "name = \"doubling-2\""),
     "{path}: name must be a Python name (letters, digits and _), not 'doubling-2'"),
    (("reference = \"reference\"\n", ""),
     "{path}: the assignment names no reference, and its checks have no public_answers.json.gz "
     "to grade from; add reference = \"FOLDER\""),
])
def test_a_mistake_in_an_assignment_file_is_one_line_saying_what_to_fix(tmp_path, change, error):
    declared = toy_assignment(tmp_path, DECLARATION.replace(*change))
    with pytest.raises(UsageError) as raised:
        assignments.load(declared)
    assert str(raised.value) == error.format(path=declared, folder=tmp_path)


def test_known_mistakes_that_are_not_there_stop_a_release_but_no_grading(tmp_path):
    declared = toy_assignment(tmp_path, DECLARATION.replace(
        'policy = "grading.toml"\n', 'policy = "grading.toml"\nmistakes = "nowhere"\n'))
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "doubling.py").write_text("def double(number):\n    return number\n")
    assert grade_json(tmp_path / "alice", tmp_path, "--assignment", declared)["score"] == 0
    completed = run_cli("release", tmp_path / "out", "--assignment", declared)
    assert completed.returncode == 2 and not (tmp_path / "out").exists()
    assert completed.stderr == (f"autograder: {declared}: mistakes = '{tmp_path}/nowhere' is not "
                                f"a folder; create it or correct the path (relative to the "
                                f"assignment's file)\n")


def test_a_missing_assignment_file_names_the_built_in_ones(tmp_path):
    with pytest.raises(UsageError, match=r"cannot read the assignment \(No such file or "
                                         r"directory\); give the path of its TOML file or one "
                                         r"of: search, cutoff$"):
        assignments.chosen(str(tmp_path / "nothing.toml"))


def test_a_built_in_assignment_is_chosen_by_name_or_by_the_files_handed_in():
    assert assignments.chosen("search") is assignments.SEARCH
    assert assignments.chosen(None, {"minimax.py", "notes.txt"}) is assignments.SEARCH
    assert assignments.chosen(None, {"negamax.py"}).name == "cutoff"
    assert assignments.chosen("cutoff").files == ("negamax.py", "heuristic.py", "transposition.py",
                                                  "quiescence.py", "horizon.py", "evaluation.py")


@pytest.mark.e2e
def test_a_class_of_the_second_assignment_is_graded_into_its_own_gradebook(tmp_path):
    """A batch recognises the assignment by the class's files, grades its reference first, and
    gives the gradebook a column per function of that assignment."""
    cutoff = assignments.chosen("cutoff")
    klass = tmp_path / "class"
    shutil.copytree(cutoff.reference, klass / "right")
    (klass / "stubs").mkdir()
    for name in cutoff.files:
        shutil.copy(cutoff.stubs / name, klass / "stubs" / name)
    completed = run_cli("grade", klass, "--output", tmp_path / "out")
    assert completed.returncode == 0, completed.stderr
    book = read_gradebook(tmp_path / "out")
    policy = tomllib.loads(cutoff.policy.read_text())["checks"]
    worth = {function: sum(entry["points"] for name, entry in policy.items()
                           if name.startswith(f"{function}:")) for function in cutoff.modules}
    assert {function: book["right"][function] for function in cutoff.modules} == \
        {function: f"{points:g}" for function, points in worth.items()}
    assert {function: book["stubs"][function] for function in cutoff.modules} == \
        {function: "0" for function in cutoff.modules}
    assert [(row["total"], row["max"]) for row in (book["right"], book["stubs"])] == [
        ("100", "100"), ("0", "100")]
    reference = json.loads((tmp_path / "out" / ".cache" / "reference.json").read_text())
    assert reference["submission"] == "cutoff" and reference["points"] == 100


def test_a_reports_tables_follow_its_assignments_contract_not_the_alphabet():
    cutoff = assignments.chosen("cutoff")
    checks = [CheckResult(f"{function}: a check", function, 1, 1, "passed")
              for function in sorted(cutoff.modules)]
    report = Report("alice", checks, sandbox="plain", order=tuple(cutoff.modules))
    assert [summary.function for summary in report.by_function()] == list(cutoff.modules)
    assert [check.function for check in report.in_table_order()] == list(cutoff.modules)
    assert list(cutoff.modules) != sorted(cutoff.modules)
