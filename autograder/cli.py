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
from autograder.engine import GradingError, grade
from autograder.reporters import FORMATS
from autograder.submission import SubmissionError, stage


def write_atomically(path, text):
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "w") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def grade_command(args):
    config = grading_config.load(args.config)
    if args.output and not Path(args.output).resolve().parent.is_dir():
        raise SubmissionError(f"cannot write {args.output}: its folder does not exist")
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        folder = stage(args.submission, scratch)
        report = grade(folder, config, scratch, name=Path(args.submission).stem)
    rendered = FORMATS[args.format](report)
    if args.output:
        write_atomically(args.output, rendered)
    else:
        sys.stdout.write(rendered)


def parser():
    main = argparse.ArgumentParser(prog="python -m autograder",
                                   description="Grade adversarial-search exercises.")
    commands = main.add_subparsers(dest="command", required=True)
    grading = commands.add_parser("grade", help="grade one submission (a folder or a .zip)")
    grading.add_argument("submission", help="the folder or .zip handed in")
    grading.add_argument("--format", choices=sorted(FORMATS), default="text")
    grading.add_argument("--output", help="write the report here instead of to the terminal")
    grading.add_argument("--config", default=grading_config.DEFAULT_PATH,
                         help="the grading policy (default: grading.toml)")
    grading.set_defaults(run=grade_command)
    return main


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        args.run(args)
    except (SubmissionError, grading_config.ConfigError, GradingError) as error:
        print(f"autograder: {error}", file=sys.stderr)
        return 2
    return 0
