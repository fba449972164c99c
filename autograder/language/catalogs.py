"""The message catalogs: extracted from the sources with Babel, one .po file per language, and
checked for what a student would still read in English.

    python -m autograder.language extract [--lang ca]  add new messages to the .po files (every
                                                       language, or one), drop the ones gone
    python -m autograder.language check                list what is untranslated, fuzzy, stale
                                                       or has other placeholders; exit 1 if any

A translator runs `extract --lang` for their language only, so that translators working at once
never write each other's file. Locations are kept without line numbers, so that an edit elsewhere
in a file leaves the catalogs as they were.
"""
import argparse
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from autograder.files import write_atomically
from autograder.language.speaking import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "adversarial-search-autograder"
MAPPING = Path(__file__).resolve().parent / "babel.cfg"
COMMENT_TAGS = ("TRANSLATORS:",)
TRANSLATED = tuple(code for code in LANGUAGES if code != ENGLISH)
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}|%\((\w+)\)[sdr]")


def template(root=ROOT):
    """Every message the sources under `root` hold, in the order Babel finds them."""
    with MAPPING.open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping, str(MAPPING))
    found = Catalog(domain=DOMAIN, project=PROJECT, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        found.add(message, locations=[(filename, None)], auto_comments=comments, context=context)
    return found


def path_of(code):
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(code):
    path = path_of(code)
    if not path.exists():
        return Catalog(locale=code, domain=DOMAIN, fuzzy=False, project=PROJECT,
                       version="0.1", copyright_holder="the course staff",
                       header_comment=f"# The grader's messages in {LANGUAGES[code]}; the words "
                                      f"chosen for the lesson's terms: glossary/{code}.md")
    with path.open("rb") as source:
        return read_po(source, locale=code, domain=DOMAIN)


def write(catalog, code):
    path_of(code).parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    write_atomically(path_of(code), out.getvalue())


def write_bare(code, path, used):
    """`code`'s catalog at `path` as a students' repository holds it: only the messages of `used`
    (the template of its own sources) and their translations. What the instructor keeps back (the
    tools left out, any sentence only withheld code speaks) has no message there, and no
    translator's note says where in the instructor's tree a message is used."""
    catalog = read(code)
    for message in list(catalog):
        if message.id and used.get(message.id, message.context) is None:
            catalog.delete(message.id, message.context)
    for message in catalog:
        message.auto_comments, message.user_comments, message.locations = [], [], []
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, ignore_obsolete=True)
    write_atomically(path, out.getvalue())


def extract(codes):
    found = template()
    for code in codes:
        catalog = read(code)
        created = catalog.creation_date  # not the time of this run, which would change the file
        catalog.update(found)
        catalog.creation_date = created
        write(catalog, code)
        print(f"{path_of(code).relative_to(ROOT)}: {len(catalog)} messages, "
              f"{sum(1 for problem in problems(catalog, found))} to translate")


def placeholders(text):
    return sorted(next(filter(None, match.groups()), "") for match in PLACEHOLDER.finditer(text))


def problems(catalog, found):
    """One line for each message a student of `catalog`'s language would not read translated."""
    for message in found:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        have = catalog.get(message.id, message.context)
        shown = key[:70].replace("\n", " ")
        if have is None:
            yield f"missing: {shown!r}"
        elif have.fuzzy:
            yield f"fuzzy: {shown!r}"
        else:
            translations = have.string if isinstance(have.string, tuple) else (have.string,)
            if not all(translations):
                yield f"untranslated: {shown!r}"
            elif any(placeholders(text) != placeholders(key) and
                     placeholders(text) != placeholders(message.id[-1] if isinstance(
                         message.id, tuple) else key) for text in translations):
                yield f"other placeholders: {shown!r}"
            elif isinstance(message.id, tuple) and len(translations) != catalog.num_plurals:
                yield f"{len(translations)} plural forms, not {catalog.num_plurals}: {shown!r}"
    known = {message.id for message in found}
    for message in catalog:
        if message.id and message.id not in known:
            key = message.id if isinstance(message.id, str) else message.id[0]
            yield f"stale: {key[:70]!r}"


def check():
    found = template()
    failed = False
    for code in TRANSLATED:
        for line in problems(read(code), found):
            failed = True
            print(f"{code}: {line}")
    return 1 if failed else 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m autograder.language",
                                     description="Extract and check the message catalogs.")
    commands = parser.add_subparsers(dest="command", required=True)
    extracting = commands.add_parser("extract", help="add new messages to the .po files")
    extracting.add_argument("--lang", choices=TRANSLATED,
                            help="only this language's catalog")
    commands.add_parser("check", help="list what is not translated; exit 1 if anything")
    arguments = parser.parse_args(argv)
    if arguments.command == "extract":
        extract([arguments.lang] if arguments.lang else TRANSLATED)
        return 0
    return check()


if __name__ == "__main__":
    sys.exit(main())
