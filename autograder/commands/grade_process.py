"""`python -m autograder.commands.grade_process SUBMISSION [options]`: one submission graded in a
process of its own, the internal entry point of a batch's gradings (each student's, and the
reference's), never the command line again.

Its options are the command line's for one submission (--assignment, --only, --lang, --format,
--output, --show-hidden, --config and the sandbox's: cli.passed_on gives a batch's), and what only
a grading started by another process asks: --feedback PREFIX, the student view written to
PREFIX.md and PREFIX.html, and where the reference's answers come from and go (--reference-answers,
--save-answers, --record-answers: grading/answers_mode.py). What it is given is one submission,
never a class, whose path whoever started it chose. It ends as the command line does: 0 when
graded, else a one-line reason on stderr (exit 2), which the batch reads.
"""
import argparse
import sys
from pathlib import Path

from autograder.commands import cli, single
from autograder.intake.classes import Entry, submission_id


def parser():
    """The internal entry point's options: the command line's for one submission, and a batch's."""
    internal = argparse.ArgumentParser(prog="python -m autograder.commands.grade_process",
                                       description="Grade one submission (a batch's grading).")
    internal.add_argument("submission", nargs=1, help="the folder, .zip or module to grade")
    cli.add_assignment_arguments(internal)
    cli.add_grading_arguments(internal, str)  # str: every option's help shown
    internal.add_argument("--feedback", metavar="PREFIX",
                          help="also write the student view to PREFIX.md and PREFIX.html")
    internal.add_argument("--reference-answers", metavar="FILE",
                          help="start from the reference's answers in FILE, and keep none")
    internal.add_argument("--save-answers", metavar="FILE",
                          help="the reference's grading: save its answers to FILE")
    internal.add_argument("--record-answers", metavar="FILE",
                          help="record the answers this grading adds to FILE, as a release does")
    internal.set_defaults(run=grade_alone)
    return internal


def grade_alone(args):
    """Grade the one submission `args` names, as `args` asks."""
    with cli.graded_as_asked(args) as (config, assignment):
        path = Path(args.submission[0])
        entry = Entry(submission_id(path), path)
        only = single.asked_functions(args, path, assignment)
        answers_from = single.answers_mode(assignment, given=args.reference_answers,
                                           record=args.record_answers, save=args.save_answers)
        single.grade_single(args, config, entry, assignment, only, cli.sandbox_mode(args),
                            answers_from, feedback=args.feedback)


def main(argv=None):
    return cli.ended(parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
