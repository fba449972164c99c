"""The command line: `python -m autograder grade SUBMISSION [--format F] [--output FILE]`.

It exits 0 whenever grading completed, whatever the score, and 2 with a one-line reason when it could
not grade. Output files are written whole or not at all.
"""
import argparse
import os
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table

from autograder import answers, batch, lanes, sandbox
from autograder import config as grading_config
from autograder.checks import judged_function
from autograder.engine import GradingError, collect_checks, grade, out_of_memory
from autograder.files import write_atomically
from autograder.reporters import FORMATS
from autograder.submission import SubmissionError, module_functions, stage
from autograder.worker.calls import MODULES


WEAK_MODES = ("rlimits", "plain")


def official(args):
    """Grades that count: asked for, or in CI, where the pull-request workflow grades."""
    return args.official or os.environ.get("CI") == "true"


def add_sandbox_arguments(parser):
    """--sandbox, --official and --allow-weak-sandbox, which sandbox_mode() reads."""
    parser.add_argument("--sandbox", choices=sandbox.MODES,
                        help="the worker's isolation (default: the strongest that works here)")
    parser.add_argument("--official", action="store_true",
                        help="grades that count (also when CI=true): refuse a weak sandbox")
    parser.add_argument("--allow-weak-sandbox", action="store_true",
                        help="grade even in the rlimits or plain sandbox (then not officially)")


def sandbox_mode(args):
    """The sandbox to grade in; official grading refuses one that cannot hide the reference."""
    mode = args.sandbox or sandbox.probe()
    if mode in WEAK_MODES and official(args) and not args.allow_weak_sandbox:
        if args.sandbox:
            raise GradingError(f"official grading needs the bwrap or unshare sandbox, not {mode}; "
                               f"pass --allow-weak-sandbox to grade in {mode} anyway")
        why = "; ".join(f"{m}: {reason}" for m, reason in sandbox.PROBE_ERRORS.items())
        raise GradingError(f"official grading needs the bwrap or unshare sandbox, but only {mode} "
                           f"works here ({why}); install bubblewrap and run as root, or pass "
                           f"--allow-weak-sandbox")
    return mode


def passed_on(args):
    """The options each submission's own grading process gets from a batch."""
    # The batch runs submissions side by side, so each runs its checks in one lane.
    options = ["--config", str(args.config), "--sandbox", sandbox_mode(args), "--lanes", "1"]
    options += [option for function in args.only or () for option in ("--only", function)]
    return options + ["--official"] * official(args) + ["--allow-weak-sandbox"] * bool(
        args.allow_weak_sandbox)


def grade_command(args):
    config = grading_config.load(args.config)
    sandbox.cap_grader_memory(config.limits.grader_memory_mb)
    entries = batch.find_submissions(args.submission)
    if len(entries) > 1 or args.jobs or (args.output and Path(args.output).is_dir()):
        if not args.output:
            raise SubmissionError("grading several submissions needs --output DIR for the results")
        errors = batch.grade_class(entries, args.output, config, jobs=args.jobs or 1,
                                   force=args.force, options=passed_on(args),
                                   sandbox_mode=sandbox_mode(args),
                                   seconds=args.submission_timeout)
        print(f"{len(entries) - len(errors)} of {len(entries)} submissions graded into "
              f"{args.output} (gradebook.csv)")
        return
    grade_single(args, config, entries[0])


def functions_to_grade(args, path):
    """The functions whose checks run: those --only names, of those `path` can hold (a single
    module holds its own); None for all of them."""
    held = module_functions(path)
    if not args.only:
        return None if held == list(MODULES) else held
    outside = [function for function in args.only if function not in held]
    if outside:
        raise SubmissionError(f"--only {outside[0]}: {path} holds only {', '.join(held)}")
    return [function for function in held if function in args.only]


def grade_single(args, config, entry):
    if args.output and not Path(args.output).resolve().parent.is_dir():
        raise SubmissionError(f"cannot write {args.output}: its folder does not exist")
    only = functions_to_grade(args, entry.path)
    mode = sandbox_mode(args)
    if args.reference_answers:
        known = answers.load(args.reference_answers)
    elif args.record_answers:
        known = {}  # only what this grading asks: a release must hold no other game's answers
    else:
        known = answers.load(answers.CACHE) if answers.LIVE_REFERENCE else None
    kept = None if known is None else len(known)
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        folder = stage(entry.path, scratch)
        report = grade(folder, config, scratch, name=entry.id, sandbox_mode=mode, answers=known,
                       lanes=args.lanes, only=only)
    if args.record_answers:
        answers.record(args.record_answers, known)
    elif not args.reference_answers and known is not None and len(known) > kept:
        answers.keep(known)
    rendered = FORMATS[args.format](report if args.show_hidden else report.for_students())
    if args.output:
        write_atomically(args.output, rendered)
    else:
        sys.stdout.write(rendered)


def check_config_command(args):
    """Validate grading.toml against the checks, and show what it gives each function."""
    config = grading_config.load(args.config)
    names = collect_checks(config)
    table = Table()
    for column in ("function", "checks", "hidden", "points"):
        table.add_column(column, justify="left" if column == "function" else "right")
    for function in MODULES:
        mine = [config.policy(n) for n in names if judged_function(n) == function]
        table.add_row(function, str(len(mine)), str(sum(p.visibility == "hidden" for p in mine)),
                      f"{sum(p.points for p in mine):g}")
    console = Console(highlight=False)
    # One unwrapped line, so the summary reads (and greps) the same whatever the path's length.
    console.print(f"{args.config}: {len(names)} checks, "
                  f"{sum(config.policy(n).points for n in names):g} points", soft_wrap=True)
    console.print(table)
    console.print("games: drawn from [official] salt, which the students' repository never holds"
                  if config.salt else
                  "games: the public ones (no [official] salt): students' copies hold their "
                  "answers, so set a salt for grading that counts", soft_wrap=True, markup=False)


def release_command(args):
    # the release machinery stays out of the release
    from autograder.release import KNOWN_MISTAKES, release
    mistakes = args.known_mistakes or (KNOWN_MISTAKES if KNOWN_MISTAKES.is_dir() else None)
    folder = release(args.directory, args.grader_repository, args.grader_ref,
                     args.private_grader_repository, mistakes)
    print(f"wrote the students' repository to {folder}")


def export_command(args):
    from autograder.gradescope_export import export  # left out of the students' release
    print(f"wrote Gradescope's autograder zip to {export(args.file)}")


def parser():
    main = argparse.ArgumentParser(prog="python -m autograder",
                                   description="Grade adversarial-search exercises.")
    commands = main.add_subparsers(dest="command", required=True)
    grading = commands.add_parser("grade", help="grade submissions (folders, zips or a class)")
    grading.add_argument("submission", nargs="+",
                         help="a folder, .zip or single module (minimax.py) handed in; "
                              "several, or a class folder (one "
                              "submission per subfolder or zip, Gradescope's export or "
                              "nbgrader's submitted/), grade a batch into --output DIR")
    grading.add_argument("--only", action="append", choices=list(MODULES), metavar="FUNCTION",
                         help="run only this function's checks (repeatable); the others are "
                              "reported as not run")
    grading.add_argument("--jobs", type=int, help="submissions graded at once (batch)")
    grading.add_argument("--lanes", type=int, choices=range(1, 9), metavar="N",
                         help="processes grading one submission's functions at once (default: "
                              "one per core, at most 2)")
    grading.add_argument("--submission-timeout", type=float, metavar="SECONDS",
                         help="stop a submission's grading after this long (batch; default: "
                              "grading.toml's limits.check_seconds)")
    grading.add_argument("--force", action="store_true",
                         help="grade again the submissions that already have results (batch)")
    grading.add_argument("--reference-answers", help=argparse.SUPPRESS)  # a batch's, to reuse
    grading.add_argument("--record-answers", help=argparse.SUPPRESS)  # for the students' release
    grading.add_argument("--format", choices=sorted(FORMATS), default="text")
    grading.add_argument("--output", help="write the report here instead of to the terminal")
    grading.add_argument("--show-hidden", action="store_true",
                         help="for instructors: show hidden checks' inputs and answers too")
    add_sandbox_arguments(grading)
    grading.add_argument("--config", default=grading_config.DEFAULT_PATH,
                         help="the grading policy (default: grading.toml)")
    grading.set_defaults(run=grade_command)
    releasing = commands.add_parser("release", help="write the students' repository into DIR")
    releasing.add_argument("directory", help="a new or empty folder")
    releasing.add_argument("--grader-repository", default="your-course/adversarial-search",
                           help="owner/name of this public release, whose pinned version the "
                                "students' workflow installs")
    releasing.add_argument("--grader-ref", default="v1", help="the pinned tag or commit")
    releasing.add_argument("--private-grader-repository", default="your-course/grader",
                           help="owner/name of the full grader, for the hidden checks in CI")
    releasing.add_argument("--known-mistakes", metavar="DIR",
                           help="submissions showing common mistakes, one per subfolder with the "
                                "modules it changes (default: tests/submissions); a student who "
                                "makes one meets the same smallest input as when graded")
    releasing.set_defaults(run=release_command)
    exporting = commands.add_parser("export", help="package the grader for a platform")
    exporting.add_argument("platform", choices=["gradescope"])
    exporting.add_argument("file", help="the zip to write, e.g. autograder.zip")
    exporting.set_defaults(run=export_command)
    checking = commands.add_parser("check-config", help="validate grading.toml against the checks")
    checking.add_argument("--config", default=grading_config.DEFAULT_PATH)
    checking.set_defaults(run=check_config_command)
    return main


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        args.run(args)
    except (SubmissionError, grading_config.ConfigError, GradingError,
            sandbox.SandboxError, lanes.LaneError) as error:
        print(f"autograder: {error}", file=sys.stderr)
        return 2
    except MemoryError:  # past the grader's cap outside grading itself (staging, reporting)
        print(f"autograder: {out_of_memory()}", file=sys.stderr)
        return 2
    return 0
