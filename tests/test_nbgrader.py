"""The nbgrader version of the assignments: the committed course folder is what the generator writes,
a notebook grades like the same code as .py files, and real nbgrader runs the whole course end to
end (generate_assignment, autograde, export, generate_feedback) with the same scores, in a
sandboxed kernel that sees none of the course's files, and without a hidden input in the feedback.
The second assignment's notebook (cutoff) is generated, recognised, graded and autograded as cutoff.
"""
import csv
import html
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from autograder import assignments, policy as grading_config
from autograder.checks.course import TEXTBOOK
from autograder.intake.classes import submitted_names
from autograder.contract import FILES as CONTRACT_FILES, MODULE_NAMES
from autograder.commands import notebook_cells as cell_helper
from autograder.distribution.nbgrader import kernel
from autograder.distribution.notebooks.__main__ import main
from autograder.distribution.notebooks.course import (ASSIGNMENT, COURSE_DIR, NOTEBOOK,
                                                      NOTEBOOK_PATH, course_files, generate, stale)
from autograder.distribution.notebooks.examples import figure_markdown, without_mermaid
from autograder.distribution.notebooks.handouts import handout
from autograder.distribution.notebooks.notebook import build_notebook
from autograder.distribution.notebooks.text import answer_code, docstring_markdown
from autograder.distribution.stubs import stub_source
from autograder.drawing import draw_board, draw_example, draw_mermaid, draw_tree
from autograder.errors import GradingError, SubmissionError, UsageError
from autograder.games.specs import connect_four_spec
from autograder.intake.notebook import extract, module_source
from autograder.intake.submission import FILE_LIMIT, stage
from autograder.language import ENGLISH, LANGUAGES, speaking
from autograder.reporters import report_json
from autograder.results import report_from_json
from support.cli import read_gradebook, run_cli
from support.paths import REFERENCE, ROOT
from support.submissions import assembled

SAMPLE = ROOT / "examples" / "sample_submission"
REGENERATE = ("assignments/nbgrader/ is out of date: run "
              "`.venv/bin/python -m autograder.distribution.notebooks`")
HIDDEN_CHECK = "alphabeta_decision: examines the reference's nodes"
FUNCTIONS = ["minimax_value", "minimax_decision", "alphabeta_value", "alphabeta_decision",
             "center_first", "evaluation_order", "rational_response", "rational_decision",
             "guaranteed_decision"]


def source_notebook():
    return json.loads((COURSE_DIR / NOTEBOOK_PATH).read_text())


def cells(notebook, kind):
    """{grade_id: cell} of the answer ("solution") or test ("grade") cells."""
    return {c["metadata"]["nbgrader"]["grade_id"]: c for c in notebook["cells"]
            if c["metadata"].get("nbgrader", {}).get(kind)}


def filled(notebook, folder, extra_code=None):
    """`notebook` with each answer cell holding `folder`'s module, as a student would paste it."""
    notebook = json.loads(json.dumps(notebook))
    for module, cell in cells(notebook, "solution").items():
        cell["source"] = (Path(folder) / f"{module}.py").read_text()
    if extra_code:
        notebook["cells"].append({"cell_type": "code", "execution_count": None, "id": "probe",
                                  "metadata": {}, "outputs": [], "source": extra_code})
    return notebook


def write(notebook, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1))
    return path


def grade_report(submission, tmp_path, *options):
    output = tmp_path / f"{Path(submission).stem}-report.json"
    completed = run_cli("grade", submission, "--format", "json", "--output", output, *options)
    assert completed.returncode == 0, completed.stderr
    return json.loads(output.read_text())


def by_function(report):
    return {f["function"]: (f["points"], f["max_points"]) for f in report["functions"]}


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory):
    """examples/sample_submission graded as .py files, hidden details included (for the tests'
    own comparisons; students never see this view)."""
    return grade_report(SAMPLE, tmp_path_factory.mktemp("sample"), "--show-hidden")


# ---------------------------------------------------------------------------------------------
# The generator.

def test_committed_course_is_what_the_generator_writes(tmp_path):
    written = generate(tmp_path)
    assert {p.relative_to(tmp_path).as_posix() for p in written} == set(course_files())
    for path in written:
        relative = path.relative_to(tmp_path)
        assert (COURSE_DIR / relative).read_bytes() == path.read_bytes(), \
            f"{relative}: {REGENERATE}"
    assert stale() == [], REGENERATE
    assert main(["--check"]) == 0


def test_the_check_reports_a_stale_course(tmp_path, capsys):
    generate(tmp_path)
    (tmp_path / "source" / ASSIGNMENT / "notes.txt").write_text("would be released")
    notebook = tmp_path / NOTEBOOK_PATH
    notebook.write_text(notebook.read_text().replace("minimax_value", "minimax_valu"))
    assert sorted(stale(tmp_path)) == [NOTEBOOK_PATH, f"source/{ASSIGNMENT}/notes.txt"]
    assert main(["--check", "--target", str(tmp_path)]) == 1
    assert "python -m autograder.distribution.notebooks" in capsys.readouterr().err


def test_one_answer_cell_per_module_and_one_test_cell_per_function_with_its_points():
    notebook = source_notebook()
    config = grading_config.load()
    answers, tests = cells(notebook, "solution"), cells(notebook, "grade")
    assert list(answers) == [name.removesuffix(".py") for name in CONTRACT_FILES]
    assert list(tests) == [f"test_{f}" for f in FUNCTIONS]
    for function in FUNCTIONS:
        names = [n for n in config.checks if n.split(":")[0] == function]
        metadata = tests[f"test_{function}"]["metadata"]["nbgrader"]
        assert metadata["points"] == sum(config.policy(n).points for n in names)
        assert metadata["locked"] and not metadata["solution"]
        source = "".join(tests[f"test_{function}"]["source"])
        hidden = any(config.policy(n).visibility == "hidden" for n in names)
        assert ("(hidden: graded when collected)" in source) == hidden, function
        # no hidden-test section: nbgrader would checksum the cell with it and find it changed
        assert "HIDDEN TESTS" not in source and source.endswith(f'\ngrade("{function}")')
        assert "import reference" not in source
    assert sum(c["metadata"]["nbgrader"]["points"] for c in tests.values()) == config.total
    for module, cell in answers.items():
        code = "".join(cell["source"])
        reference = (REFERENCE / f"{module}.py").read_text()
        assert code == answer_code(module, reference)
        compile(code, module, "exec")
        compile(stub_source(code), module, "exec")
        assert "### BEGIN SOLUTION" in code
    # The markdown carries the course's explanations and drawings.
    text = "\n".join("".join(c["source"]) for c in notebook["cells"]
                     if c["cell_type"] == "markdown")
    for expected in ("B = min(3, 12, 8) = 3", "```mermaid", "A (MAX)\n├── B (MIN)",
                     "18,297", "7,275", "prune C2 and C3", "b5_comp_iguala: ours 8, theirs 9",
                     " X | O | X"):
        assert expected in text, expected


def test_the_try_it_comments_are_the_references_answers():
    try_cells = {c["id"]: "".join(c["source"]) for c in source_notebook()["cells"]
                 if c["id"].endswith("-try-it")}
    assert "print(examined(alphabeta_value, textbook))          # (3, 11)" in \
        try_cells["alphabeta-try-it"]
    assert "# baixar_5" in try_cells["price_war-try-it"]
    assert "# [6, 8, 3, 5, 7]" in try_cells["ordering-try-it"]


def try_it_cells():
    """{module: source} of the notebook's try-it cells."""
    return {c["id"].removesuffix("-try-it"): "".join(c["source"])
            for c in source_notebook()["cells"] if c["id"].endswith("-try-it")}


def run_try_it(module, code, functions, capsys):
    """What a try-it cell prints, run with `functions` as the answer cell's definitions."""
    exec(code, dict(functions))  # noqa: S102 - the generated cell
    return capsys.readouterr().out


def reference_functions(module):
    return {name: value for name, value in vars(importlib.import_module(f"reference.{module}"))
            .items() if callable(value) and not name.startswith("_")}


def test_the_try_it_cells_print_the_answers_their_comments_give(monkeypatch, capsys):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    for module, code in try_it_cells().items():
        printed = run_try_it(module, code, reference_functions(module), capsys).splitlines()
        comments = [line.split("# ", 1)[1] for line in code.splitlines()
                    if line.lstrip().startswith("print(") and "# " in line]
        assert printed == comments, module


@pytest.mark.parametrize("execution", ["autograde", "validate"])
def test_the_try_it_cells_call_no_student_code_while_nbgrader_runs_the_notebook(
        monkeypatch, capsys, execution):
    # In nbgrader's kernel a hanging function would cost the cell timeout: only the test cells,
    # through the sandbox, may call it.
    monkeypatch.setenv("NBGRADER_EXECUTION", execution)

    def hangs(*arguments):
        raise AssertionError("a try-it cell called the student's code under nbgrader")

    for module, code in try_it_cells().items():
        functions = {name: hangs for name in reference_functions(module)}
        assert run_try_it(module, code, functions, capsys) == "skipped while grading\n"


def test_a_cell_without_the_autograder_says_in_one_line_what_to_install(monkeypatch, capsys):
    import tomllib

    from IPython.core.interactiveshell import InteractiveShell
    distribution = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
    notebook = source_notebook()
    sources = ["".join(c["source"]) for c in notebook["cells"] if c["id"].endswith("-try-it")
               or c["metadata"].get("nbgrader", {}).get("grade")]
    shell = InteractiveShell.instance()
    try:
        for name in [n for n in sys.modules if n.split(".")[0] == "autograder"]:
            monkeypatch.setitem(sys.modules, name, None)  # as where it is not installed
        for source in sources:
            result = shell.run_cell(source)
            assert isinstance(result.error_in_exec, ModuleNotFoundError)
            shown = capsys.readouterr().out
            assert shown.count("\n") == 1 and "Traceback" not in shown, shown
            assert distribution in shown and "%pip install -e FOLDER" in shown
            assert "restart the kernel" in shown
    finally:
        InteractiveShell.clear_instance()
    # ...and the notebook's introduction says the same first.
    introduction = "".join(notebook["cells"][0]["source"])
    assert f"`{distribution}`" in introduction and "`%pip install -e FOLDER`" in introduction


def test_docstrings_become_markdown_with_fenced_drawings_and_lists():
    doc = ("First line.\n\n    Rule:\n        a -> b\n          c\n    - one\n    - two\n"
           "    After the list.\n")
    assert docstring_markdown(doc) == (
        "First line.\n\nRule:\n\n```text\na -> b\n  c\n```\n\n- one\n- two\n\nAfter the list.")


def test_the_feedback_leaves_out_a_trees_mermaid_diagram_and_keeps_it_as_text():
    figure = figure_markdown("The textbook tree", TEXTBOOK)
    assert draw_mermaid(TEXTBOOK) in figure
    assert without_mermaid(f"Before.\n\n{figure}\n\nAfter.") == (
        f"Before.\n\n**The textbook tree**\n\n```text\n{draw_tree(TEXTBOOK['tree'])}\n```"
        f"\n\nAfter.")


def test_a_module_level_solution_is_removed_from_the_release_not_replaced_by_a_raise():
    ordering = "".join(cells(source_notebook(), "solution")["ordering"]["source"])
    release = stub_source(ordering)
    assert "CENTER_FIRST" not in release
    assert not any(line.startswith("raise") for line in release.splitlines())


# ---------------------------------------------------------------------------------------------
# Extraction and `python -m autograder grade NOTEBOOK.ipynb`.

def test_extract_writes_each_answer_cell_to_its_module(tmp_path):
    notebook = write(filled(source_notebook(), SAMPLE), tmp_path / "bob.ipynb")
    written = extract(notebook, tmp_path / "out", FILE_LIMIT, MODULE_NAMES)
    assert sorted(p.name for p in written) == sorted(CONTRACT_FILES)
    for path in written:
        assert path.read_text() == (SAMPLE / path.name).read_text()
    with pytest.raises(SubmissionError, match="answers minimax again"):
        extract(notebook, tmp_path / "out", FILE_LIMIT, MODULE_NAMES)


def test_ipython_commands_in_an_answer_cell_are_left_out_only_when_they_break_it():
    assert module_source("x = 1\n") == "x = 1\n"
    commented = module_source("%%time\ndef f():\n    return 1\n!ls\n")
    assert commented.startswith("# %%time") and "# !ls" in commented
    compile(commented, "cell", "exec")
    assert module_source("def f(:\n%time\n") == "def f(:\n%time\n"


def test_stage_takes_nbgrader_submitted_folders_and_ignores_checkpoints(tmp_path):
    student = tmp_path / "submitted" / "alice"
    write(filled(source_notebook(), REFERENCE), student / ASSIGNMENT / NOTEBOOK)
    write(filled(source_notebook(), SAMPLE), student / ASSIGNMENT / ".ipynb_checkpoints" /
          "adversarial_search-checkpoint.ipynb")
    (student / ASSIGNMENT / "timestamp.txt").write_text("2026-01-01 00:00:00")
    folder = stage(student, tmp_path / "scratch", CONTRACT_FILES)
    for name in CONTRACT_FILES:
        assert (folder / name).read_text() == (REFERENCE / name).read_text()


@pytest.mark.parametrize("inside", ["", "hand-in/"])
def test_a_zip_of_a_notebook_is_read_as_the_notebook(tmp_path, inside):
    notebook = write(filled(source_notebook(), REFERENCE), tmp_path / NOTEBOOK)
    checkpoint = write(filled(source_notebook(), SAMPLE), tmp_path / "checkpoint.ipynb")
    with zipfile.ZipFile(tmp_path / "alice.zip", "w") as archive:
        archive.write(notebook, inside + NOTEBOOK)
        archive.write(checkpoint, f"{inside}.ipynb_checkpoints/{NOTEBOOK}")
        archive.write(checkpoint, f"__MACOSX/{inside}{NOTEBOOK}")
    folder = stage(tmp_path / "alice.zip", tmp_path / "scratch", CONTRACT_FILES)
    for name in CONTRACT_FILES:
        assert (folder / name).read_text() == (REFERENCE / name).read_text()


def test_a_zip_without_answers_or_notebooks_still_says_what_to_hand_in(tmp_path):
    with zipfile.ZipFile(tmp_path / "empty.zip", "w") as archive:
        archive.writestr("notes.txt", "nothing here")
    with pytest.raises(SubmissionError, match="holds none of minimax.py"):
        stage(tmp_path / "empty.zip", tmp_path / "scratch", CONTRACT_FILES)


def test_a_folder_with_the_py_files_is_graded_from_them_not_from_its_notebooks(tmp_path):
    submission = tmp_path / "work"
    shutil.copytree(SAMPLE, submission)
    write(filled(source_notebook(), REFERENCE), submission / NOTEBOOK)
    folder = stage(submission, tmp_path / "scratch", CONTRACT_FILES)
    assert (folder / "minimax.py").read_text() == (SAMPLE / "minimax.py").read_text()


def test_two_notebooks_answering_one_module_are_refused(tmp_path):
    write(filled(source_notebook(), REFERENCE), tmp_path / "hand-in" / "a.ipynb")
    write(filled(source_notebook(), SAMPLE), tmp_path / "hand-in" / "b.ipynb")
    with pytest.raises(SubmissionError, match="hand in one answer per module"):
        stage(tmp_path / "hand-in", tmp_path / "scratch", CONTRACT_FILES)


@pytest.mark.e2e
def test_a_notebook_graded_by_the_cli_scores_as_its_code_as_py_files(tmp_path, sample_report):
    reference = grade_report(write(filled(source_notebook(), REFERENCE), tmp_path / "alice.ipynb"),
                             tmp_path)
    assert reference["points"] == reference["max_points"] == grading_config.load().total
    sample = grade_report(write(filled(source_notebook(), SAMPLE), tmp_path / "bob.ipynb"),
                          tmp_path)
    assert by_function(sample) == by_function(sample_report)
    assert sample["points"] == sample_report["points"] < reference["max_points"]


@pytest.mark.e2e
@pytest.mark.parametrize("notebook, says", [
    ({"cells": [{"cell_type": "code", "metadata": {}, "source": "x = 1", "outputs": []}],
      "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, "has no answer cells"),
    ({"cells": [1, {"cell_type": "code", "metadata": 3}, {"metadata": {"nbgrader": []}}]},
     "has no answer cells"),
    ("{not json", "it is not a notebook"),
])
def test_a_notebook_without_answer_cells_gets_one_line_and_exit_code_2(tmp_path, notebook, says):
    path = tmp_path / "empty.ipynb"
    path.write_text(notebook if isinstance(notebook, str) else json.dumps(notebook))
    completed = run_cli("grade", path, "--output", tmp_path / "out.txt")
    assert completed.returncode == 2
    assert completed.stderr.count("\n") == 1 and completed.stderr.startswith("autograder: ")
    assert says in completed.stderr
    assert not (tmp_path / "out.txt").exists()


# ---------------------------------------------------------------------------------------------
# The test cells' helper, on a report of our own (no grading).

REPORT = {"checks": [
    {"name": "alphabeta_decision: best action", "function": "alphabeta_decision", "points": 8,
     "max_points": 8, "status": "passed", "feedback": "", "shown": None, "visibility": "visible",
     "hint": ""},
    {"name": HIDDEN_CHECK, "function": "alphabeta_decision", "points": 0, "max_points": 4,
     "status": "failed", "feedback": "SECRET expected answer", "visibility": "hidden",
     "shown": {"heading": "The smallest input", "example": {"kind": "tree", "tree": [[7, 1]]}},
     "hint": "Tighten the root's bound."},
    {"name": "minimax_value: exact values", "function": "minimax_value", "points": 0,
     "max_points": 5, "status": "failed", "feedback": "returned 2, expected 3", "shown": None,
     "visibility": "visible", "hint": ""}]}


@pytest.fixture
def helper_notebook(tmp_path, monkeypatch):
    write(filled(source_notebook(), SAMPLE), tmp_path / NOTEBOOK)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    monkeypatch.setattr(cell_helper, "grade_answers", lambda sources: report_from_json(REPORT))


def test_a_partly_passed_function_shows_its_points_and_the_student_view(helper_notebook, capsys):
    points = cell_helper.grade("alphabeta_decision", "all")
    assert points == 8 and repr(points) == "8"
    shown = capsys.readouterr().out
    assert "Tighten the root's bound." in shown and "(0 / 4, hidden check)" in shown
    assert "SECRET" not in shown and "A (MAX)" not in shown


def test_the_visible_view_leaves_the_hidden_checks_to_the_collected_notebook(helper_notebook,
                                                                              capsys):
    assert cell_helper.grade("alphabeta_decision", "visible") == 8
    shown = capsys.readouterr().out
    assert HIDDEN_CHECK not in shown and "1 hidden check, 4 points" in shown


def test_the_cell_speaks_the_language_its_report_was_graded_in(helper_notebook, monkeypatch,
                                                               capsys):
    hidden = {**REPORT["checks"][1], "max_points": 2.5}
    catalan = {"language": "ca", "checks": [REPORT["checks"][0], hidden]}
    monkeypatch.setattr(cell_helper, "grade_answers", lambda sources: report_from_json(catalan))
    assert repr(cell_helper.grade("alphabeta_decision", "visible")) == "8"  # nbgrader's number
    shown = capsys.readouterr().out
    assert "2,5" in shown and "2.5" not in shown  # the hidden checks' points, as Catalan writes


@pytest.mark.parametrize("execution, hidden_shown", [(None, False), ("validate", False),
                                                     ("autograde", True)])
def test_only_nbgrader_autograde_grades_the_hidden_checks_by_default(
        helper_notebook, monkeypatch, capsys, execution, hidden_shown):
    if execution:
        monkeypatch.setenv("NBGRADER_EXECUTION", execution)
    monkeypatch.setattr(cell_helper, "reference_importable", lambda: False)
    cell_helper.grade("alphabeta_decision")
    shown = capsys.readouterr().out
    assert (HIDDEN_CHECK in shown) == hidden_shown
    assert ("1 hidden check, 4 points" in shown) != hidden_shown


def test_points_keep_the_cells_scale_when_grading_toml_changed_since(helper_notebook,
                                                                     monkeypatch, capsys):
    changed = {"checks": [{**REPORT["checks"][0], "points": 4, "max_points": 4},
                          REPORT["checks"][1]]}
    monkeypatch.setattr(cell_helper, "grade_answers", lambda sources: report_from_json(changed))
    assert cell_helper.grade("alphabeta_decision", "all") == 6  # 4 of 8, in a cell worth 12
    assert "scaled to this cell's 12 points" in capsys.readouterr().out


def test_a_function_with_no_check_passed_fails_its_cell(helper_notebook, capsys):
    with pytest.raises(AssertionError, match="no check passed"):
        cell_helper.grade("minimax_value")
    assert "returned 2, expected 3" in capsys.readouterr().out


def test_autograde_refuses_a_kernel_that_can_import_the_reference(helper_notebook, monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert cell_helper.reference_importable()  # this test process has the editable install
    with pytest.raises(GradingError, match="can import the reference"):
        cell_helper.grade("minimax_value")


def test_the_autograde_kernel_command_leaves_out_site_and_the_repository(tmp_path):
    command = kernel.kernel_arguments(["-f", "connection.json"], tmp_path)
    assert command[:2] == ["-I", "-S"] and command[-2:] == ["-f", "connection.json"]
    folders = json.loads(command[6])
    assert str(ROOT) not in folders and folders


def test_the_kernel_sees_site_packages_but_not_the_autograders_own_distribution():
    shown = {Path(inside).name for _, inside in kernel.site_binds()}
    assert {"ipykernel", "zmq", "babel"} <= shown
    own = kernel.own_entries()
    assert own and not own & shown  # the editable finder and .pth, or the installed packages
    assert not [name for name in shown if name.endswith(".pth") or "__editable__" in name]
    assert not [folder for _, inside in kernel.site_binds()
                for folder in (ROOT, ROOT / "reference", ROOT / "autograder")
                if Path(inside) == folder]


@pytest.mark.parametrize("mode", ["rlimits", "plain"])
def test_the_autograde_kernel_refuses_a_sandbox_that_shows_the_files(monkeypatch, capsys, mode):
    monkeypatch.setattr(kernel, "probe", lambda: mode)
    started = []
    monkeypatch.setattr(kernel.subprocess, "Popen", lambda *a, **k: started.append(a))
    assert kernel.main(["-f", "connection.json"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"autograder kernel: this machine's strongest sandbox is {mode}, ")
    assert error.count("\n") == 1 and "bubblewrap" in error and not started


def test_the_autograde_kernel_refuses_site_packages_its_uid_cannot_reach(tmp_path, monkeypatch,
                                                                         capsys):
    private = tmp_path / "home"
    (private / "venv" / "site-packages").mkdir(parents=True)
    private.chmod(0o700)
    monkeypatch.setattr(kernel, "site_folders", lambda: [str(private / "venv" / "site-packages")])
    monkeypatch.setattr(kernel, "probe", lambda: "bwrap")
    monkeypatch.setattr(kernel, "Sandbox", lambda mode: type(
        "Box", (), {"mode": mode, "uid": 61000, "python": kernel.sys.executable,
                    "close": lambda self: None})())
    assert kernel.main(["-f", "connection.json"]) == 2
    error = capsys.readouterr().err
    assert error == (f"autograder kernel: the sandbox's uid cannot enter {private}, which holds "
                     f"the kernel's site-packages ({private / 'venv' / 'site-packages'}): install "
                     "the autograder's environment where other users can read it\n")


@pytest.mark.parametrize("name", ["gradebook.db", "nbgrader_config.py", "grading.toml"])
def test_the_autograde_kernel_is_never_handed_the_course_folder(tmp_path, monkeypatch, capsys,
                                                                 name):
    connection = tmp_path / "connection.json"
    connection.write_text("{}")
    (tmp_path / name).write_text("secret")
    monkeypatch.chdir(tmp_path)

    def staged():
        raise AssertionError("the course folder was staged for the kernel")

    monkeypatch.setattr(kernel, "site_binds", staged)  # what comes once the folders are staged
    assert kernel.main(["-f", str(connection)]) == 2
    assert capsys.readouterr().err == (f"autograder kernel: the kernel's working folder "
                                       f"{tmp_path} holds {name}: run the notebook from its own "
                                       "folder, as nbgrader autograde does\n")


def test_under_nbgrader_the_cells_show_the_report_nbgraders_side_made(helper_notebook,
                                                                      monkeypatch, capsys):
    # The sandboxed kernel cannot run the grader: a test cell shows the report it was handed
    # (and grades nothing itself), with the cells' points from that report too.
    given = Path.cwd() / "given"
    given.mkdir()
    (given / "report.json").write_text(report_json.render(report_from_json(REPORT)))
    (given / "cells.json").write_text(json.dumps({"cell_points": {"alphabeta_decision": 24}}))
    monkeypatch.setenv(cell_helper.REPORT, str(given))
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    monkeypatch.setattr(cell_helper, "grade_answers", None)  # never called
    (Path.cwd() / NOTEBOOK).unlink()  # nor is the notebook read
    assert cell_helper.grade("alphabeta_decision") == 16  # 8 of 12, in a cell worth 24
    assert "scaled to this cell's 24 points" in capsys.readouterr().out
    (given / "cells.json").write_text(json.dumps({"refused": "submission",
                                                  "reason": "no answer cells"}))
    with pytest.raises(AssertionError, match="^no answer cells$"):
        cell_helper.grade("alphabeta_decision")
    (given / "cells.json").write_text(json.dumps({"refused": "grader", "reason": "exit code 3"}))
    with pytest.raises(GradingError, match="^exit code 3$"):
        cell_helper.grade("alphabeta_decision")


# What the notebook's cells import of the autograder, besides the games.
KERNEL_IMPORTS = ["autograder.commands", "autograder.commands.notebook_cells",
                  "autograder.drawing", "autograder.errors", "autograder.intake",
                  "autograder.intake.notebook", "autograder.language",
                  "autograder.language.grammar",
                  "autograder.language.speaking", "autograder.results", "autograder.runner",
                  "autograder.runner.environment"]
IMPORTED = """\
import json, sys
sys.path.insert(0, sys.argv[1])
sys.path.extend(json.loads(sys.argv[2]))  # as the kernel's BOOT: Babel, with no .pth file run
from autograder.commands.notebook_cells import grade, nbgrader_running
from autograder.drawing import draw_input
from autograder.games.instrumented import InstrumentedGame
from autograder.games.price_war import PRICE_WAR_TREE
print(" ".join(sorted(name for name in sys.modules if name.startswith("autograder."))))
"""


def test_the_kernels_copy_of_the_autograder_holds_what_the_cells_import_and_no_more(tmp_path):
    shim = kernel.stage_shim(tmp_path / "shim") / "autograder"
    modules = sorted(".".join(("autograder", *p.relative_to(shim).with_suffix("").parts))
                     .removesuffix(".__init__") for p in shim.rglob("*.py"))
    games = sorted(f"autograder.games.{p.stem}".removesuffix(".__init__")
                   for p in (ROOT / "autograder" / "games").glob("*.py"))
    assert modules == sorted(["autograder", *KERNEL_IMPORTS, *games])
    assert not {"checks", "policy.py", "grading.toml", "reference"} & {p.name for p in
                                                                      shim.rglob("*")}
    assert sorted(p.relative_to(shim).as_posix() for p in shim.rglob("*.po")) == [
        f"language/locale/{code}/LC_MESSAGES/autograder.po" for code in sorted(LANGUAGES)
        if code != ENGLISH]
    # ...and it is enough: with site-packages' folders but none of their .pth files, and so no
    # editable install, the cells import from it alone, every module of it but the games'.
    completed = subprocess.run([sys.executable, "-I", "-S", "-c", IMPORTED, str(shim.parent),
                                json.dumps(kernel.site_folders())],
                               capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    imported = completed.stdout.split()
    assert [name for name in imported if not name.startswith("autograder.games")] == \
        KERNEL_IMPORTS


def test_the_kernel_says_in_one_line_why_it_cannot_start(tmp_path, monkeypatch, capsys):
    def refused(folder):
        raise PermissionError(13, "Permission denied", folder)

    monkeypatch.setattr(kernel, "stage_shim", refused)
    assert kernel.main(["-f", "connection.json"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("autograder kernel: cannot start the autograde kernel: ")
    assert error.count("\n") == 1


# ---------------------------------------------------------------------------------------------
# Real nbgrader, end to end.

PROBE = """\
import sys
try:
    import reference
    print("reference: imported from", reference.__file__)
except ImportError as error:
    print("reference:", type(error).__name__)
print("no_site:", sys.flags.no_site)
print("autograder:", __import__("autograder").__file__)
print("path:", sys.path)
"""


def nbgrader(course, *args):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("JUPYTER_PATH", None)
    completed = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                               capture_output=True, text=True, timeout=900)
    assert completed.returncode == 0, completed.stderr[-4000:]
    return completed


def as_feedback(drawing):
    """A drawing as the test cells print it under a failure: indented by four spaces."""
    return "\n".join("    " + line if line else "" for line in drawing.splitlines())


def stream_text(cell):
    return "".join("".join(o.get("text", "")) for o in cell.get("outputs", [])
                   if o.get("output_type") == "stream")


HANGS = "guaranteed_decision"  # calls no other contract function, and none calls it
FOREVER = f"""

def {HANGS}(tree, ours, root):
    while True:
        pass
"""


def hanging(notebook):
    """`notebook` whose price-war answer ends with a guaranteed_decision that never returns."""
    for cell in notebook["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "price_war":
            cell["source"] += FOREVER
    return notebook


@pytest.fixture(scope="module")
def nbgrader_installed():
    try:
        import nbgrader  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("nbgrader is not installed: CI needs the dev extra's nbgrader==0.9.6")
        pytest.skip("nbgrader is not installed (pip install -e '.[nbgrader]')")


@pytest.mark.e2e
def test_real_nbgrader_end_to_end(nbgrader_installed, tmp_path, sample_report):
    started = time.monotonic()
    course = tmp_path / "course"
    shutil.copytree(COURSE_DIR, course, ignore=shutil.ignore_patterns(
        "gradebook.db", "release", "submitted", "autograded", "feedback", "*.csv"))

    import nbformat
    nbformat.validate(nbformat.read(course / NOTEBOOK_PATH, as_version=4))
    nbgrader(course, "generate_assignment", ASSIGNMENT)
    release_path = course / "release" / ASSIGNMENT / NOTEBOOK
    release = json.loads(release_path.read_text())
    text = release_path.read_text()
    for leaked in ("BEGIN SOLUTION", "CENTER_FIRST =", "alpha = max(alpha, v)"):
        assert leaked not in text, leaked
    source = cells(build_notebook(handout(assignments.SEARCH)), "solution")
    for module, cell in cells(release, "solution").items():
        # the release's stubs are autograder.distribution.stubs' stubs, not nbgrader's defaults
        assert "".join(cell["source"]) == stub_source("".join(source[module]["source"]))
    tests = cells(build_notebook(handout(assignments.SEARCH)), "grade")
    assert {name: "".join(cell["source"]) for name, cell in cells(release, "grade").items()} == \
        {name: "".join(cell["source"]) for name, cell in tests.items()}

    submitted = course / "submitted"
    write(filled(release, REFERENCE, extra_code=PROBE), submitted / "alice" / ASSIGNMENT / NOTEBOOK)
    write(filled(release, SAMPLE), submitted / "bob" / ASSIGNMENT / NOTEBOOK)
    autograde = nbgrader(course, "autograde", ASSIGNMENT)
    # Carol's guaranteed_decision never returns: her notebook alone, timed.
    write(hanging(filled(release, REFERENCE)), submitted / "carol" / ASSIGNMENT / NOTEBOOK)
    carol_started = time.monotonic()
    carol = nbgrader(course, "autograde", ASSIGNMENT, "--student", "carol")
    carol_seconds = time.monotonic() - carol_started
    nbgrader(course, "export", "--to", str(course / "grades.csv"))
    nbgrader(course, "generate_feedback", ASSIGNMENT)
    elapsed = time.monotonic() - started

    # The exported totals are the .py path's.
    with open(course / "grades.csv", newline="") as handle:
        scores = {row["student_id"]: float(row["score"]) for row in csv.DictReader(handle)}
    most = by_function(sample_report)
    total = grading_config.load().total
    assert scores == {"alice": total, "bob": sample_report["points"],
                      "carol": total - most[HANGS][1]}

    # So are the scores per function, in nbgrader's gradebook.
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        full = {f: (m, m) for f, (_, m) in most.items()}
        for student, expected in (("alice", full), ("bob", most),
                                  ("carol", {**full, HANGS: (0, most[HANGS][1])})):
            notebook = gradebook.find_submission_notebook(NOTEBOOK.removesuffix(".ipynb"),
                                                          ASSIGNMENT, student)
            grades = {g.name.removeprefix("test_"): (g.score, g.max_score)
                      for g in notebook.grades}
            assert grades == expected, student

    # The kernel that ran the students' code could not import the reference.
    autograded = json.loads((course / "autograded" / "alice" / ASSIGNMENT / NOTEBOOK).read_text())
    probe = stream_text(next(c for c in autograded["cells"] if c["id"] == "probe"))
    assert "reference: ModuleNotFoundError" in probe, probe
    assert "no_site: 1" in probe, probe
    path_line = next(line for line in probe.splitlines() if line.startswith("path:"))
    assert f"'{ROOT}'" not in path_line and f"'{ROOT / 'autograder'}'" not in path_line
    autograder_line = next(line for line in probe.splitlines() if line.startswith("autograder:"))
    assert str(ROOT) not in autograder_line, autograder_line

    # Bob's feedback keeps the hidden check's name, points and hint, never its input or answer.
    page = html.unescape((course / "feedback" / "bob" / ASSIGNMENT / f"{ASSIGNMENT}.html")
                         .read_text())
    hidden = next(c for c in sample_report["checks"] if c["name"] == HIDDEN_CHECK)
    assert hidden["visibility"] == "hidden" and hidden["status"] == "failed" and hidden["shown"]
    assert hidden["hint"] in page and HIDDEN_CHECK in page
    assert hidden["feedback"].splitlines()[0] not in page
    assert hidden["shown"]["heading"] not in page
    # (its input may be one of the course's own trees, which the notebook draws: never under it)
    assert as_feedback(draw_example(hidden["shown"]["example"])) not in page
    # ...while a visible failure is explained with its input, drawn as the helper prints it.
    visible = next(c for c in sample_report["checks"]
                   if c["status"] == "failed" and c["visibility"] == "visible" and c["shown"])
    assert as_feedback(draw_example(visible["shown"]["example"])) in page

    # Untouched test cells raise no tamper alarm; and the Mermaid diagrams the feedback page
    # cannot draw are left out of it, their trees drawn as text.
    for run in (autograde, carol):
        assert "Attribute 'checksum'" not in run.stderr + run.stdout
        assert "has changed" not in run.stderr + run.stdout
    assert "graph TD" not in page and "mermaid" not in page
    assert draw_tree(TEXTBOOK["tree"]) in page

    # Carol's hanging function cost its time limit in the test cells' sandbox, not nbgrader's 600 s
    # cell timeout: her try-it cells called nothing.
    carol_notebook = json.loads((course / "autograded" / "carol" / ASSIGNMENT / NOTEBOOK)
                                .read_text())
    for cell in carol_notebook["cells"]:
        if cell["id"].endswith("-try-it"):
            assert stream_text(cell) == "skipped while grading\n", cell["id"]
    hung = stream_text(next(c for c in carol_notebook["cells"] if c["id"] == f"test_{HANGS}"))
    assert "did not return within the time limit" in hung, hung

    print(f"nbgrader end to end: {elapsed:.0f} s; carol's notebook, whose {HANGS} never "
          f"returns: {carol_seconds:.0f} s")
    assert carol_seconds < 300, "a hanging function should cost its time limit, not 600 s"
    assert elapsed < 600, "the nbgrader round trip should take a minute or two"


# The autograde kernel is a sandbox: an answer cell that goes looking for the course's files by
# every route it has finds none of them, and the test cells still score from the trusted report.

CANARY = "AUTOGRADER_TEST_CANARY"  # stands for a secret in the instructor's environment
SNOOP = r"""

def _snoop(secrets, course_parts):
    import glob, importlib.util, os, re, sys
    def attempt(label, read):
        try:
            print("LE" + f"AK {label}: {read()[:300]!r}")  # the marker is not in the source
        except Exception as error:  # noqa: BLE001
            print(f"DENIED {label}: {type(error).__name__}")
    def text(path):
        with open(path, "rb") as handle:
            return handle.read(4096).decode("latin-1")
    for label, path in secrets.items():  # by path, as the instructor's paths are guessable
        attempt(label, lambda path=path: text(path))
    # the editable install's finder and .pth files name the repository
    found = [p for folder in sys.path if os.path.isdir(folder)
             for p in glob.glob(os.path.join(folder, "*editable*")) + glob.glob(
                 os.path.join(folder, "*.pth"))]
    attempt("editable-finder", lambda: "".join(text(p) for p in found) or text("/missing"))
    for p in found:
        for root in re.findall(r"'(/[^']+)/(?:reference|autograder)'", text(p)):
            attempt("editable-grading.toml", lambda root=root: text(root + "/grading.toml"))
    attempt("reference-spec", lambda: str(importlib.util.find_spec("reference").origin))
    # the parents' /proc entries: their cwd (the course), root, and environment
    pids = [name for name in os.listdir("/proc") if name.isdigit()]
    pid, ancestors = os.getpid(), []
    while pid > 1:
        pid = int(re.search(r"PPid:\s*(\d+)", text(f"/proc/{pid}/status"))[1])
        ancestors.append(pid)
    print("pids seen:", len(pids), "ancestors:", ancestors)
    for pid in sorted(set(pids) | {str(p) for p in ancestors}):
        environ = f"/proc/{pid}/environ"
        print(f"ENVIRON {pid}: {text(environ) if os.access(environ, os.R_OK) else '-'}")
        for label, path in secrets.items():
            attempt(f"proc-root-{label}", lambda: text(f"/proc/{pid}/root{path}"))
        for up in range(1, 6):
            relative = "/".join([".."] * up + list(course_parts))
            attempt(f"proc-cwd-gradebook", lambda: text(f"/proc/{pid}/cwd/{relative}"))
    print("snoop: done")


if __import__("os").environ.get("NBGRADER_EXECUTION"):  # in the kernel, not each worker
    _snoop({secrets!r}, ["gradebook.db"])
"""


@pytest.mark.e2e
def test_the_autograde_kernel_sees_none_of_the_course(nbgrader_installed, tmp_path):
    course = tmp_path / "course"
    shutil.copytree(COURSE_DIR, course, ignore=shutil.ignore_patterns(
        "gradebook.db", "release", "submitted", "autograded", "feedback", "*.csv"))
    nbgrader(course, "generate_assignment", ASSIGNMENT)
    secrets = {"grading.toml": str(ROOT / "grading.toml"),
               "reference": str(REFERENCE / "alphabeta.py"),
               "gradebook": str(course / "gradebook.db"),
               "source-notebook": str(course / NOTEBOOK_PATH),
               "nbgrader_config": str(course / "nbgrader_config.py")}
    assert all(Path(path).is_file() for path in secrets.values())
    release = json.loads((course / "release" / ASSIGNMENT / NOTEBOOK).read_text())
    notebook = filled(release, REFERENCE)
    for cell in notebook["cells"]:  # the snoop is the last answer cell's, run where it lands
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "price_war":
            cell["source"] += SNOOP.replace("{secrets!r}", repr(secrets))
    write(notebook, course / "submitted" / "alice" / ASSIGNMENT / NOTEBOOK)
    canary = f"canary-{os.getpid()}-{time.monotonic_ns()}"
    os.environ[CANARY] = canary
    try:
        nbgrader(course, "autograde", ASSIGNMENT)
        nbgrader(course, "generate_feedback", ASSIGNMENT)
    finally:
        del os.environ[CANARY]

    autograded = json.loads((course / "autograded" / "alice" / ASSIGNMENT / NOTEBOOK).read_text())
    shown = "\n".join(json.dumps(cell.get("outputs", [])) for cell in autograded["cells"])
    snoop = stream_text(next(c for c in autograded["cells"]
                             if c["metadata"].get("nbgrader", {}).get("grade_id") == "price_war"))
    assert "snoop: done" in snoop, snoop  # it ran, in the kernel, every route tried
    for label in [*secrets, "editable-finder", "reference-spec"]:
        assert f"DENIED {label}: " in snoop, label
    assert "ENVIRON " in snoop and "DENIED proc-cwd-gradebook" in snoop
    # (the source notebook's solutions are the reference's, which alice's own cells hold)
    assert "BEGIN SOLUTION" not in shown and "salt" not in shown
    assert str(ROOT / "reference") not in shown and str(ROOT / "autograder") not in shown
    page = (course / "feedback" / "alice" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    for text in (shown, html.unescape(page)):  # the feedback also holds the cells' source
        assert "LEAK " not in text and canary not in text and "SQLite format" not in text
    print(snoop)
    # ...and the test cells still score from the trusted side's report: the reference, full marks
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        graded = gradebook.find_submission_notebook(NOTEBOOK.removesuffix(".ipynb"), ASSIGNMENT,
                                                    "alice")
        assert {g.name: g.score for g in graded.grades} == \
            {g.name: g.max_score for g in graded.grades}
        assert graded.score == grading_config.load().total


# ---------------------------------------------------------------------------------------------
# The second assignment, cutoff: its own notebook in the same course, generated, graded back and
# autograded by real nbgrader as cutoff.

CUTOFF = assignments.chosen("cutoff")
CUTOFF_HANDOUT = handout(CUTOFF)
CUTOFF_NAME = CUTOFF_HANDOUT.name
CUTOFF_NOTEBOOK = CUTOFF_HANDOUT.notebook_path
CUTOFF_MISTAKE = ROOT / "tests" / "cutoff_submissions" / "bug_open_lines_win_worth_one"


def cutoff_notebook():
    return json.loads((COURSE_DIR / CUTOFF_NOTEBOOK).read_text())


def function_points(assignment, fails=()):
    """{function: (points, max_points)} that the assignment's grading.toml gives a submission
    failing the checks `fails`."""
    config = grading_config.load(assignment.policy)
    found = {}
    for name, policy in config.checks.items():
        function = name.split(":")[0]
        earned, most = found.get(function, (0, 0))
        found[function] = (earned + policy.points * (name not in fails), most + policy.points)
    return found


@pytest.fixture(scope="module")
def cutoff_mistake(tmp_path_factory):
    """The cutoff reference with one known mistake, as a folder of .py files, and the checks its
    expected.toml says it fails."""
    folder = tmp_path_factory.mktemp("cutoff-mistake") / "submission"
    expected = assembled(CUTOFF_MISTAKE, folder)
    assert expected["assignment"] == CUTOFF.name and expected["fails"]
    return folder, expected["fails"]


def test_the_committed_cutoff_notebook_is_what_its_reference_generates(tmp_path, capsys):
    assert CUTOFF_NOTEBOOK == f"source/{CUTOFF_NAME}/{CUTOFF_NAME}.ipynb"
    assert (COURSE_DIR / CUTOFF_NOTEBOOK).read_text() == course_files(CUTOFF)[CUTOFF_NOTEBOOK], \
        REGENERATE
    assert CUTOFF_NOTEBOOK in course_files() and stale(chosen=CUTOFF) == []
    assert main(["--check", "--assignment", "cutoff"]) == 0
    # ...and the check notices a stale one, and a file nbgrader would release with it.
    generate(tmp_path, CUTOFF)
    assert not (tmp_path / NOTEBOOK_PATH).exists()  # one assignment's notebook only
    notebook = tmp_path / CUTOFF_NOTEBOOK
    notebook.write_text(notebook.read_text().replace("negamax_value", "negamax_valu"))
    (notebook.parent / "notes.txt").write_text("would be released")
    assert sorted(stale(tmp_path, CUTOFF)) == [CUTOFF_NOTEBOOK, f"source/{CUTOFF_NAME}/notes.txt"]
    assert main(["--check", "--assignment", "cutoff", "--target", str(tmp_path)]) == 1
    assert CUTOFF_NOTEBOOK in capsys.readouterr().err


def test_the_cutoff_notebook_has_an_answer_cell_per_module_and_a_test_cell_per_function():
    notebook = cutoff_notebook()
    answers, tests = cells(notebook, "solution"), cells(notebook, "grade")
    assert list(answers) == [name.removesuffix(".py") for name in CUTOFF.files]
    assert list(tests) == [f"test_{function.name}" for function in CUTOFF.functions]
    points = function_points(CUTOFF)
    for function, (_, most) in points.items():
        metadata = tests[f"test_{function}"]["metadata"]["nbgrader"]
        assert metadata["points"] == most and metadata["locked"] and not metadata["solution"]
        assert "".join(tests[f"test_{function}"]["source"]).endswith(f'\ngrade("{function}")')
    assert sum(c["metadata"]["nbgrader"]["points"] for c in tests.values()) == \
        grading_config.load(CUTOFF.policy).total
    for module, cell in answers.items():
        code = "".join(cell["source"])
        assert code == answer_code(module, (CUTOFF.reference / f"{module}.py").read_text())
        compile(stub_source(code), module, "exec")
    # The markdown carries the reference's explanations and the course's figures.
    text = "\n".join("".join(c["source"]) for c in notebook["cells"]
                     if c["cell_type"] == "markdown")
    introduction = "".join(notebook["cells"][0]["source"])
    assert "game.key(state)" in introduction and "Connect Four" in introduction
    for expected in ("H-MINIMAX(s, k)", "5,478 distinct positions", "the lessons' bishop",
                     draw_tree(TEXTBOOK["tree"]), draw_tree(TEXTBOOK["tree"], "MIN"),
                     draw_example(connect_four_spec(" " * 42)), draw_board("    X    "),
                     "the evaluation gives A 0, B 5, C 1, D 7", "noisy: C"):
        assert expected in text, expected
    assert "Run the checks with" not in text


def cutoff_try_it_cells():
    return {c["id"].removesuffix("-try-it"): "".join(c["source"])
            for c in cutoff_notebook()["cells"] if c["id"].endswith("-try-it")}


def cutoff_reference_functions():
    """Every cutoff reference function, as the kernel holds every answer cell run before."""
    package = CUTOFF.reference_package()
    return {name: value for module in dict.fromkeys(f.module for f in CUTOFF.functions)
            for name, value in vars(importlib.import_module(f"{package}.{module}")).items()
            if callable(value) and not name.startswith("_")}


def test_the_cutoff_try_it_comments_are_the_docstrings_figures(monkeypatch, capsys):
    try_cells = cutoff_try_it_cells()
    assert list(try_cells) == [name.removesuffix(".py") for name in CUTOFF.files]
    for module, line in [
            ("negamax", "print(examined(negamax_value, textbook))      # (3, 11)"),
            ("negamax", "print(examined(negamax_value, textbook_min))  # (-6, 11)"),
            ("heuristic", "print(examined(heuristic_value, textbook, 1, evaluation))   "),
            ("heuristic", "# (7, 4)"), ("heuristic", "# [0, [[0, 1, 2], [2, 0, 1]]]"),
            ("heuristic", "heuristic_decision(empty, empty.initial, 1, open_lines))"),
            ("heuristic", "open_windows))                 # (-2, 822)"),
            ("transposition", "print(examined(transposition_value, empty))     # (0, 5478)"),
            ("quiescence", "is_quiet))   # 5"), ("quiescence", "all_quiet))  # 9"),
            ("horizon", "print(decides_otherwise())  # True"),
            ("evaluation", "print(open_lines_evaluation(x_in_the_centre.initial))  # 4"),
            ("evaluation", "print(open_lines_evaluation(x_won.initial))            # 100")]:
        assert line in try_cells[module], (module, line)
    # ...each the answer the reference prints, and nothing is called while nbgrader runs them.
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    functions = cutoff_reference_functions()
    for module, code in try_cells.items():
        printed = run_try_it(module, code, functions, capsys).splitlines()
        comments = [line.split("# ", 1)[1] for line in code.splitlines()
                    if line.lstrip().startswith("print(") and "# " in line]
        assert printed == comments and printed, module
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")

    def called(*arguments):
        raise AssertionError("a try-it cell called the student's code under nbgrader")

    for module, code in try_cells.items():
        assert run_try_it(module, code, dict.fromkeys(functions, called), capsys) == \
            "skipped while grading\n"


def test_cutoff_notebooks_are_recognised_and_staged_as_cutoff(tmp_path):
    notebook = filled(cutoff_notebook(), CUTOFF.reference)
    alone = write(notebook, tmp_path / "alice.ipynb")
    folder = write(notebook, tmp_path / "bob" / "work.ipynb").parent
    write(filled(source_notebook(), REFERENCE), folder / ".ipynb_checkpoints" / "old.ipynb")
    course = tmp_path / "course"
    carol = write(notebook, course / "submitted" / "carol" / CUTOFF_NAME / "cutoff.ipynb").parent
    for path in (alone, folder, course, course / "submitted"):
        assert assignments.chosen(None, submitted_names([path])) is CUTOFF, path
        staged = stage(carol if path.name in ("course", "submitted") else path,
                       tmp_path / "scratch" / path.name, CUTOFF.files)
        assert sorted(p.name for p in staged.iterdir()) == sorted(CUTOFF.files)
    # The first assignment's notebook is still its own, and neither grades as the other.
    first = write(filled(source_notebook(), REFERENCE), tmp_path / "dan.ipynb")
    assert assignments.chosen(None, submitted_names([first])) is assignments.SEARCH
    with pytest.raises(SubmissionError, match="has no answer cells .*minimax, alphabeta"):
        stage(alone, tmp_path / "scratch" / "as-search", CONTRACT_FILES)
    # A class holding both is graded as neither, without --assignment.
    write(filled(source_notebook(), REFERENCE), course / "submitted" / "dan" / ASSIGNMENT /
          NOTEBOOK)
    with pytest.raises(UsageError, match="holds files of 2 assignments"):
        assignments.chosen(None, submitted_names([course]))


@pytest.mark.e2e
def test_a_cutoff_notebook_graded_by_the_cli_scores_as_its_py_files(tmp_path, cutoff_mistake):
    folder, fails = cutoff_mistake
    as_files = grade_report(folder, tmp_path)
    as_notebook = grade_report(write(filled(cutoff_notebook(), folder), tmp_path / "bob.ipynb"),
                               tmp_path)
    assert by_function(as_notebook) == by_function(as_files) == function_points(CUTOFF, fails)
    assert as_notebook["points"] == as_files["points"] < as_files["max_points"]


@pytest.mark.e2e
def test_a_batch_of_nbgraders_submitted_cutoff_notebooks_grades_as_cutoff(tmp_path,
                                                                         cutoff_mistake):
    folder, fails = cutoff_mistake
    submitted = tmp_path / "submitted"
    for student, answers in (("alice", CUTOFF.reference), ("bob", folder)):
        write(filled(cutoff_notebook(), answers), submitted / student / CUTOFF_NAME /
              f"{CUTOFF_NAME}.ipynb")
    function = "open_lines_evaluation"  # the mistake's function: the batch grades it alone
    completed = run_cli("grade", submitted, "--output", tmp_path / "out", "--only", function)
    assert completed.returncode == 0, completed.stderr
    book = read_gradebook(tmp_path / "out")
    expected = function_points(CUTOFF, fails)[function]
    assert {student: book[student][function] for student in book} == {
        "alice": f"{expected[1]:g}", "bob": f"{expected[0]:g}"}
    assert "negamax_value" in book["alice"] and "minimax_value" not in book["alice"]


@pytest.mark.e2e
def test_real_nbgrader_autogrades_the_cutoff_notebook(nbgrader_installed, tmp_path,
                                                      cutoff_mistake):
    folder, fails = cutoff_mistake
    course = tmp_path / "course"
    shutil.copytree(COURSE_DIR, course, ignore=shutil.ignore_patterns(
        "gradebook.db", "release", "submitted", "autograded", "feedback", "*.csv"))
    nbgrader(course, "generate_assignment", CUTOFF_NAME)
    notebook = f"{CUTOFF_NAME}.ipynb"
    release = json.loads((course / "release" / CUTOFF_NAME / notebook).read_text())
    assert "BEGIN SOLUTION" not in json.dumps(release)
    source = cells(cutoff_notebook(), "solution")
    for module, cell in cells(release, "solution").items():
        assert "".join(cell["source"]) == stub_source("".join(source[module]["source"]))

    submitted = course / "submitted"
    write(filled(release, CUTOFF.reference), submitted / "alice" / CUTOFF_NAME / notebook)
    write(filled(release, folder), submitted / "bob" / CUTOFF_NAME / notebook)
    autograde = nbgrader(course, "autograde", CUTOFF_NAME)
    assert "has changed" not in autograde.stderr + autograde.stdout

    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for student, expected in (("alice", function_points(CUTOFF)),
                                  ("bob", function_points(CUTOFF, fails))):
            graded = gradebook.find_submission_notebook(CUTOFF_NAME, CUTOFF_NAME, student)
            grades = {g.name.removeprefix("test_"): (g.score, g.max_score) for g in graded.grades}
            assert grades == expected, student
    bob = json.loads((course / "autograded" / "bob" / CUTOFF_NAME / notebook).read_text())
    for cell in bob["cells"]:
        if cell["id"].endswith("-try-it"):
            assert stream_text(cell) == "skipped while grading\n", cell["id"]


@pytest.mark.e2e
def test_real_nbgrader_writes_the_students_stubs_in_the_notebooks_language(nbgrader_installed,
                                                                           tmp_path):
    """nbgrader's ClearSolutions, as the course's nbgrader_config.py makes it, says where the
    code goes in the language the notebook was generated in, as the stubs do."""
    course = tmp_path / "course"
    generate(course, CUTOFF, "ca")
    nbgrader(course, "generate_assignment", CUTOFF_NAME)
    released = json.loads((course / "release" / CUTOFF_NAME / f"{CUTOFF_NAME}.ipynb").read_text())
    answers = ["".join(cell["source"]) for cell in cells(released, "solution").values()]
    assert answers and all("    # EL TEU CODI AQUÍ\n    raise NotImplementedError" in answer
                           for answer in answers)
    assert "YOUR CODE HERE" not in json.dumps(released, ensure_ascii=False)


def feedback_page(language, comment="Well argued", metadata=None):
    """nbgrader's feedback page, rendered as `generate_feedback` renders it with the course's
    exporter, of a notebook in `language` (or with the autograder's `metadata`) with an answer cell
    that prints nbgrader's labels itself, a commented answer and a test cell, late."""
    import nbformat
    from nbgrader.converters import GenerateFeedback
    from traitlets.config import Config
    from autograder.distribution.nbgrader.feedback_page import SpokenFeedback
    config = Config()
    config.GenerateFeedback.exporter_class = SpokenFeedback
    converter = GenerateFeedback(config=config)  # it names nbgrader's template in its config
    exporter = converter.exporter_class(config=converter.config)
    notebook = nbformat.v4.new_notebook(metadata={"autograder": {"language": language}
                                                  if metadata is None else metadata})
    notebook.cells = [
        nbformat.v4.new_code_cell("print('(Score: 1) (Top) Test cell')", metadata={"nbgrader": {
            "solution": True, "grade": False, "grade_id": "minimax", "comment": comment}}),
        nbformat.v4.new_code_cell("grade('minimax_value')", metadata={"nbgrader": {
            "solution": False, "grade": True, "grade_id": "test_minimax_value", "points": 12,
            "score": 7}})]
    page, _resources = exporter.from_notebook_node(notebook, resources={"nbgrader": {
        "notebook": "adversarial_search", "score": 7, "max_score": 12, "late_penalty": 1}})
    return html.unescape(page)


def test_nbgraders_feedback_page_speaks_the_notebooks_language(nbgrader_installed):
    """The page a student gets from generate_feedback kept nbgrader's English labels (Score, Test
    cell, Student's answer, Comments) in a Catalan course; the cells' own text is left as it is."""
    english = ("Score:", "Test cell</a>", "(Top)", "Student's answer", "Grade cell:",
               "Comments:", "Late submission penalty", ">Comment</a>")
    page = feedback_page(ENGLISH)
    assert all(label in page for label in english)
    catalan = feedback_page("ca")
    code = re.compile(r'<div class="highlight[^"]*">.*?</div>', re.DOTALL)
    assert [label for label in english if label in code.sub("", catalan)] == []
    for label in ("Puntuació:", "Cel·la de prova</a>", "(Inici)", "Resposta de l'estudiant",
                  "Cel·la de correcció:", "Comentaris:", "Penalització per lliurament tardà",
                  ">Comentari</a>"):
        assert label in catalan, label
    assert [re.sub(r"<[^>]*>", "", block) for block in code.findall(catalan)][0].strip() == \
        "print('(Score: 1) (Top) Test cell')"


@pytest.mark.parametrize("metadata", [{"language": "xx"}, {"language": ["ca"]}, ["ca"], "ca"])
def test_a_feedback_page_whose_notebook_names_no_language_spoken_is_in_english(
        nbgrader_installed, metadata):
    """The notebook autograded is the one the student handed in, its metadata too: one naming a
    language the grader does not speak, or metadata of another shape, raised ConfigError or
    AttributeError in generate_feedback, which then left that student without a page and failed."""
    page = feedback_page(None, metadata=metadata)
    assert "Test cell</a>" in page and "Student's answer" in page


def test_a_students_markup_costs_the_feedback_page_linear_time(nbgrader_installed):
    """A student's Markdown answer reaches the page as raw HTML: one that wrote nbgrader's
    late-penalty item 20,000 times (500 KB), with no "(" after, made the label pattern scan to the
    page's end from each, 7.5 s of CPU, and 2 MB two minutes (quadratic); each match now stops at
    the next tag."""
    from autograder.distribution.nbgrader.feedback_page import spoken_labels
    page = ('<ul><li class="late-penalty">Late submission penalty (Score: -1.0)</li></ul>'
            + '<li class="late-penalty">' * 20_000)
    started = time.process_time()
    with speaking("ca"):
        spoken = spoken_labels(page)
    assert time.process_time() - started < 2
    assert spoken.startswith('<ul><li class="late-penalty">Penalització per lliurament tardà '
                             '(Puntuació: -1.0)</li></ul>')
