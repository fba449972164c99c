"""The course folder, assignments/nbgrader/: a notebook per assignment (source/NAME/NAME.ipynb,
NAME being the assignment's nbgrader name in its handout.toml: adversarial_search, cutoff),
nbgrader_config.py, the autograde kernel's spec, a README and a .gitignore, written whole and
checked against what is there. The README names each assignment's commands and notebook.

`nbgrader generate_assignment NAME` in that folder writes an assignment's students' release. The
config makes nbgrader write the same stubs as autograder.distribution.stubs (an unanswered constant
is removed, not replaced by a raise), autograde in a sandboxed kernel that sees none of the
course's files (autograder.distribution.nbgrader.kernel), the answers graded in nbgrader's own
process before it starts (autograder.commands.nbgrader_grading), and generate_feedback leave the Mermaid diagrams out of
the feedback page, which cannot draw them.

The course is written in its language: each notebook in its assignment's grading.toml's
`[course] language`, the course-wide files in the first assignment's, unless one is chosen
(`--lang`).
"""
import json
from pathlib import Path

from autograder import assignments, policy as grading_config
from autograder.distribution import stubs
from autograder.distribution.nbgrader import kernel
from autograder.distribution.notebooks import examples
from autograder.distribution.notebooks.handouts import handout, handouts
from autograder.distribution.notebooks.notebook import METADATA, build_notebook, notebook_json
from autograder.distribution.notebooks.rendering import render
from autograder.distribution.progress import Steps
from autograder.language import speaking

GENERATOR = __package__  # run as python -m GENERATOR
COURSE_DIR = stubs.ASSIGNMENTS_DIR / "nbgrader"
FIRST = handout(assignments.SEARCH)
ASSIGNMENT = FIRST.name
NOTEBOOK = f"{ASSIGNMENT}.ipynb"
NOTEBOOK_PATH = FIRST.notebook_path
KERNEL_NAME = "adversarial-search-autograde"
NBGRADER_VERSION = "0.9.6"
# nbgrader's cell timeout: only code a student runs at a cell's top level meets it (the test cells'
# grading is bounded by grading.toml's limits).
CELL_TIMEOUT = 600
# nbgrader's trusted side of the kernel (it imports nbgrader, which only the course needs)
NBGRADER_GRADING = "autograder.commands.nbgrader_grading"
# nbgrader's feedback page in the notebook's language (it imports nbconvert, as above)
FEEDBACK_PAGE = "autograder.distribution.nbgrader.feedback_page"
KERNEL_SPEC = {
    "argv": ["python", "-P", "-m", kernel.__name__, "-f", "{connection_file}"],
    "display_name": "Python 3 (autograde, sandboxed: no course files)",
    "language": "python",
    "metadata": {"debugger": False},
}


def language(assignment, chosen_language=None):
    """The language `assignment`'s material is written in: `chosen_language`, else its course's."""
    return chosen_language or grading_config.load(assignment.policy).language


def course_files(chosen=None, chosen_language=None):
    """{relative path: text} of the course folder's generated files: the course-wide ones and the
    notebook of `chosen` (an Assignment), or of every assignment, in `chosen_language` or each
    one's course's; each said as it is made (progress.Steps)."""
    made = handouts(chosen)
    with Steps(GENERATOR, 1 + len(made)) as steps:
        with speaking(language(FIRST.assignment, chosen_language)):
            files = course_wide_files()
        steps.done("the course-wide files")
        for each in made:
            with speaking(language(each.assignment, chosen_language)):
                files[each.notebook_path] = notebook_json(build_notebook(each))
            steps.done(each.notebook_path)
    return files


def course_wide_files():
    return {
        ".gitignore": render("gitignore.j2"),
        "README.md": render("README.md.j2", generator=GENERATOR, notebooks=readme_rows(),
                            kernel=KERNEL_NAME, version=NBGRADER_VERSION, timeout=CELL_TIMEOUT),
        "nbgrader_config.py": render("nbgrader_config.py.j2", generator=GENERATOR,
                                     examples=examples.__name__, stubs=stubs.__name__,
                                     kernel_module=kernel.__name__, kernel=KERNEL_NAME,
                                     grading_module=NBGRADER_GRADING,
                                     feedback_page=FEEDBACK_PAGE,
                                     language_module=speaking.__module__,
                                     metadata_key=METADATA,
                                     timeout=CELL_TIMEOUT),
        f"jupyter/kernels/{KERNEL_NAME}/kernel.json": json.dumps(KERNEL_SPEC, indent=1) + "\n",
    }


def readme_rows():
    """What the course's README says of each assignment's notebook."""
    rows = []
    for each in handouts():
        config = grading_config.load(each.assignment.policy)
        rows.append({"name": each.name, "notebook_path": each.notebook_path,
                     "modules": ", ".join(f"`{Path(name).stem}`" for name in
                                          each.assignment.files),
                     "policy": Path(each.assignment.policy).resolve().relative_to(
                         stubs.ROOT).as_posix(),
                     "total": sum(p.points for p in config.checks.values())})
    return rows


def generate(target=COURSE_DIR, chosen=None, chosen_language=None):
    """Write the course folder's generated files (with `chosen`'s notebook only, in
    `chosen_language`, as course_files) into `target`; return the paths written."""
    written = []
    for relative, text in course_files(chosen, chosen_language).items():
        path = Path(target) / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale(target=COURSE_DIR, chosen=None, chosen_language=None):
    """The generated files (with `chosen`'s notebook only, in `chosen_language`, as course_files)
    that differ from (or are missing in) `target`, and any other file in its source/ folder, or in
    `chosen`'s folder there (which nbgrader would release)."""
    target = Path(target)
    files = course_files(chosen, chosen_language)
    different = [relative for relative, text in files.items()
                 if not (target / relative).is_file()
                 or (target / relative).read_text(encoding="utf-8") != text]
    released = target / "source" / (handout(chosen).name if chosen else "")
    extra = [p.relative_to(target).as_posix() for p in released.rglob("*")
             if p.is_file() and p.relative_to(target).as_posix() not in files
             and ".ipynb_checkpoints" not in p.parts] if released.is_dir() else []
    return different + extra
