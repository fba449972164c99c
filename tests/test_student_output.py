"""The student's own code in a graded run: the same feedback on every run although it uses
`random`, and what it printed quoted in a visible check's failure, never in a hidden one's."""
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from autograder.worker.calls import PRINTED_LINES
from support.cli import grade_json
from support.paths import ROOT
from support.submissions import reference_files

pytestmark = pytest.mark.e2e

SUBMISSIONS = Path(__file__).parent / "submissions"
VISIBLE = "alphabeta_value: examines the reference's nodes"
HIDDEN = "alphabeta_value: examines the reference's nodes with an order function"
PRINTING = '''

_value = alphabeta_value


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    print("node", state.path)  # every call, the recursive ones too
    return _value(game, state, alpha, beta, order)
'''


def graded_bytes(submission, folder, *options):
    grade_json(submission, folder, *options)
    return (folder / "results.json").read_bytes()


def test_ties_broken_with_random_get_byte_identical_feedback_on_every_run(tmp_path):
    """Graded on the functions of the module it changes, whose ties it breaks at random."""
    minimax = ("--only", "minimax_value", "--only", "minimax_decision")
    submission = reference_files(tmp_path / "submission")
    shutil.copy(SUBMISSIONS / "bug_random_ties" / "minimax.py", submission)
    first = graded_bytes(submission, tmp_path / "first", *minimax)
    assert b"tied: [0, 1, 2, 3, 4, 5, 6, 7, 8]" in first  # it failed, quoting what it printed
    assert graded_bytes(submission, tmp_path / "second", *minimax) == first


def test_printed_lines_are_quoted_in_a_visible_failure_and_never_in_a_hidden_one(tmp_path):
    """A line per node: as many lines as the search examined nodes, at most 20 quoted."""
    submission = reference_files(tmp_path / "submission")
    buggy = (SUBMISSIONS / "bug_equality_does_not_prune" / "alphabeta.py").read_text()
    (submission / "alphabeta.py").write_text(buggy + PRINTING)
    policy = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    tests = {test["name"]: test for test in grade_json(submission, tmp_path)["tests"]}

    visible, hidden = tests[VISIBLE], tests[HIDDEN]
    assert visible["status"] == hidden["status"] == "failed"
    # the function's diagnosis in place of the fixed hint, which names a cause it does not have
    assert hidden["output"] != policy[HIDDEN]["hint"] and "| node" not in hidden["output"]
    assert hidden["output"] == "The diagnosis of your alphabeta_value explains this failure."
    assert any(test["output"].startswith(
        "Diagnosis: on every failing input tried, your alphabeta_value behaves exactly as a search "
        "that prunes only when alpha > beta") for test in tests.values())
    examined = int(re.search(r"your search examined ([\d,]+) nodes", visible["output"])[1]
                   .replace(",", ""))
    quoted = min(examined, PRINTED_LINES)
    more = f"; here are the first {quoted} ({examined - quoted} more not shown)" \
        if examined > quoted else ""
    assert (f"Your code printed {examined} lines during this call{more}:\n  | node ()\n"
            f"  | node (0,)\n") in visible["output"]
    assert all(test["status"] == "passed" for name, test in tests.items()
               if not name.startswith("alphabeta"))
