"""What students read, written in the course's language from one source: the stubs' docstrings,
the students' README and contract, the nbgrader notebook and Gradescope's script, and the comments
of the released grading.toml and workflows. A test-only
catalog translates every message as "[it] " and the English; English stays as it is."""
import ast
import dataclasses
import gettext
import importlib
import inspect
import json
import re
import shlex
import subprocess
import sys
import tomllib
from string import Template
from pathlib import Path

import pytest

from autograder import assignments, policy
from autograder.commands.cli import parser as cli_parser
from autograder.assignments import SEARCH
from autograder.distribution import (gradescope_export, gradescope_run, released_policy,
                                     spoken_material, stubs, students_repository)
from autograder.distribution.notebooks import course, notebook
from autograder.distribution.notebooks.rendering import literals
from autograder.language import ENGLISH, _, speaking
from autograder.language.catalogs import TRANSLATED, read
from autograder.language.extraction import (code_comments, comment_blocks, markdown_blocks,
                                           shown_values)

from support.releases import run_released_grader

MARK = "[it] "
SUBSTITUTIONS = {"GRADER_REPOSITORY": "course/grader", "GRADER_REF": "v1",
                 "PRIVATE_GRADER_REPOSITORY": "course/private"}
KEPT = ["minimax_value: exact value"]
CATALOGS = importlib.import_module("autograder.language.speaking")


class Marked(gettext.NullTranslations):
    def gettext(self, message):
        return MARK + message

    def ngettext(self, singular, plural, count):
        return MARK + (singular if count == 1 else plural)


def translate_italian(monkeypatch, translations=Marked):
    english = CATALOGS.catalog
    monkeypatch.setattr(CATALOGS, "catalog",
                        lambda code: translations() if code == "it" else english(code))


@pytest.fixture
def italian(monkeypatch):
    """Italian spoken through the test-only catalog."""
    translate_italian(monkeypatch)
    with speaking("it"):
        yield


def docstrings(source):
    return [ast.get_docstring(node, clean=True) for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and ast.get_docstring(node) is not None]


@pytest.mark.parametrize("text", ['One line.', 'Ends in a quote: "x"', 'A \\ backslash, \\n too',
                                  'Three """ quotes\n\n    indented()\nlast', "Two\n\nparagraphs"])
def test_a_docstring_literal_gives_its_text_back(text):
    for indent in ("", "    "):
        source = f"def f():\n{stubs.docstring_literal(text, '    ')}" if indent else \
            stubs.docstring_literal(text, "")
        assert docstrings(source) == [text]


def test_the_stubs_docstrings_are_spoken_and_their_code_kept(italian, tmp_path):
    stubs.generate(SEARCH.reference, tmp_path, SEARCH.files)
    for name in SEARCH.files:
        english = (SEARCH.stubs / name).read_text(encoding="utf-8")
        spoken = (tmp_path / name).read_text(encoding="utf-8")
        assert docstrings(spoken) == [MARK + doc for doc in docstrings(english)]
        assert ast.dump(ast.parse(_without_docstrings(spoken))) == \
            ast.dump(ast.parse(_without_docstrings(english)))


def _without_docstrings(source):
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) \
                and ast.get_docstring(node) is not None:
            node.body = node.body[1:]
    return ast.unparse(tree)


def test_english_stubs_are_assignments_own(tmp_path):
    for assignment in assignments.built_in():
        written = stubs.generate(assignment.reference, tmp_path / assignment.name,
                                 assignment.files)
        assert [path.read_text() for path in written] == \
            [(assignment.stubs / path.name).read_text() for path in written]


@pytest.mark.parametrize("assignment", assignments.built_in(), ids=lambda a: a.name)
def test_the_readme_and_contract_are_spoken_and_english_is_as_written(assignment, tmp_path,
                                                                       monkeypatch):
    english = tmp_path / "en"
    students_repository.material(english, SUBSTITUTIONS, assignment, KEPT)
    contract = (students_repository.ROOT / students_repository.CONTRACT).read_text(encoding="utf-8")
    assert (english / students_repository.CONTRACT).read_text(encoding="utf-8") == contract
    readme = (english / "README.md").read_text(encoding="utf-8")
    assert "{%" not in readme and "course/grader` at `v1`" in readme and "- minimax_value" in readme
    assert MARK not in readme

    spoken_folder = tmp_path / "it"
    translate_italian(monkeypatch)
    with speaking("it"):
        students_repository.material(spoken_folder, SUBSTITUTIONS, assignment, KEPT)
    spoken_readme = (spoken_folder / "README.md").read_text(encoding="utf-8")
    assert spoken_readme.startswith(f"# {MARK}Adversarial search")
    assert f"## {MARK}Set up and check your work" in spoken_readme
    assert "course/grader` at `v1`" in spoken_readme
    assert f"- {MARK}{KEPT[0]}\n" in spoken_readme  # the checks by their spoken names
    # the commands stay code
    assert "    python3.11 -m venv .venv" in spoken_readme
    spoken_contract = (spoken_folder / students_repository.CONTRACT).read_text(encoding="utf-8")
    assert spoken_contract.startswith(f"# {MARK}The student-facing contract\n")
    assert _code_fences(spoken_contract) == _code_fences(contract)
    blocks = [block for block in markdown_blocks(contract) if block[2]]
    assert any(prefix == "```text\n" for _, prefix, *_rest in blocks)
    assert all(f"{prefix}{MARK}{message}{suffix}" in spoken_contract
               for _, prefix, message, suffix, _ in blocks)
    stubs_folder = spoken_folder / students_repository.inside(assignment.stubs)
    first = (stubs_folder / assignment.files[0]).read_text(encoding="utf-8")
    assert docstrings(first)[0].startswith(MARK)


def test_the_students_docs_hold_only_the_contract_in_their_language(tmp_path):
    """docs/translating.md is the maintainers' guide, in English only: a Catalan course's students
    would read it untranslated beside their contract."""
    with speaking("ca"):
        students_repository.documents(tmp_path)
    assert [p.name for p in (tmp_path / "docs").iterdir()] == ["student-api.md"]


def _code_fences(markdown):
    """The fenced blocks of code; a ```text block holds words."""
    return re.findall(r"```(?!text).*?```", markdown, re.DOTALL)


def test_the_contract_keeps_a_block_untranslated_as_it_is_and_a_text_block_whole(monkeypatch):
    text = ("# Title\n\nA paragraph\nover two lines.\n\n```\ncode, kept\n```\n"
            "- an item\n  going on\n```text\ngame.initial   the initial state\n```\n")
    translations = {"Title": "Titolo", "an item going on": "una voce",
                    "game.initial   the initial state": "game.initial   lo stato iniziale"}

    class Some(gettext.NullTranslations):
        def gettext(self, message):
            return translations.get(message, message)

    translate_italian(monkeypatch, Some)
    with speaking("it"):
        assert spoken_material.spoken_markdown(text) == (
            "# Titolo\n\nA paragraph\nover two lines.\n\n```\ncode, kept\n```\n- una voce\n"
            "```text\ngame.initial   lo stato iniziale\n```\n")


def notebook_cells(files, assignment):
    notebook = json.loads(files[course.handout(assignment).notebook_path])
    return {cell["id"]: "".join(cell["source"]) for cell in notebook["cells"]}


def test_the_notebook_is_spoken(italian):
    cells = notebook_cells(course.course_files(SEARCH, "it"), SEARCH)
    assert cells["introduction"].startswith(f"# {MARK}Adversarial search: minimax")
    assert f"{MARK}You will program {MARK}the searches" in cells["introduction"]
    assert f"game.initial                 {MARK}the initial state" in cells["introduction"]
    minimax = (SEARCH.reference / "minimax.py").read_text()
    module_doc = inspect.cleandoc(ast.get_docstring(ast.parse(minimax)))
    title = module_doc.splitlines()[0].split(": ")[0]
    assert cells["minimax-explained"].startswith(f"## 1. {MARK}{title}")
    assert "Run the checks with" not in cells["minimax-explained"]
    assert cells["minimax_value-explained"].startswith(
        f"### `minimax_value(game, state)`\n\n{MARK}")
    assert f'"""{MARK}' in cells["minimax"] and f"# {MARK}minimax.py: graded" in cells["minimax"]
    assert f"{MARK}skipped while grading" in cells["minimax-try-it"]
    assert f"# {MARK}Grades minimax_value" in cells["test_minimax_value"]


def test_a_test_cell_names_its_checks_as_the_course_language_does():
    """What each check of a test cell checks reads as the real catalog translates its name."""
    cells = notebook_cells(course.course_files(SEARCH, "it"), SEARCH)
    names = [name for name in policy.load(SEARCH.policy).checks
             if name.startswith("minimax_value:")]
    with speaking("it"):
        spoken = [_(name).split(":", 1)[1].strip() for name in names]
    assert names and all(what in cells["test_minimax_value"] for what in spoken)
    assert not any(name.split(":", 1)[1].strip() in cells["test_minimax_value"] for name in names)


def test_a_name_given_in_a_language_without_its_function_is_listed_whole():
    config = policy.load(SEARCH.policy)
    name = next(name for name in config.checks if name.startswith("minimax_value:"))
    given = dataclasses.replace(config.checks[name], names={"it": "valori esatti"})
    config = dataclasses.replace(config, checks={name: given})
    with speaking("it"):
        assert notebook.function_checks(config, "minimax_value") == [
            ("valori esatti", given.points, False)]


def test_the_try_it_cells_comments_and_the_game_interface_are_spoken(italian):
    """The comments of the examples' code and the cutoff notebook's extra game call read in the
    language spoken; the code they comment stays as it is."""
    search = notebook_cells(course.course_files(SEARCH, "it"), SEARCH)
    cutoff = next(a for a in assignments.built_in() if a is not SEARCH)
    cells = notebook_cells(course.course_files(cutoff, "it"), cutoff)
    assert f"# {MARK}The search's answer" in search["alphabeta-try-it"]
    assert f"# {MARK}rows XOX / .O. / ..." in search["minimax-try-it"]
    assert f"import open_lines  # {MARK}the course's open-lines" in cells["heuristic-try-it"]
    assert f"  # {MARK}noisy: " in cells["quiescence-try-it"]
    assert f"all_quiet = quiet_test(set())  # {MARK}the cut-off alone" in \
        cells["quiescence-try-it"]
    assert f"game.key(state)              {MARK}a hashable key" in cells["introduction"]


@pytest.mark.parametrize("width", [10, 20, 88])
def test_a_message_split_into_literals_joins_back_whole(width):
    """The install message's literals, which Python joins, give the message back: broken at
    spaces only, never inside adversarial-search-autograder."""
    text = ("Questa cella ha bisogno del correttore automatico del corso, "
            "adversarial-search-autograder: esegui %pip install -e FOLDER")
    parts = literals(text, width)
    assert len(parts) > 1 and "".join(ast.literal_eval(part) for part in parts) == text


def test_the_notebook_speaks_its_course_language_or_the_chosen_one(monkeypatch):
    english = course.course_files()
    translate_italian(monkeypatch)
    assert course.course_files(SEARCH, "it") != course.course_files(SEARCH)
    real_load = policy.load
    monkeypatch.setattr(policy, "load",
                        lambda path: dataclasses.replace(real_load(path), language="it"))
    spoken = course.course_files()
    assert all(MARK in notebook_cells(spoken, a)["introduction"] for a in assignments.built_in())
    # the instructor's files stay English
    assert spoken["README.md"] == english["README.md"]


def test_gradescope_grades_and_says_it_could_not_grade_in_the_course_language(italian):
    script = gradescope_export.script("run_autograder", SEARCH)
    assert shlex.quote(json.dumps(gradescope_run.fallback(
        f"{MARK}the grader ended without writing a result; please tell your instructor"))) in script
    assert f"{MARK}Could not grade this submission: " in script
    assert re.search(r"gradescope_run .*--lang it\n", script, re.DOTALL)
    command = gradescope_run.grading_command(Path("/autograder"), SEARCH.name, "it")
    assert command[command.index("--lang") + 1] == "it" and "gradescope" in command


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_released_policy_names_the_language_it_was_written_in(language, tmp_path):
    config_text = released_policy.public_config(SEARCH.policy.read_text(), KEPT)
    released = tmp_path / "grading.toml"
    released.write_text(released_policy.with_language(config_text, language))
    assert policy.load(released).language == language
    assert released_policy.with_language(released.read_text(), language) == released.read_text()
    assert released_policy.with_language(config_text, "en") == config_text


def test_a_caption_with_values_is_translated_before_they_are_filled_in(italian):
    cutoff = assignments.chosen("cutoff")
    cells = notebook_cells(course.course_files(cutoff, "it"), cutoff)
    assert f"**{MARK}The textbook tree; the evaluation gives A 0, B 5" in \
        cells["heuristic_value-explained"]
    assert f"**{MARK}The empty board**" in cells["heuristic_decision-explained"]


def released_comments(folder, assignment):
    """{file: its comments' paragraphs, and the names and descriptions a workflow's Actions page
    shows} of the released grading.toml and workflows in `folder`."""
    files = [students_repository.inside(assignment.policy), *students_repository.WORKFLOWS.values()]
    texts = {str(path): (folder / path).read_text(encoding="utf-8") for path in files}
    return {path: [block[2] for block in comment_blocks(text) if block[2]]
            + [value for _line, _key, value in shown_values(text)] for path, text in texts.items()}


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("assignment", assignments.built_in(), ids=lambda a: a.name)
def test_every_comment_of_the_released_policy_and_workflows_is_in_the_course_language(
        assignment, code, tmp_path):
    """Each paragraph of their comments, as it stands rewrapped in the students' repository, and
    each step's name in the workflow is a translation of the language's catalog, and so is each
    comment of the stubs, which say where the code goes in it too."""
    students_repository.students_files(tmp_path, SUBSTITUTIONS, assignment, code)
    assert policy.load(tmp_path / students_repository.inside(assignment.policy)).language == code
    filled = {**SUBSTITUTIONS, **students_repository.workflow_substitutions(assignment)}
    translations = {Template(message.string).safe_substitute(filled)
                    for message in read(code) if message.id and isinstance(message.string, str)}
    comments = released_comments(tmp_path, assignment)
    assert all(comments.values())
    english = {where: [paragraph for paragraph in paragraphs if paragraph not in translations]
               for where, paragraphs in comments.items()}
    assert english == {where: [] for where in comments}
    stubs_folder = tmp_path / students_repository.inside(assignment.stubs)
    for name in assignment.files:
        stub = (stubs_folder / name).read_text(encoding="utf-8")
        with speaking(code):
            assert "YOUR CODE HERE" not in stub and f"# {_(stubs.YOUR_CODE)}\n" in stub
        assert [text for _line, _column, text in code_comments(stub)
                if text not in translations] == []


def test_english_released_comments_are_the_templates_own(tmp_path):
    students_repository.students_files(tmp_path, SUBSTITUTIONS, SEARCH, "en")
    written = (tmp_path / students_repository.WORKFLOWS["github-autograde.yml"]).read_text(
        encoding="utf-8")
    template = (students_repository.HERE / "ci_templates" / "github-autograde.yml").read_text()
    assert written == Template(template).safe_substitute(
        {**SUBSTITUTIONS, **students_repository.workflow_substitutions(SEARCH)})
    policy_comments = released_comments(tmp_path, SEARCH)[
        str(students_repository.inside(SEARCH.policy))]
    public = released_policy.public_config(SEARCH.policy.read_text(), KEPT)  # [official] left out
    assert policy_comments == [block[2] for block in comment_blocks(public) if block[2]]


def test_a_comment_is_rewritten_at_its_column_and_code_and_unknown_comments_stay(italian):
    text = ("# A paragraph of the file\n"
            "# that goes on.\n"
            "#\n"
            "key = 1        # after code,\n"
            "               # continued at its column\n"
            '# other = "x"  # what a commented-out key is\n'
            '# secret = "~/.s"\n'
            "url: \"a#b\"  # v1.2.3\n")
    known = {"A paragraph of the file that goes on.", "after code, continued at its column",
             "what a commented-out key is"}
    assert [block[2] for block in comment_blocks(text) if block[2]] == sorted(
        known, key=lambda message: text.index(message.split()[-1]))
    spoken = spoken_material.spoken_paragraphs(text, width=40)
    assert spoken.splitlines() == [
        f"# {MARK}A paragraph of the file that goes",
        "# on.",
        "#",
        f"key = 1        # {MARK}after code, continued at",
        "               # its column",
        f'# other = "x"  # {MARK}what a commented-out key',
        "               # is",
        '# secret = "~/.s"',
        'url: "a#b"  # v1.2.3']


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_message_naming_the_stubs_marker_names_it_as_the_stubs_write_it(code):
    """The notebook's introduction tells students to replace the marker the stubs hold in their
    language, not the English one."""
    naming = [message for message in read(code)
              if message.id and "`# YOUR CODE HERE`" in message.id]
    with speaking(code):
        marker = f"`# {_(stubs.YOUR_CODE)}`"
    assert naming and all(marker in message.string for message in naming)


@pytest.mark.parametrize("assignment", assignments.built_in(), ids=lambda a: a.name)
def test_a_catalan_release_gives_its_hints_description_and_examples_in_catalan(assignment,
                                                                            tmp_path):
    """What a Catalan course's students read of the released grading.toml, pyproject.toml and
    README besides their comments: each hint the catalog translates, as the policy's Catalan hint
    (the English one left out), the package's description (the README's title) and the comments
    of the README's example."""
    students_repository.students_files(tmp_path, SUBSTITUTIONS, assignment, "ca")
    policy_file = tmp_path / students_repository.inside(assignment.policy)
    released = policy.load(policy_file).checks
    hinted = {name: check.hints[ENGLISH]
              for name, check in policy.load(assignment.policy).checks.items() if check.hints}
    with speaking("ca"):
        assert hinted and {name: released[name].hints for name in hinted} == {
            name: {"ca": _(hint)} for name, hint in hinted.items()}
        readme = (tmp_path / "README.md").read_text(encoding="utf-8")
        example = _("the course's textbook tree")
        assert f"# {example}\n" in readme
    text = policy_file.read_text(encoding="utf-8")
    assert not [hint for hint in hinted.values() if hint in text]
    project = tomllib.loads((tmp_path / "pyproject.toml").read_text(encoding="utf-8"))
    assert readme.startswith(f"# {project['project']['description']}\n")
    assert project["project"]["description"].startswith("Cerca amb adversari")


def test_a_hint_no_catalog_translates_stays_as_the_instructor_wrote_it():
    config_text = ('[checks]\n"a: b" = { points = 1, hint = "Mind the \\"gap\\"." }\n'
                   '"c: d" = { points = 2, visibility = "hidden", hint = '
                   '"Call the order function at every node of the search, not only at the root, '
                   'and search the actions in the order it returns." }\n')
    with speaking("ca"):
        spoken_text = released_policy.with_spoken_hints(config_text)
        first, second = spoken_text.splitlines()[1:]
        assert first == config_text.splitlines()[1]
        assert tomllib.loads(second)["c: d"]["hint"] == {"ca": _(
            "Call the order function at every node of the search, not only at the root, and "
            "search the actions in the order it returns.")}
    assert released_policy.with_spoken_hints(config_text) == config_text  # English


def test_the_students_help_is_in_the_course_language_and_offers_only_their_command(tmp_path):
    """`python -m autograder grade --help` in a Catalan course's students' repository: argparse's
    words and every option's help in Catalan, none of the instructor's commands or batch options
    (they need what the release leaves out); the instructor's copy keeps its help in English."""
    students_repository.students_files(tmp_path, SUBSTITUTIONS, SEARCH, "ca")

    def shown(*argv):
        completed = subprocess.run([sys.executable, "-m", "autograder", *argv], cwd=tmp_path,
                                   capture_output=True, text=True, timeout=120)
        assert completed.returncode == 0, completed.stderr
        return " ".join(completed.stdout.split())
    grade, commands = shown("grade", "--help"), shown("--help")
    with speaking("ca"):
        assert grade.startswith(_("usage: ")) and f"{_('options')}:" in grade
        assert " ".join(_("show this help message and exit").split()) in grade
        assert _("Grade adversarial-search exercises.") in commands
    assert "{grade}" in commands and "release" not in commands
    assert "--roster" not in grade and "--show-hidden" not in grade
    english = [text for text in ("usage:", "options:", "show this help", "the assignment to grade",
                                 "run only this function's", "write the report here")
               if text in grade]
    assert not english
    assert shown("grade", "--help", "--lang", "ro").startswith("utilizare: ")
    instructors = cli_parser().format_help()
    assert instructors.startswith("usage: ") and "release" in instructors


@pytest.mark.parametrize("command", [["release", "out"], ["export", "gradescope", "out.zip"]])
def test_the_instructors_commands_stay_one_line_where_the_students_help_offers_only_grade(
        tmp_path, command):
    """The students' parser offers only grade, but asking it for the instructor's commands still
    says in one line that this copy leaves them out (test_release.py asks the whole release),
    not that the command is an invalid choice."""
    students_repository.students_files(tmp_path, SUBSTITUTIONS, SEARCH, "ca")
    completed = run_released_grader(tmp_path, *command)
    assert (completed.returncode, completed.stderr) == (
        2, f"autograder: '{' '.join(command[:-1])}' is the instructor's command: this copy of "
           f"the autograder (the students' repository) leaves it out\n")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_released_assignment_file_comments_in_the_course_language(code):
    """The second assignment's students' repository holds its assignment.toml, whose comments
    said in English what it is and how to grade it."""
    cutoff = assignments.chosen("cutoff")
    translations = {message.string for message in read(code) if message.id}
    with speaking(code):
        declared = students_repository.public_declaration(cutoff)
    comments = [block[2] for block in comment_blocks(declared) if block[2]]
    assert comments and [comment for comment in comments if comment not in translations] == []
    assert "reference" not in tomllib.loads(declared)
