"""Nothing English in a student's language: every text a release puts before a student (the
README, the stubs, the contract, grading.toml with its hints, pyproject.toml, the nbgrader
notebook and its course folder) and the sample submission's reports, rendered in each language,
hold no sentence of the English messages.

A sentence here is a piece of a message a reader takes whole: a line or a clause of it, without
its code spans and placeholders, with at least four English words (lower-case words outside code;
function names, MAX, H-MINIMAX and the like are not words). A catalog that kept such a piece in
English, as the Romanian stubs once kept the window rule ("return exactly v"), leaves it verbatim
in the rendered text. The texts are rendered as the release renders them, without building a
release; the reports are the golden files tests/test_language.py holds to the grader's output.
"""
import json
import re
from pathlib import Path

import pytest

from autograder import assignments
from autograder.distribution import check_selection, spoken_material, stubs, students_repository
from autograder.distribution.notebooks import course
from autograder.language import speaking
from autograder.language.catalogs import TRANSLATED, template
from support.golden import GOLDEN

SUBSTITUTIONS = {"GRADER_REPOSITORY": "course/grader", "GRADER_REF": "v1",
                 "PRIVATE_GRADER_REPOSITORY": "course/private"}
# Where a message breaks into pieces: lines, clause ends, code spans and placeholders.
BREAK = re.compile(r"\n|(?<=[.:;?!])\s+|`[^`]*`|\{\w*\}|%\(\w+\)[sd]|\s->\s|\*\*")
# An English word: lower-case letters, not part of code (a_name, f(x), .attr, a-b).
WORD = re.compile(r"(?<![\w.(`'-])[a-z]{2,}(?![\w(`'-])")
WORDS = 4
CHECK_KEY = re.compile(r'^"[^"]*" = ', re.MULTILINE)
SOLUTION = re.compile(r"### BEGIN SOLUTION.*?### END SOLUTION", re.DOTALL)


def sentences(message):
    """The pieces of an English message of at least WORDS words, as they stand in it."""
    for piece in BREAK.split(message):
        piece = piece.strip(" ,.:;()-\"")
        if len(WORD.findall(piece)) >= WORDS:
            yield piece


@pytest.fixture(scope="module")
def english():
    """Each sentence of the English messages, with the start of its message."""
    found = {}
    for message in template():
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
            for piece in sentences(text or ""):
                found.setdefault(piece, text[:60].replace("\n", " "))
    return found


def rendered(code, folder):
    """Everything a student of `code` reads that a release writes, and the sample reports."""
    texts = {}
    for assignment in assignments.built_in():
        kept = sorted(check_selection.public_checks(assignment.policy.read_text()))
        with speaking(code):
            target = folder / assignment.name
            stubs.generate(assignment.reference, target, assignment.files)
            texts.update({f"{assignment.name}/{name}": (target / name).read_text(encoding="utf-8")
                          for name in assignment.files})
            texts[f"{assignment.name}/README.md"] = students_repository.readme(
                assignment, SUBSTITUTIONS, kept)
        repository = folder / f"{assignment.name}-repository"  # its grading.toml and pyproject
        students_repository.students_files(repository, SUBSTITUTIONS, assignment, code)
        for path in (students_repository.inside(assignment.policy), Path("pyproject.toml")):
            # a check's key stays English (docs/languages.md): it names the check's code
            texts[f"{assignment.name}/{path}"] = CHECK_KEY.sub("", (repository / path).read_text(
                encoding="utf-8"))
        for path, text in course.course_files(assignment, code).items():
            texts[f"{assignment.name}/{path}"] = (notebook_text(text) if path.endswith(".ipynb")
                                                  else text)
    with speaking(code):
        texts[students_repository.CONTRACT] = spoken_material.spoken_markdown(
            (students_repository.ROOT / students_repository.CONTRACT).read_text(encoding="utf-8"))
    for report in sorted(GOLDEN.glob(f"sample_submission.{code}.*")):
        texts[report.name] = report.read_text(encoding="utf-8")
    return texts


def notebook_text(text):
    """A notebook's cells as the students' version holds them: nbgrader takes out the solutions."""
    cells = "\n".join("".join(cell["source"]) for cell in json.loads(text)["cells"])
    return SOLUTION.sub("", cells)


def left_in_english(texts, english):
    return sorted(f"{where}: {piece!r} (from {message!r})" for where, text in texts.items()
                  for piece, message in english.items() if piece in text)


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_english_sentence_is_left_in_what_a_student_reads(english, code, tmp_path):
    left = left_in_english(rendered(code, tmp_path), english)
    assert not left, f"{len(left)} English sentences in {code}:\n" + "\n".join(left)


def test_an_english_sentence_left_in_is_found(english):
    """The window rule kept in English, as the Romanian stubs once had it, is found; the same
    rule translated is not."""
    kept = "    alpha < v < beta   ->  return exactly v\n" \
           "    v <= alpha         ->  return some r with v <= r <= alpha    (fail low)\n"
    assert left_in_english({"alphabeta.py": kept}, english)
    spoken = "    alpha < v < beta   ->  returnează exact v\n" \
             "    v <= alpha         ->  returnează un r cu v <= r <= alpha    (fail low)\n"
    assert not left_in_english({"alphabeta.py": spoken}, english)
