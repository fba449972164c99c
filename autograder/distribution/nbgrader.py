"""What the nbgrader notebook's test cells run, and the kernel that nbgrader autograde runs them in.

Each test cell of the notebook (assignments/nbgrader/) ends with `grade("<function>")`. The
first test cell of a notebook run reads the notebook's answer cells from the saved notebook, writes
each to its module (`minimax.py`, ...) in a temporary folder, and grades that folder with

    AUTOGRADER_PYTHON -m autograder grade FOLDER --format json --output REPORT

in a subprocess: the same grading, in the same sandboxed worker, as for .py files. AUTOGRADER_PYTHON
is the grader's Python (by default this kernel's own). Every test cell then reads its function's
checks from that one report (it is cached for as long as the answers stay the same):

- all passed: the cell shows the points, which nbgrader takes as full credit;
- some failed: the cell prints each failure and shows the points earned, which nbgrader takes as
  partial credit (a test cell whose last output is a number scores that number);
- none passed: the cell prints the failures and raises AssertionError, which scores zero.

The report is requested without --show-hidden: the grader itself cuts hidden checks down to their
name, points and hint, so a hidden input never enters the kernel, where the student's own code runs
and could print it into the feedback. The helper also applies that student view itself. Under
nbgrader autograde a test cell reports all its function's checks; anywhere else (the student's own
run, nbgrader validate) only the visible ones, the hidden ones being graded when the notebook is
collected. The cell itself is the same in the source and the release: a hidden-test section would
make nbgrader autograde warn that every untouched test cell's checksum has changed.

The try-it cells of the notebook call the student's functions in the kernel itself, outside the
sandbox: while nbgrader runs the notebook they call nothing (nbgrader_running), so a function that
hangs costs the sandbox's time limit (grading.toml's [limits]) in the test cells' grading, never
nbgrader's cell timeout.

This module uses only the standard library (and autograder.drawing, for drawing failing inputs,
and autograder.runner.environment, which is standard library only).
It never imports the reference, the checks or the rest of the grader, because it runs in the kernel
next to the student's code.

The kernel: `python -P -m autograder.distribution.nbgrader kernel -f CONNECTION_FILE` (the course's
kernelspec) starts an IPython kernel with `python -I -S`: no site initialisation, so no .pth file
runs and the editable install's finder, which maps `reference` into the repository, is never
installed; sys.path is the standard library, the site-packages folders (for ipykernel) and a
private copy of this helper, autograder.drawing and autograder.games (the games the notebook's
examples use); the repository is not on it. A meta path guard refuses `reference` besides (a
non-editable install would put it in site-packages). Under nbgrader autograde, grade() refuses to
score at all in a kernel that can import the reference (as when nbgrader runs without the course's
nbgrader_config.py, whose errors it only logs).

This keeps the reference out of the kernel's imports; it is not a sandbox: code in the kernel runs
as the grading user, can read what that user can read, and can tamper with this helper in its own
process. nbgrader's scores are as trustworthy as nbgrader's kernel; `python -m autograder grade`
on the submitted notebooks is the sandboxed path.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from autograder.runner.environment import without_steering
from autograder.contract import MODULE_NAMES

# The contract's modules, in the contract's order: the grade_id of each answer cell.
GRADER_PYTHON = "AUTOGRADER_PYTHON"
EXECUTION = "NBGRADER_EXECUTION"  # nbgrader sets it (autograde, validate) while it runs a notebook
TEST_PREFIX = "test_"          # a test cell's grade_id is "test_<function>"
HIDDEN = "hidden"
MAGIC_NOTE = "  # (an IPython command: not run when graded)"

_reports = {}  # digest of the answers -> the grader's report, once per kernel and answers


class GraderUnavailable(RuntimeError):
    """The grader could not grade the notebook (not the student's fault); the message says why."""


class Points(float):
    """A test cell's result: shown as a bare number, which nbgrader reads as the points earned."""

    def __repr__(self):
        return f"{float(self):g}"


# ---------------------------------------------------------------------------------------------
# Reading the answers out of a notebook (autograder.intake.notebook uses the same code).

def cell_source(cell):
    source = cell.get("source", "")
    return "".join(map(str, source)) if isinstance(source, list) else str(source)


def nbgrader_metadata(cell):
    """A cell's nbgrader metadata, or {} (a malformed cell too: notebooks are student input)."""
    metadata = cell.get("metadata") if isinstance(cell, dict) else None
    nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    return nbgrader if isinstance(nbgrader, dict) else {}


def grade_id(cell):
    found = nbgrader_metadata(cell).get("grade_id")
    return found if isinstance(found, str) else None


def is_answer_cell(cell):
    nbgrader = nbgrader_metadata(cell)
    return (isinstance(cell, dict) and cell.get("cell_type") == "code"
            and bool(nbgrader.get("solution")) and grade_id(cell) in MODULE_NAMES)


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


def answer_sources(notebook):
    """{module: source} from a notebook's answer cells (nbgrader solution cells whose grade_id is a
    module name). ValueError when two cells answer the same module."""
    sources = {}
    for cell in notebook.get("cells", []):
        if is_answer_cell(cell):
            module = grade_id(cell)
            if module in sources:
                raise ValueError(f"two answer cells are marked {module!r}; keep one")
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
        raise ValueError(f"it is not a notebook ({error})") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise ValueError("it is not a notebook (no list of cells)")
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
# The test cells.

def _test_cells(notebook):
    return {grade_id(cell)[len(TEST_PREFIX):]: cell for cell in notebook.get("cells", [])
            if (grade_id(cell) or "").startswith(TEST_PREFIX)}


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
            if function in _test_cells(read_notebook(path)):
                found.append(path)
        except (OSError, ValueError):
            continue
    if len(found) == 1:
        return found[0]
    if not found:
        raise AssertionError(f"cannot find this notebook in {Path.cwd()}: save it, and run it from "
                             f"its own folder")
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
    """The grader's report (a dict, student view) for these answers; graded once per kernel."""
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
            reason = lines[-1] if lines else f"exit code {completed.returncode}"
            raise GraderUnavailable(f"the autograder could not grade this notebook (tell your "
                                    f"instructor; it is not your fault): {reason}")
        report = json.loads(output.read_text(encoding="utf-8"))
    _reports[digest] = report
    return report


def student_view(check):
    """A check's result as a student may see it: a hidden check keeps its name, points and hint."""
    if check.get("visibility") != HIDDEN:
        return check
    return {**check, "feedback": "" if check["status"] == "passed" else check.get("hint", ""),
            "shown": None, "traces": None}


def _points(value):
    return f"{value:g}"


def _explain(check):
    text = check.get("feedback") or ""
    if check.get("shown"):
        try:
            from autograder.drawing import draw_input
            text = f"{text}\n\n{draw_input(check['shown'])}"
        except Exception:  # noqa: BLE001 - a drawing must never cost the student the feedback
            pass
    return text


def render(function, checks, earned, available):
    lines = [f"{function}: {_points(earned)} of {_points(available)} points"]
    for check in checks:
        mark = "✓" if check["status"] == "passed" else "✗"
        hidden = ", hidden check" if check.get("visibility") == HIDDEN else ""
        lines.append(f"{mark} {check['name']}  ({_points(check['points'])} / "
                     f"{_points(check['max_points'])}{hidden})")
        if check["status"] != "passed":
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
    if autograding and reference_importable():
        raise GraderUnavailable("this autograde kernel can import the reference: run nbgrader in "
                                "the course folder, whose nbgrader_config.py sets the kernel")
    path = find_notebook(function)
    notebook = read_notebook(path)
    sources = answer_sources(notebook)
    if not sources:
        raise AssertionError(f"{path.name} has no answer cells: write your code in the cells "
                             f"marked for {', '.join(MODULE_NAMES)}")
    report = grade_answers(sources)
    mine = [student_view(c) for c in report["checks"] if c["function"] == function]
    hidden = []
    if checks == "visible":
        hidden = [c for c in mine if c.get("visibility") == HIDDEN]
        mine = [c for c in mine if c.get("visibility") != HIDDEN]
    if not mine and not hidden:
        raise GraderUnavailable(f"the autograder has no checks for {function}")
    earned = sum(c["points"] for c in mine)
    available = sum(c["max_points"] for c in mine)
    print(render(function, mine, earned, available))
    if checks == "visible" and hidden:
        print(f"(and {len(hidden)} hidden check{'s' * (len(hidden) > 1)}, "
              f"{_points(sum(c['max_points'] for c in hidden))} points, graded when your notebook "
              f"is collected)")
    cell_points = nbgrader_metadata(_test_cells(notebook).get(function)).get("points")
    if checks == "all" and isinstance(cell_points, (int, float)) and cell_points != available:
        # grading.toml changed since the notebook was generated: keep nbgrader's scale
        print(f"(scaled to this cell's {_points(cell_points)} points)")
        earned = earned * cell_points / available if available else 0
    if not mine:
        return None  # every check of the function is hidden: nothing to score here
    if earned <= 0 and available > 0:
        raise AssertionError(f"{function}: no check passed (0 of {_points(available)} points)")
    return Points(earned)


# ---------------------------------------------------------------------------------------------
# The autograde kernel.

PACKAGE = Path(__file__).resolve().parents[1]
SHIM_FILES = ("contract.py", "distribution/__init__.py", "distribution/nbgrader.py", "drawing.py",
              "runner/__init__.py", "runner/environment.py")
SHIM_PACKAGES = ("games",)
SHIM_INIT = ('"""The autograde kernel\'s share of the autograder: the test cells\' helper, the '
             'drawings, the environment filter and the games.\n\nNever the reference, the checks '
             'or the grading policy."""\n')

BOOT = r"""
import atexit, json, shutil, sys
shim, extra = sys.argv[1], json.loads(sys.argv[2])
del sys.argv[1:3]
atexit.register(shutil.rmtree, shim, True)
sys.path.insert(0, shim)
sys.path.extend(extra)


class RefuseTheReference:
    # Nothing in this kernel may import the reference solutions, whatever finder would find them.
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "reference" or name.startswith(("reference.", "__editable__")):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, RefuseTheReference)
from ipykernel import kernelapp
kernelapp.launch_new_instance()
"""


def stage_shim(folder):
    """Copy what the kernel may import of the autograder into `folder`/autograder."""
    target = Path(folder) / "autograder"
    target.mkdir(parents=True)
    (target / "__init__.py").write_text(SHIM_INIT, encoding="utf-8")
    for name in SHIM_FILES:
        (target / name).parent.mkdir(exist_ok=True)
        shutil.copyfile(PACKAGE / name, target / name)
    for package in SHIM_PACKAGES:
        shutil.copytree(PACKAGE / package, target / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def kernel_command(kernel_arguments, shim):
    """The isolated kernel's command line: the site-packages folders without their .pth files, and
    never the repository."""
    import site
    root = PACKAGE.parent
    folders = []
    for folder in [*site.getsitepackages(), site.getusersitepackages()]:
        path = Path(folder)
        if path.is_dir() and path.resolve() != root and str(path) not in folders:
            folders.append(str(path))
    return [sys.executable, "-I", "-S", "-c", BOOT, str(shim), json.dumps(folders),
            *kernel_arguments]


def kernel(kernel_arguments):
    shim = stage_shim(tempfile.mkdtemp(prefix="autograder-kernel-"))
    command = kernel_command(kernel_arguments, shim)
    os.execv(command[0], command)  # the kernel keeps this process: jupyter_client manages its pid


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["kernel"]:
        kernel(argv[1:])
        return 0
    print("usage: python -P -m autograder.distribution.nbgrader kernel -f CONNECTION_FILE\n"
          "(the nbgrader course's autograde kernel; test cells import grade() from this module)",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
