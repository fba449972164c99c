"""The five languages: every catalog complete (a test lists what any language would still read in
English), plural forms as each language has them, numbers written as each writes them, the
language chosen from grading.toml or --lang, and the sample submission's text and Markdown
reports byte for byte against golden files in every language.

When a change to a report is meant, regenerate the golden files and review their diff:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest -m '' tests/test_language.py
"""
import ast
import gettext
import math
import re

import pytest
from babel.messages.plurals import get_plural

from autograder.errors import ConfigError
from autograder.language import (ENGLISH, LANGUAGES, _, ngettext, number, seconds, speaking,
                                 spoken, value)
from autograder.language.catalogs import TRANSLATED, problems, read, template
from autograder.language.speaking import catalog
from support.cli import run_cli
from support.golden import golden
from support.paths import ROOT

SAMPLE = ROOT / "examples" / "sample_submission"


@pytest.fixture(scope="module")
def found():
    return template()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(found, code):
    """Nothing missing, empty or fuzzy, no placeholder lost or invented, every plural form
    given, nothing left over from messages gone."""
    left = list(problems(read(code), found))
    assert not left, f"{len(left)} messages of {code} to fix (python -m autograder.language " \
                     f"extract --lang {code}, then translate):\n" + "\n".join(left)


# The gettext functions and where their message is among the arguments.
GETTEXT_CALLS = {"_": 0, "gettext": 0, "ngettext": 0, "pgettext": 1, "npgettext": 1}


def literal_messages(path):
    """(line, message) for every literal that `path`'s code passes to a gettext function."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in GETTEXT_CALLS:
            at = GETTEXT_CALLS[node.func.id]
            if len(node.args) > at and isinstance(node.args[at], ast.Constant):
                yield node.lineno, node.args[at].value


def test_every_message_the_code_speaks_is_extracted(found):
    """Every literal the code hands to gettext is in the catalogs: Babel does not look inside
    f-strings, so `f"{_('...')}"` would read in English in every language."""
    known = {message.id if isinstance(message.id, str) else message.id[0] for message in found}
    sources = [path for folder in ("autograder", "assignments")
               for path in sorted((ROOT / folder).rglob("*.py"))]
    missed = [f"{path.relative_to(ROOT)}:{line}: {message!r}" for path in sources
              for line, message in literal_messages(path) if message not in known]
    assert not missed, "not extracted (move the call out of the f-string):\n" + "\n".join(missed)


def test_what_a_check_says_its_answer_is_is_translated():
    """The `what` a check hands judge.same_answer ("the minimax value") is read after the verdict in
    the student's language, so it goes through gettext: a bare literal reads in English in every
    language (the transposition check's did: "a returnat 3, dar ar trebui să returneze 0, the
    minimax value")."""
    sources = [path for folder in ("autograder/checks", "assignments")
               for path in sorted((ROOT / folder).rglob("test_*.py"))]
    bare = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sources
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "same_answer" and len(node.args) > 2
            and isinstance(node.args[2], ast.Constant)]
    assert not bare, "wrap in _(...):\n" + "\n".join(bare)


def test_the_catalogs_hold_the_grader_s_messages(found):
    """Extraction reaches every kind of source a student reads: checks' names, stubs'
    docstrings, grading.toml's hints, feedback, reports and templates."""
    places = {location for message in found for location, _line in message.locations}
    for source in ("autograder/checks/test_minimax.py", "assignments/minimax.py", "grading.toml",
                   "autograder/feedback/explain.py", "autograder/reporters/text.py",
                   "autograder/reporters/templates/report.html.j2"):
        assert source in places


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_are_the_language_s(code):
    """The header's rule is Babel's for the language, and a plural message picks its forms by
    it: Romanian has three (1 nod, 2 noduri, 20 de noduri)."""
    rule = get_plural(code)
    translations = read(code)
    assert (translations.num_plurals, translations.plural_expr) == (rule.num_plurals,
                                                                     rule.plural_expr)
    plural = next(message for message in translations if isinstance(message.id, tuple))
    singular, many = plural.id
    counts = {1: None, 2: None, 20: None, 101: None}
    with speaking(code):
        for count in counts:
            counts[count] = ngettext(singular, many, count)
    choose = gettext.c2py(rule.plural_expr)  # the header's C expression, as gettext reads it
    forms = {count: plural.string[choose(count)] for count in counts}
    assert counts == forms


@pytest.mark.parametrize("code, written", [
    ("en", ("549,946", "2.5")), ("ca", ("549.946", "2,5")), ("es", ("549.946", "2,5")),
    ("it", ("549.946", "2,5")), ("ro", ("549.946", "2,5"))])
def test_numbers_are_written_as_the_language_writes_them(code, written):
    with speaking(code):
        assert (number(549946), number(2.5)) == written


@pytest.mark.parametrize("code, written", [
    ("en", ("4.6", "0.0", "1,200.0", "12")), ("ca", ("4,6", "0,0", "1.200,0", "12")),
    ("es", ("4,6", "0,0", "1.200,0", "12")), ("it", ("4,6", "0,0", "1.200,0", "12")),
    ("ro", ("4,6", "0,0", "1.200,0", "12"))])
def test_seconds_are_written_as_the_language_writes_them(code, written):
    with speaking(code):
        assert (seconds(4.56), seconds(0), seconds(1200), seconds(11.6, places=0)) == written


@pytest.mark.parametrize("code, written", [
    ("en", ("-4", "0.5", "+inf", "-inf", "1000", "0.30000000000000004")),
    ("ca", ("-4", "0,5", "+inf", "-inf", "1000", "0,30000000000000004")),
    ("es", ("-4", "0,5", "+inf", "-inf", "1000", "0,30000000000000004")),
    ("it", ("-4", "0,5", "+inf", "-inf", "1000", "0,30000000000000004")),
    ("ro", ("-4", "0,5", "+inf", "-inf", "1000", "0,30000000000000004"))])
def test_a_game_s_values_are_written_as_the_language_writes_them(code, written):
    """Whole without Python's ".0", the language's decimal sign and every digit, never grouped
    (alpha=1000 stays one number), and infinities signed as the narrations write them."""
    with speaking(code):
        assert tuple(map(value, (-4.0, 0.5, math.inf, -math.inf, 1000, 0.1 + 0.2))) == written


def formatted_in_python(path):
    """(line, argument) for every value a message's .format(...) gets as an f-string with a format
    spec (f"{t:.1f}"): Python writes its decimals the English way in every language."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format" and isinstance(node.func.value, ast.Call)
                and isinstance(node.func.value.func, ast.Name)
                and node.func.value.func.id in GETTEXT_CALLS):
            continue
        for keyword in node.keywords:
            if any(isinstance(part, ast.FormattedValue) and part.format_spec is not None
                   for part in ast.walk(keyword.value)):
                yield node.lineno, keyword.arg


def test_a_message_s_numbers_are_written_by_the_language_not_by_python():
    """A number filled into a message goes through `number` or `seconds`, so that a Spanish
    report says "4,6 s", never "4.6 s"."""
    sources = [path for folder in ("autograder", "assignments")
               for path in sorted((ROOT / folder).rglob("*.py"))]
    english = [f"{path.relative_to(ROOT)}:{line}: {name}=" for path in sources
               for line, name in formatted_in_python(path)]
    assert not english, "write these with number() or seconds():\n" + "\n".join(english)


def test_english_is_spoken_unless_another_language_is_chosen():
    message = next(m.id for m in read("ca") if isinstance(m.id, str) and m.id and m.string)
    assert spoken() == ENGLISH and _(message) == message
    with speaking("ca"):
        assert spoken() == "ca" and _(message) == catalog("ca").gettext(message) != message
        with speaking(None):  # a part with no language of its own goes on in the one spoken
            assert spoken() == "ca"
    assert spoken() == ENGLISH


def test_a_language_the_grader_does_not_speak_is_one_line_error():
    with pytest.raises(ConfigError, match=r"^--lang = 'fr' is not a language the grader speaks; "
                                          r"use one of en, ca, es, it, ro$"):
        with speaking("fr"):
            pass


@pytest.mark.e2e
@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("form, suffix", [("text", "txt"), ("markdown", "md")])
def test_the_sample_submission_s_report_in_each_language(tmp_path, code, form, suffix):
    """`grade examples/sample_submission --lang CODE`, the README's first command in each
    language, as a student reads it (the sandbox named is fixed, so the file is the same on any
    machine)."""
    output = tmp_path / f"report.{suffix}"
    completed = run_cli("grade", SAMPLE, "--lang", code, "--format", form, "--output", output,
                        "--sandbox", "rlimits", "--allow-weak-sandbox")
    assert completed.returncode == 0, completed.stderr
    golden(f"sample_submission.{code}.{suffix}", output.read_text(encoding="utf-8"))


@pytest.mark.e2e
def test_the_course_language_in_grading_toml_is_spoken_without_lang(tmp_path):
    policy = tmp_path / "grading.toml"
    policy.write_text((ROOT / "grading.toml").read_text().replace(
        "[course]\n", '[course]\nlanguage = "it"\n', 1))
    by_policy, by_option = tmp_path / "policy.md", tmp_path / "option.md"
    for output, options in ((by_policy, ["--config", policy]), (by_option, ["--lang", "it"])):
        completed = run_cli("grade", SAMPLE, "--format", "markdown", "--output", output,
                            "--sandbox", "rlimits", "--allow-weak-sandbox", *options)
        assert completed.returncode == 0, completed.stderr
    assert by_policy.read_text() == by_option.read_text()
    with speaking("it"):
        assert _("function") in by_policy.read_text()


# The word each lesson uses for pruning, as the issue quotes them and each glossary records them.
PRUNE = {"ca": "pod", "es": "pod", "it": "pot", "ro": "rete"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_prunes_with_its_lesson_s_word(found, code):
    """The glossary records the lesson's word for pruning, and every message that prunes in
    English prunes with it."""
    glossary = (ROOT / "autograder" / "language" / "glossary" / f"{code}.md").read_text()
    row = next(line for line in glossary.splitlines() if line.startswith("| prune"))
    assert PRUNE[code] in row.split("|")[2].lower()
    translations = read(code)
    elsewhere = []
    for message in found:
        english = message.id if isinstance(message.id, str) else message.id[0]
        have = translations.get(message.id, message.context)
        if not re.search(r"\bprun", english, re.I) or have is None:
            continue
        strings = have.string if isinstance(have.string, tuple) else (have.string,)
        if not all(PRUNE[code] in text.lower() for text in strings if text):
            elsewhere.append(english[:70])
    assert not elsewhere, f"{code} prunes without {PRUNE[code]!r} in: {elsewhere}"


# A tree whose fourth inner node, E, prunes after its first leaf: every search's inner nodes are
# lettered breadth first, so its prune is narrated "the remaining children of E".
PRUNES_AT_E = [[3, 12, 8], [4, 5, 6], [7, 8, 9], [1, 9]]


@pytest.mark.parametrize("code, window, narrated", [
    ("ca", (), "Després d'E1, el node E tenia alpha=7 >= beta=1, així que es poden els fills "
               "restants d'E."),
    ("ca", (-1, 2), "Després de B, el node A tenia alpha=3 >= beta=2, així que es poden els "
                    "fills restants d'A."),
    ("es", (-1, 2), "Tras B, el nodo A tenía alpha=3 >= beta=2, así que se podan los hijos "
                    "restantes de A."),
])
def test_a_narrated_prune_writes_the_preposition_the_node_s_name_asks_for(code, window, narrated):
    """The prune at the root and at E, narrated when a search never prunes: Catalan elides "de"
    before A and E (and E1), which the translation cannot know, since the name is a placeholder."""
    from test_feedback import call, reference_observation
    from autograder.feedback.explain import divergence
    from autograder.feedback.replaying.variants import Mistakes
    from autograder.games.specs import tree_spec
    from support.diagnoses import as_observation
    tree = tree_spec(PRUNES_AT_E)
    the_call = call("alphabeta_value", tree, *window)
    wrong = as_observation(the_call, Mistakes(no_pruning=True))
    with speaking(code):
        assert divergence(the_call, tree, wrong.trace,
                          reference_observation(the_call).trace) == narrated


# Catalan names the letters a, be, ce, de, e, efa, ge, hac, i, jota, ca, ela, ema, ena, o, pe, cu,
# erra, essa, te, u, ve, doble ve, ics, i grega, zeta: these begin with a vowel sound.
ELIDING_LETTERS = set("AEFHILMNORSUX")
# Numbers up to 120 read with a vowel first: un (1), onze (11); never 8 (vuit), 100 (cent).
ELIDING_NUMBERS = {1, 11}


def every_printed_name():
    """Every name the grader gives a node of a tree of up to 40 inner nodes of 12 children (A..AN
    and their leaves, B1..AN12), and the labels of positions (P..W)."""
    from autograder.drawing import node_names
    from autograder.feedback.explain import Names
    tree = [[1] * 12 for _ in range(39)]
    return set(node_names(tree).values()) | set(Names.LABELS)


def test_catalan_elides_de_before_every_node_name_and_number_the_grader_prints():
    from autograder.language.grammar import fill
    names = every_printed_name()
    assert {"A", "AN", "B1", "AN12", "P", "W"} <= names
    for name in sorted(names):
        elided = name[0] in ELIDING_LETTERS
        assert fill("ca", "els fills de {name}", (), {"name": name}) == (
            f"els fills d'{name}" if elided else f"els fills de {name}"), name
    with speaking("ca"):
        for value in [*range(121), 1000, 1001, 11000, 111, 1000000, 11000000, 2.5, 1.5]:
            written = number(value)
            elided = value in ELIDING_NUMBERS or value in (11000, 1000000, 11000000, 1.5)
            assert fill("ca", "més de {size} MiB", (), {"size": written}) == (
                f"més d'{written} MiB" if elided else f"més de {written} MiB"), written


@pytest.mark.parametrize("code, joined", [
    ("ca", "provenen del corrector fixat pel professor"),
    ("es", "vienen del corrector fijado por el profesor"),
])
def test_de_and_the_article_of_a_placeholder_make_one_word(code, joined):
    """The pull request's tamper notice fills {source} with "the instructor's pinned grader",
    which Catalan and Spanish open with "el": "de el" is written "del"."""
    from types import SimpleNamespace
    from autograder.commands.ci.summary import tamper_notice
    context = SimpleNamespace(protected=["grading.toml"], grader=None, gitlab=False)
    with speaking(code):
        assert joined in tamper_notice(context)


def test_a_language_without_such_rules_formats_as_python_does():
    from autograder.language.grammar import fill
    for code in ("en", "it", "ro"):
        with speaking(code):
            message = _("the remaining children of {name} are pruned")
            assert type(message) is str
        assert fill(code, "di {name} de {name}", (), {"name": "A"}) == "di A de A"


@pytest.mark.parametrize("code", ["ca", "es"])
def test_no_translation_writes_what_the_grammar_would_change(code):
    """Where a translation writes the word itself (not a placeholder), it is already written as
    the grammar writes it: "d'F", "d'1 a 3", never "de el"."""
    from autograder.language.grammar import before_value
    preposition = re.compile(r"(?<![\w'’])(?:[Dd]e|[Aa]|[Pp]er) (?=([^\s{]\S*(?: \S+)?))")
    wrong = []
    for message in read(code):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in filter(None, strings):
            text = text.replace("\n", " ")
            for found in preposition.finditer(text):
                before = text[:found.end()]
                if before_value(code, before, found.group(1)) != (before, found.group(1)):
                    wrong.append(text[max(0, found.start() - 30):found.end() + 20])
    assert not wrong, f"{code} writes a form its grammar changes: {wrong}"


@pytest.mark.parametrize("code, explore, negate", [
    ("ca", "explor", "canviar de signe"), ("es", "explor", "cambiar de signo")])
def test_the_glossary_names_the_lesson_s_verbs_and_the_catalog_uses_them(found, code, explore,
                                                                      negate):
    """The glossary records the lesson's verbs for exploring and for a sign change, and no
    message looks a node up ("cercar", "buscar") or denies a value ("negar") instead."""
    glossary = (ROOT / "autograder" / "language" / "glossary" / f"{code}.md").read_text()
    rows = {line.split("|")[1].strip(): line.split("|")[2] for line in glossary.splitlines()
            if line.startswith("| ")}
    assert explore in rows["search (a node, an action) / explore"]
    assert negate in rows["negate / swap (the window)"]
    verbs = {"ca": r"\b(cerc(ar|a|ant|at|ada)|cerca(r)?-(lo|la|los|les)|cerqu(en|in|is|i))\b",
             "es": r"\b(busc(ar|a|ando|ado|ada|an|ó)|busca(r)?lo|busqu(e|en|es)|nieg\w*|negar|"
                   r"negad[oa])\b"}
    lookups = {"ca": re.compile(verbs["ca"]), "es": re.compile(verbs["es"])}[code]
    # the noun ("la cerca": the search), and looking for a bug or a position in a table
    allowed = re.compile(r"\b(la|una|cada|teva|aquesta|tota|cap|per|de|sola) cerca\b|^cerca |"
                         r"\bcerca (de|amb|alfa|que|tallada|aprofundida)\b|busca (un bucle|"
                         r"trabajo|un sleep|feina)|es busca a la taula|busca (cada|primer) (la )?"
                         r"posició", re.I)
    left = []
    for message in read(code):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in filter(None, strings):
            text = allowed.sub("", text.replace("\n", " "))
            left += [text[max(0, hit.start() - 30):hit.end() + 20] for hit in lookups.finditer(text)]
    assert not left, f"{code} still looks for nodes or denies values: {left}"


LESSON_ALPHA = re.compile(r"(?<![\w-])alfa(?![\w-])", re.IGNORECASE)
CODE_ALPHA = re.compile(r"(?<![\w-])alpha(?![\w-])")


@pytest.mark.parametrize("code", TRANSLATED)
def test_alpha_is_named_one_way_in_a_sentence_and_in_a_report(found, code):
    """The lesson's alfa in prose, the code's alpha where code is quoted, never both for the same
    bound in one sentence ("poda solo cuando alpha > beta ... en cuanto alfa sea igual a beta"
    read as two things); and a report, which quotes alpha=3, beta=5 and the pruning test
    beside every diagnosis, names it as the code does."""
    translations = read(code)
    mixed, in_reports = [], []
    for message in found:
        have = translations.get(message.id, message.context)
        if have is None:
            continue
        strings = have.string if isinstance(have.string, tuple) else (have.string,)
        for text in filter(None, strings):
            mixed += [sentence for sentence in re.split(r"(?<=[.!?;])\s+|\n", text)
                      if LESSON_ALPHA.search(sentence) and CODE_ALPHA.search(sentence)]
            if LESSON_ALPHA.search(text) and any(
                    path.startswith(("autograder/feedback/", "autograder/checks/"))
                    for path, _line in message.locations):
                in_reports.append(text)
    assert not mixed, f"{code} names alpha two ways in: {mixed}"
    assert not in_reports, f"{code} reports name alpha as the lesson does in: {in_reports}"


def test_a_catalan_submission_is_a_lliurament_as_the_glossary_says():
    """The glossary's word for a submission is «lliurament»: the command line's help said
    «l'entrega» and «una entrega» (issue 31's Catalan re-trial, `grade --help` in the students'
    repository), beside «lliurament» everywhere else."""
    glossary = (ROOT / "autograder" / "language" / "glossary" / "ca.md").read_text()
    assert "| submission / hand in | lliurament / lliurar |" in glossary
    left = [text for message in read("ca")
            for text in filter(None, message.string if isinstance(message.string, tuple)
                               else (message.string,))
            if re.search(r"\bentreg(a|ues)\b", text)]
    assert not left, f"ca says «entrega» for a submission: {left}"


def test_a_drawn_tree_writes_its_values_as_the_language_does():
    """A tree's leaves, a cut's bounds and a price war's profits are a game's values: 0,5 in
    Catalan, as every sentence writes them (a Catalan report drew «C2 = 0.5» under a sentence
    saying 0,5: issue 31's Catalan re-trial); -4, never -4.0."""
    from autograder.drawing import bound, draw_mermaid, draw_price_war, draw_tree
    from autograder.reporters.html import tree_picture
    tree = [[0, 0.5], -4.0]
    with speaking("ca"):
        assert draw_tree(tree, "MIN").splitlines() == [
            "A (MIN)", "├── B (MAX)", "│   ├── B1 = 0", "│   └── B2 = 0,5", "└── A2 = -4"]
        assert '["B2 = 0,5"]' in draw_mermaid({"tree": tree, "root": "MIN"})
        assert [node["value"] for node in tree_picture({"tree": tree}, None)["nodes"]
                if node["leaf"]] == ["0", "0,5", "-4"]
        assert (bound(0.5), bound(-math.inf), bound(3.0)) == ("0,5", "-∞", "3")
        assert "nostre 2,5, seu -1" in draw_price_war(
            {"start": ["keep"], "keep": ["k1"]}, {"k1": 2.5}, {"k1": -1.0}, "start")
    with speaking("en"):
        assert draw_tree(tree).splitlines()[3] == "│   └── B2 = 0.5"
