"""Whether an nbgrader notebook still matches the grading policy: each test cell gives the points
the policy gave its function's checks when the notebook was generated, and a policy edited since
gives others. `check-config` (the course's notebooks) and `grade` (a submitted one) say so, since
nbgrader totals the cells' points, not the policy's; and so of a notebook written in another
language than the course's (its `[course] language` changed since it was generated).

Apart from notebook_cells.py, which the autograde kernel's copy of the grader holds without this.
"""
import math
import stat
from pathlib import Path

from autograder.commands.notebook_cells import cell_points
from autograder.contract import judged_function
from autograder.intake.notebook import read_notebook
from autograder.intake.submission import NOTEBOOK_LIMIT
from autograder.language import LANGUAGES, _, number, speaking
from autograder.language.escaping import escaped


def points_unlike(notebook, config):
    """{function: (the points its test cell in `notebook` gives, the policy's)} of the functions
    whose cell `config` (a grading policy) no longer agrees with: a notebook generated under
    another policy."""
    policy = {}
    for name, check in config.checks.items():
        policy[judged_function(name)] = policy.get(judged_function(name), 0) + check.points
    return {function: (given, policy.get(function, 0))
            for function, given in cell_points(notebook).items()
            if type(given) in (int, float) and math.isfinite(given)
            and not math.isclose(given, policy.get(function, 0))}


# The heading of the introduction's table of functions: a line every generated notebook holds, in
# the language it was written in (notebooks/templates/introduction.md.j2).
TABLE_HEADING = "| function | section | checks | points |"
GENERATOR = "python -m autograder.distribution.notebooks"


def written_in(notebook):
    """The language (a code of LANGUAGES) a generated notebook was written in, told by its
    introduction's table heading; None when no markdown cell holds one (not a generated one)."""
    text = "\n".join("".join(cell.get("source", "")) for cell in notebook["cells"]
                     if isinstance(cell, dict) and cell.get("cell_type") == "markdown")
    for code in LANGUAGES:
        with speaking(code):
            if _(TABLE_HEADING) in text:
                return code
    return None


def other_language_warning(path, notebook, config):
    """A one-line warning when `notebook` (at `path`) is written in another language than the
    course's (`config`'s), else None: a course whose [course] language changed since."""
    language = written_in(notebook)
    if language is None or language == config.language:
        return None
    return _("{notebook} is written in {language}, the course in {course}: generate it again "
             "with {command}").format(notebook=escaped(path), language=LANGUAGES[language],
                                      course=LANGUAGES[config.language], command=GENERATOR)


def stale_notebook_warning(path, config):
    """A one-line warning when the notebook at `path` is written in another language than the
    course's or gives other points than `config`, else None: also for anything but a plain file
    of a notebook's size that parses as one (a link, a pipe, a file nested too deeply...), which
    grading itself names, since a submitted notebook is read here before intake has checked
    it."""
    path = Path(path)
    try:
        found = path.lstat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > NOTEBOOK_LIMIT:  # a link is not
            return None
        notebook = read_notebook(path)
        unlike = points_unlike(notebook, config)
        language = other_language_warning(path, notebook, config)
    except (OSError, ValueError, RecursionError, TypeError, AttributeError):
        return None
    if language:  # generating it again gives its points too
        return language
    if not unlike:
        return None
    function, (given, policy) = next(iter(unlike.items()))
    return _("{notebook} no longer matches grading.toml: its cell {function} gives {given} "
             "points, the policy {policy} ({count} cells differ); generate the notebook again "
             "from the policy").format(notebook=escaped(path), function=escaped(function),
                                       given=number(given), policy=number(policy),
                                       count=number(len(unlike)))
