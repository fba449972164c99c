"""A failure outside the course's known mistakes is shown on a small tree: hypothesis shrinks the
games the checks draw (strategies.py) to a few nodes, near the smallest tree that shows the
mistake, and to the same one on every run.

Each case is a mutant of tests/submissions or tests/cutoff_submissions that no diagnosis names,
graded on its function's checks alone; the known smallest counterexample, worked out by hand,
is written beside it, and the tree shown may be at most a few nodes larger (SLACK), never past
LARGEST. The games are the tests' secret's, as test_submissions.py grades them.
"""
import json

import pytest

from support.cli import run_cli
from support.submissions import assembled
from support.paths import ROOT

pytestmark = pytest.mark.e2e

LARGEST = 7  # nodes
SLACK = 3    # nodes past the known smallest counterexample

# (submission, function, check, the known smallest tree that shows it, as a tree game's nodes)
CASES = [
    # MIN to move at A, B and C scored apart: [B, C] sorted descending
    ("submissions/bug_evaluation_order_always_descending", "evaluation_order",
     "evaluation_order: random trees with tied scores", [0, 0]),
    # MAX at A, depth 2, B = [0.5, 0]: B2 falls to alpha = A1 = 0 and B returns its beta, 0.5
    ("cutoff_submissions/bug_heuristic_fail_hard_bound_swapped", "heuristic_value",
     "heuristic_value: values at every cut-off depth on random trees", [0, [0, 0]]),
    # MAX at A, window (-1, 0): A1 = 0 reaches beta and A returns alpha
    ("cutoff_submissions/bug_heuristic_fail_hard_bound_swapped", "heuristic_value",
     "heuristic_value: meets the window rule under any window", [0]),
    # MAX at A, depth 2: B = [0] returns +inf after A1 = 0 set alpha, and A never examines A3
    ("cutoff_submissions/bug_heuristic_fail_hard_bound_swapped", "heuristic_value",
     "heuristic_value: examines the reference's nodes, cut off at the right level", [0, [0], 0]),
    # MIN at A, depth 2: pass 1 ranks B and C apart, pass 2 searches them worst first
    ("cutoff_submissions/bug_deepening_always_descending", "iterative_deepening_decision",
     "iterative_deepening_decision: each pass orders the root best first by the pass before",
     [0, 0]),
    # as the order's: pass 2 examines B and its child before A1
    ("cutoff_submissions/bug_deepening_always_descending", "iterative_deepening_decision",
     "iterative_deepening_decision: examines the reference's nodes, pass after pass", [0, [0]]),
]


def nodes(tree):
    return 1 + sum(map(nodes, tree)) if isinstance(tree, list) else 1


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Each mutant's JSON report on its function's checks, graded twice: {folder: [report,
    report]}."""
    reports = {}
    for folder, function in dict.fromkeys((case[0], case[1]) for case in CASES):
        tmp = tmp_path_factory.mktemp("graded")
        expected = assembled(ROOT / "tests" / folder, tmp / "submission")
        option = ["--assignment", expected["assignment"]] if "assignment" in expected else []
        for run in range(2):
            output = tmp / f"report{run}.json"
            completed = run_cli("grade", tmp / "submission", *option, "--only", function,
                                "--format", "json", "--output", output)
            assert completed.returncode == 0, completed.stderr
            reports.setdefault(folder, []).append(
                {check["name"]: check for check in json.loads(output.read_text())["checks"]})
    return reports


@pytest.mark.parametrize("folder, function, check, smallest", CASES,
                         ids=[case[2].split(":")[0] + ":" + str(i) for i, case in enumerate(CASES)])
def test_the_counterexample_shown_is_small_and_the_same_on_every_run(graded, folder, function,
                                                                      check, smallest):
    first, again = (report[check] for report in graded[folder])
    assert first["status"] == "failed", check
    shown = first["shown"]["example"]
    assert shown["kind"] == "tree", shown
    assert nodes(smallest) <= nodes(shown["tree"]) <= min(LARGEST, nodes(smallest) + SLACK), \
        shown
    assert again["shown"] == first["shown"] and again["feedback"] == first["feedback"]
