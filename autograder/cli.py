"""The command line: `python -m autograder grade SUBMISSION [--format F] [--output FILE]`.

It exits 0 whenever grading completed, whatever the score, and 2 with a one-line reason when it could
not grade. Output files are written whole or not at all.
"""
import argparse
import os
import sys
import tempfile
from pathlib import Path

from autograder import config as grading_config
from autograder import sandbox
from rich.console import Console
from rich.table import Table

from autograder.engine import GradingError, collect_checks, grade
from autograder.reporters import FORMATS
from autograder.submission import SubmissionError, stage
from autograder.worker.calls import MODULES


def write_atomically(path, text):
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "w") as handle:
            handle.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide the report from others
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


WEAK_MODES = ("rlimits", "plain")


def official(args):
    """Grades that count: asked for, or in CI, where the pull-request workflow grades."""
    return args.official or os.environ.get("CI") == "true"


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


def grade_command(args):
    config = grading_config.load(args.config)
    if args.output and not Path(args.output).resolve().parent.is_dir():
        raise SubmissionError(f"cannot write {args.output}: its folder does not exist")
    mode = sandbox_mode(args)
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        folder = stage(args.submission, scratch)
        report = grade(folder, config, scratch, name=Path(args.submission).stem,
                       sandbox_mode=mode)
    rendered = FORMATS[args.format](report if args.show_hidden else report.for_students())
    if args.output:
        write_atomically(args.output, rendered)
    else:
        sys.stdout.write(rendered)


def check_config_command(args):
    """Validate grading.toml against the checks, and show what it gives each function."""
    config = grading_config.load(args.config)
    names = collect_checks(config)
    table = Table(title=f"{args.config}: {len(names)} checks, "
                        f"{sum(config.policy(n).points for n in names):g} points")
    for column in ("function", "checks", "hidden", "points"):
        table.add_column(column, justify="left" if column == "function" else "right")
    for function in MODULES:
        mine = [config.policy(n) for n in names if n.split(":")[0] == function]
        table.add_row(function, str(len(mine)), str(sum(p.visibility == "hidden" for p in mine)),
                      f"{sum(p.points for p in mine):g}")
    Console(highlight=False).print(table)


def parser():
    main = argparse.ArgumentParser(prog="python -m autograder",
                                   description="Grade adversarial-search exercises.")
    commands = main.add_subparsers(dest="command", required=True)
    grading = commands.add_parser("grade", help="grade one submission (a folder or a .zip)")
    grading.add_argument("submission", help="the folder or .zip handed in")
    grading.add_argument("--format", choices=sorted(FORMATS), default="text")
    grading.add_argument("--output", help="write the report here instead of to the terminal")
    grading.add_argument("--show-hidden", action="store_true",
                         help="for instructors: show hidden checks' inputs and answers too")
    grading.add_argument("--sandbox", choices=sandbox.MODES,
                         help="the worker's isolation (default: the strongest that works here)")
    grading.add_argument("--official", action="store_true",
                         help="grades that count (also when CI=true): refuse a weak sandbox")
    grading.add_argument("--allow-weak-sandbox", action="store_true",
                         help="grade officially even in the rlimits or plain sandbox")
    grading.add_argument("--config", default=grading_config.DEFAULT_PATH,
                         help="the grading policy (default: grading.toml)")
    grading.set_defaults(run=grade_command)
    checking = commands.add_parser("check-config", help="validate grading.toml against the checks")
    checking.add_argument("--config", default=grading_config.DEFAULT_PATH)
    checking.set_defaults(run=check_config_command)
    return main


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        args.run(args)
    except (SubmissionError, grading_config.ConfigError, GradingError,
            sandbox.SandboxError) as error:
        print(f"autograder: {error}", file=sys.stderr)
        return 2
    return 0
