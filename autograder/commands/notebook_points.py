"""Whether an nbgrader notebook still matches the grading policy: each test cell gives the points
the policy gave its function's checks when the notebook was generated, and a policy edited since
gives others. `check-config` (the course's notebook) and `grade` (a submitted one) say so, since
nbgrader totals the cells' points, not the policy's.

Apart from notebook_cells.py, which the autograde kernel's copy of the grader holds without this.
"""
import math
import stat
from pathlib import Path

from autograder.commands.notebook_cells import cell_points
from autograder.contract import judged_function
from autograder.intake.notebook import read_notebook
from autograder.intake.submission import NOTEBOOK_LIMIT
from autograder.language import _, number
from autograder.runner.observations import escaped


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


def stale_notebook_warning(path, config):
    """A one-line warning when the notebook at `path` gives other points than `config`, else
    None: also for anything but a plain file of a notebook's size that parses as one (a link, a
    pipe, a file nested too deeply...), which grading itself names, since a submitted notebook is
    read here before intake has checked it."""
    path = Path(path)
    try:
        if path.is_symlink() or not stat.S_ISREG(path.lstat().st_mode) \
                or path.lstat().st_size > NOTEBOOK_LIMIT:
            return None
        unlike = points_unlike(read_notebook(path), config)
    except (OSError, ValueError, RecursionError, TypeError, AttributeError):
        return None
    if not unlike:
        return None
    function, (given, policy) = next(iter(unlike.items()))
    return _("{notebook} no longer matches grading.toml: its cell {function} gives {given} "
             "points, the policy {policy} ({count} cells differ); generate the notebook again "
             "from the policy").format(notebook=escaped(path), function=escaped(function),
                                       given=number(given), policy=number(policy),
                                       count=number(len(unlike)))
