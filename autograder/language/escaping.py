"""Text the student chose, made safe to show: cut short, and its unprintable characters escaped.

Answers, messages, names and printed lines come from the student's code or files and may be
megabytes long or hold a terminal's escape sequences. Feedback, terminals, logs and spreadsheets
show them only through these functions. They live in the language layer, beside the words that
say how much was cut, so that every part can quote a student's text without importing the runner.
"""
from autograder.language.speaking import ngettext, number

QUOTE_LIMIT = 300  # characters of anything the student's code controls that feedback quotes


def brief(text):
    """`text` cut short: feedback quotes answers, messages and names the student's code chose, and
    any of them can be megabytes long."""
    text = str(text)
    if len(text) <= QUOTE_LIMIT:
        return text
    # TRANSLATORS: after the start of a long text quoted, cut short
    cut = ngettext("({count} character)", "({count} characters)", len(text)).format(
        count=number(len(text)))
    return f"{text[:QUOTE_LIMIT]}... {cut}"


def quoted(value):
    return brief(repr(value))


def escaped(text):
    """`text` with every character that is not printable (an escape sequence, a carriage return,
    a lone surrogate) shown as its Python escape, so no terminal or spreadsheet acts on it."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
