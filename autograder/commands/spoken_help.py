"""The command line's help in the students' repository, in the course's language.

A student's first look at the grader may be `python -m autograder grade --help`: in the students'
repository (the release, which leaves out autograder/distribution/) it is written in the course's
language, the one its grading.toml names (or --lang's), argparse's own words (usage, options)
included; the instructor's commands and options are not offered there, since they need what the
release leaves out. The instructor's copy keeps its help in English, as its other messages.

May import: assignments, errors, language, policy.
"""
import argparse
from pathlib import Path

from autograder import assignments, policy
from autograder.errors import AutograderError
from autograder.language import ENGLISH, LANGUAGES, _

# What only the instructor's copy holds: the release leaves it out (distribution/release.py).
INSTRUCTORS_PACKAGE = Path(__file__).resolve().parents[1] / "distribution"


def students_copy():
    """Whether this grader is the students' repository's copy."""
    return not INSTRUCTORS_PACKAGE.is_dir()


def help_language(argv):
    """The language the help is written in: English in the instructor's copy; in the students',
    --lang's if the command line gives one, else the course's, as the first of the assignments'
    grading.toml it holds names it."""
    if not students_copy():
        return ENGLISH
    argv = list(argv)
    given = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word == "--lang"]
    given += [word.removeprefix("--lang=") for word in argv if word.startswith("--lang=")]
    if given and given[-1] in LANGUAGES:
        return given[-1]
    try:
        held = [a.policy for a in assignments.built_in() if Path(a.policy).is_file()]
        return policy.load(held[0]).language if held else ENGLISH
    except AutograderError:  # grading says what is wrong with the files
        return ENGLISH


class SpokenHelp(argparse.HelpFormatter):
    """argparse's help with its own words ("usage:") in the language spoken."""

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class SpokenParser(argparse.ArgumentParser):
    """An ArgumentParser whose help, headings and help option read in the language spoken when
    it is made, as its subcommands' parsers do (argparse makes them of the same class)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", SpokenHelp)
        add_help = kwargs.pop("add_help", True)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))
