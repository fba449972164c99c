"""One submission graded: staged, graded from the reference's answers, its report written.

The command line grades one submission so, and so does each grading a batch starts in a process of
its own (grade_process.py). Intake comes first: a submission that cannot be read is told so at
once, never after the reference's grading (a minute). The reference is graded first, in this
process, when the policy (or the checks, reference or grader) changed since it last got full marks
here: a policy that breaks the reference is the instructor's error, never a student's zero.
"""
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from autograder.commands import rescoring
from autograder.engine import grade
from autograder.errors import GradingError, UsageError
from autograder.files import write_atomically
from autograder.grading import answers, provenance
from autograder.grading.answers_mode import AnswersMode
from autograder.intake.submission import module_functions, stage
from autograder.language import _
from autograder.language.escaping import escaped
from autograder.reporters import FORMATS


def answers_mode(assignment, given=None, record=None, save=None):
    """Where a grading of `assignment` gets its reference's answers and keeps those it adds (see
    AnswersMode): the files named, and this machine's cache where the assignment is live."""
    reference = assignment.reference  # each assignment's answers are its own reference's
    cache = answers.cache_of(reference) if assignment.live else None
    return AnswersMode(reference, cache, given=given, record=record, save=save)


def functions_to_grade(only, path, modules):
    """The functions whose checks run: those `only` names (--only), of those `path` can hold (a
    single module holds its own); None for all of them. `modules` is the assignment's contract."""
    held = module_functions(path, modules)
    unknown = [function for function in only or () if function not in modules]
    if unknown:
        raise UsageError(_("--only {function}: the assignment has no such function; it has "
                           "{functions}").format(function=unknown[0],
                                                 functions=", ".join(modules)))
    if not only:
        return None if held == list(modules) else held
    outside = [function for function in only if function not in held]
    if outside:
        raise UsageError(_("--only {function}: {path} holds only {functions}").format(
            function=outside[0], path=path, functions=", ".join(held)))
    return [function for function in held if function in only]


def asked_functions(args, path, assignment):
    """The functions to grade of the submission at `path` (functions_to_grade), once what `args`
    asks is known to be sound: its --output's folder exists, its --only names functions there."""
    if args.output and not Path(args.output).resolve().parent.is_dir():
        raise UsageError(_("cannot write {file}: its folder does not exist").format(
            file=args.output))
    return functions_to_grade(args.only, path, assignment.modules)


def grade_single(args, config, entry, assignment, only, mode, answers_from, feedback=None,
                 root=None):
    """Grade `entry` as `assignment` under `config`, the checks of the functions `only` (None:
    all), in the sandbox `mode`, its reference's answers from `answers_from` (AnswersMode); its
    report as `args` asks (--lanes, --format, --output, --show-hidden), and the student view to
    `feedback`.md and .html when given. With a `root` (the folder the command runs in), a path
    named on the command line may not go through a link below it."""
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        folder = stage(entry.path, scratch, assignment.files, root)
        staged = provenance.contents(folder)  # before the student's code can write there
        known = answers_from.start()
        if answers_from.verifies:
            verify_reference(config, mode, known, args.lanes, assignment)
        started = None if known is None else set(known)
        report = grade(folder, config, scratch, name=entry.id, sandbox_mode=mode, answers=known,
                       lanes=args.lanes, only=only, assignment=assignment)
    report = replace(report, made_with={**report.made_with, "contents": staged,
                                        "submission": provenance.source(entry.path)})
    answers_from.finish(known, started)
    if feedback:
        rescoring.write_feedback(feedback, report)
    write_report(args, report)


def write_report(args, report):
    """`report` in --format, to --output or else the terminal, as students read it unless
    --show-hidden."""
    rendered = FORMATS[args.format](report if args.show_hidden else report.for_students())
    if args.output:  # with the hidden checks' inputs (a batch's reference): for its owner alone
        write_atomically(args.output, rendered, private=args.show_hidden)
    else:
        sys.stdout.write(rendered)


def verify_reference(config, mode, known, lanes_count, assignment):
    """Grade the assignment's reference first when the policy (or the checks, reference or
    grader) changed since it last got full marks here."""
    stamp = provenance.what_ran(provenance.made_with(config, assignment))  # points break nothing
    if provenance.verified(stamp):
        return
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        report = grade(stage(assignment.reference, scratch, assignment.files), config, scratch,
                       "reference", mode, known, lanes_count, assignment=assignment)
    failed = next((check for check in report.checks if check.failed), None)
    if failed:
        raise GradingError(breaks_reference(failed.name, failed.feedback))
    provenance.remember_verified(stamp)


def breaks_reference(check, feedback):
    """The one-line error of a policy under which the reference fails `check`."""
    first = escaped(feedback.splitlines()[0]) if feedback else "failed"
    return f"the limits in grading.toml break the reference itself: {check}: {first}"
