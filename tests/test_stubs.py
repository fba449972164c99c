"""The students' stubs in assignments/ are exactly what autograder.distribution.stubs generates from reference/,
they import cleanly and raise NotImplementedError, and the grader scores them zero without crashing.
"""
import ast
import importlib.util
import inspect
import shutil
import tomllib

import pytest

from autograder.assignments import SEARCH, built_in
from autograder.distribution.stubs import generate, main, stub_source
from support.cli import grade_json
from support.paths import REFERENCE

CONTRACT = {
    "minimax.py": {"minimax_value", "minimax_decision"},
    "alphabeta.py": {"alphabeta_value", "alphabeta_decision"},
    "ordering.py": {"center_first", "evaluation_order"},
    "price_war.py": {"rational_response", "rational_decision", "guaranteed_decision"},
    "negamax.py": {"negamax_value"},  # the second assignment's, cutoff
    "heuristic.py": {"heuristic_value", "heuristic_decision", "iterative_deepening_decision"},
    "transposition.py": {"transposition_value"},
    "quiescence.py": {"quiescence_value"},
    "horizon.py": {"horizon_example"},
    "evaluation.py": {"open_lines_evaluation"},
}
ASSIGNMENTS = {assignment.name: assignment for assignment in built_in()}
STUBS = [(name, file) for name, assignment in ASSIGNMENTS.items() for file in assignment.files]
REGENERATE = "assignments/ is out of date: run `.venv/bin/python -m autograder.distribution.stubs`"


def load(path):
    spec = importlib.util.spec_from_file_location(f"stub_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("assignment", ASSIGNMENTS.values(), ids=ASSIGNMENTS)
def test_committed_stubs_are_what_the_reference_generates(tmp_path, assignment):
    written = generate(assignment.reference, tmp_path, assignment.files)
    assert sorted(p.name for p in written) == sorted(assignment.files)
    assert sorted(p.name for p in assignment.stubs.glob("*.py")) == sorted(assignment.files)
    for name in assignment.files:
        assert (assignment.stubs / name).read_bytes() == (tmp_path / name).read_bytes(), \
            REGENERATE + f" --assignment {assignment.name}"
    assert main(["--check", "--assignment", assignment.name]) == 0


def test_stub_source_replaces_bodies_and_removes_module_level_regions():
    reference = (
        '"""Doc."""\n'
        "import math\n"
        "\n"
        "### BEGIN SOLUTION\n"
        "TABLE = [1, 2]\n"
        "### END SOLUTION\n"
        "\n"
        "\n"
        "def f(x=math.inf):\n"
        '    """Keep me."""\n'
        "    ### BEGIN SOLUTION\n"
        "    if x:\n"
        "        return TABLE\n"
        "    ### END SOLUTION\n"
    )
    assert stub_source(reference) == (
        '"""Doc."""\n'
        "import math\n"
        "\n"
        "\n"
        "def f(x=math.inf):\n"
        '    """Keep me."""\n'
        "    # YOUR CODE HERE\n"
        "    raise NotImplementedError\n"
    )


@pytest.mark.parametrize("source, complaint", [
    ("def f():\n    ### BEGIN SOLUTION\n    return 1\n", "never closed"),
    ("def f():\n    return 1\n    ### END SOLUTION\n", "without"),
    ("def f():\n    ### BEGIN SOLUTION\n    ### BEGIN SOLUTION\n    return 1\n"
     "    ### END SOLUTION\n    ### END SOLUTION\n", "nested"),
    ("def f():\n    ### BEGIN SOLUTION\n    return 1\n### END SOLUTION\n", "indented"),
    ("def f():\n    ## BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n", "not exactly"),
], ids=["unclosed", "end without begin", "nested", "mismatched indentation", "malformed"])
def test_stub_source_rejects_bad_markers(source, complaint):
    with pytest.raises(ValueError, match=complaint):
        stub_source(source)


def test_generate_refuses_a_module_without_markers(tmp_path):
    reference = tmp_path / "reference"
    shutil.copytree(REFERENCE, reference)
    (reference / "minimax.py").write_text("def minimax_value(game, state):\n    return 0\n")
    with pytest.raises(ValueError, match="marks no solution"):
        generate(reference, tmp_path / "stubs", SEARCH.files)


@pytest.mark.parametrize("assignment, name", STUBS)
def test_stubs_import_cleanly_and_raise_not_implemented(assignment, name):
    module = load(ASSIGNMENTS[assignment].stubs / name)
    functions = {n: f for n, f in inspect.getmembers(module, inspect.isfunction)
                 if f.__module__ == module.__name__}
    assert set(functions) == CONTRACT[name]
    for function in functions.values():
        assert inspect.getdoc(function), f"{function.__name__} lost its docstring"
        required = [p for p in inspect.signature(function).parameters.values()
                    if p.default is inspect.Parameter.empty]
        with pytest.raises(NotImplementedError):
            function(*[None] * len(required))


@pytest.mark.parametrize("assignment, name", STUBS)
def test_stubs_have_no_unused_imports(assignment, name):
    tree = ast.parse((ASSIGNMENTS[assignment].stubs / name).read_text())
    imported = {alias.asname or alias.name.split(".")[0]
                for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names}
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert imported <= used, f"unused imports in the {name} stub: {imported - used}"


@pytest.mark.e2e
@pytest.mark.parametrize("assignment", ASSIGNMENTS.values(), ids=ASSIGNMENTS)
def test_grading_the_stubs_scores_zero_on_every_check(tmp_path, assignment):
    """Graded as students hand the folder in: the assignment is recognised by its files."""
    submission = tmp_path / "submission"
    shutil.copytree(assignment.stubs, submission)
    checks = tomllib.loads(assignment.policy.read_text())["checks"]

    results = grade_json(submission, tmp_path)

    assert results["score"] == 0
    assert results["max_score"] == sum(check["points"] for check in checks.values())
    assert {test["name"] for test in results["tests"]} == set(checks)
    for test in results["tests"]:
        assert test["status"] == "failed", test["name"]
        assert test["score"] == 0, test["name"]
        if checks[test["name"]].get("visibility") == "hidden":
            # the cause, which shows no input, in place of the hint
            function = test["name"].split(":")[0]
            assert test["output"] == f"{function} is not implemented yet (it raised " \
                                     f"NotImplementedError)", test["name"]
        else:
            assert "not implemented yet" in test["output"], (test["name"], test["output"])
