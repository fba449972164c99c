"""The generator's command line:

    python -m autograder.distribution.notebooks            regenerate assignments/nbgrader/
    python -m autograder.distribution.notebooks --check    only report whether it is up to date

(with --assignment cutoff, the course-wide files and the cutoff notebook only; with --lang it, in
Italian rather than the course's language).
"""
import argparse
import sys

from autograder import assignments
from autograder.distribution.notebooks.course import COURSE_DIR, GENERATOR, generate, stale
from autograder.distribution.stubs import run_generator
from autograder.errors import AutograderError
from autograder.language import LANGUAGES, chosen as chosen_language


def main(argv=None):
    parser = argparse.ArgumentParser(prog=f"python -m {GENERATOR}",
                                     description="Generate the nbgrader course from the reference.")
    parser.add_argument("--assignment", metavar="NAME_OR_FILE",
                        help="one assignment's notebook (and the course-wide files): a built-in "
                             "assignment's name or an assignment file (default: every assignment)")
    parser.add_argument("--target", default=COURSE_DIR, help="default: assignments/nbgrader/")
    parser.add_argument("--lang", metavar="CODE",
                        help=f"the course's language, one of {', '.join(LANGUAGES)} (default: "
                             f"each assignment's grading.toml's [course] language)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the course folder is out of date")
    args = parser.parse_args(argv)
    try:
        chosen = assignments.chosen(args.assignment) if args.assignment else None
        language = chosen_language(args.lang) if args.lang else None
        return run_generator(args, lambda: stale(args.target, chosen, language),
                             lambda: generate(args.target, chosen, language), GENERATOR)
    except (OSError, ValueError, SyntaxError, AutograderError) as error:
        print(f"{GENERATOR}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
