"""The student's language: its messages and numbers, chosen once per grading.

Every sentence a student reads is written in English where it is built, wrapped in `_` (or
`ngettext` where it counts), and looked up in the spoken language's catalog: the .po files under
locale/, extracted and compiled with Babel (catalogs.py). Numbers that count are written with
`number`, as the language writes them (549,946 in English, 549.946 in Catalan), times with
`seconds` (4.6 s, 4,6 s), and a game's values with `value` (-4, 0.5; 0,5 in Catalan).

May import: errors, files.
"""
from autograder.language.speaking import (ENGLISH, LANGUAGES, N_, _, chosen, ngettext, number,
                                          seconds, speaking, spoken, value)

__all__ = ["ENGLISH", "LANGUAGES", "N_", "_", "chosen", "ngettext", "number", "seconds",
           "speaking", "spoken", "value"]
