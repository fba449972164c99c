"""What a graded class got wrong, for the instructor to teach from: `python -m autograder insights
DIR`, and the end of every batch, write DIR/insights.html, .md and .json.

It reads the batch's results (each submission's result file, through the one results model, and
gradebook.csv for the submissions that could not be graded), never grading again. From them: the
totals, each function's share of full, partial and no marks, the students whose code made each
known mistake (the function's diagnosis, Report.diagnoses) with the smallest failing input one of
them met, the failures no known mistake explains grouped by check, the hidden checks failed by
students who passed every visible check of that function, and the problems that stopped a
function or a grading.

Privacy by default: the files name no student and show a count below 3 as "fewer than 3"
(reporters/insights.py), and draw no hidden check's input, so they can be shared with the class;
`--names` adds the instructor's copy (insights-instructor.*) with exact counts and who made each
mistake.
"""
import json
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from autograder.commands import gradebook
from autograder.errors import UsageError
from autograder.feedback.mistakes import EXPLANATIONS
from autograder.files import write_atomically
from autograder.language import N_, speaking
from autograder.reporters import insights as pages
from autograder.results import contract_order
from autograder.runner.observations import MISSING, NOT_IMPLEMENTED, UNIMPORTABLE

LESSONS = Path(__file__).parent.parent / "feedback" / "lessons.toml"
NAME = "insights"
INSTRUCTOR = "insights-instructor"
# The problems that stop a function or a grading, in the order the page lists them, as it names
# them.
ERRORS = {
    # TRANSLATORS: a kind of problem in a class's insights, followed by how many students met it
    "not_graded": N_("could not be graded (no solution files, an unreadable zip...)"),
    MISSING: N_("a function or its file missing"),
    UNIMPORTABLE: N_("a module that does not import (a syntax error...)"),
    NOT_IMPLEMENTED: N_("a function not implemented yet"),
    "timed_out": N_("out of time"),
}


def lesson_quotes():
    """mistake -> {"language", "lesson", "title", "quote"}: the course texts' own warning about
    it."""
    return tomllib.loads(LESSONS.read_text(encoding="utf-8"))


@dataclass
class Mistake:
    key: str
    does: str             # what a search with it does, and its fix (EXPLANATIONS, untranslated)
    fix: str
    students: set = field(default_factory=set)   # submission ids
    checks: dict = field(default_factory=dict)   # check name -> set of submission ids
    functions: set = field(default_factory=set)
    example: object = None        # the CheckResult of the smallest failing input met
    example_size: tuple = ()
    withheld: bool = False  # an input met was a hidden check's, which a shareable copy leaves out


@dataclass
class Batch:
    """A graded class as its results say: `reports` by submission id, `names` of who handed each
    in (gradebook.csv), `not_graded` the ids a grading could not finish."""
    folder: Path
    reports: dict
    names: dict
    not_graded: set

    @property
    def size(self):
        return len(self.reports) + len(self.not_graded)

    @property
    def language(self):
        spoken = Counter(report.language for report in self.reports.values())
        return spoken.most_common(1)[0][0] if spoken else "en"

    @property
    def order(self):
        return next((report.order for report in self.reports.values() if report.order), ())


def read_batch(folder):
    """The batch graded into `folder`, from its gradebook's rows and its result files."""
    folder = Path(folder)
    rows = gradebook.read(folder)
    reports, names, not_graded = {}, {}, set()
    for row in rows:
        entry = row["id"]
        if not entry:
            continue  # a roster's student who handed in nothing
        who = row["name"] or row["sid"] or row["email"]
        names.setdefault(entry, []).extend([who] if who else [])
        if row["status"] != "graded":
            not_graded.add(entry)
        elif entry not in reports:
            report = gradebook.kept_report(folder / f"{entry}.json")
            if report is None:
                not_graded.add(entry)
            else:
                reports[entry] = report
    return Batch(folder, reports, {entry: who or [entry] for entry, who in names.items()},
                 not_graded)


def tree_size(check):
    """How big a failure's input is, to pick the smallest: a tree's nodes, else its text's
    length, trees first."""
    example = check.shown["example"]
    if example.get("kind") == "tree" and "ours" not in example:
        return (0, _nodes(example["tree"]), json.dumps(example, sort_keys=True))
    return (1, len(json.dumps(example)), json.dumps(example, sort_keys=True))


def _nodes(tree):
    return 1 + sum(_nodes(child) for child in tree) if isinstance(tree, list) else 1


@dataclass
class Insights:
    students: int
    language: str
    order: tuple
    totals: list          # each graded submission's share of its points, 0..1
    functions: dict       # function -> Counter of "full", "partial", "none"
    mistakes: list        # Mistake, most students first
    unknown: dict         # check name -> set of ids: failures no known mistake explains
    hidden: dict          # hidden check name -> ids that passed its function's visible checks
    errors: dict          # ERRORS' kind -> (its name, the set of ids that met it)
    names: dict           # id -> the names of who handed it in
    titles: dict          # check name -> its name as students read it (CheckResult.title)


def gather(batch, shareable=True):
    """The Insights of `batch`; `shareable` leaves out every hidden check's input."""
    mistakes, unknown, hidden = {}, {}, {}
    errors = {kind: set() for kind in ERRORS}
    errors["not_graded"] = set(batch.not_graded)
    functions, totals, titles = {}, [], {}
    for entry, report in sorted(batch.reports.items()):
        if report.max_points:
            totals.append(report.points / report.max_points)
        for summary in report.by_function():
            if summary.max_points:
                marks = ("full" if summary.points == summary.max_points
                         else "partial" if summary.points else "none")
                functions.setdefault(summary.function, Counter())[marks] += 1
        named = {diagnosis.function: diagnosis.mistakes for diagnosis in report.diagnoses}
        for check in report.checks:
            titles.setdefault(check.name, check.shown_name)
            if check.failed:
                _classify(entry, check, named_in(check, named), mistakes, unknown, errors,
                          shareable)
        _hidden_only(entry, report, hidden)
    ranked = sorted(mistakes.values(), key=lambda m: (-len(m.students), m.key))
    return Insights(batch.size, batch.language, batch.order, totals,
                    dict(sorted(functions.items(),
                                key=lambda item: contract_order(item[0], batch.order))),
                    ranked, _by_count(unknown), _by_count(hidden),
                    {kind: (name, errors[kind]) for kind, name in ERRORS.items()}, batch.names,
                    titles)


def named_in(check, named):
    """The known mistakes that its function's diagnosis names (`named`: function -> names) and
    that reproduce `check`'s failing input, alone or as one of two at once: the mistakes the
    failure counts for."""
    suspects = check.suspects or {}
    reproduce = {*suspects.get("reproduce", ()),
                 *(name for pair in suspects.get("together", {}).get("reproduce", ())
                   for name in pair)}
    return [key for key in named.get(check.function, ()) if key in reproduce]


def _classify(entry, check, known, mistakes, unknown, errors, shareable):
    """Count one failed check where it belongs: a known mistake (`known`, see named_in), a
    problem that stops the function, or a failure nothing explains."""
    if check.whole_function:
        errors[check.whole_function].add(entry)
    elif check.timed_out:
        errors["timed_out"].add(entry)
    elif known:
        for key in known:
            _count(entry, check, mistakes.setdefault(key, Mistake(key, *EXPLANATIONS[key])),
                   shareable)
    elif check.status == "failed":
        unknown.setdefault(check.name, set()).add(entry)


def _count(entry, check, mistake, shareable):
    """Count one failed check for `mistake`, keeping the smallest input to draw."""
    mistake.students.add(entry)
    mistake.checks.setdefault(check.name, set()).add(entry)
    mistake.functions.add(check.function)
    withheld = shareable and check.visibility == "hidden"
    mistake.withheld |= bool(check.shown) and withheld
    drawable = check.shown and not withheld
    if drawable and (mistake.example is None or tree_size(check) < mistake.example_size):
        mistake.example, mistake.example_size = check, tree_size(check)


def _hidden_only(entry, report, hidden):
    """The hidden checks `report` failed in a function whose visible checks all passed."""
    by_function = {}
    for check in report.checks:
        by_function.setdefault(check.function, []).append(check)
    for checks in by_function.values():
        visible = [c for c in checks if c.visibility != "hidden" and c.ran]
        if visible and all(c.passed for c in visible):
            for check in checks:
                if check.visibility == "hidden" and check.failed:
                    hidden.setdefault(check.name, set()).add(entry)


def _by_count(groups):
    return dict(sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])))


def write(folder, compare=None, names=False, language=None):
    """DIR/insights.{html,md,json} for the batch graded into `folder` (with `compare`, another
    batch's folder, each mistake's share beside its own), and with `names` the instructor's copy
    too, in `language` (default: the one the class was graded in); returns the paths written."""
    batch = read_batch(folder)
    if not batch.size:
        raise UsageError(f"{folder} holds no graded submission: grade the class into it first "
                         f"(python -m autograder grade CLASS --output {folder})")
    other = read_batch(compare) if compare else None
    written = []
    copies = [(NAME, True)] + [(INSTRUCTOR, False)] * bool(names)
    with speaking(language or batch.language):
        for stem, shareable in copies:
            found = gather(batch, shareable)
            before = gather(other, shareable) if other else None
            labels = (Path(folder).name, Path(compare).name) if other else ()
            for suffix, render in pages.RENDERERS.items():
                path = Path(folder) / f"{stem}{suffix}"
                write_atomically(path, render(found, shareable=shareable, before=before,
                                              labels=labels, quotes=lesson_quotes()),
                                 private=not shareable)
                written.append(path)
    return written

