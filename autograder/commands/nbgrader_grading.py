"""nbgrader's trusted side of the autograde kernel: each notebook's answers graded before its kernel
starts.

The autograde kernel (autograder.distribution.nbgrader.kernel) runs the students' code in a
sandbox that sees no reference, so its test cells cannot run the grader. The course's
nbgrader_config.py puts GradeAnswers just before Execute, in autograde and in validate: in
nbgrader's own process it grades the notebook's answer cells as the test cells did (`python -m
autograder grade`, the student code in the sandbox like any submission), writes the student-view
report (report.json) and the test cells' points (cells.json) to a private folder, and names it in
AUTOGRADER_NOTEBOOK_REPORT. The kernel's launcher, a child of this process, copies it into the
kernel's sandbox, where the test cells read it (notebook_cells.given_report).
"""
import atexit
import functools
import json
import os
import shutil
import tempfile
from pathlib import Path

from nbgrader.preprocessors import NbGraderPreprocessor

from autograder.commands.notebook_cells import cell_points, notebook_report
from autograder.errors import AutograderError
from autograder.intake.notebook import REPORT
from autograder.reporters import report_json


@functools.cache
def report_folder():
    """This process's private folder for the reports, removed when it exits."""
    folder = tempfile.mkdtemp(prefix="autograder-nbgrader-")
    atexit.register(shutil.rmtree, folder, True)
    return Path(folder)


def before_execute(preprocessors):
    """nbgrader's `preprocessors` with GradeAnswers just before its Execute."""
    from nbgrader.preprocessors import Execute
    return [step for preprocessor in preprocessors
            for step in ((GradeAnswers, preprocessor) if preprocessor is Execute
                         else (preprocessor,))]


class GradeAnswers(NbGraderPreprocessor):
    """Grade the notebook's answer cells for its test cells, before the kernel runs them."""

    def preprocess(self, nb, resources):
        os.environ.pop(REPORT, None)  # never a previous notebook's report, whatever happens here
        name = f"{resources.get('unique_key') or 'notebook'}.ipynb"
        folder = Path(tempfile.mkdtemp(dir=report_folder()))
        try:
            (folder / "report.json").write_text(report_json.render(notebook_report(nb, name)),
                                                encoding="utf-8")
            cells = {"cell_points": cell_points(nb)}
        except (AssertionError, ValueError) as error:  # the submission's: its test cells fail
            cells = {"refused": "submission", "reason": str(error)}
        except AutograderError as error:  # the grader's: its test cells say so
            cells = {"refused": "grader", "reason": str(error)}
        (folder / "cells.json").write_text(json.dumps(cells), encoding="utf-8")
        os.environ[REPORT] = str(folder)
        return nb, resources
