"""The one model of a grading's outcome, which every reporter reads."""
from dataclasses import dataclass, field, replace

from autograder.worker.calls import MODULES


@dataclass(frozen=True)
class CheckResult:
    name: str            # "alphabeta_value: examines the reference's nodes", shown to students
    function: str        # the contract function it judges: the part of the name before the colon
    points: float        # what was earned
    max_points: float
    status: str          # "passed", "failed", or "error" when the grader itself went wrong
    feedback: str = ""   # why it failed, written for the student
    seconds: float = 0.0  # how long the check took, for instructors tuning limits
    shown: dict | None = None   # the failing input: {"heading", "example", "note"}
    traces: dict | None = None  # {"student": [...], "reference": [...]} encoded paths, for trees
    visibility: str = "visible"  # visible, hidden or after_due_date (grading.toml)
    hint: str = ""               # what a student reads instead of a hidden check's feedback

    def for_students(self):
        """This result as a student may see it: a hidden check keeps its name, points and hint."""
        if self.visibility != "hidden":
            return self
        return replace(self, feedback="" if self.passed else self.hint, shown=None, traces=None)

    @property
    def passed(self):
        return self.status == "passed"


@dataclass(frozen=True)
class FunctionSummary:
    function: str
    points: float
    max_points: float
    passed: int
    failed: int


@dataclass
class Report:
    submission: str
    checks: list = field(default_factory=list)
    sandbox: str = "subprocess"

    def for_students(self):
        return replace(self, checks=[check.for_students() for check in self.checks])

    @property
    def points(self):
        return sum(check.points for check in self.checks)

    @property
    def max_points(self):
        return sum(check.max_points for check in self.checks)

    def by_function(self):
        summaries = {}
        for check in self.checks:
            summaries.setdefault(check.function, []).append(check)
        return [FunctionSummary(function, sum(c.points for c in checks),
                                sum(c.max_points for c in checks),
                                sum(c.passed for c in checks),
                                sum(not c.passed for c in checks))
                for function, checks in sorted(summaries.items(), key=lambda item: contract_order(item[0]))]


def contract_order(function):
    """The contract's order of functions; anything unknown after them, by name."""
    names = list(MODULES)
    return (names.index(function), "") if function in names else (len(names), function)
