"""The job from start to end: where it writes, what changed, grading, the log and the exit code.

Every error of the family (autograder.errors) is caught here, once: the summary and the comment
then say why grading could not complete (not_graded), as a one-line reason does on stderr.
"""
import math
import os
import sys

from autograder import assignments, policy as grading_config
from autograder.commands.ci.arguments import parser
from autograder.commands.ci.checkout import grade_with_base, workspace
from autograder.commands.ci.context import (make_context, protected_changes, read_changed,
                                            required)
from autograder.commands.ci.github import (commands_stopped, error_annotation, log_line,
                                           print_commands)
from autograder.commands.ci.outputs import output_folder, write_graded, write_not_graded
from autograder.engine import out_of_memory
from autograder.errors import AutograderError, UsageError
from autograder.language import _, number, speaking
from autograder.reporters import text
from autograder.reporters.readable import readable_text

NAME = "autograder.commands.ci"  # how the job signs its lines on stderr


def grade_and_report(args, context, environ, out, assignment):
    """Grade the assignments (and the base, to compare), write every output and print the text
    report; return the report as students see it."""
    students, base = grade_with_base(args, context, assignment, workspace(environ))
    write_graded(students, base, context, environ, out)
    sys.stdout.write(text.render(students))
    return students


def not_graded(reason, context, environ, out):
    """Say why grading could not complete, in the summary, the comment (when the output folder is
    safe to write) and the log; exit code 2."""
    reason = readable_text(reason)
    write_not_graded(reason, context, environ, out)
    if environ.get("GITHUB_ACTIONS") == "true":
        print(error_annotation(reason), flush=True)
    print(f"{NAME}: {log_line(reason)}", file=sys.stderr)
    return 2


def below_threshold(students, context, github):
    """Say so, on stderr and under GitHub Actions as an error annotation, when the score is below
    the required one; whether it is."""
    needed = required(context)
    if needed is None or students.points >= needed:
        return False
    message = _("score {points} is below the required {required}").format(
        points=number(students.points), required=number(needed))
    if github:
        print(error_annotation(message), flush=True)
    print(f"{NAME}: {message}", file=sys.stderr)
    return True


def set_threshold(context, chosen, config, path):
    """The threshold the job holds the score to (--fail-under, else that of the policy at `path`,
    `config`), of the points it can check: those of the checks it holds. One above them would
    fail every submission, the perfect one too, so it is refused."""
    context.threshold = chosen or grading_config.settings(path)["fail_under"][0]
    context.checkable = math.fsum(check.points for check in config.checks.values()
                                  if check.checked_here)
    if context.threshold is not None and not context.threshold.percent \
            and context.threshold.value > context.checkable:
        raise UsageError(_("the required score, {required} points, is above the {checkable} "
                           "points this job can check: give at most {checkable}, or a "
                           "percentage of them").format(
                               required=number(context.threshold.value),
                               checkable=number(context.checkable)))


def main(argv=None, environ=None):
    args = parser().parse_args(argv)
    environ = os.environ if environ is None else environ
    context = make_context(args, environ)
    github = environ.get("GITHUB_ACTIONS") == "true"  # workflow commands mean nothing elsewhere
    out = language = None
    try:
        out = output_folder(args.output_dir)
        assignment = assignments.chosen(args.assignment)
        policy = args.config or assignment.policy
        config = grading_config.load(policy)
        language = args.lang or config.language
        with speaking(language):
            set_threshold(context, args.fail_under, config, policy)
        # read once the output folder is there, so that even an unreadable list is reported in it
        context.protected = protected_changes(read_changed(args.changed_files), assignment,
                                              args.assignments)
        with speaking(language), commands_stopped(github):
            students = grade_and_report(args, context, environ, out, assignment)
    except (AutograderError, MemoryError) as error:
        with speaking(language):  # None before the course's language is known: English
            # MemoryError: past the grader's cap outside grading itself (staging, reporting)
            reason = out_of_memory() if isinstance(error, MemoryError) else error
            return not_graded(str(reason), context, environ, out)
    with speaking(language):
        if github:
            print_commands(students, args.assignments, context, environ, assignment.modules)
        return 1 if below_threshold(students, context, github) else 0
