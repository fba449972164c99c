"""A handed-in notebook's answer cells, read back into modules: what `python -m autograder grade
NOTEBOOK.ipynb` grades, like any folder of .py files.

Apart from autograder.distribution.notebooks, which generates the notebook from the reference and so stays out
of the students' repository: this part holds no solution, and the release needs it to grade a
notebook. The cells are read with the same code as the notebook's test cells
(autograder.distribution.nbgrader).
"""
from pathlib import Path

from autograder.contract import MODULE_NAMES
from autograder.distribution.nbgrader import answer_sources, parse_notebook, write_modules
from autograder.errors import SubmissionError
from autograder.intake.submission import FILE_LIMIT

NOTEBOOK_LIMIT = 32 * 1024 * 1024  # a notebook handed in as a file, outputs and pictures included


def extract(notebook_path, target_folder):
    """Write each answer cell of the notebook at `notebook_path` to `<module>.py` in
    `target_folder`; return the paths written. SubmissionError, in one line, as extract_answers."""
    path = Path(notebook_path)
    try:
        if path.stat().st_size > NOTEBOOK_LIMIT:
            raise SubmissionError(f"{path} is over 32 MiB: clear its outputs and hand it in again")
        data = path.read_bytes()
    except OSError as error:
        raise SubmissionError(f"cannot read {path} ({error.strerror or error})") from None
    return extract_answers(path, data, target_folder)


def extract_answers(label, data, target_folder):
    """Write each answer cell of the notebook whose bytes are `data` to `<module>.py` in
    `target_folder`; return the paths written. SubmissionError, in one line naming `label`, when
    it is not a notebook (not JSON, nested too deeply), has no answer cell, or answers a module
    already in `target_folder`."""
    try:
        sources = answer_sources(parse_notebook(data))
    except ValueError as error:
        raise SubmissionError(f"{label}: {error}; save it from Jupyter and hand it in "
                              f"again") from None
    except RecursionError:  # json and compile() both recurse: a notebook nested 200,000 deep
        raise SubmissionError(f"{label} is nested too deeply to be a notebook; save it from "
                              f"Jupyter and hand it in again") from None
    if not sources:
        raise SubmissionError(f"{label} has no answer cells (nbgrader cells named "
                              f"{', '.join(MODULE_NAMES)}): hand in the assignment's notebook with your "
                              f"code in its answer cells")
    target = Path(target_folder)
    for module, source in sources.items():
        if (target / f"{module}.py").exists():
            raise SubmissionError(f"{label} answers {module} again: hand in one answer per module")
        if len(source.encode("utf-8")) > FILE_LIMIT:
            raise SubmissionError(f"{label}: the {module} answer cell is over 1 MiB; "
                                  f"submit source code only")
    return write_modules(sources, target)
