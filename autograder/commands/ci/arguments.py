"""The job's command line, as the workflow templates (distribution/ci_templates) call it."""
import argparse
import math

from autograder.commands import cli
from autograder.language import LANGUAGES


def threshold(text):
    """--fail-under's value: a number of points, at least 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of points: give one such as "
                                         f"--fail-under 70")
    return value


def parser():
    main = argparse.ArgumentParser(prog="python -m autograder.commands.ci",
                                   description="Grade a student repository in CI.")
    main.add_argument("--assignments", default="assignments",
                      help="the student's folder to grade (default: assignments)")
    main.add_argument("--assignment", metavar="NAME_OR_FILE",
                      help="the assignment it holds: a built-in one's name or the grader's "
                           "assignment file, .toml (default: the first)")
    main.add_argument("--base", help="the base branch's assignments folder, to show the change")
    main.add_argument("--base-label", default="",
                      help="the base branch's name (default: from $GITHUB_EVENT_PATH)")
    main.add_argument("--changed-files", help="a file listing the paths the pull request "
                                              "changes, NUL-separated (git diff -z --name-only)")
    main.add_argument("--output-dir", default="autograder-results")
    main.add_argument("--config", help="the grader's grading.toml (never the student's; "
                                        "default: the assignment's)")
    main.add_argument("--lang", choices=list(LANGUAGES),
                      help="the language of the feedback (default: the policy's [course] "
                           "language, else en)")
    main.add_argument("--grader", default="", help="which grader this is, e.g. owner/name@v1")
    main.add_argument("--fail-under", type=threshold, metavar="POINTS",
                      help="exit 1 (a red job) when the score is below POINTS, after writing every "
                           "output (default: green at any score)")
    cli.add_sandbox_arguments(main)
    return main
