"""Hostile intake: what a student hands in, and how a class batch lists it, can neither hand in the
reference nor take the batch down. Every link and archive is made here, at test time.

Staging (each through the command line: exit 2, one line naming the path, no results file):
- a submission that is a link (`assignments -> .grader-private/reference`, once graded 100/100),
  and one reached through a link below the folder the command runs in (`grade
  assignments/cutoff` with that link: it graded the second assignment's reference); a link above
  that folder is its user's, and the submission below it grades;
- a real folder holding a link out of it: to the private source notebook, to a folder of the
  private course (the notebook glob followed it), or to one private module among real files;
- a notebook that is itself a link, and a zip holding a link entry;
- a link inside the submission that stays inside it is only not followed: the real files grade.
Archives and notebooks:
- a zip of 1,001 entries, and one whose entries declare 100 MiB (3,000 x 1 MiB were staged as
  3 GB), are refused before anything is unpacked; one whose entries claim to be smaller than they
  are stops at the size it declared (zipfile's CRC check); a zipped notebook over 16 MiB is refused;
- a zip listing 20,000 entries is refused before zipfile reads its list (under 1 MiB of memory); an
  entry named in over 255 bytes is told so (it was told as a damaged zip); a name marked UTF-8
  that is not, or an entry without a name, is told as a damaged zip (each was a traceback);
- a lone zip (a folder's only file, beside a Mac's leftovers): its name, the student's, is shown
  escaped on the terminal and in Gradescope's results; a link named entrega.zip to a zip of the
  reference is no lone zip, and the folder holding it is refused; a folder's name, a class's
  student's, is shown escaped too;
- zipped notebooks are read one at a time: nothing but the modules is written, and the memory
  staging takes does not grow with the number of notebooks (150 x 16 MiB were written out);
- a notebook nested 200,000 deep, one over 32 MiB, one that is not JSON, and one without answer
  cells are each a one-line error, exit 2, never a traceback;
- a zip holding two entries of one name, or two whose names differ only in case (minimax.py and
  Minimax.py), and a folder holding such a pair, are refused in a line naming both.
A class batch (one run, then a rerun, then a submission that hangs):
- entries named `../[/b].py` inside a zip (rich's MarkupError once broke every run),
  `.reference-answers.zip` (it overwrote the answers cache and crashed the summary),
  `=HYPERLINK(...).zip` (a formula in gradebook.csv), ` =HYPERLINK(...).zip` and
  `＝HYPERLINK(...).zip` (spreadsheets skip the space and read the full-width sign), a name with an
  escape sequence, `alice/`, `alice.zip` and `alice-2.zip` (one shared row), and
  `linked -> the private reference` each get a row of their own whose status is what staging that
  entry says, and a folder holding only a broken zip is told its zip is damaged, as Gradescope's
  run of that upload tells it; the batch exits 0 and the rerun too;
- a submission that hangs is stopped at --submission-timeout, its row says so, and nothing of its
  grading is left running; a grading killed (as by the OOM killer), out of memory or timing out
  with a child in its session is that submission's error row (run_grading, on small commands).
- one student's files of the other assignment cannot choose what the class is graded as: the batch
  refuses to guess, in one line, until --assignment names it.
"""
import csv
import json
import resource
import shutil
import sys
import time
import tomllib
import tracemalloc
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from autograder.commands.batch import ANSWERS_FILE, printable
from autograder.commands.gradebook import spreadsheet_cell
from autograder.commands.side_by_side import Gradings
from autograder.contract import FILES as CONTRACT_FILES, MODULE_NAMES as MODULES
from autograder.intake.classes import find_submissions
from autograder.intake.notebook import NOTEBOOK_LIMIT as DIRECT_NOTEBOOK_LIMIT
from autograder.errors import SubmissionError
from autograder.language import speaking
from autograder.language.escaping import escaped
from autograder.intake.submission import (ENTRY_LIMIT, MIB, NOTEBOOK_LIMIT, TOTAL_LIMIT,
                                          link_on_the_way, stage, without_paths)
from support.cli import GRADE_PROCESS, read_gradebook, run_cli
from support.paths import REFERENCE, ROOT
from support.processes import leftovers, sandbox_processes, settled
from support.submissions import reference_files

HANG_SECONDS = 4  # the batch limit of a submission that costs two call limits (3 s each) or more


def notebook(answers, filler=""):
    """A notebook with an nbgrader answer cell per {module: source}, and `filler` in markdown."""
    cells = [{"cell_type": "code", "metadata": {"nbgrader": {"solution": True, "grade_id": module}},
              "source": source, "outputs": []} for module, source in answers.items()]
    cells.append({"cell_type": "markdown", "metadata": {}, "source": filler})
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def reference_notebook():
    return notebook({m: (REFERENCE / f"{m}.py").read_text() for m in MODULES})


def refused(tmp_path, submission):
    """Grade `submission` by the command line; assert it is refused in one line and return it."""
    output = tmp_path / "results.json"
    completed = run_cli("grade", submission, "--format", "json", "--output", output)
    assert completed.returncode == 2, completed.stderr
    assert completed.stderr.count("\n") == 1 and completed.stderr.startswith("autograder: ")
    assert not output.exists()
    return completed.stderr.removeprefix("autograder: ").strip()


@pytest.fixture
def private(tmp_path):
    """The private grader beside the student's work: its reference and its source notebook."""
    folder = reference_files(tmp_path / ".grader-private" / "reference")
    source = folder.parent / "source" / "adversarial_search"
    source.mkdir(parents=True)
    (source / "adversarial_search.ipynb").write_text(json.dumps(reference_notebook()))
    return folder.parent


# ---------------------------------------------------------------------------------------------
# Links


def test_a_submission_that_is_a_link_is_refused(tmp_path, private):
    (tmp_path / "assignments").symlink_to(private / "reference")
    reason = refused(tmp_path, tmp_path / "assignments")
    assert reason == (f"{tmp_path / 'assignments'} is a symbolic link; hand in the folder or file "
                      f"itself, not a link to it")


@pytest.mark.parametrize("name, target", [
    ("adversarial_search.ipynb", "source/adversarial_search/adversarial_search.ipynb"),
    ("course", "source/adversarial_search"),
    ("minimax.py", "reference/minimax.py"),
])
def test_a_folder_holding_a_link_out_of_it_is_refused(tmp_path, private, name, target):
    work = tmp_path / "assignments"
    work.mkdir()
    for module in ("alphabeta.py", "ordering.py", "price_war.py"):
        shutil.copy(ROOT / "assignments" / module, work / module)  # the real stubs beside it
    (work / name).symlink_to(private / target)
    assert refused(tmp_path, work) == (f"{work}: {name!r} is a link leading out of the "
                                       f"submission; hand in the files themselves, not links")


def test_a_notebook_that_is_a_link_is_refused(tmp_path, private):
    link = tmp_path / "mine.ipynb"
    link.symlink_to(private / "source" / "adversarial_search" / "adversarial_search.ipynb")
    assert refused(tmp_path, link).startswith(f"{link} is a symbolic link;")


def test_a_zip_holding_a_link_entry_is_refused(tmp_path, private):
    archive = tmp_path / "handin.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        link = zipfile.ZipInfo("minimax.py")
        link.external_attr = 0o120777 << 16  # what `zip -y` stores for a link
        zipped.writestr(link, str(private / "reference" / "minimax.py"))
    assert refused(tmp_path, archive) == (f"{archive}: the entry 'minimax.py' is a symbolic link; "
                                          f"zip the files themselves (not with zip -y)")


@pytest.mark.parametrize("link, target, graded, options", [
    ("work", ".grader-private", "work/reference", ()),
    ("assignments", "reference", "assignments/cutoff", ("--assignment", "cutoff")),
], ids=["search", "cutoff"])
def test_a_submission_reached_through_a_link_is_refused(tmp_path, private, link, target, graded,
                                                        options):
    """`grade some/link/inside`: only the last component was checked, so `assignments/cutoff`
    with `assignments -> <the private grader>/reference` graded the reference."""
    student = tmp_path / "student"
    student.mkdir()
    shutil.copytree(ROOT / "reference" / "cutoff", private / "reference" / "cutoff",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (student / link).symlink_to(private / target)
    output = tmp_path / "results.json"
    completed = run_cli("grade", graded, *options, "--format", "json", "--output", output,
                        cwd=student)
    assert completed.returncode == 2, completed.stderr
    assert completed.stderr == (f"autograder: {graded} is reached through the symbolic link "
                                f"{link}; hand in the folder or file by a path without links\n")
    assert not output.exists()


def test_a_link_above_the_folder_the_command_runs_in_is_not_the_students(tmp_path):
    """The folder the grader runs in, and those above it, are its user's: reached through a link,
    the submission below it grades."""
    reference_files(tmp_path / "real" / "student" / "assignments")
    (tmp_path / "alias").symlink_to(tmp_path / "real")
    output = tmp_path / "results.json"
    completed = run_cli("grade", "assignments", "--only", "minimax_value", "--format", "json",
                        "--output", output, cwd=tmp_path / "alias" / "student")
    assert completed.returncode == 0, completed.stderr
    assert json.loads(output.read_text())["points"] > 0


def test_a_link_on_the_way_is_found_as_written_and_climbing_back_is_no_way_round(tmp_path):
    (tmp_path / "inside").mkdir()
    (tmp_path / "linked").symlink_to(tmp_path / "inside")
    assert link_on_the_way(tmp_path / "inside" / "x", tmp_path) is None
    assert link_on_the_way(tmp_path / "linked" / "x", tmp_path) == tmp_path / "linked"
    assert link_on_the_way(tmp_path / "inside" / ".." / "linked" / "..", tmp_path) == \
        tmp_path / "inside" / ".." / "linked"
    assert link_on_the_way(tmp_path / "linked" / "x", tmp_path / "linked") is None  # the root's


def test_a_link_that_stays_inside_is_not_followed(tmp_path):
    work = tmp_path / "work"
    reference_files(work / "v2")
    (work / "latest").symlink_to("v2")  # followed, it would be a second folder of solutions
    staged = stage(work, tmp_path / "scratch", CONTRACT_FILES)
    assert {p.name: p.read_text() for p in staged.iterdir()} == {
        p.name: p.read_text() for p in (work / "v2").iterdir()}


# ---------------------------------------------------------------------------------------------
# Archives and notebooks


def zip_of(path, entries, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as zipped:
        for name, data in entries:
            zipped.writestr(name, data)
    return path


def test_a_zip_of_several_solutions_names_its_folders_escaped(tmp_path):
    archive = zip_of(tmp_path / "two.zip", [("\x1b[2Jana/minimax.py", ""), ("ben/minimax.py", "")])
    with pytest.raises(SubmissionError) as refused:
        stage(archive, tmp_path / "scratch", CONTRACT_FILES)
    assert "2 folders (\\x1b[2Jana, ben)" in str(refused.value)
    assert "\x1b" not in str(refused.value)


HOSTILE_FOLDER_NAME = "ana\nautograder: 100 of 100\x1b]0;pwn\x07"


@pytest.mark.parametrize("files, why", [
    ({"notes.txt": ""}, "holds none of"),
    ({"minimax.py": "", "Minimax.py": ""}, "whose names differ only in case"),
    ({"a/minimax.py": "", "b/minimax.py": ""}, "holds solutions in 2 folders"),
    ({"answers.ipynb": "not a notebook"}, "save it from Jupyter")])
def test_a_folders_name_is_shown_escaped(tmp_path, files, why):
    """A class's folders are named by its students (a platform's export, after them): a line
    break and an escape sequence in a folder's name reached the terminal as they were, where a
    zip's name was shown escaped."""
    folder = tmp_path / HOSTILE_FOLDER_NAME
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    with pytest.raises(SubmissionError) as refused:
        stage(folder, tmp_path / "scratch", CONTRACT_FILES)
    message = str(refused.value)
    assert why in message and escaped(folder) in message
    assert "\x1b" not in message and "\n" not in message and "\x07" not in message


def lone_zip_upload(folder, name, data=b"PK\x03\x04 this is not really a zip"):
    """`folder` holding one zip named `name` and a Mac's leftovers: an upload of one zip."""
    (folder / "__MACOSX").mkdir(parents=True)
    (folder / ".DS_Store").write_bytes(b"")
    (folder / name).write_bytes(data)
    return folder


HOSTILE_ZIP_NAME = "entrega\nautograder: 100 of 100\x1b]0;pwn\x07.zip"


def test_a_lone_zips_name_is_shown_escaped(tmp_path):
    """A lone zip's name is the student's (a direct zip's is whoever typed the command): a line
    break and an escape sequence in it reached the terminal, and Gradescope's results.json (the
    last line of the grading's error), as they were."""
    from autograder.distribution import gradescope_run
    upload = lone_zip_upload(tmp_path / "upload", HOSTILE_ZIP_NAME)
    shown = upload / "entrega\\nautograder: 100 of 100\\x1b]0;pwn\\x07.zip"
    damaged = "is not a readable zip file (it is damaged, or not a zip); zip it again"
    completed = run_cli(upload, "--format", "json", "--output", tmp_path / "results.json",
                        module=GRADE_PROCESS)
    assert completed.returncode == 2
    assert completed.stderr == f"autograder: {shown} {damaged}\n"
    root = tmp_path / "autograder"
    (root / "results").mkdir(parents=True)
    lone_zip_upload(root / "submission", HOSTILE_ZIP_NAME)
    gradescope_run.run(root, "search", "en")
    results = json.loads((root / "results" / "results.json").read_text())
    # Gradescope's student sees the file's name, not the container's folders
    assert results["output"] == f"Could not grade this submission: {shown.name} {damaged}"


def test_a_lone_zip_that_is_a_link_out_of_its_folder_is_refused(tmp_path, private):
    """A link named entrega.zip to a zip of the reference is no lone zip: the folder holding it
    is refused as any folder holding a link out of it."""
    reference = zip_of(private / "reference.zip", [
        (p.name, p.read_text()) for p in (private / "reference").glob("*.py")])
    upload = tmp_path / "upload"
    upload.mkdir()
    (upload / "entrega.zip").symlink_to(reference)
    completed = run_cli(upload, "--format", "json", "--output", tmp_path / "results.json",
                        module=GRADE_PROCESS)
    assert completed.returncode == 2
    assert completed.stderr == (f"autograder: {upload}: 'entrega.zip' is a link leading out of "
                                f"the submission; hand in the files themselves, not links\n")
    assert not (tmp_path / "results.json").exists()


def test_a_zip_of_too_many_entries_is_refused(tmp_path):
    entries = [("minimax.py", "")] + [(f"x{i}.py", "") for i in range(ENTRY_LIMIT)]
    archive = zip_of(tmp_path / "many.zip", entries)
    assert refused(tmp_path, archive) == (f"{archive} holds {ENTRY_LIMIT + 1:,} entries, over "
                                          f"{ENTRY_LIMIT:,}: zip your solutions folder only")
    with speaking("es"), pytest.raises(SubmissionError) as spanish:  # as the language writes them
        stage(archive, tmp_path / "scratch", CONTRACT_FILES)
    assert "1.001" in str(spanish.value) and "1.000" in str(spanish.value)


def test_a_zip_listing_too_many_entries_is_refused_before_they_are_read(tmp_path):
    """zipfile reads every entry the list holds before any can be counted: 300,000 in a 26 MB
    upload took 11 s and 300 MB to be refused for their number."""
    archive = zip_of(tmp_path / "listed.zip", [("minimax.py", "")] + [
        (f"{i:08}.py", "") for i in range(20 * ENTRY_LIMIT)], zipfile.ZIP_STORED)
    assert refused(tmp_path, archive) == (f"{archive} lists too many entries, or entries with too "
                                          f"long names: zip your solutions folder only")
    tracemalloc.start()
    try:
        with pytest.raises(SubmissionError):
            stage(archive, tmp_path / "scratch", CONTRACT_FILES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MIB, f"refusing it took {peak} bytes"


def test_a_zip_entry_named_longer_than_a_disk_holds_is_told_so(tmp_path):
    """A module's name over 255 bytes could not be written, and was told as a damaged zip, its
    whole name in the line (the next is 255 bytes: it stages)."""
    longest = "a" * 252 + ".py"
    archive = zip_of(tmp_path / "long.zip", [("minimax.py", ""), (longest, "")])
    staged = stage(archive, tmp_path / "scratch", CONTRACT_FILES)
    assert sorted(p.name for p in staged.iterdir()) == [longest, "minimax.py"]
    archive = zip_of(tmp_path / "long.zip", [("minimax.py", ""), ("a" + longest, "")])
    assert refused(tmp_path, archive) == (f"{archive}: the name of the entry {'a' * 40!r}... is "
                                          f"over 255 bytes long; shorten it and zip again")


def test_a_zip_that_unpacks_too_big_is_refused_before_unpacking(tmp_path):
    count = TOTAL_LIMIT // MIB + 36  # 1 MiB entries, each under the file limit: 100 MiB in all
    archive = zip_of(tmp_path / "bomb.zip", [("minimax.py", "")] + [
        (f"x{i}.py", b"#" * MIB) for i in range(count)])
    assert archive.stat().st_size < MIB  # it is the unpacking that is big
    assert refused(tmp_path, archive) == (f"{archive} unpacks to over {TOTAL_LIMIT // MIB} MiB: "
                                          f"zip your solutions folder only")


def test_a_zip_that_understates_its_sizes_stops_at_the_size_it_declared(tmp_path):
    data = b"#" * (2 * MIB)
    archive = zip_of(tmp_path / "liar.zip", [("minimax.py", data)])
    raw = bytearray(archive.read_bytes())
    declared = len(data).to_bytes(4, "little")
    assert raw.count(declared) == 2  # the local header's and the central directory's
    archive.write_bytes(bytes(raw).replace(declared, (100).to_bytes(4, "little")))
    assert refused(tmp_path, archive) == (f"{archive} is not a readable zip file (its entry "
                                          f"'minimax.py' is damaged); zip it again")


def patched_zip(path, local_offset, value):
    """A zip of one module whose two headers (local, and the central directory's, 2 bytes further
    on) hold `value` at `local_offset`: the flags (6, bit 0: encrypted) or the method (8)."""
    data = bytearray(zip_of(path, [("minimax.py", "x = 1")]).read_bytes())
    for start, offset in ((data.find(b"PK\x03\x04"), local_offset),
                          (data.find(b"PK\x01\x02"), local_offset + 2)):
        data[start + offset:start + offset + 2] = value
    path.write_bytes(bytes(data))


def misnamed_zip(path):
    """A zip whose second entry's name is marked UTF-8 and is not (zipfile's UnicodeDecodeError
    was a traceback)."""
    name = "\u00e9s.py".encode()
    data = zip_of(path, [("minimax.py", "x = 1"), (name.decode(), "")]).read_bytes()
    path.write_bytes(data.replace(name, b"\xff" + name[1:]))


def unnamed_zip(path):
    """A zip whose second entry's name starts with a NUL, where zipfile cuts it: no name at all
    (zipfile's IndexError was a traceback)."""
    data = zip_of(path, [("minimax.py", "x = 1"), ("unnamed.py", "")]).read_bytes()
    path.write_bytes(data.replace(b"unnamed.py", b"\x00nnamed.py"))


@pytest.mark.parametrize("make, why", [
    (lambda path: path.write_bytes(b"PK\x03\x04 this is not really a zip"),
     "està malmès o no és un zip"),
    (misnamed_zip, "està malmès o no és un zip"),
    (unnamed_zip, "està malmès o no és un zip"),
    (lambda path: patched_zip(path, 6, b"\x01\x00"), "està protegit amb contrasenya"),
    (lambda path: patched_zip(path, 8, b"\x63\x00"),
     "fa servir un mètode de compressió que aquí no es pot llegir"),
])
def test_an_unreadable_zip_says_why_in_the_course_language(tmp_path, make, why):
    """What Python's zipfile says is English ("File is not a zip file"): a Catalan student, and
    Gradescope's results.json, read why in Catalan instead."""
    archive = tmp_path / "entrega.zip"
    make(archive)
    with speaking("ca"), pytest.raises(SubmissionError) as refusal:
        stage(archive, tmp_path / "scratch", CONTRACT_FILES)
    assert str(refusal.value) == (f"{archive} no és un fitxer zip llegible ({why}); torna'l a "
                                  f"comprimir")


def test_a_zipped_notebook_too_big_is_refused(tmp_path):
    archive = zip_of(tmp_path / "big.zip", [
        ("a.ipynb", json.dumps(notebook({}, "#" * NOTEBOOK_LIMIT)))])
    assert refused(tmp_path, archive) == (f"{archive}: 'a.ipynb' is over {NOTEBOOK_LIMIT // MIB} "
                                          f"MiB; hand in source files, with the notebooks' outputs "
                                          f"cleared")


def staging_peak(archive, scratch):
    """The most memory staging `archive` held at once (bytes), and the files it wrote."""
    tracemalloc.start()
    try:
        stage(archive, scratch, CONTRACT_FILES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak, sorted(str(p.relative_to(scratch)) for p in Path(scratch).rglob("*"))


def test_zipped_notebooks_are_read_one_at_a_time(tmp_path):
    filler = "#" * (TOTAL_LIMIT // len(MODULES) - MIB)  # as many as fit in the limit
    parts = [(f"{m}.ipynb", json.dumps(notebook({m: (REFERENCE / f"{m}.py").read_text()},
                                                filler))) for m in MODULES]
    one, _ = staging_peak(zip_of(tmp_path / "one.zip", parts[:1]), tmp_path / "one")
    every, written = staging_peak(zip_of(tmp_path / "every.zip", parts), tmp_path / "every")
    assert written == ["submission"] + [f"submission/{m}.py" for m in sorted(MODULES)]
    assert every < 1.25 * one, f"{len(MODULES)} notebooks took {every}, one took {one} bytes"


DEEP = '{"cells": ' + "[" * 200_000 + "]" * 200_000 + "}"
AGAIN = "save it from Jupyter and hand it in again"


def deep_notebook(tmp):
    (tmp / "deep.ipynb").write_text(DEEP)
    return "deep.ipynb"


def deep_zipped_notebook(tmp):
    zip_of(tmp / "deep.zip", [("deep.ipynb", DEEP)])
    return "deep.zip"


def sparse_notebook(tmp):
    with open(tmp / "big.ipynb", "wb") as handle:
        handle.truncate(DIRECT_NOTEBOOK_LIMIT + 1)  # its size is all that is read
    return "big.ipynb"


def binary_notebook(tmp):
    (tmp / "text.ipynb").write_bytes(b"\xff not json")
    return "text.ipynb"


def unanswered_notebook(tmp):
    (tmp / "none.ipynb").write_text(json.dumps(notebook({})))
    return "none.ipynb"


@pytest.mark.e2e
@pytest.mark.parametrize("make, says", [
    (deep_notebook, f"deep.ipynb is nested too deeply to be a notebook; {AGAIN}"),
    (deep_zipped_notebook,
     f"deep.zip: 'deep.ipynb' is nested too deeply to be a notebook; {AGAIN}"),
    (sparse_notebook, f"big.ipynb is over {DIRECT_NOTEBOOK_LIMIT // MIB} MiB: clear its outputs "
                      f"and hand it in again"),
    (binary_notebook, "text.ipynb: it is not a notebook ('utf-8' codec can't decode byte 0xff in "
                      f"position 0: invalid start byte); {AGAIN}"),
    (unanswered_notebook, "none.ipynb has no answer cells (nbgrader cells named minimax, "
                          "alphabeta, ordering, price_war): hand in the assignment's notebook "
                          "with your code in its answer cells"),
])
def test_a_malformed_notebook_is_one_line_and_exit_2(tmp_path, make, says):
    assert refused(tmp_path, tmp_path / make(tmp_path)) == f"{tmp_path}/{says}"


# ---------------------------------------------------------------------------------------------
# Class layouts and the gradebook, without grading


def test_a_class_lists_links_as_entries_and_never_walks_into_them(tmp_path, private):
    klass = tmp_path / "class"
    reference_files(klass / "alice")
    (klass / "linked").symlink_to(private / "reference")
    (klass / "dangling").symlink_to(tmp_path / "nowhere")
    course = tmp_path / "course" / "submitted"
    reference_files(course / "ana" / "adversarial_search")
    (course / "ben").symlink_to(private)  # followed, .grader-private's folders would be entries
    (course / "cy").mkdir()
    (course / "cy" / "adversarial_search").symlink_to(private / "reference")
    export = tmp_path / "export"
    reference_files(export / "submission_1")
    (export / "submission_2").symlink_to(private / "reference")
    (export / "submission_metadata.yml").write_text("submission_1: {}\n")

    found = {e.id: e.path for e in find_submissions([klass, course.parent, export], CONTRACT_FILES)}
    assert found == {"alice": klass / "alice", "dangling": klass / "dangling",
                     "linked": klass / "linked", "ana": course / "ana" / "adversarial_search",
                     "ben": course / "ben", "cy": course / "cy" / "adversarial_search",
                     "submission_1": export / "submission_1",
                     "submission_2": export / "submission_2"}
    for name, path in found.items():
        if path.is_symlink():
            with pytest.raises(SubmissionError, match="is a symbolic link"):
                stage(path, tmp_path / "scratch" / name, CONTRACT_FILES)


def test_ids_are_unique_and_never_dot_names(tmp_path):
    names = ["alice", "alice.zip", "alice-2.zip", "Alice.zip", ".reference-answers.zip",
             ".zip", "\x1b[2J.zip", "\u20ac" * 80 + ".zip", "\u20ac" * 80 + "-2.zip"]
    for name in names:
        (tmp_path / name).mkdir()
    ids = [e.id for e in find_submissions([tmp_path / n for n in names], CONTRACT_FILES)]
    assert len({i.casefold() for i in ids}) == len(names)
    assert not any(i.startswith(".") or not i.isprintable() for i in ids)
    # Its results file, and write_atomically's temporary name for it, are valid names.
    assert max(len(f".{i}.json.12345678".encode()) for i in ids) <= 255


def test_gradebook_cells_and_printed_names_are_inert():
    for start in ("=", "+", "-", "@", "\t", "\r", " =", "  \t+", "\u3000-", "\u200b@", "＝", "＋",
                  "－", "＠", " ＝", "﹦", "\xa0﹫"):
        assert spreadsheet_cell(f"{start}HYPERLINK(1)") == f"'{start}HYPERLINK(1)"
    assert spreadsheet_cell(" alice = bob") == " alice = bob" and spreadsheet_cell("") == ""
    assert spreadsheet_cell("alice") == "alice"
    shown = printable("../[/b].py \x1b[2J\udc80")
    assert shown.plain == "../[/b].py \\x1b[2J\\udc80" and not shown.spans


# ---------------------------------------------------------------------------------------------
# A grading's process: crashes and time limits, on small commands


def python(code):
    return [sys.executable, "-c", code]


def test_a_grading_killed_or_out_of_memory_is_its_error_row():
    assert Gradings().run(python("import os, signal; os.kill(os.getpid(), signal.SIGKILL)"), 30) \
        == "grading crashed: killed by SIGKILL (out of memory?)"
    limit = f"resource.setrlimit(resource.RLIMIT_AS, ({256 * MIB}, {resource.RLIM_INFINITY}))"
    assert Gradings().run(python(f"import resource; {limit}; bytearray({1024 * MIB})"), 30) \
        == "grading crashed (exit code 1): MemoryError"
    assert Gradings().run(python("import sys; sys.exit('autograder: no such file or folder: x')"),
                       30) == "grading crashed (exit code 1): autograder: no such file or folder: x"
    assert Gradings().run(python("import sys; print('autograder: bad zip', file=sys.stderr); "
                              "sys.exit(2)"), 30) == "bad zip"


@pytest.mark.e2e
def test_a_grading_past_its_limit_is_killed_with_its_whole_session(tmp_path):
    pid_file = tmp_path / "pid"
    # A child in the grading's session that ignores SIGTERM, as a lane of the grader would be.
    code = ("import signal, subprocess, sys, time\n"
            "child = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
            "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)'])\n"
            f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
            "time.sleep(600)\n")
    started = time.monotonic()
    assert Gradings().run(python(code), 2) == "grading stopped: took longer than 2 s"
    assert time.monotonic() - started < 10
    child = int(pid_file.read_text())
    assert settled(lambda: [child] if running(child) else []) == []


def running(pid):
    """Whether process `pid` exists and is not a zombie (which runs nothing)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# ---------------------------------------------------------------------------------------------
# A class batch


def hang_submission(folder):
    """Two functions that never return: grading it costs two call limits, over HANG_SECONDS."""
    folder.mkdir(parents=True)
    (folder / "minimax.py").write_text(
        "def minimax_value(game, state):\n    while True:\n        pass\n\n\n"
        "def minimax_decision(game, state):\n    while True:\n        pass\n")
    return folder


def staging_says(path, scratch):
    """What staging `path` says: 'graded' when it stages, else its error row's status (with any
    character a terminal would act on escaped)."""
    try:
        stage(path, scratch, CONTRACT_FILES)
        return "graded"
    except SubmissionError as error:
        return f"error: {escaped(str(error))}"


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """One hostile class graded, then graded again; then a hanging submission alone, reusing the
    reference's answers. Returns what each run printed and wrote."""
    root = tmp_path_factory.mktemp("intake")
    private = reference_files(root / ".grader-private" / "reference")
    klass = root / "class"
    shutil.copytree(ROOT / "assignments", klass / "alice",
                    ignore=shutil.ignore_patterns("nbgrader"))  # the stubs: the fastest grading
    (klass / "alice.zip").write_text("not a zip")
    zip_of(klass / "alice-2.zip", [("notes.txt", "nothing here")])
    (klass / ".reference-answers.zip").write_text("not a zip")
    (klass / '=HYPERLINK("evil.example","x").zip').write_text("not a zip")
    (klass / ' =HYPERLINK("evil.example","y").zip').write_text("not a zip")
    (klass / '＝HYPERLINK("evil.example","z").zip').write_text("not a zip")
    zip_of(klass / "brackets.zip", [("minimax.py", ""), ("../[/b].py", "")])
    (klass / "\x1b[31mred.zip").write_text("not a zip")
    (klass / "linked").symlink_to(private)
    (klass / "submission_1006").mkdir()  # an upload of one zip, which is broken
    (klass / "submission_1006" / "entrega.zip").write_text("not a zip")
    output = root / "out"
    first = run_cli("grade", klass, "--jobs", "2", "--output", output)
    first_book = read_gradebook(output)
    again = run_cli("grade", klass, "--output", output)

    slow = root / "slow"
    shutil.copytree(output / ANSWERS_FILE.parent, slow / ANSWERS_FILE.parent)
    before = sandbox_processes()
    started = time.monotonic()
    (root / "tmp").mkdir()
    hung = run_cli("grade", hang_submission(root / "hang"), "--output", slow,
                   "--submission-timeout", HANG_SECONDS, env={"TMPDIR": str(root / "tmp")})
    return {"class": klass, "output": output, "first": first, "book": first_book, "again": again,
            "slow": slow, "hung": hung, "hung_seconds": time.monotonic() - started,
            "tmp": root / "tmp",
            "left": settled(lambda: leftovers(before)), "hang": root / "hang",
            # a batch cuts the instructor's paths out of what it says (submission.without_paths)
            "expected": {e.id: without_paths(staging_says(e.path, root / "scratch" / str(i)))
                         for i, e in enumerate(find_submissions([klass], CONTRACT_FILES))}}


@pytest.mark.e2e
def test_every_hostile_name_gets_its_own_row_with_its_own_reason(batch):
    assert batch["first"].returncode == 0, batch["first"].stderr
    expected = batch["expected"]
    assert len(expected) == len(list(batch["class"].iterdir()))
    book = batch["book"]
    assert {spreadsheet_cell(i) for i in expected} == set(book)
    for entry_id, status in expected.items():
        assert book[spreadsheet_cell(entry_id)]["status"] == status, entry_id
    assert "is a symbolic link" in expected["linked"]
    alice = json.loads((batch["output"] / "alice.json").read_text())
    assert book["alice"]["total"] == f"{alice['points']:g}"


@pytest.mark.e2e
def test_a_folder_holding_only_a_broken_zip_is_told_its_zip_is_damaged(batch):
    """A folder whose only file is a zip is that zip, as Gradescope's run_autograder grades it:
    the batch said the folder held none of the modules."""
    assert batch["book"]["submission_1006"]["status"] == (
        "error: entrega.zip is not a readable zip file (it is damaged, or not a zip); zip it again")


def test_a_gradescope_export_and_run_autograder_say_the_same_of_a_lone_broken_zip(tmp_path):
    """One upload, one story: a batch of Gradescope's export (its folder holding the zip alone)
    and Gradescope's own run of that upload both say the zip is damaged, in the course's
    language; the run says so at once, before any grading of the reference."""
    from autograder.distribution import gradescope_run
    export = tmp_path / "export"
    upload = export / "submission_1006"
    upload.mkdir(parents=True)
    (export / "submission_metadata.yml").write_text("{}\n")
    (upload / "entrega.zip").write_bytes(b"PK\x03\x04 this is not really a zip")
    [entry] = find_submissions([export], CONTRACT_FILES)
    damaged = "no és un fitxer zip llegible (està malmès o no és un zip); torna'l a comprimir"
    with speaking("ca"):
        assert without_paths(staging_says(entry.path, tmp_path / "scratch")) == (
            f"error: entrega.zip {damaged}")
    root = tmp_path / "autograder"
    (root / "results").mkdir(parents=True)
    shutil.copytree(upload, root / "submission")
    started = time.monotonic()
    gradescope_run.run(root, "search", "ca")
    results = json.loads((root / "results" / "results.json").read_text())
    assert results["output"] == f"No s'ha pogut corregir aquest lliurament: entrega.zip {damaged}"
    assert time.monotonic() - started < 30  # the reference's grading took a minute


@pytest.mark.e2e
def test_names_are_printed_literally_and_the_summary_still_runs(batch):
    printed = batch["first"].stderr
    for entry_id, status in batch["expected"].items():
        if status != "graded":
            assert f"{entry_id}: could not grade: {status.removeprefix('error: ')}" in printed
    assert "[/b]" in printed and "\\x1b[31mred.zip" in printed and "\x1b" not in printed
    assert "Scores of 1 submissions" in printed


@pytest.mark.e2e
def test_no_name_reaches_the_answers_cache_and_a_rerun_works(batch):
    output = batch["output"]
    assert sorted(p.name for p in output.iterdir()) == [".cache", "alice.json", "feedback",
                                                        "gradebook.csv", "insights.html",
                                                        "insights.json", "insights.md"]
    # every row gets its feedback file, under its id, one that could not be graded too
    assert sorted(p.name for p in (output / "feedback").iterdir()) == sorted(
        f"{entry_id}.{kind}" for entry_id in batch["expected"] for kind in ("html", "md"))
    assert json.loads((output / ANSWERS_FILE).read_text())["answers"]
    again = batch["again"]
    assert again.returncode == 0, again.stderr
    assert "1 submissions already graded" in again.stderr and "Scores of 1" in again.stderr
    assert read_gradebook(output) == batch["book"]


@pytest.mark.e2e
def test_a_formula_name_is_text_in_the_gradebook_and_no_escape_reaches_it(batch):
    with open(batch["output"] / "gradebook.csv", newline="") as handle:
        cells = [cell for row in csv.reader(handle) for cell in row]
    assert not any(cell.lstrip().startswith(("=", "+", "-", "@", "\t", "\r", "＝"))
                   for cell in cells)
    for start in ("=", " =", "＝"):
        assert any(cell.startswith(f"'{start}HYPERLINK(") for cell in cells)
    assert all(cell.isprintable() for cell in cells)


@pytest.mark.e2e
def test_a_submission_that_hangs_is_stopped_and_leaves_nothing(batch):
    hung = batch["hung"]
    assert hung.returncode == 0, hung.stderr
    book = read_gradebook(batch["slow"])
    assert list(book) == ["hang"] and book["hang"]["total"] == ""
    assert book["hang"]["status"] == f"error: grading stopped: took longer than {HANG_SECONDS} s"
    assert batch["hung_seconds"] < HANG_SECONDS + 60
    assert batch["left"] == []
    assert list(batch["tmp"].iterdir()) == []  # the killed grading's scratch, its copy included
    running = [p for p in Path("/proc").iterdir() if p.name.isdigit()
               and str(batch["hang"]).encode() in _cmdline(p)]
    assert running == []


def _cmdline(process):
    try:
        return (process / "cmdline").read_bytes()
    except OSError:
        return b""


def test_another_assignments_files_cannot_choose_what_a_class_is_graded_as(tmp_path):
    """One student adds the second assignment's modules to a first-assignment class: left to
    choose, the grader could grade the whole class as the wrong assignment (every student zero).
    It refuses to guess, in one line, before grading anyone; --assignment settles it."""
    klass = tmp_path / "class"
    reference_files(klass / "alice")
    reference_files(klass / "mallory")
    for name in ("negamax.py", "heuristic.py", "transposition.py"):
        (klass / "mallory" / name).write_text("def negamax_value(*args):\n    return 0\n")
    completed = run_cli("grade", klass, "--output", tmp_path / "out")
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr == (
        "autograder: what was handed in holds files of 2 assignments (search: alphabeta.py, "
        "minimax.py, ordering.py, price_war.py; cutoff: heuristic.py, negamax.py, "
        "transposition.py); name the one to grade with --assignment\n")
    assert not (tmp_path / "out").exists()
    named = run_cli("grade", klass, "--output", tmp_path / "out", "--assignment", "search",
                    "--only", "rational_response")
    assert named.returncode == 0, named.stderr
    policy = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    worth = sum(entry["points"] for name, entry in policy.items()
                if name.startswith("rational_response:"))
    assert {row["id"]: row["rational_response"] for row in read_gradebook(tmp_path / "out")
            .values()} == {"alice": f"{worth:g}", "mallory": f"{worth:g}"}


@pytest.mark.filterwarnings("ignore:Duplicate name")  # zipfile's, writing the hostile zip
@pytest.mark.parametrize("names", [("minimax.py", "minimax.py"), ("minimax.py", "Minimax.py"),
                                   ("sol/alphabeta.py", "sol/ALPHABETA.PY"),
                                   ("minimax.py", "./minimax.py"),
                                   ("sol/alphabeta.py", "sol//Alphabeta.py")])
def test_a_zip_leaving_open_which_file_is_graded_is_refused(tmp_path, names):
    """Two entries of one name (zipfile read the last, unzip asks which), or of names that differ
    only in case (a Mac's or Windows' disk keeps one of them): the zip was graded silently, maybe
    not as the student meant; so were two whose names unpack to one file (./minimax.py and
    minimax.py both staged as minimax.py, the last graded). Its two names are told, quoted, as they
    unpack; a zip of the files once grades."""
    first, second = names
    files = reference_files(tmp_path / "solutions")
    folder = PurePosixPath(first).parent
    archive = zip_of(tmp_path / "handin.zip", [
        *((str(folder / path.name), path.read_text()) for path in files.glob("*.py")),
        (second, "raise SystemExit('graded the other one')\n")])
    told = refused(tmp_path, archive)
    second = PurePosixPath(second).as_posix()
    if first == second:
        assert told == (f"{archive} holds two entries named {first!r}; zip your solutions again, "
                        f"each file once")
    else:
        assert told == (f"{archive} holds both {first!r} and {second!r}, whose names differ only "
                        f"in case; keep the one you mean and hand in again")
    once = zip_of(tmp_path / "once.zip", [(str(folder / path.name), path.read_text())
                                          for path in files.glob("*.py")])
    staged = stage(once, tmp_path / "scratch", CONTRACT_FILES)
    assert sorted(path.name for path in staged.iterdir()) == sorted(
        path.name for path in files.glob("*.py"))


def test_a_folder_holding_two_files_whose_names_differ_only_in_case_is_refused(tmp_path):
    files = reference_files(tmp_path / "solutions")
    (files / "Minimax.py").write_text("raise SystemExit('graded the other one')\n")
    with speaking("ca"), pytest.raises(SubmissionError) as catalan:
        stage(files, tmp_path / "scratch", CONTRACT_FILES)
    assert str(catalan.value) == (f"{files} conté alhora 'Minimax.py' i 'minimax.py', que només "
                                  f"es diferencien en majúscules i minúscules; conserva el que "
                                  f"vols que es corregeixi i torna a lliurar")
