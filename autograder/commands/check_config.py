"""`python -m autograder check-config`: grading.toml validated against the checks, and what it
gives each function, the limits, the hypothesis settings and the course's settings shown: everything
grading will use, with where the course's secret would come from (never the secret).
"""
from dataclasses import replace
from itertools import chain
from pathlib import Path

from rich.console import Console
from rich.table import Table

from autograder import assignments, policy as grading_config, secret as course_secret
from autograder.commands.notebook_points import stale_notebook_warning
from autograder.contract import judged_function
from autograder.engine import collect_checks


def check_config_command(args):
    """Validate grading.toml against the checks, and show what it gives each function, the limits
    and the hypothesis settings: everything grading will use."""
    assignment = assignments.chosen(args.assignment)
    args.config = args.config or assignment.policy
    config = grading_config.load(args.config)
    names = collect_checks(config, assignment)
    console = Console(highlight=False)
    # Unwrapped lines, so they read (and grep) the same whatever the terminal's or path's width;
    # no markup, since "[grading]" would read as a style.
    def say(text):
        console.print(text, soft_wrap=True, markup=False)

    say(f"{args.config}: {len(names)} checks, {sum(config.policy(n).points for n in names):g} "
        f"points, of [grading] total = {config.total:g}")
    console.print(checks_table(config, names, assignment))
    # said as they come: a course setting that cannot be read stops after the lines before it
    for line in chain(policy_lines(config, names), course_lines(assignment, args, config)):
        say(line)
    say(games_line(config))  # last, where a script finds it


def checks_table(config, names, assignment):
    """Each of the assignment's functions with its checks among `names`, how many are hidden, and
    their points."""
    table = Table()
    for column in ("function", "checks", "hidden", "points"):
        table.add_column(column, justify="left" if column == "function" else "right")
    for function in assignment.modules:
        mine = [config.policy(n) for n in names if judged_function(n) == function]
        table.add_row(function, str(len(mine)), str(sum(p.visibility == "hidden" for p in mine)),
                      f"{sum(p.points for p in mine):g}")
    return table


def policy_lines(config, names):
    """The limits and the hypothesis settings grading uses under `config`, a line each."""
    yield "limits:"
    for key, value, unit in config.limits.described():
        yield f"  {key} = {value} {unit}"  # not :g, which writes 1048576 as 1.04858e+06
    yield f"hypothesis: max_examples = {config.max_examples} generated games per check"
    for name in names:
        if config.policy(name).examples:
            yield f"  {name}: examples = {config.policy(name).examples} instead"


def course_lines(checked, args, config):
    """The course settings of each assignment course_assignments shows, with where each comes
    from; then a warning of each one's nbgrader notebook whose cells give other points."""
    shown = course_assignments(checked, args)
    for each in shown:
        yield f"course settings of {each.name} ({grading_config.from_here(each.policy)}):"
        for key, (value, where) in grading_config.settings(each.policy).items():
            yield (f"  {key} = {'none' if value is None else value}, from {where}"
                   f"{unnamed_secret_file() if key == 'secret_file' and value is None else ''}")
    for each in shown:
        notebook = course_notebook(each)
        warning = notebook and stale_notebook_warning(
            notebook, config if each.policy == Path(args.config) else grading_config.load(
                each.policy))
        if warning:
            yield f"warning: {warning}"


def unnamed_secret_file():
    """Where the course's secret is read from when no grading.toml names a file: a trial read
    "secret_file = none" beside "drawn from the course's secret" as a contradiction."""
    return (f" (the secret is read from {course_secret.ENVIRONMENT}, else from "
            f"{course_secret.default_file()})")


def course_assignments(checked, args):
    """The assignments whose course settings check-config shows: every built-in one (each
    inherits the course's) when none is named, else the one checked, under its --config."""
    if args.assignment is None and Path(args.config) == checked.policy:
        return assignments.built_in()
    return [replace(checked, policy=Path(args.config))]


def course_notebook(assignment):
    """The nbgrader course's notebook of `assignment` (assignments/nbgrader/source/...), or None
    where there is none (the students' repository has no course)."""
    try:
        from autograder.distribution.notebooks.course import COURSE_DIR
        from autograder.distribution.notebooks.handouts import handout
    except ModuleNotFoundError:
        return None
    path = Path(COURSE_DIR) / handout(assignment).notebook_path
    return path if path.is_file() else None


def games_line(config):
    """Which games grading draws, and where the course's secret comes from, never the secret."""
    if not config.official:
        return ("games: the public ones (no [official] section): students' copies hold their "
                "answers, so grading that counts needs a policy with [official]")
    found = course_secret.find(config)
    if found.value is None:
        return (f"games: the public ones, for lack of the course's secret; "
                f"{course_secret.NEEDED}")
    return (f"games: drawn from the course's secret, from {found.source}, which the students' "
            f"repository never holds")
