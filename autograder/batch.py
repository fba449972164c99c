"""Grading a whole class: many submissions, in parallel, into a folder of results and a gradebook.

Each submission is graded by its own `python -m autograder grade` process (its own pytest and its
own sandboxed worker), so one submission can never disturb another's grading. The reference is
graded first, in this process, which fills the reference's answers for the generated games; every
student's grading then reads them instead of computing them again. Results are written whole or not
at all, so an interrupted batch resumes where it stopped: a submission with a result is skipped
unless --force.

A class is student input too: the names of its entries, and what their gradings say, are printed
literally (never as rich markup, never as control characters) and written to gradebook.csv so that
no cell is a spreadsheet formula. Each entry gets an id of its own, which is its results file's name
(never starting with a dot, so the reference's answers in `.cache/` are out of every id's reach). An
entry that is a link is graded like any other, which refuses it (see submission.stage). Each grading
runs in its own session, killed whole past its time limit (time_limit), and a grading that crashes
or is killed is that submission's error row, so the batch finishes whatever one submission does.
"""
import csv
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from autograder import answers, lanes
from autograder.engine import grade
from autograder.files import write_atomically
from autograder.observations import escaped
from autograder.submission import CONTRACT_FILES, SubmissionError, stage
from autograder.worker.calls import MODULES

REFERENCE = Path(__file__).resolve().parent.parent / "reference"
ANSWERS_FILE = Path(".cache") / "reference-answers.json"  # no id starts with a dot
ID_LENGTH = 50  # characters of a name kept in its id: its files' names stay under 255 bytes
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a cell starting so is a spreadsheet formula


@dataclass(frozen=True)
class Entry:
    id: str
    path: Path


def time_limit(config):
    """The wall-clock seconds one submission's grading may take in a batch: as long as one check
    may (its pytest-timeout backstop), ample for a whole grading, which takes seconds to a minute;
    only a grading that is stuck reaches it."""
    return config.limits.check_seconds


def printable(text):
    """Student-controlled text as rich prints it literally: escaped, and never read as markup."""
    return Text(escaped(text))


def spreadsheet_cell(text):
    """`text` for a CSV cell that a spreadsheet shows as text, never runs as a formula."""
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _gradescope_export(folder):
    """Gradescope's "export submissions": submission_metadata.yml beside one folder each."""
    return [Entry(child.name, child) for child in sorted(folder.iterdir())
            if child.is_dir() and child.name.startswith("submission_")]


def _nbgrader_submitted(folder):
    """nbgrader's submitted/<student>/<assignment>/ layout (given the course or submitted/)."""
    submitted = folder / "submitted" if (folder / "submitted").is_dir() else folder
    entries = []
    for student in sorted(p for p in submitted.iterdir() if p.is_dir()):
        if student.is_symlink():  # never followed: stage() refuses it, as that student's row
            entries.append(Entry(student.name, student))
            continue
        assignments = sorted(p for p in student.iterdir() if p.is_dir())
        for assignment in assignments:
            name = student.name if len(assignments) == 1 else f"{student.name}-{assignment.name}"
            entries.append(Entry(name, assignment))
    return entries


def _holds_submission(folder):
    return any((folder / name).is_file() for name in CONTRACT_FILES)


def find_submissions(paths):
    """The submissions in `paths`: each a folder or zip, or a class in a known layout."""
    entries = []
    for path in map(Path, paths):
        if path.is_dir() and (path / "submission_metadata.yml").is_file():
            entries += _gradescope_export(path)
        elif path.is_dir() and (path.name == "submitted" or (path / "submitted").is_dir()):
            entries += _nbgrader_submitted(path)
        elif path.is_dir() and not _holds_submission(path) and any(
                _in_class(child) for child in path.iterdir()):
            entries += [Entry(child.stem, child) for child in sorted(path.iterdir())
                        if _in_class(child)]
        else:
            entries.append(Entry(path.stem, path))
    return _with_unique_ids(entries)


def _in_class(child):
    """Whether a class folder's child is a submission: a folder or zip, or a link (which gets its
    own row, as an error)."""
    return child.is_symlink() or child.is_dir() or child.suffix == ".zip"


def _safe_id(name):
    """A name as a results file's name: printable, short, and never a dot-name (those are the
    batch's own, such as .cache/)."""
    name = "".join(c if c.isprintable() else "_" for c in name)[:ID_LENGTH]
    return f"_{name}" if name.startswith(".") or not name else name


def _with_unique_ids(entries):
    """The entries, each id safe and different from every other (`alice`, `alice.zip` and
    `alice-2.zip` become alice, alice-2 and alice-3 in some order), case aside."""
    taken, unique = set(), []
    for entry in entries:
        base = candidate = _safe_id(entry.id)
        copy = 1
        while candidate.casefold() in taken:
            copy += 1
            candidate = f"{base}-{copy}"
        taken.add(candidate.casefold())
        unique.append(Entry(candidate, entry.path))
    return unique


def reference_answers(output, config, sandbox_mode, lane_count=1):
    """Grade the reference once (it must get full marks) and keep its answers for the batch."""
    path = output / ANSWERS_FILE
    known = answers.load(path)
    if known:
        return path
    path.parent.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        report = grade(stage(REFERENCE, scratch), config, scratch, "reference", sandbox_mode,
                       known, lane_count)
    if report.points != report.max_points:
        raise SubmissionError("the reference does not get full marks on this machine; "
                              "run `python -m autograder grade reference` to see why")
    answers.save(path, known)
    return path


def grade_one(entry, output, options, seconds):
    """Grade one submission in its own process; None on success, else the one-line reason."""
    command = [sys.executable, "-m", "autograder", "grade", str(entry.path), "--format", "json",
               "--show-hidden", "--output", str(output / f"{entry.id}.json"), *options]
    return run_grading(command, seconds)


def run_grading(command, seconds):
    """Run a grading process in a session of its own; None when it exits 0, else the one-line
    reason: its own (exit 2), how it crashed, or that it took longer than `seconds`, after which
    its whole process group is killed, so nothing of it is left running."""
    with subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, start_new_session=True) as process:
        try:
            _, stderr = process.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            # Before the leader is reaped, so the group's id cannot yet be another's.
            os.killpg(process.pid, signal.SIGKILL)
            return f"grading stopped: took longer than {seconds:g} s"
    lines = stderr.decode("utf-8", errors="replace").strip().splitlines()
    if process.returncode == 0:
        return None
    if process.returncode < 0:
        killed_by = signal.Signals(-process.returncode).name
        return (f"grading crashed: killed by {killed_by}"
                + (" (out of memory?)" if killed_by == "SIGKILL" else ""))
    if process.returncode == 2 and lines:
        return lines[-1].removeprefix("autograder: ")
    return f"grading crashed (exit code {process.returncode})" + (f": {lines[-1]}" if lines else "")


def gradebook_row(output, entry, errors):
    """The submission's row of gradebook.csv: points per function, total, max and status."""
    result = output / f"{entry.id}.json"
    if entry.id in errors or not result.exists():
        status = f"error: {errors[entry.id]}" if entry.id in errors else "not graded"
        return [spreadsheet_cell(entry.id), *[""] * len(MODULES), "", "", status]
    report = json.loads(result.read_text())
    points = {f["function"]: f["points"] for f in report["functions"]}
    return [spreadsheet_cell(entry.id), *[f"{points.get(f, 0):g}" for f in MODULES],
            f"{report['points']:g}", f"{report['max_points']:g}", "graded"]


def write_gradebook(output, rows):
    """gradebook.csv, whole: a header, then `rows` (see gradebook_row)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["id", *MODULES, "total", "max", "status"])
    writer.writerows(rows)
    write_atomically(output / "gradebook.csv", buffer.getvalue())


def summary(output, entries, console):
    """A histogram of the scores and the checks failed most often."""
    reports = [json.loads((output / f"{e.id}.json").read_text()) for e in entries
               if (output / f"{e.id}.json").exists()]
    if not reports:
        return
    bins = Counter(min(int(10 * r["points"] / r["max_points"]), 9) if r["max_points"] else 9
                   for r in reports)
    histogram = Table(title=f"Scores of {len(reports)} submissions")
    histogram.add_column("score (%)")
    histogram.add_column("submissions", justify="right")
    histogram.add_column("")
    for b in range(10):
        histogram.add_row(f"{10 * b}-{10 * b + 10}", str(bins[b]), "█" * bins[b])
    console.print(histogram)
    failed = Counter(c["name"] for r in reports for c in r["checks"] if c["status"] != "passed")
    hardest = Table(title="Checks failed most often")
    hardest.add_column("check")
    hardest.add_column("failed by", justify="right")
    for name, count in failed.most_common(8):
        hardest.add_row(name, f"{count} of {len(reports)}")
    console.print(hardest)


def grade_class(entries, output, config, *, jobs=1, force=False, options=(), sandbox_mode=None,
                seconds=None):
    """Grade `entries` into `output`, each within `seconds` (default: time_limit); returns the
    reasons of the ones that could not be graded."""
    output = Path(output)
    seconds = seconds or time_limit(config)
    output.mkdir(parents=True, exist_ok=True)
    console = Console(stderr=True, highlight=False)
    todo = [e for e in entries if force or not (output / f"{e.id}.json").exists()]
    if len(todo) < len(entries):
        console.print(printable(f"{len(entries) - len(todo)} submissions already graded in "
                                f"{output} (--force grades them again)"))
    errors = {}
    # Each submission's row is read once, when it is graded (or at the start for those graded
    # before), rather than the whole class again each time one finishes.
    rows = {entry.id: gradebook_row(output, entry, errors) for entry in entries}
    if todo:
        console.print("Grading the reference once, for the answers every submission reuses...")
        answers_path = reference_answers(output, config, sandbox_mode,
                                         min(jobs, lanes.available()))
        options = [*options, "--reference-answers", str(answers_path)]
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
        with Progress(*columns, console=console) as progress, \
                ThreadPoolExecutor(max_workers=jobs) as pool:
            task = progress.add_task("grading", total=len(todo))
            futures = {pool.submit(grade_one, e, output, options, seconds): e for e in todo}
            for future in as_completed(futures):
                entry = futures[future]
                reason = future.result()
                if reason:
                    errors[entry.id] = reason = escaped(reason)  # for the gradebook too
                    progress.console.print(printable(f"{entry.id}: could not grade: {reason}"),
                                           soft_wrap=True)  # one line, whatever its length
                rows[entry.id] = gradebook_row(output, entry, errors)
                write_gradebook(output, rows.values())
                progress.advance(task)
    write_gradebook(output, rows.values())
    summary(output, entries, console)
    return errors
