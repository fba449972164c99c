"""The generator's command line:

    python -m autograder.distribution.notebooks            regenerate assignments/nbgrader/
    python -m autograder.distribution.notebooks --check    only report whether it is up to date
"""
import argparse
import sys

from autograder import policy as grading_config
from autograder.distribution.notebooks.course import (COURSE_DIR, GENERATOR, REFERENCE_DIR,
                                                      generate, stale)
from autograder.distribution.stubs import run_generator
from autograder.errors import ConfigError


def main(argv=None):
    parser = argparse.ArgumentParser(prog=f"python -m {GENERATOR}",
                                     description="Generate the nbgrader course from the reference.")
    parser.add_argument("--reference", default=REFERENCE_DIR, help="default: reference/")
    parser.add_argument("--config", default=grading_config.DEFAULT_PATH,
                        help="default: grading.toml")
    parser.add_argument("--target", default=COURSE_DIR, help="default: assignments/nbgrader/")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the course folder is out of date")
    args = parser.parse_args(argv)
    try:
        return run_generator(args, lambda: stale(args.target, args.reference, args.config),
                             lambda: generate(args.target, args.reference, args.config),
                             GENERATOR)
    except (OSError, ValueError, SyntaxError, ConfigError) as error:
        print(f"{GENERATOR}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
