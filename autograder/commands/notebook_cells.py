"""What the nbgrader notebook's cells call: grade() in a test cell, nbgrader_running() in a try-it
cell. It runs in the kernel, next to the student's code.

A test cell's grade("<function>") grades the notebook's answer cells as .py files, in a subprocess
and the same sandbox as any submission, and scores the function's checks from that one report:
docs/nbgrader.md says how the cells score and what they keep out of the kernel.
Under nbgrader the kernel is itself sandboxed and cannot run the grader: nbgrader's trusted side
grades the answers before the kernel starts (autograder.commands.nbgrader_grading) and the
kernel's launcher hands it that report, named by AUTOGRADER_NOTEBOOK_REPORT, which the cells read.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from autograder.errors import GradingError
from autograder.intake.notebook import (EXECUTION, REPORT, answer_sources, nbgrader_metadata,
                                        read_notebook, test_cells, write_modules)
from autograder.language import _, ngettext, number, speaking
from autograder.results import load_report, out_of, points
from autograder.runner.environment import without_steering

GRADER_PYTHON = "AUTOGRADER_PYTHON"
HIDDEN = "hidden"

_reports = {}  # digest of the answers -> the grader's report, once per kernel and answers


class Points(float):
    """A test cell's result: shown as a bare number, which nbgrader reads as the points earned."""

    def __repr__(self):
        return points(float(self))


def nbgrader_running():
    """True while nbgrader runs the notebook (autograde, validate): the try-it cells then skip the
    student's functions, which only the test cells call, in the sandbox and its time limits."""
    return bool(os.environ.get(EXECUTION))


def find_notebook(function):
    """The saved notebook this kernel runs: Jupyter names it in JPY_SESSION_NAME; under nbgrader
    (and nbconvert) it is the notebook in the working folder that has this function's test cell."""
    session = os.environ.get("JPY_SESSION_NAME", "")
    if session.endswith(".ipynb") and Path(session).is_file() and not nbgrader_running():
        return Path(session)
    found = []
    for path in sorted(Path.cwd().glob("*.ipynb")):
        try:
            if function in test_cells(read_notebook(path)):
                found.append(path)
        except (OSError, ValueError):
            continue
    if len(found) == 1:
        return found[0]
    if not found:
        raise AssertionError(_("cannot find this notebook in {folder}: save it, and run it from "
                               "its own folder").format(folder=Path.cwd()))
    return max(found, key=lambda p: p.stat().st_mtime)  # the one being worked on


def reference_importable():
    import importlib.util
    try:
        return importlib.util.find_spec("reference") is not None
    except ImportError:
        return False


def grader_command(folder, output):
    python = os.environ.get(GRADER_PYTHON) or sys.executable
    return [python, "-m", "autograder", "grade", str(folder), "--format", "json",
            "--output", str(output)]


def grade_answers(sources):
    """The grader's Report (student view) of these answers; graded once per kernel."""
    digest = hashlib.sha256(json.dumps(sources, sort_keys=True).encode()).hexdigest()
    if digest in _reports:
        return _reports[digest]
    with tempfile.TemporaryDirectory(prefix="autograder-notebook-") as scratch:
        folder = Path(scratch) / "submission"
        write_modules(sources, folder)
        output = Path(scratch) / "report.json"
        # The kernel's environment is the student's: an answer cell can set PYTEST_ADDOPTS.
        completed = subprocess.run(grader_command(folder, output), cwd=scratch,
                                   env=without_steering(os.environ),
                                   capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if completed.returncode != 0 or not output.is_file():
            lines = completed.stderr.strip().splitlines()
            reason = lines[-1] if lines else _("exit code {code}").format(code=completed.returncode)
            raise GradingError(_("the autograder could not grade this notebook (tell your "
                                 "instructor; it is not your fault): {reason}").format(
                                     reason=reason))
        report = load_report(output)
    _reports[digest] = report
    return report


def notebook_report(notebook, name):
    """The grader's Report (student view) of the answers of `notebook` (named `name`)."""
    sources = answer_sources(notebook)  # the grader recognises the assignment by its modules
    if not sources:
        raise AssertionError(_("{notebook} has no answer cells (nbgrader's marks on them are "
                               "gone): write your code in the answer cells of the assignment's "
                               "notebook as it was handed out").format(notebook=name))
    return grade_answers(sources)


def cell_points(notebook):
    """{function: the points the notebook gives its test cell}."""
    return {function: nbgrader_metadata(cell).get("points")
            for function, cell in test_cells(notebook).items()}


def given_report():
    """(report, {function: cell points}) that nbgrader's trusted side made before this kernel
    started, or None outside nbgrader's sandboxed kernel. A report it could not make raises here,
    in the test cell, as it would have raised grading in the kernel."""
    folder = os.environ.get(REPORT)
    if not folder:
        return None
    cells = json.loads((Path(folder) / "cells.json").read_text(encoding="utf-8"))
    if "refused" in cells:
        raise (AssertionError if cells["refused"] == "submission" else GradingError)(
            cells["reason"])
    return load_report(Path(folder) / "report.json"), cells["cell_points"]


def student_results(report, function):
    """The report's checks of `function` as results a student may see."""
    return [check.for_students() for check in report.checks if check.function == function]


def _explain(check):
    text = check.feedback
    if check.shown:
        try:
            from autograder.drawing import draw_input
            text = f"{text}\n\n{draw_input(check.shown)}"
        except Exception:  # noqa: BLE001 - a drawing must never cost the student the feedback
            pass
    return text


def render(function, checks, earned, available):
    lines = [_("{function}: {earned} of {available} points").format(
        function=function, earned=number(earned), available=number(available))]
    for check in checks:
        mark = "✓" if check.passed else "✗"
        score = out_of(check.points, check.max_points)
        if check.visibility == HIDDEN:
            score = _("{score}, hidden check").format(score=score)
        lines.append(f"{mark} {check.shown_name}  ({score})")
        if not check.passed:
            lines += ["    " + line if line else "" for line in _explain(check).splitlines()]
    return "\n".join(lines)


def grade(function, checks=None):
    """Grade `function` in the saved notebook; see the module docstring for what the cell shows.

    `checks` is "all" or "visible" (hidden checks are left to the collected notebook); by default
    "all" under nbgrader autograde and "visible" anywhere else.
    """
    autograding = os.environ.get(EXECUTION) == "autograde"
    checks = checks or ("all" if autograding else "visible")
    if checks not in ("all", "visible"):
        raise ValueError(f"checks must be 'all' or 'visible', not {checks!r}")
    given = given_report()
    if given is not None:
        report, points_of = given
    else:
        if autograding and reference_importable():
            raise GradingError(_("this autograde kernel can import the reference: run nbgrader "
                                 "in the course folder, whose nbgrader_config.py sets the kernel"))
        path = find_notebook(function)
        notebook = read_notebook(path)
        report, points_of = notebook_report(notebook, path.name), cell_points(notebook)
    with speaking(report.language):  # the cell speaks as the report it shows
        return score_cell(function, student_results(report, function), checks,
                          points_of.get(function))


def score_cell(function, mine, checks, cell_points):
    """Print what the test cell shows of `function`'s checks (`mine`) and return its points (None
    when all of them are hidden); `cell_points` is what the notebook gives the cell."""
    hidden = []
    if checks == "visible":
        hidden = [c for c in mine if c.visibility == HIDDEN]
        mine = [c for c in mine if c.visibility != HIDDEN]
    if not mine and not hidden:
        raise GradingError(_("the autograder has no checks for {function}").format(
            function=function))
    earned = sum(c.points for c in mine)
    available = sum(c.max_points for c in mine)
    print(render(function, mine, earned, available))
    if checks == "visible" and hidden:
        print(ngettext("(and {count} hidden check, {points} points, graded when your notebook is "
                       "collected)",
                       "(and {count} hidden checks, {points} points, graded when your notebook "
                       "is collected)", len(hidden)).format(
                           count=number(len(hidden)),
                           points=number(sum(c.max_points for c in hidden))))
    if checks == "all" and isinstance(cell_points, (int, float)) and cell_points != available:
        # grading.toml changed since the notebook was generated: keep nbgrader's scale
        print(_("(scaled to this cell's {points} points)").format(points=number(cell_points)))
        earned = earned * cell_points / available if available else 0
    if not mine:
        return None  # every check of the function is hidden: nothing to score here
    if earned <= 0 and available > 0:
        raise AssertionError(_("{function}: no check passed (0 of {points} points)").format(
            function=function, points=number(available)))
    return Points(earned)
