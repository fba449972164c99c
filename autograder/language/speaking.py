"""Speaking one language: the one chosen for this grading, and its words and numbers.

The language is chosen once, where a grading starts (the command line, the pull-request job,
Gradescope's run, a notebook's cell), with `with speaking(code):`. It is a context variable, as the
active locale is in Django and Flask-Babel, because the sentences are built deep inside checks and
feedback that pytest and hypothesis call, where no argument of ours reaches; forked lanes inherit
it. Outside any `speaking` the grader speaks English.

A catalog is compiled from its .po file by Babel when first spoken, so no compiled file can fall
behind its source; an entry still untranslated or fuzzy reads in English, which
tests/test_language.py refuses. A translated message is formatted by grammar.py, so that the
words before a placeholder agree with what fills it.
"""
import contextlib
import functools
import gettext
import io
import math
from contextvars import ContextVar
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol

from autograder.errors import ConfigError
from autograder.language.grammar import sentence

DOMAIN = "autograder"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
# English first: the language the code is written in, and the default.
LANGUAGES = {"en": "English", "ca": "Català", "es": "Español", "it": "Italiano",
             "ro": "Română"}

_spoken = ContextVar("spoken", default=ENGLISH)


def chosen(code, where="--lang"):
    """`code` if the grader speaks it; a one-line error naming `where` it was set, else."""
    if code in LANGUAGES:
        return code
    raise ConfigError(f"{where} = {code!r} is not a language the grader speaks; use one of "
                      f"{', '.join(LANGUAGES)}")


@contextlib.contextmanager
def speaking(code):
    """Speak `code` (None: go on in the language spoken now) inside the block."""
    token = _spoken.set(chosen(code) if code is not None else _spoken.get())
    try:
        yield
    finally:
        _spoken.reset(token)


def spoken():
    return _spoken.get()


@functools.cache
def catalog(code):
    """The translations of `code`, compiled from its .po file; English's are the messages as
    written."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as source:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(source, locale=code))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message):
    """`message` in the spoken language; its format() makes a preposition before a placeholder
    agree with the value (Catalan "d'A", "del corrector": grammar.py)."""
    code = spoken()
    return sentence(code, catalog(code).gettext(message))


def ngettext(singular, plural, count):
    code = spoken()
    return sentence(code, catalog(code).ngettext(singular, plural, count))


def N_(message):
    """Marks a message to translate where it is defined (a constant, a table), so that Babel
    finds it; it is translated with `_` where it is spoken."""
    return message


def number(value):
    """A count or a score as the spoken language writes it: 549,946 in English, 549.946 in
    Catalan, Spanish, Italian and Romanian; 2.5 or 2,5."""
    return format_decimal(value, locale=spoken())


def value(number):
    """A game's value (a utility, an evaluation, alpha or beta) in a sentence, as the spoken
    language writes it: whole without Python's ".0" (-4.0 is -4), a fraction with the language's
    decimal sign and all Python's digits (0.5 in English, 0,5 in Catalan, Spanish, Italian and
    Romanian), never grouped (alpha=1000 stays one number), and an infinity signed, as the code
    writes it (-inf, +inf)."""
    if isinstance(number, float) and math.isinf(number):  # an int may be past a float's range
        return "+inf" if number > 0 else "-inf"
    if isinstance(number, float) and number.is_integer() and abs(number) < 2 ** 53:
        number = int(number)
    return repr(number).replace(".", get_decimal_symbol(spoken()))


def seconds(value, places=1):
    """A time in seconds, rounded to `places` decimals, as the spoken language writes it: 4.6 in
    English, 4,6 in Catalan, Spanish, Italian and Romanian (the unit, "s", is the message's)."""
    return format_decimal(value, format="#,##0" + ("." + "0" * places if places else ""),
                          locale=spoken())
