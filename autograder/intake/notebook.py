"""A notebook's answer cells read back into modules: what `python -m autograder grade
NOTEBOOK.ipynb` grades, like any folder of .py files, and what the notebook's own test cells grade.

An answer cell is an nbgrader solution cell whose grade_id names a module: one of the assignment's
modules when the assignment is known. Two readers share this code: extract() for a handed-in
notebook, graded as the assignment that answered_modules() recognises, and the test cells' helper
(autograder.commands.notebook_cells) for the notebook a kernel runs. The helper runs in the
autograde kernel, whose copy of the autograder holds this module and no assignment's declaration:
it takes every solution cell named like a module, and the grader it starts recognises the
assignment by the modules written. This module imports only the contract and the errors. A
notebook is student input: a malformed cell is skipped, never a crash.
"""
import json
from pathlib import Path

from autograder.errors import SubmissionError
from autograder.language import _, number

NOTEBOOK_LIMIT = 32 * 1024 * 1024  # a notebook handed in as a file, outputs and pictures included
TEST_PREFIX = "test_"  # a test cell's grade_id is "test_<function>"
# What nbgrader's side and its kernel say through the environment: nbgrader sets EXECUTION
# (autograde, validate) while it runs a notebook; REPORT names the folder that nbgrader's trusted
# side made for the test cells (autograder.commands.nbgrader_grading): the report of the notebook's
# answers (report.json) and the cells' points, or why there is no report (cells.json).
EXECUTION = "NBGRADER_EXECUTION"
REPORT = "AUTOGRADER_NOTEBOOK_REPORT"
MAGIC_NOTE = "  # (an IPython command: not run when graded)"


def cell_source(cell):
    source = cell.get("source", "")
    return "".join(map(str, source)) if isinstance(source, list) else str(source)


def nbgrader_metadata(cell):
    """A cell's nbgrader metadata, or {} (a malformed cell too)."""
    metadata = cell.get("metadata") if isinstance(cell, dict) else None
    nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    return nbgrader if isinstance(nbgrader, dict) else {}


def grade_id(cell):
    found = nbgrader_metadata(cell).get("grade_id")
    return found if isinstance(found, str) else None


def is_answer_cell(cell, modules=None):
    """Whether `cell` is a code cell nbgrader marks as a solution, named after one of `modules`
    (an assignment's), or, with None, after any module."""
    nbgrader = nbgrader_metadata(cell)
    name = grade_id(cell)
    return (isinstance(cell, dict) and cell.get("cell_type") == "code"
            and bool(nbgrader.get("solution")) and name is not None
            and (name.isidentifier() if modules is None else name in modules))


def test_cells(notebook):
    """{function: its test cell} of a notebook: the cells whose grade_id is TEST_PREFIX + name."""
    return {grade_id(cell)[len(TEST_PREFIX):]: cell for cell in notebook.get("cells", [])
            if (grade_id(cell) or "").startswith(TEST_PREFIX)}


def module_source(source):
    """A cell's source as a module: unchanged when it is Python; when it only fails to compile
    for IPython commands (`%time`, `%%timeit`, `!ls`, starting a line), with them commented out."""
    try:
        compile(source, "<cell>", "exec")
        return source
    except (SyntaxError, ValueError):
        pass
    lines = source.splitlines()
    if not any(line.startswith(("%", "!")) for line in lines):
        return source
    commented = "\n".join(f"# {line}{MAGIC_NOTE}" if line.startswith(("%", "!")) else line
                          for line in lines) + "\n"
    try:
        compile(commented, "<cell>", "exec")
    except (SyntaxError, ValueError):
        return source  # the grader reports the syntax error as the student wrote it
    return commented


def answer_sources(notebook, modules=None):
    """{module: source} from a notebook's answer cells (of `modules`, as is_answer_cell). ValueError
    when two cells answer the same module."""
    sources = {}
    for cell in notebook.get("cells", []):
        if is_answer_cell(cell, modules):
            module = grade_id(cell)
            if module in sources:
                # TRANSLATORS: {module} is a module's name, quoted, such as 'minimax'
                raise ValueError(_("two answer cells are marked {module}; keep one").format(
                    module=repr(module)))
            source = module_source(cell_source(cell))
            sources[module] = source if source.endswith("\n") else source + "\n"
    return sources


def read_notebook(path):
    """The notebook at `path` as a dict; ValueError when it is not a notebook."""
    return parse_notebook(Path(path).read_bytes())


def parse_notebook(data):
    """A notebook's bytes as a dict; ValueError when they are not a notebook."""
    try:
        notebook = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        # TRANSLATORS: {error} is what Python's json said, in English
        raise ValueError(_("it is not a notebook ({error})").format(error=error)) from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise ValueError(_("it is not a notebook (no list of cells)"))
    return notebook


def write_modules(sources, folder):
    """Write each module's source as `<module>.py` in `folder`; return the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for module, source in sources.items():
        path = folder / f"{module}.py"
        path.write_text(source, encoding="utf-8")
        written.append(path)
    return written


# ---------------------------------------------------------------------------------------------
# A handed-in notebook.

def answered_modules(notebook_path):
    """The modules the answer cells of the notebook at `notebook_path` answer, by which the
    assignment it belongs to is recognised before it is graded; none when it cannot be read as a
    notebook (staging it then says why) or is a link (never followed)."""
    path = Path(notebook_path)
    try:
        if path.is_symlink() or path.stat().st_size > NOTEBOOK_LIMIT:
            return []
        cells = read_notebook(path)["cells"]
    except (OSError, ValueError, RecursionError):
        return []
    return [grade_id(cell) for cell in cells if is_answer_cell(cell)]


def extract(notebook_path, target_folder, file_limit, modules, label=None):
    """Write each answer cell of the notebook at `notebook_path` for one of `modules` (the
    assignment's) to `<module>.py` in `target_folder`; return the paths written. SubmissionError,
    in one line, as extract_answers, naming it `label` (by default its path; a caller whose path a
    student named gives it escaped)."""
    path = Path(notebook_path)
    label = path if label is None else label
    try:
        if path.stat().st_size > NOTEBOOK_LIMIT:
            raise SubmissionError(_("{path} is over {size} MiB: clear its outputs and hand it in "
                                    "again").format(path=label,
                                                    size=number(NOTEBOOK_LIMIT // (1024 * 1024))))
        data = path.read_bytes()
    except OSError as error:
        raise SubmissionError(_("cannot read {path} ({error})").format(
            path=label, error=error.strerror or error)) from None
    return extract_answers(label, data, target_folder, file_limit, modules)


def extract_answers(label, data, target_folder, file_limit, modules):
    """Write each answer cell for one of `modules` of the notebook whose bytes are `data` to
    `<module>.py` in `target_folder`; return the paths written. SubmissionError, in one line naming
    `label`, when it is not a notebook (not JSON, nested too deeply), has no answer cell for
    `modules`, answers a module already in `target_folder`, or has an answer over `file_limit`
    bytes (a module file's limit: the submission's intake sets it)."""
    try:
        sources = answer_sources(parse_notebook(data), modules)
    except ValueError as error:
        # TRANSLATORS: {label} names the notebook, {error} says what is wrong with it
        raise SubmissionError(_("{label}: {error}; save it from Jupyter and hand it in "
                                "again").format(label=label, error=error)) from None
    except RecursionError:  # json and compile() both recurse: a notebook nested 200,000 deep
        raise SubmissionError(_("{label} is nested too deeply to be a notebook; save it from "
                                "Jupyter and hand it in again").format(label=label)) from None
    if not sources:
        # TRANSLATORS: {modules} lists the modules' names, such as "minimax, alphabeta"
        raise SubmissionError(_("{label} has no answer cells (nbgrader cells named {modules}): "
                                "hand in the assignment's notebook with your code in its answer "
                                "cells").format(label=label, modules=", ".join(modules)))
    target = Path(target_folder)
    for module, source in sources.items():
        if (target / f"{module}.py").exists():
            raise SubmissionError(_("{label} answers {module} again: hand in one answer per "
                                    "module").format(label=label, module=module))
        if len(source.encode("utf-8")) > file_limit:
            raise SubmissionError(_("{label}: the {module} answer cell is over {size} MiB; submit "
                                    "source code only").format(
                label=label, module=module, size=number(file_limit // (1024 * 1024))))
    return write_modules(sources, target)
