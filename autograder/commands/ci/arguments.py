"""The job's command line, as the workflow templates (distribution/ci_templates) call it."""
import argparse

from autograder import policy as grading_config
from autograder.commands import cli
from autograder.errors import ConfigError
from autograder.language import LANGUAGES


def threshold(text):
    """--fail-under's value: a number of points, or a percentage of the points the job can check
    (95%)."""
    try:
        return grading_config.threshold(text, "--fail-under")
    except ConfigError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of points or a percentage: "
                                         f"give one such as --fail-under 70 or --fail-under "
                                         f"95%") from None


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
    main.add_argument("--fail-under", type=threshold, metavar="POINTS_OR_PERCENT",
                      help="exit 1 (a red job) when the score is below this many points, or this "
                           "percentage of the points the job can check (95%%), after writing "
                           "every output (default: the policy's [course] fail_under, else green "
                           "at any score)")
    cli.add_sandbox_arguments(main)
    return main
