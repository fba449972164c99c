"""The one model of a grading's outcome, which every reporter reads.

With it, the phrases every report shows alike (points, a score, a failure's heading), so that no
two outputs word them apart.

May import: language.
"""
import json
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from autograder.language import N_, _, ngettext, number

NOT_RUN = "not run"  # a status, as report.json keeps it, in every language
# The status of a check the students' repository does not hold (see distribution/release.py): it
# runs only when the instructor grades. Its own status, so that no reader has to recognise it by
# its feedback, WHEN_GRADED, which reads otherwise in every language.
CHECKED_WHEN_GRADED = "checked when graded"
WHEN_GRADED = N_("not run here: checked when graded")


def points(value):
    """Points as a machine reads them (JUnit's properties, a job's outputs): 5, 2.5, 0.25, never
    5.0; people read them as `number` writes them."""
    return f"{value:g}"


def out_of(got, possible):
    """Points got out of points possible, as the language spoken writes them: "3 / 8", "2,5 /
    4"."""
    return f"{number(got)} / {number(possible)}"


@dataclass(frozen=True)
class CheckResult:
    name: str            # "alphabeta_value: examines the reference's nodes", shown to students
    function: str        # the contract function it judges: the part of the name before the colon
    points: float        # what was earned
    max_points: float
    status: str          # "passed", "failed", "error" when the grader itself went wrong,
                         # NOT_RUN when this grading left the check out (feedback says why), or
                         # CHECKED_WHEN_GRADED when only the instructor's grading runs it
    feedback: str = ""   # why it failed, written for the student
    seconds: float = 0.0  # how long the check took, for instructors tuning limits
    shown: dict | None = None   # the failing input: {"heading", "example", "note"}
    traces: dict | None = None  # {"student": [...], "reference": [...]} encoded paths, for trees
    visibility: str = "visible"  # visible, hidden or after_due_date (grading.toml)
    hint: str = ""               # what a student reads of a hidden check that failed...
    cause: str = ""              # ...unless this: why, without its input (judge.CheckFailed)
    # The name as the student reads it, in the language spoken (grading.toml's name.<lang>, else
    # the catalog's); `name` stays the key every file and report is matched by.
    title: str = ""
    # The kind of a failure that every call of the function meets alike, whatever its input
    # (missing, failed to import, not implemented: observations.MISSING...), else "": reports say
    # it once per function, without an input. Kept apart from the feedback, which reads otherwise
    # in every language.
    whole_function: str = ""
    # The common errors tried on the failing input, by name (feedback/mistakes.py's):
    # {"reproduce": [...], "contradicted": [...]}, None when none was tried. The grader's own
    # words, never the input: a hidden check keeps them.
    suspects: dict | None = None
    # The assignment's other functions the failing call entered, by name, as the worker noted
    # them (the grader keeps only the contract's names): a failure there may explain this one.
    calls: tuple = ()
    # Whether the student's code ran out of time: a class's insights count it without reading
    # feedback, which reads otherwise in every language.
    timed_out: bool = False
    # For a check only the instructor's grading runs (when_graded): that it will likely fail, since
    # a known mistake it fails reproduces the student's search on the games tried here
    # (feedback/foresight.py), else "".
    warning: str = ""

    @property
    def shown_name(self):
        return self.title or self.name

    def for_students(self):
        """This result as a student may see it: a hidden check keeps its name, points and, when
        it failed, its cause if known, else its hint (which says no whole-function problem). Not
        its time: code that waits on a hidden input's size would read the input in it."""
        if self.visibility != "hidden" or not self.ran:
            return self
        return replace(self, feedback="" if self.passed else (self.cause or self.hint), cause="",
                       shown=None, traces=None, seconds=0.0,
                       whole_function=self.whole_function if self.cause else "",
                       timed_out=self.timed_out and bool(self.cause))

    @property
    def passed(self):
        return self.status == "passed"

    @property
    def ran(self):
        return self.status not in (NOT_RUN, CHECKED_WHEN_GRADED)

    @property
    def failed(self):
        return self.ran and not self.passed

    @property
    def when_graded(self):
        """Whether only the instructor's grading runs this check."""
        return self.status == CHECKED_WHEN_GRADED

    def headline(self, name=str):
        """The line that opens this failure in a report: "✗ name (0 / 5, hidden check)", with its
        status when the grader itself failed (", error"). `name` writes the check's name as the
        output needs it (Markdown quotes it as code)."""
        score = out_of(self.points, self.max_points)
        if self.visibility == "hidden":
            score = _("{score}, hidden check").format(score=score)
        if self.status != "failed":  # only "error" reaches a failure's headline
            score = _("{score}, error").format(score=score)
        return f"✗ {name(self.shown_name)} ({score})"


CHECK_FIELDS = {f.name for f in fields(CheckResult)}


@dataclass(frozen=True)
class FunctionSummary:
    function: str
    points: float
    max_points: float      # of the checks that ran
    passed: int
    failed: int
    not_run: int = 0       # checks this grading left out...
    not_run_points: float = 0
    when_graded_points: float = 0  # ...of which these points only the instructor's grading runs

    def score(self):
        """The points as a report's table shows them: "3 / 8", "not run (8)", "checked when
        graded (7)", "3 / 4, 4 not run" or "3 / 4, 4 when graded"."""
        if not self.not_run:
            return out_of(self.points, self.max_points)
        ran = self.passed + self.failed
        if not ran and not self.when_graded_points:
            return _("not run ({points})").format(points=number(self.not_run_points))
        if not ran and self.when_graded_points == self.not_run_points:
            return _("checked when graded ({points})").format(points=number(self.not_run_points))
        parts = [out_of(self.points, self.max_points)] if ran else []
        if self.not_run_points > self.when_graded_points:
            parts.append(_("{points} not run").format(
                points=number(self.not_run_points - self.when_graded_points)))
        if self.when_graded_points:
            parts.append(_("{points} when graded").format(points=number(self.when_graded_points)))
        return ", ".join(parts)


@dataclass(frozen=True)
class FunctionProblem:
    """A failure every check of a function met alike (see CheckResult.whole_function), said once:
    `checks` are those checks."""
    function: str
    feedback: str
    checks: tuple

    @property
    def points(self):
        return sum(check.points for check in self.checks)

    @property
    def max_points(self):
        return sum(check.max_points for check in self.checks)

    @property
    def cause(self):
        """The feedback after the function's name, on one line (an import error's location
        follows its message)."""
        text = " ".join(line.strip() for line in self.feedback.splitlines())
        return text.removeprefix(f"{self.function} ")

    def tally(self):
        """Its points and how many checks it failed: "0 / 12, 4 checks"."""
        count = len(self.checks)
        return ngettext("{score}, {count} check", "{score}, {count} checks", count).format(
            score=out_of(self.points, self.max_points), count=number(count))

    def headline(self, name=str, cause=str):
        """The one line a report gives this problem: "✗ minimax_value (0 / 12, 4 checks): is
        missing: ...". `name` and `cause` write those parts as the output needs them (Markdown
        quotes the name as code and escapes the cause)."""
        return f"✗ {name(self.function)} ({self.tally()}): {cause(self.cause)}"


@dataclass(frozen=True)
class RepeatedFailure:
    """Checks of one function that failed alike, with the same feedback on the same input, said
    once (as its first check, `checks[0]`, says it) with how many they are."""
    checks: tuple

    def __getattr__(self, name):  # feedback, shown, traces...: the first check's
        if name == "checks":
            raise AttributeError(name)
        return getattr(self.checks[0], name)

    def headline(self, name=str):
        """"✗ name (0 / 12, the same failure in 4 checks)"."""
        count = len(self.checks)
        score = ngettext("{score}, the same failure in {count} check",
                         "{score}, the same failure in {count} checks", count).format(
            score=out_of(sum(c.points for c in self.checks),
                         sum(c.max_points for c in self.checks)), count=number(count))
        return f"✗ {name(self.checks[0].shown_name)} ({score})"


@dataclass(frozen=True)
class FunctionDiagnosis:
    """What a report says of a function once, before its failures (feedback/function_diagnosis.py):
    the known mistakes `mistakes` its failures show, by name, and the failing functions it calls,
    `calls`, in the words `text` of the language graded in."""
    function: str
    mistakes: tuple
    calls: tuple
    text: str


@dataclass
class Report:
    submission: str
    checks: list = field(default_factory=list)
    # The mode the worker ran in, which every report names (autograder.runner.sandbox.MODES:
    # bwrap, unshare, rlimits or plain). Required, yet kept in its place for report.json's keys.
    sandbox: str = field(kw_only=True)
    made_with: dict = field(default_factory=dict)  # provenance.made_with: what graded it
    # The assignment's functions in its contract's order, which the tables follow: required, so
    # that no report silently follows another assignment's.
    order: tuple = field(kw_only=True)
    # The language its feedback is written in, which whoever shows it further speaks too (a
    # notebook's cell, from report.json).
    language: str = "en"
    # FunctionDiagnosis of each function that has one, made from every check (hidden ones too),
    # saying only the grader's own words.
    diagnoses: tuple = ()
    # {function: the known mistakes that reproduce its search on every call the checks that ran
    # made whose replays were recorded} (feedback/foresight.py): what release.py learns from the
    # known mistakes' reports, which checks each one's search fails.
    reproduced: dict = field(default_factory=dict)

    def for_students(self):
        return replace(self, checks=[check.for_students() for check in self.checks])

    @property
    def points(self):
        return sum(check.points for check in self.checks)

    @property
    def max_points(self):
        """The points of the checks that ran: a grading of some functions only is out of theirs."""
        return sum(check.max_points for check in self.checks if check.ran)

    def score(self):
        """The score as a report's heading gives it: "12 / 20 points (80 more not run)", counting
        the checks only the instructor's grading runs apart (see coverage)."""
        left_out = self.not_run_points - sum(c.max_points for c in self.when_graded())
        score = out_of(self.points, self.max_points)
        if left_out:
            return _("{score} points ({points} more not run)").format(score=score,
                                                                       points=number(left_out))
        return _("{score} points").format(score=score)

    def not_run(self):
        return [check for check in self.checks if not check.ran]

    def when_graded(self):
        return [check for check in self.checks if check.when_graded]

    def warned(self):
        """The checks only the instructor's grading runs that will likely fail (see warning)."""
        return [check for check in self.when_graded() if check.warning]

    def coverage(self):
        """What part of the grade this run checked, when it left out checks only the instructor's
        grading runs: "85 of the 100 points are checked here; 15 more are checked when graded"."""
        later = sum(check.max_points for check in self.when_graded())
        if not later:
            return ""
        total = sum(check.max_points for check in self.checks)
        return _("{here} of the {total} points are checked here; {later} more are checked when "
                 "graded").format(here=number(total - later), total=number(total),
                                  later=number(later))

    @property
    def not_run_points(self):
        return sum(check.max_points for check in self.not_run())

    def in_table_order(self):
        """The checks in the order of the table: by contract function, then as graded."""
        return sorted(self.checks, key=lambda check: contract_order(check.function, self.order))

    def failures(self):
        """What failed, in table order, each function's failures after its diagnosis (if any):
        each check on its own, except that the checks of a function that met one whole-function
        problem (see CheckResult.whole_function) come as one FunctionProblem, where the first of
        them stood, with the shortest of their feedbacks (a check may add where it asked, which
        the problem does not depend on), and the checks that failed with the same feedback on the
        same input as one RepeatedFailure."""
        groups = {}  # a whole-function problem's key, or a failure's (alike)
        for check in self.in_table_order():
            if check.failed:
                key = (("problem", check.function, check.whole_function) if check.whole_function
                       else alike(check))
                groups.setdefault(key, []).append(check)
        diagnosed = {diagnosis.function: diagnosis for diagnosis in self.diagnoses}
        found = []
        for key, checks in groups.items():
            if checks[0].function in diagnosed:
                found.append(diagnosed.pop(checks[0].function))
            if key[0] == "problem":
                found.append(FunctionProblem(key[1], min((c.feedback for c in checks), key=len),
                                             tuple(checks)))
            else:
                found.append(RepeatedFailure(tuple(checks)) if len(checks) > 1 else checks[0])
        return found

    def by_function(self):
        summaries = {}
        for check in self.checks:
            summaries.setdefault(check.function, []).append(check)
        return [FunctionSummary(function, sum(c.points for c in checks),
                                sum(c.max_points for c in checks if c.ran),
                                sum(c.passed for c in checks),
                                sum(c.failed for c in checks),
                                sum(not c.ran for c in checks),
                                sum(c.max_points for c in checks if not c.ran),
                                sum(c.max_points for c in checks if c.when_graded))
                for function, checks in sorted(summaries.items(),
                                               key=lambda item: contract_order(item[0],
                                                                               self.order))]


def alike(check):
    """What two failures of a function share when they read alike: its function, visibility,
    feedback and input."""
    return ("alike", check.function, check.visibility, check.feedback,
            json.dumps(check.shown, sort_keys=True, default=str))


def _check_from_json(check):
    """The CheckResult a result file's check (as json.loads reads it) holds, from the fields this
    grader knows: one written before a field existed gets its default."""
    return CheckResult(**{key: value for key, value in check.items() if key in CHECK_FIELDS})


def report_from_json(data):
    """The Report that report.json's data holds (reporters/report_json.py, as json.loads reads it):
    load_report's, once it knows the data is a report."""
    checks = [_check_from_json(check) for check in data["checks"]]
    return Report(data.get("submission", ""), checks, sandbox=data.get("sandbox", ""),
                  made_with=data.get("made_with") or {}, order=tuple(data.get("order") or ()),
                  language=data.get("language", "en"),
                  diagnoses=tuple(FunctionDiagnosis(d["function"], tuple(d["mistakes"]),
                                                    tuple(d["calls"]), d["text"])
                                  for d in data.get("diagnoses") or ()),
                  reproduced=data.get("reproduced") or {})


# What every report.json this grader wrote holds, whatever its version.
REPORT_KEYS = ("points", "max_points", "functions", "checks")


def load_report(path):
    """The Report the result file at `path` holds: the one reader of report.json. Raises OSError
    when the file cannot be read and ValueError when it holds no report this grader wrote (cut
    short, edited by hand): what that means is its caller's to say."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(key in data for key in REPORT_KEYS):
        raise ValueError(f"{path} holds no report this grader wrote")
    try:
        return report_from_json(data)
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"{path} holds no report this grader wrote") from error


def contract_order(function, order):
    """The place of `function` in `order`, an assignment's functions in its contract's order;
    anything unknown after them, by name."""
    names = list(order)
    return (names.index(function), "") if function in names else (len(names), function)
