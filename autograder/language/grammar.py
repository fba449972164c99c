"""The words before a placeholder that change with the word filled in, per language.

A translation writes "els fills restants de {name}", but Catalan writes "de C" and "d'A", "de 8"
and "d'11", and "provenen del corrector" where {source} is "el corrector…"; Spanish writes "del"
for "de el". The translator cannot know the word, so the message is formatted here: each
placeholder's value is filled in, and the preposition just before it takes the form the value
asks for. A language without such a rule is formatted as str.format does.

Catalan's rules (the IEC's): "de" becomes "d'" before a vowel sound, that is a word starting with
a vowel or with h and a vowel (not i or u before another vowel, which sound as consonants:
"de iogurt"); a number read aloud with a vowel (1 "un", 11 "onze", 1.000.000 "un milió", but 1.000
"mil"); a node's name, spelt letter by letter (A, B1, AC), whose first letter's name starts with
a vowel: a, e, efa, hac, i, ela, ema, ena, o, erra, essa, u, ics. "de", "a" and "per" join the
articles "el" and "els": del, dels, al, als, pel, pels.
"""
import re
import string

VOWELS = "aeiouàèéíïòóúü"
# Letters whose Catalan names begin with a vowel sound: a, e, efa, hac, i, ela, ema, ena, o,
# erra, essa, u, ics.
VOWEL_LETTERS = set("AEFHILMNORSUX")
SPELT = re.compile(r"[A-Z]{1,2}(?![^\W\d_])")  # a node's name: A, B1, AC; not MAX or MIN
GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+(?!\d)|\d+")  # 549.946 as Catalan writes it, or 12
BEFORE = {
    "ca": re.compile(r"(?<![\w'’])(de|De|a|A|per|Per) $"),
    "es": re.compile(r"(?<![\w'’])(de|De|a|A) $"),
}
JOINED = {  # (preposition, article) -> the word they make
    "ca": {("de", "el"): "del", ("de", "els"): "dels", ("a", "el"): "al", ("a", "els"): "als",
           ("per", "el"): "pel", ("per", "els"): "pels"},
    "es": {("de", "el"): "del", ("a", "el"): "al"},
}
ARTICLE = re.compile(r"(els|el) (?=\S)")


def number_sounds_vowel(value):
    """Whether Catalan reads the whole number `value` starting with a vowel: un, onze, un milió
    (but mil, mil milions)."""
    power = 0
    while value >= 1000:
        value //= 1000
        power += 1
    if value == 1:
        return power % 2 == 0  # un, un milió, un bilió; mil, mil milions
    return value == 11


def sounds_vowel(text):
    """Whether Catalan's "de" is elided before `text`."""
    digits = GROUPED.match(text)
    if digits:
        return number_sounds_vowel(int(digits.group().replace(".", "")))
    if SPELT.match(text):
        return text[0] in VOWEL_LETTERS
    word = text.lower()
    if word.startswith("h"):
        word = word[1:]
    if not word or word[0] not in VOWELS:
        return False
    return not (word[0] in "iu" and len(word) > 1 and word[1] in VOWELS)


def before_value(code, text, value):
    """`text` (what precedes a placeholder) and `value` (what fills it), with the preposition at
    the end of `text` in the form `value` asks for in language `code`."""
    ending = BEFORE[code].search(text)
    if not ending:
        return text, value
    preposition = ending.group(1)
    article = ARTICLE.match(value)
    if article:
        word = JOINED[code].get((preposition.lower(), article.group(1)))
        if word:
            word = word.capitalize() if preposition[0].isupper() else word
            return f"{text[:ending.start()]}{word} ", value[article.end():]
    if code == "ca" and preposition.lower() == "de" and sounds_vowel(value):
        return f"{text[:ending.start()]}{preposition[0]}'", value
    return text, value


def fill(code, template, args, kwargs):
    """`template.format(*args, **kwargs)`, with each preposition before a placeholder agreeing
    with its value as language `code` writes it."""
    if code not in BEFORE:
        return str.format(template, *args, **kwargs)
    text, automatic = "", 0
    for literal, field, spec, conversion in string.Formatter().parse(template):
        text += literal
        if field is None:
            continue
        if field == "":
            field, automatic = str(automatic), automatic + 1
        one = "{" + field + (f"!{conversion}" if conversion else "") + \
              (f":{spec}" if spec else "") + "}"
        text, value = before_value(code, text, str.format(one, *args, **kwargs))
        text += value
    return text


class Sentence(str):
    """A message in a language whose prepositions follow the placeholder: its format() is
    `fill`'s."""
    language = None

    def format(self, /, *args, **kwargs):
        return fill(self.language, self, args, kwargs)


class Catalan(Sentence):
    language = "ca"


class Spanish(Sentence):
    language = "es"


SENTENCES = {"ca": Catalan, "es": Spanish}


def sentence(code, text):
    """`text`, translated into `code`, as a message whose format() makes the words before a
    placeholder agree with its value; plain text in a language without such rules."""
    kind = SENTENCES.get(code)
    return kind(text) if kind else text
