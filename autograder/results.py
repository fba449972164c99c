"""The one model of a grading's outcome, which every reporter reads."""
from dataclasses import dataclass, field

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
