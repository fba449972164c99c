"""Grading a whole class: many submissions, in parallel, into a folder of results and a gradebook.

Each submission is graded by its own `python -m autograder.commands.grade_process` process (its own
pytest and its own sandboxed worker), so one submission can never disturb another's grading
(side_by_side.py runs them, and stops them all at Ctrl-C or SIGTERM). The reference is graded first,
the same way, under the policy's limits: a policy that breaks the reference stops the batch before
any student is graded, and the reference's answers (from the instructor's cache where it holds them,
see answers.py) are kept for every student's grading to read. Results are written whole or not at
all, each stamped with what made it (provenance.py), so an interrupted batch resumes where it
stopped and one resumed after an edit of the policy, the checks, the reference or the grader grades
again the results that edit made stale, and so does one after a submission's files changed (each is
staged again to compare). A submission that does not stage (a broken zip) keeps its error row the
same way, until its file changes (ungradable.py).

A class is student input too: the names of its entries, and what their gradings say, are printed
literally (never as rich markup, never as control characters) and written to gradebook.csv so that
no cell is a spreadsheet formula. Each entry has an id of its own, its results file's name, never
starting with a dot (see intake/classes.py), so the reference's answers in `.cache/` are out of
every id's reach. An entry that is a link is graded like any other, which refuses it. Each grading
runs in its own session, killed whole past its time limit (time_limit), and a grading that crashes
or is killed is that submission's error row, so the batch finishes whatever one submission does.
"""
import html
import sys
import tempfile
import time
from collections import Counter
from contextlib import nullcontext
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeElapsedColumn)
from rich.table import Table
from rich.text import Text

from autograder.commands import gradebook, insights, rescoring, ungradable
from autograder.commands.gradebook import kept_report, result_path
from autograder.commands.side_by_side import Gradings, Stopped
from autograder.commands.single import breaks_reference
from autograder.commands.waiting import Waiting
from autograder.errors import GradingError, SubmissionError
from autograder.files import private_folder, write_atomically
from autograder.grading import answers, provenance
from autograder.intake import students
from autograder.intake.submission import stage, without_paths
from autograder.language import _, spoken
from autograder.language.escaping import escaped
from autograder.reporters import markdown
from autograder.results import load_report
from autograder.runner import lanes

ANSWERS_FILE = Path(".cache") / "reference-answers.json"  # no id starts with a dot
REFERENCE_RESULT = ANSWERS_FILE.parent / "reference.json"  # the reference's grading, kept
FEEDBACK = "feedback"  # the folder of the student views, one per submission, ready to hand back
SIMILARITY = "similarity.html"
CLOSEST_SHOWN = 8  # pairs listed in the batch's summary; similarity.html has them all
# What one grading runs: the internal entry point, never the command line (see grade_process.py)
GRADE_PROCESS = (sys.executable, "-m", "autograder.commands.grade_process")


def time_limit(config):
    """The wall-clock seconds one submission's grading may take in a batch: as long as one check
    may (its pytest-timeout backstop), ample for a whole grading, which takes seconds to a minute;
    only a grading that is stuck reaches it."""
    return config.limits.check_seconds


def printable(text):
    """Student-controlled text as rich prints it literally: escaped, and never read as markup."""
    return Text(escaped(text))


def reference_still_holds(output, config, assignment):
    """Whether the reference's grading kept in `output` (its answers, and its result) was made as
    it would be now: the same policy's checks, limits and games, checks, reference and grader
    (its points change nothing the reference does)."""
    kept = kept_report(output / REFERENCE_RESULT)
    return bool(answers.load(output / ANSWERS_FILE, assignment.reference) and kept and
                provenance.changed(kept.made_with, provenance.what_ran(
                    provenance.made_with(config, assignment))) is None)


def reference_step(output, config, gradings, options, lane_count, assignment, pool, console):
    """reference_answers, said: reused from `output` when it still holds, else graded with a
    sign of life meanwhile (progress.Waiting), since it takes about a minute."""
    if reference_still_holds(output, config, assignment):
        console.print(printable(f"The reference's grading in {output / ANSWERS_FILE.parent} "
                                f"still holds (nothing it depends on changed): reused"),
                      soft_wrap=True)
        return output / ANSWERS_FILE
    console.print("Grading the reference once, under the policy's limits...")
    with Waiting("the reference's grading", console):
        return pool.submit(reference_answers, output, config, gradings, options, lane_count,
                           assignment).result()


def reference_answers(output, config, gradings, options, lane_count, assignment):
    """Grade the assignment's reference (it must get full marks under the policy), keeping its
    answers for the batch (reference_step first asks whether the last grading still holds)."""
    path = output / ANSWERS_FILE
    kept = output / REFERENCE_RESULT
    private_folder(path.parent)  # the official games' answers, and the reference's hidden inputs
    command = [*GRADE_PROCESS, str(assignment.reference), "--format", "json", "--show-hidden",
               "--output", str(kept), "--save-answers", str(path), *options,
               "--lanes", str(lane_count)]
    reason = gradings.run(command, time_limit(config))
    if reason:
        raise GradingError(f"could not grade the reference: {reason}")
    report = kept_report(kept)
    if report is None:
        raise GradingError(f"the reference's grading wrote no readable result to {kept}")
    if report.points != report.max_points:
        kept.unlink()
        failed = first_failure(report.checks)
        raise GradingError(breaks_reference(failed.name, failed.feedback))
    return path


def first_failure(checks):
    """The first check of a result that ran and did not pass: with --only, the checks left out
    come first in the order of the checks but say nothing about the policy."""
    return next(c for c in checks if c.failed)


def grade_one(gradings, entry, output, options, seconds):
    """Grade one submission in its own process, with its student view in feedback/; None on
    success, else the one-line reason."""
    command = [*GRADE_PROCESS, str(entry.path), "--format", "json", "--show-hidden",
               "--output", str(result_path(output, entry)),
               "--feedback", str(output / FEEDBACK / entry.id), *options]
    return gradings.run(command, seconds)


class Eta(ProgressColumn):
    """The time left at the pace of the whole batch so far (all its jobs together): rich's own
    estimate follows the last few gradings, which the quick error rows make wildly hopeful."""

    def render(self, task):
        if not task.completed or task.finished:
            return Text("eta -")
        left = task.elapsed / task.completed * (task.total - task.completed)
        return Text(f"eta {time.strftime('%H:%M:%S', time.gmtime(left))}")


# Why results are graded again, by what changed first (see stale): for one result, for several.
REGRADED = {
    "unreadable": ("{n} result cannot be read: grading it again",
                   "{n} results cannot be read: grading them again"),
    "submission": ("{n} result is of another submission now (the class's ids shifted): grading "
                   "it again", "{n} results are of other submissions now (the class's ids "
                               "shifted): grading them again"),
    "contents": ("{n} submission changed since it was graded: grading it again",
                 "{n} submissions changed since they were graded: grading them again")}
MADE_OTHERWISE = ("{part} changed since {n} result was made: grading it again",
                  "{part} changed since {n} results were made: grading them again")


def staged_contents(entry, files):
    """The digest of `entry`'s files as its grading stages them (provenance.contents), or None
    when they do not stage."""
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        try:
            return provenance.contents(stage(entry.path, scratch, files))
        except SubmissionError:
            return None


def stale(output, entries, current, files):
    """The entries whose results exist but were made otherwise than they would be now (or cannot
    be read), by what changed first: {"policy": [entry, ...], ...}. `files` are the assignment's
    modules, which staging an entry looks for."""
    found = {}
    for entry in entries:
        if not result_path(output, entry).exists():
            continue  # to grade anyway
        report = kept_report(result_path(output, entry))
        part = "unreadable" if report is None else provenance.changed(
            report.made_with, {**current, "submission": provenance.source(entry.path),
                                      "contents": staged_contents(entry, files)})
        if part:
            found.setdefault(part, []).append(entry)
    return found


def summary(output, entries, console):
    """A histogram of the scores and the checks failed most often."""
    reports = [r for r in (kept_report(result_path(output, e)) for e in entries) if r]
    if not reports:
        return
    bins = Counter(min(int(10 * r.points / r.max_points), 9) if r.max_points else 9
                   for r in reports)
    histogram = Table(title=f"Scores of {len(reports)} submissions")
    histogram.add_column("score (%)")
    histogram.add_column("submissions", justify="right")
    histogram.add_column("")
    for b in range(10):
        histogram.add_row(f"{10 * b}-{10 * b + 10}", str(bins[b]), "█" * bins[b])
    console.print(histogram)
    # a check left out (--only) is no check failed
    failed = Counter(c.name for r in reports for c in r.checks if c.failed)
    hardest = Table(title="Checks failed most often")
    hardest.add_column("check")
    hardest.add_column("failed by", justify="right")
    for name, count in failed.most_common(8):
        hardest.add_row(name, f"{count} of {len(reports)}")
    console.print(hardest)


def similarity(entries, output, console, assignment):
    """copydetect over the class's submissions as staged for grading (those that stage), the
    assignment's stubs (what every student starts from) as boilerplate: similarity.html, and the
    closest pairs printed."""
    from autograder.commands.similarity import DEFAULT_THRESHOLD, similar_pairs
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        staged = []
        for number, entry in enumerate(entries):
            (Path(scratch) / str(number)).mkdir()
            try:
                staged.append((entry.id, stage(entry.path, Path(scratch) / str(number),
                                               assignment.files)))
            except SubmissionError:
                continue  # its gradebook row says why
        pairs = similar_pairs(staged, assignment.stubs, output / SIMILARITY)
    table = Table(title=f"Most similar submissions ({SIMILARITY} shows the shared code)")
    for column in ("submission", "submission", "shared"):
        table.add_column(column, justify="right" if column == "shared" else "left")
    for pair in pairs[:CLOSEST_SHOWN]:
        table.add_row(printable(pair.id_a), printable(pair.id_b), f"{pair.similarity:.0%}")
    console.print(table if pairs else f"No two submissions share over "
                                      f"{DEFAULT_THRESHOLD:.0%} of their code ({SIMILARITY})")


def grade_class(entries, output, config, *, assignment, jobs=1, force=False, options=(),
                seconds=None, absent=(), similar=False):
    """Grade `entries` into `output` as submissions of `assignment`, each within `seconds`
    (default: time_limit), with `absent` (students.Enrolled) as the gradebook's rows of those who
    handed in nothing, and with `similar` a similarity report; returns the reasons of the ones
    that could not be graded. Raises side_by_side.Stopped, the gradebook written, when a signal
    stops it. `options` must name the assignment to each grading (cli.passed_on does)."""
    output = Path(output)
    seconds = seconds or time_limit(config)
    (output / FEEDBACK).mkdir(parents=True, exist_ok=True)
    console = Console(stderr=True, highlight=False)
    # One student in two submissions would get two rows of different grades: neither is graded.
    errors = students.shared(entries)
    shared = set(errors)
    # a submission that did not stage, unchanged since: its error row again, not a grading
    current = provenance.made_with(config, assignment)
    unchanged = {} if force else ungradable.recalled(
        output, [e for e in entries if e.id not in errors], current, options)
    errors.update(unchanged)
    for entry in entries:
        if entry.id in errors:
            console.print(printable(f"{entry.id}: could not grade: {errors[entry.id]}"
                                    + (" (unchanged since the last run; --force tries it again)"
                                       if entry.id in unchanged else "")), soft_wrap=True)
            error_feedback(output, entry, errors[entry.id])
    todo = _to_grade(output, [e for e in entries if e.id not in errors], config, assignment, force,
                     console)
    functions = assignment.modules
    # Each submission's rows are read once, when it is graded (or at the start for those graded
    # before), rather than the whole class again each time one finishes.
    rows = {entry.id: gradebook.rows_of(output, entry, errors.get(entry.id), functions=functions)
            for entry in entries}
    write = lambda: gradebook.write(  # noqa: E731
        output, [*(r for group in rows.values() for r in group),
                 *(gradebook.absent_row(student, functions=functions) for student in absent)],
        functions=functions)
    gradings = Gradings()
    finished = set()  # the ids graded by this run, or found ungradable
    with gradings.stopped_by_signals(), ThreadPoolExecutor(max_workers=jobs) as pool:
        try:
            if todo:
                answers_path = reference_step(output, config, gradings, options,
                                              min(jobs, lanes.available()), assignment, pool,
                                              console)
                _grade_all(todo, pool, gradings, console, rows, errors, write,
                           [*options, "--reference-answers", str(answers_path)], output, seconds,
                           functions, finished)
        except Exception:
            write()
            if gradings.stopped_by is None:
                raise
            # what this run graded, and what it had no need to: not a result it was to grade
            # again (--force, or stale), which is still the old one
            left = {e.id for e in todo} - finished
            done = sum(e.id not in left for e in entries)
            raise Stopped(gradings.stopped_by, f"stopped after {done} of {len(entries)}; run "
                                               f"the same command to resume") from None
    write()
    ungradable.remember(output, [(e, errors[e.id]) for e in entries if e.id in errors
                                 and e.id not in shared and (e.id in unchanged or staged_contents(
                                     e, assignment.files) is None)], current, options)
    summary(output, [e for e in entries if e.id not in errors], console)
    console.print(printable(f"What the class got wrong: {insights.write(output)[0]}"),
                  soft_wrap=True)
    if similar:
        similarity(entries, output, console, assignment)
    return errors


def _to_grade(output, entries, config, assignment, force, console):
    """The entries to grade: all with `force`, else those without a result or with one that
    what changed since makes stale, saying so; those whose policy changed only in how it scores
    are rescored instead (rescore_stale)."""
    if force:
        return list(entries)
    current = provenance.made_with(config, assignment)
    todo = [e for e in entries if not result_path(output, e).exists()]
    found = stale(output, entries, current, assignment.files)
    for part, entries_made in found.items():
        if part == "scoring":
            continue
        one, several = REGRADED.get(part, MADE_OTHERWISE)
        why = one if len(entries_made) == 1 else several
        console.print(why.format(part=part, n=len(entries_made)), soft_wrap=True)
        todo += entries_made
    rescore_stale(output, found.get("scoring", []), config, current,
                  sum(map(len, found.values())) - len(found.get("scoring", [])), console)
    if len(todo) < len(entries):
        console.print(printable(f"{len(entries) - len(todo)} submissions already graded in "
                                f"{output} (--force grades them again)"), soft_wrap=True)
    return todo


def rescore_stale(output, entries, config, current, regraded, console):
    """Rescore the results of `entries`, made as they would be now but for how the policy scores
    them (see rescoring.py), and say what changed and how many of them, against the `regraded`
    results graded again."""
    if not entries:
        return
    kinds = set()
    for entry in entries:
        report = load_report(result_path(output, entry))  # stale, so read once already
        kinds.update(provenance.rescored_by(report.made_with, current))
        rescoring.rescore(result_path(output, entry), output / FEEDBACK / entry.id, report, config)
    named = [kind for kind in provenance.SCORED if kind in kinds]
    console.print(f"{' and '.join(named)} changed: {len(entries)} "
                  f"result{'s' * (len(entries) != 1)} rescored, {regraded or 'none'} regraded",
                  soft_wrap=True)


def _grade_all(todo, pool, gradings, console, rows, errors, write, options, output, seconds,
               functions, finished):
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), Eta())
    # a log gets a line as each submission is done, and between them (a grading may take minutes)
    # a sign of life, where a terminal's bar moves on its own
    alive = nullcontext() if console.is_terminal else Waiting("grading", console)
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress, alive:
        task = progress.add_task("grading", total=len(todo))
        if not console.is_terminal:  # a log: said now, the first grading's line a minute away
            console.print(f"Grading {len(todo)} submission{'s' * (len(todo) != 1)}: a line as "
                          f"each is done")
        futures = {pool.submit(grade_one, gradings, e, output, options, seconds): e
                   for e in todo}
        for future in as_completed(futures):
            entry = futures[future]
            if isinstance(future.exception(), Stopped):
                continue  # raised below, once every grading has ended
            reason = future.result()
            if reason:
                errors[entry.id] = reason = escaped(without_paths(reason))  # for the gradebook
                error_feedback(output, entry, reason)
            rows[entry.id] = gradebook.rows_of(output, entry, errors.get(entry.id),
                                               functions=functions)
            write()
            finished.add(entry.id)
            progress.advance(task)
            line = f"{entry.id}: could not grade: {reason}" if reason else f"{entry.id}: graded"
            if not console.is_terminal:  # a log: a line per submission, where the bar shows none
                line = f"[{len(finished)}/{len(todo)}] {line}"
            if reason or not console.is_terminal:
                progress.console.print(printable(line), soft_wrap=True)  # one line, however long
    gradings.check()


# An absolute path in a grading's one-line error: the instructor's folders, or the grading's
# scratch folder, which a student's error row must not show.
def error_feedback(output, entry, reason):
    """The student view of a submission that could not be graded, in feedback/ beside the others,
    in the language spoken: why."""
    text = _("Could not grade this submission: {reason}").format(reason=reason)
    base = output / FEEDBACK / entry.id
    write_atomically(f"{base}.md", markdown.escape(text) + "\n")
    write_atomically(f"{base}.html", f'<!DOCTYPE html>\n<html lang="{spoken()}">\n<meta '
                                     f'charset="utf-8">\n<title>{html.escape(entry.id)}</title>\n'
                                     f'<p>{html.escape(text)}</p>\n</html>\n')
