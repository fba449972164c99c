"""The command line: `python -m autograder grade SUBMISSION [--format F] [--output FILE]`.

It exits 0 whenever grading completed, whatever the score, and 2 with a one-line reason when it
could not grade. Output files are written whole or not at all. A class is graded by batch.py, each
of its submissions in a process of its own (grade_process.py, never this command line again); one
submission here, by single.py.
"""
import argparse
import importlib.util
import os
import sys
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from autograder import assignments, policy as grading_config, secret as course_secret
from autograder.commands import batch, gradebook, single
from autograder.commands.check_config import check_config_command
from autograder.commands.distributing import export_command, release_command
from autograder.commands.lms_export import export_grades_command
from autograder.commands.notebook_points import stale_notebook_warning
from autograder.commands.side_by_side import Stopped
from autograder.commands.spoken_help import SpokenParser, help_language, students_copy
from autograder.engine import out_of_memory
from autograder.errors import AutograderError, GradingError, UsageError
from autograder.intake.classes import class_layout, find_submissions, submitted_names
from autograder.intake.students import join_roster
from autograder.language import LANGUAGES, _, ngettext, speaking
from autograder.language.escaping import escaped
from autograder.reporters import FORMATS
from autograder.runner import sandbox
from autograder.runner.terminating import Terminated, ended_cleanly_by_sigterm

WEAK_MODES = ("rlimits", "plain")


def official(args):
    """Grades that count: asked for, or in CI, where the pull-request workflow grades."""
    return args.official or os.environ.get("CI") == "true"


def add_sandbox_arguments(parser):
    """--sandbox, --official and --allow-weak-sandbox, which sandbox_mode() reads, and --lanes."""
    parser.add_argument("--sandbox", choices=sandbox.MODES,
                        help=_("the worker's isolation (default: the strongest that works here)"))
    parser.add_argument("--official", action="store_true",
                        help=_("grades that count (also when CI=true): refuse a weak sandbox"))
    parser.add_argument("--allow-weak-sandbox", action="store_true",
                        help=_("grade even in the rlimits or plain sandbox (then not "
                               "officially)"))
    parser.add_argument("--lanes", type=int, choices=range(1, 9), metavar="N",
                        help=_("processes grading one submission's functions at once (default: "
                               "one per core, at most 2)"))


def sandbox_mode(args):
    """The sandbox to grade in; official grading refuses one that cannot hide the reference."""
    mode = args.sandbox or sandbox.probe()
    if mode in WEAK_MODES and official(args) and not args.allow_weak_sandbox:
        if args.sandbox:
            raise GradingError(_("official grading needs the bwrap or unshare sandbox, not "
                                 "{mode}; pass --allow-weak-sandbox to grade in {mode} "
                                 "anyway").format(mode=mode))
        why = "; ".join(f"{m}: {reason}" for m, reason in sandbox.PROBE_ERRORS.items())
        # TRANSLATORS: {why} is each sandbox that does not work here, with the system's reason
        raise GradingError(_("official grading needs the bwrap or unshare sandbox, but only {mode} "
                             "works here ({why}); install bubblewrap and run as root, or pass "
                             "--allow-weak-sandbox").format(mode=mode, why=why))
    return mode


def passed_on(args):
    """The options each submission's own grading process (grade_process.py) gets from a batch."""
    # The batch runs submissions side by side, so each runs its checks in one lane.
    options = ["--config", str(args.config), "--sandbox", sandbox_mode(args), "--lanes", "1",
               "--assignment", args.assignment, "--lang", args.lang]
    options += [option for function in args.only or () for option in ("--only", function)]
    return options + ["--official"] * official(args) + ["--allow-weak-sandbox"] * bool(
        args.allow_weak_sandbox)


@contextmanager
def graded_as_asked(args):
    """Within: the assignment `args` names (else the one whose files it hands in), under its policy
    in the language asked (else the policy's), each the same to every grading of a batch, which
    `args` then names; the grader's memory capped, and SIGTERM ending it cleanly. Gives the policy
    and the assignment."""
    assignment = assignments.chosen(args.assignment, submitted_names(args.submission))
    args.assignment = assignment.argument
    args.config = args.config or assignment.policy
    config = course_secret.applied(grading_config.load(args.config), official(args))
    # the language spoken is the policy's, so that a result's stamp (provenance.made_with) tells
    # a report in another language apart
    args.lang = args.lang or config.language
    config = replace(config, language=args.lang)
    with speaking(args.lang), ended_cleanly_by_sigterm():
        sandbox.cap_grader_memory(config.limits.grader_memory_mb)
        yield config, assignment


def grade_command(args):
    with graded_as_asked(args) as (config, assignment):
        entries = find_submissions(args.submission, assignment.files)
        warn_of_stale_notebooks(entries, config)
        if is_a_class(args, entries, assignment):
            grade_a_class(args, config, entries, assignment)
            return
        only = single.asked_functions(args, entries[0].path, assignment)
        single.grade_single(args, config, entries[0], assignment, only, sandbox_mode(args),
                            single.answers_mode(assignment), root=os.getcwd())


def is_a_class(args, entries, assignment):
    """Whether what `args` names is graded as a class, into --output DIR: several submissions, a
    class folder, or an option only a class has."""
    return len(entries) > 1 or args.jobs or args.roster or args.similarity or (
        args.output and Path(args.output).is_dir()) or (
        any(class_layout(Path(p), assignment.files) for p in args.submission))


def grade_a_class(args, config, entries, assignment):
    """Grade the class's `entries` into --output DIR (batch.py), joined to --roster, and say
    who is in its gradebook as not submitted."""
    refuse_class(args, assignment)
    absent = []
    if args.roster:
        entries, absent, any_matched = join_roster(entries, args.roster, args.roster_column)
        if not any_matched:
            print(f"autograder: warning: no student of the class matches the roster "
                  f"{args.roster}; check --roster-column", file=sys.stderr)
    missing = [entry for entry in entries if entry.path is None]  # named, but not exported
    entries = [entry for entry in entries if entry.path is not None]
    errors = batch.grade_class(entries, args.output, config, assignment=assignment,
                               jobs=args.jobs or 1, force=args.force, options=passed_on(args),
                               seconds=args.submission_timeout,
                               absent=[*(s for entry in missing for s in entry.students), *absent],
                               similar=args.similarity)
    print(f"{len(entries) - len(errors)} of {len(entries)} submissions graded into "
          f"{args.output} (gradebook.csv, feedback/ to hand back)")
    say_not_submitted(missing, absent)


def refuse_class(args, assignment):
    """A one-line error when a class cannot be graded as `args` asks."""
    if not args.output:
        raise UsageError("grading several submissions needs --output DIR for the results")
    if not assignment.live:
        raise UsageError(_("grading a class is the instructor's command: this copy of the "
                           "autograder (the students' repository) has no reference to grade "
                           "it with; grade one submission at a time"))
    if Path(args.output).exists() and not Path(args.output).is_dir():
        raise UsageError(f"--output {args.output} is a file: give a folder for the "
                         f"class's results")
    if args.similarity and importlib.util.find_spec("copydetect") is None:
        raise UsageError("--similarity needs copydetect: pip install -e '.[similarity]'")


def say_not_submitted(missing, absent):
    """Who is in the gradebook as not submitted: the students of each entry the platform named
    but its export lacks (`missing`), and the roster's students who handed in nothing."""
    for entry in missing:
        names = ", ".join(escaped(s.name or s.sid or s.email) for s in entry.students)
        print(f"{escaped(entry.id)} of submission_metadata.yml is not in the export: "
              f"{names or 'no one'} in gradebook.csv as not submitted")
    for student in absent:
        keys = ", ".join(escaped(key) for key in (student.sid, student.email) if key)
        print(f"{escaped(student.name) or 'unnamed'}{f' ({keys})' if keys else ''} of the "
              f"roster handed in nothing: in gradebook.csv as not submitted")


def warn_of_stale_notebooks(entries, config):
    """Warn on stderr of the submitted notebooks whose cells give other points than `config`:
    the first, and how many."""
    notebooks = [path for entry in entries if entry.path is not None
                 for path in ([entry.path] if entry.path.suffix == ".ipynb" else
                              sorted(entry.path.glob("*.ipynb")) if entry.path.is_dir() and
                              not entry.path.is_symlink() else [])]
    warnings = [w for w in (stale_notebook_warning(path, config) for path in notebooks) if w]
    if warnings:
        more = ngettext(" (and {count} more notebook)", " (and {count} more notebooks)",
                        len(warnings) - 1).format(count=len(warnings) - 1)
        print(f"autograder: warning: {warnings[0]}{more if len(warnings) > 1 else ''}",
              file=sys.stderr)


def secret_command(args):
    """Make the course's secret, in the file official grading reads when no variable names one."""
    path = course_secret.create(args.file or course_secret.configured_file(grading_config.load()))
    print(f"wrote a new course secret to {path} (readable by you alone): official grading of "
          f"every assignment draws its games from it; give it to Gradescope's zip and the "
          f"pull-request workflow as the README says, and make a new one each term")


def insights_command(args):
    from autograder.commands import insights
    for path in insights.write(args.directory, args.compare, args.names, args.lang):
        print(f"wrote {path}")


def parser(students=False):
    """The command line; in the students' repository (`students`, spoken_help.students_copy),
    only `grade`, without the options of a class's batch, its help in the language spoken."""
    main = SpokenParser(prog="python -m autograder",
                        description=_("Grade adversarial-search exercises."))
    commands = main.add_subparsers(dest="command", required=True)
    main.commands = commands  # which instructors_command reads the commands' names from
    grade_parser(commands, students)
    if students:
        return main
    for add in (release_parser, export_parsers, insights_parser, check_config_parser,
                secret_parser):
        add(commands)
    return main


def grade_parser(commands, students):
    """`grade`: one submission, or a class with the batch's options (for the instructor alone: no
    help where `students` read it)."""
    def instructors(text):
        return argparse.SUPPRESS if students else text
    grading = commands.add_parser(
        "grade", help=_("grade your solutions") if students
        else "grade submissions (folders, zips or a class)")
    grading.add_argument("submission", nargs="+",
                         help=_("the folder, .zip, notebook or single module (minimax.py) to "
                                "grade") if students else
                         "a folder, .zip or single module (minimax.py) handed in; "
                         "several, or a class folder (one "
                         "submission per subfolder or zip, Gradescope's export or "
                         "nbgrader's submitted/), grade a batch into --output DIR")
    add_assignment_arguments(grading)
    add_batch_arguments(grading, instructors)
    add_grading_arguments(grading, instructors)
    grading.set_defaults(run=grade_command)


def add_assignment_arguments(parser):
    """--assignment and --only: what a submission is graded as, and on which functions."""
    parser.add_argument("--assignment", metavar="NAME_OR_FILE",
                        help=_("the assignment to grade: a built-in one's name or an assignment "
                               "file, .toml (default: the one whose files the submission "
                               "holds)"))
    parser.add_argument("--only", action="append", metavar="FUNCTION",
                        help=_("run only this function's checks (repeatable); the others are "
                               "reported as not run"))


def add_batch_arguments(grading, instructors):
    """The options of a class's batch, whose help `instructors` gives (or hides)."""
    grading.add_argument("--jobs", type=int, choices=range(1, 65), metavar="N",
                         help=instructors("submissions graded at once (batch)"))
    grading.add_argument("--submission-timeout", type=float, metavar="SECONDS",
                         help=instructors("stop a submission's grading after this long (batch; "
                                          "default: grading.toml's limits.check_seconds)"))
    grading.add_argument("--force", action="store_true",
                         help=instructors("grade again the submissions that already have "
                                          "results (batch)"))
    grading.add_argument("--similarity", action="store_true",
                         help=instructors("compare the class's submissions with copydetect into "
                                          "DIR/similarity.html (batch)"))
    grading.add_argument("--roster", metavar="FILE.csv",
                         help=instructors("name the class's students from this roster, joined "
                                          "by a column holding SIDs, emails, names or "
                                          "submission ids (batch)"))
    grading.add_argument("--roster-column", metavar="COLUMN",
                         help=instructors("the roster's column to join by (default: the first "
                                          "named like an SID, email or name)"))


def add_grading_arguments(parser, instructors):
    """How one submission is graded and its report written: language, format, output, the
    sandbox and the policy; --show-hidden's help by `instructors`."""
    parser.add_argument("--lang", choices=list(LANGUAGES),
                        help=_("the language of the feedback (default: grading.toml's [course] "
                               "language, else en)"))
    parser.add_argument("--format", choices=sorted(FORMATS), default="text",
                        help=_("the report's format (default: text)"))
    parser.add_argument("--output", help=_("write the report here instead of to the terminal"))
    parser.add_argument("--show-hidden", action="store_true",
                        help=instructors("for instructors: show hidden checks' inputs and "
                                         "answers too"))
    add_sandbox_arguments(parser)
    parser.add_argument("--config", help=_("the grading policy (default: the assignment's, "
                                           "grading.toml for the built-in one)"))


def release_parser(commands):
    releasing = commands.add_parser("release", help="write the students' repository into DIR")
    releasing.add_argument("directory", help="a new or empty folder")
    releasing.add_argument("--lang", choices=list(LANGUAGES),
                           help="the language of the stubs, README, contract and feedback, "
                                "written into the released grading.toml (default: "
                                "grading.toml's [course] language, else en)")
    releasing.add_argument("--assignment", metavar="NAME_OR_FILE",
                           help="the assignment the repository hands out (default: the first)")
    releasing.add_argument("--grader-repository", default="your-course/adversarial-search",
                           help="owner/name of this public release, whose pinned version the "
                                "students' workflow installs")
    releasing.add_argument("--grader-ref", default="v1", help="the pinned tag or commit")
    releasing.add_argument("--private-grader-repository", default="your-course/grader",
                           help="owner/name of the full grader, for the hidden checks in CI")
    releasing.add_argument("--known-mistakes", metavar="DIR",
                           help="submissions showing common mistakes, one per subfolder with the "
                                "modules it changes (default: the assignment's mistakes, "
                                "tests/submissions for the first); a student who makes one meets "
                                "the same smallest input as when graded")
    releasing.add_argument("--mistakes-reports", metavar="DIR",
                           help="also write there each known mistake's report (JSON, one per "
                                "subfolder): what a student who makes it reads when graded on "
                                "the public games")
    releasing.set_defaults(run=release_command)


def export_parsers(commands):
    exporting = commands.add_parser("export", help="package the grader for a platform, or a "
                                                   "class's grades for an LMS")
    exports = exporting.add_subparsers(dest="what", required=True)
    to_gradescope = exports.add_parser("gradescope", help="Gradescope's autograder zip")
    to_gradescope.add_argument("file", help="the zip to write, e.g. autograder.zip")
    to_gradescope.add_argument("--lang", choices=list(LANGUAGES),
                               help="the language of the feedback (default: grading.toml's "
                                    "[course] language, else en)")
    to_gradescope.add_argument("--assignment", metavar="NAME_OR_FILE",
                               help="the assignment the zip grades (default: the first)")
    to_gradescope.set_defaults(run=export_command)
    grades = exports.add_parser("grades", help="a graded class's gradebook as an LMS imports it")
    grades.add_argument("directory", help="the --output DIR the class was graded into")
    grades.add_argument("--format", choices=sorted(gradebook.EXPORTS), default="csv")
    grades.add_argument("--assignment",
                        help="the LMS's name for the grade's column (default: \"Adversarial "
                             "search\" in the course's language for the first assignment, "
                             "another's name, e.g. cutoff)")
    grades.add_argument("--output", help="the file to write (default: DIR/grades-FORMAT.csv)")
    grades.add_argument("--config", help="the grading policy the class was graded under "
                                          "(default: that of the assignment whose functions the "
                                          "gradebook has columns of)")
    grades.add_argument("--allow-stale", action="store_true",
                        help="export results made under another policy than the current one "
                             "(refused otherwise)")
    grades.set_defaults(run=export_grades_command)


def insights_parser(commands):
    learning = commands.add_parser("insights", help="what a graded class got wrong: "
                                                    "DIR/insights.html, .md and .json")
    learning.add_argument("directory", help="the --output DIR the class was graded into")
    learning.add_argument("--compare", metavar="OTHER_DIR",
                          help="another graded batch (another term, or before a lesson): each "
                               "mistake's share of both side by side")
    learning.add_argument("--names", action="store_true",
                          help="also write the instructor's copy, insights-instructor.*, naming "
                               "who made each mistake, with exact counts (never to share)")
    learning.add_argument("--lang", choices=list(LANGUAGES),
                          help="the pages' language (default: the one the class was graded in)")
    learning.set_defaults(run=insights_command)


def check_config_parser(commands):
    checking = commands.add_parser("check-config", help="validate grading.toml against the checks")
    checking.add_argument("--assignment", metavar="NAME_OR_FILE",
                          help="the assignment whose checks to validate (default: the built-in)")
    checking.add_argument("--config", help="the grading policy (default: the assignment's)")
    checking.set_defaults(run=check_config_command)


def secret_parser(commands):
    making = commands.add_parser("secret", help="make the course's secret, which official games "
                                                "are drawn from")
    making.add_argument("--file", help="where to write it (default: [official] secret_file of "
                                       "grading.toml, else $XDG_CONFIG_HOME/autograder/secret)")
    making.set_defaults(run=secret_command)


def instructors_command(argv):
    """Whether the command line `argv` asks for one of the instructor's commands (any but
    grade), which the students' parser does not offer: parsed as the instructor's copy parses
    it, it says what it needs that the students' repository leaves out (instructors_tool), where
    the students' parser would only call it an invalid choice."""
    return bool(argv) and argv[0] != "grade" and argv[0] in parser().commands.choices


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    with speaking(help_language(argv)):
        args = parser(students_copy() and not instructors_command(argv)).parse_args(argv)
    return ended(args)


def ended(args):
    """Run the command `args` asks for (args.run); its exit code, having said on stderr in one line
    why when it did not end well."""
    try:
        args.run(args)
    except (Stopped, Terminated) as stopped:
        print(f"autograder: {stopped}", file=sys.stderr)
        return 128 + stopped.signal
    except KeyboardInterrupt:  # outside a batch's gradings, which Stopped covers
        print("autograder: stopped", file=sys.stderr)
        return 130
    except AutograderError as error:
        print(f"autograder: {error}", file=sys.stderr)
        return 2
    except MemoryError:  # past the grader's cap outside grading itself (staging, reporting)
        print(f"autograder: {out_of_memory()}", file=sys.stderr)
        return 2
    return 0
