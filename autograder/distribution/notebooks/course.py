"""The course folder, assignments/nbgrader/: the notebook, nbgrader_config.py, the autograde
kernel's spec, a README and a .gitignore, written whole and checked against what is there.

`nbgrader generate_assignment adversarial_search` in that folder writes the students' release. The
config makes nbgrader write the same stubs as autograder.distribution.stubs (an unanswered constant
is removed, not replaced by a raise), autograde in a kernel that cannot import the reference
(autograder.distribution.nbgrader.kernel), and generate_feedback leave the Mermaid diagrams out of
the feedback page, which cannot draw them.
"""
import json
from pathlib import Path

from autograder import policy as grading_config
from autograder.contract import MODULE_NAMES
from autograder.distribution import stubs
from autograder.distribution.nbgrader import kernel
from autograder.distribution.notebooks import examples
from autograder.distribution.notebooks.notebook import build_notebook, notebook_json
from autograder.distribution.notebooks.rendering import render

GENERATOR = __package__  # run as python -m GENERATOR
COURSE_DIR = stubs.ASSIGNMENTS_DIR / "nbgrader"
REFERENCE_DIR = stubs.REFERENCE_DIR
ASSIGNMENT = "adversarial_search"
NOTEBOOK = f"{ASSIGNMENT}.ipynb"
NOTEBOOK_PATH = f"source/{ASSIGNMENT}/{NOTEBOOK}"
KERNEL_NAME = "adversarial-search-autograde"
NBGRADER_VERSION = "0.9.6"
# nbgrader's cell timeout: only code a student runs at a cell's top level meets it (the test cells'
# grading is bounded by grading.toml's limits).
CELL_TIMEOUT = 600
KERNEL_SPEC = {
    "argv": ["python", "-P", "-m", kernel.__name__, "-f", "{connection_file}"],
    "display_name": "Python 3 (autograde: the reference cannot be imported)",
    "language": "python",
    "metadata": {"debugger": False},
}


def course_files(reference_dir=REFERENCE_DIR, config_path=grading_config.DEFAULT_PATH):
    """{relative path: text} of every generated file of the course folder."""
    config = grading_config.load(config_path)
    return {
        ".gitignore": render("gitignore.j2"),
        "README.md": render("README.md.j2", generator=GENERATOR, assignment=ASSIGNMENT,
                            notebook_path=NOTEBOOK_PATH, kernel=KERNEL_NAME,
                            version=NBGRADER_VERSION, timeout=CELL_TIMEOUT,
                            modules=", ".join(f"`{name}`" for name in MODULE_NAMES),
                            total=sum(p.points for p in config.checks.values())),
        "nbgrader_config.py": render("nbgrader_config.py.j2", generator=GENERATOR,
                                     examples=examples.__name__, stubs=stubs.__name__,
                                     kernel_module=kernel.__name__, kernel=KERNEL_NAME,
                                     timeout=CELL_TIMEOUT),
        f"jupyter/kernels/{KERNEL_NAME}/kernel.json": json.dumps(KERNEL_SPEC, indent=1) + "\n",
        NOTEBOOK_PATH: notebook_json(build_notebook(reference_dir, config)),
    }


def generate(target=COURSE_DIR, reference_dir=REFERENCE_DIR,
             config_path=grading_config.DEFAULT_PATH):
    """Write the course folder's generated files into `target`; return the paths written."""
    written = []
    for relative, text in course_files(reference_dir, config_path).items():
        path = Path(target) / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale(target=COURSE_DIR, reference_dir=REFERENCE_DIR,
          config_path=grading_config.DEFAULT_PATH):
    """The generated files that differ from (or are missing in) `target`, and any other file in
    its source/ folder (which nbgrader would release)."""
    target = Path(target)
    files = course_files(reference_dir, config_path)
    different = [relative for relative, text in files.items()
                 if not (target / relative).is_file()
                 or (target / relative).read_text(encoding="utf-8") != text]
    extra = [p.relative_to(target).as_posix() for p in (target / "source").rglob("*")
             if p.is_file() and p.relative_to(target).as_posix() not in files
             and ".ipynb_checkpoints" not in p.parts] if (target / "source").is_dir() else []
    return different + extra
