"""Golden files, and the small fixed Report made by hand that the reporters' golden files render:
a passing check, a failing tree check with both searches' traces, a failing board check, a failing
price war, a grader error and a hidden check (tests/test_reporters.py says more)."""
import os

from autograder.contract import MODULES
from autograder.results import CheckResult, Report
from support.paths import ROOT

GOLDEN = ROOT / "tests" / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
HIDDEN_TREE = [[101, 102], [103, 104]]  # leaves that appear nowhere else in the report
HIDDEN_FEEDBACK = "alphabeta_decision: SECRET your search examined B2 where alpha-beta stops."
HIDDEN_HINT = "The root is an alpha-beta node too: tighten its bound after each action."
ORDER = tuple(MODULES)  # the built-in assignment's functions, which the reports made here follow


def golden(name, rendered):
    """Compare `rendered` with tests/golden/NAME byte for byte (UPDATE_GOLDEN=1 writes it)."""
    path = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(rendered.encode())
    assert path.exists(), f"no golden file {path}: run with UPDATE_GOLDEN=1 to write it"
    assert rendered.encode() == path.read_bytes(), (
        f"{name} differs from its golden file; if the change is meant, regenerate with "
        f"UPDATE_GOLDEN=1 and review the diff")


def sample_report():
    """A fixed report, as the engine would give it to an instructor (--show-hidden)."""
    return Report(submission="alice", sandbox="bwrap", order=ORDER, checks=[
        CheckResult(name="minimax_value: exact values on random trees", function="minimax_value",
                    points=5, max_points=5, status="passed", seconds=0.25),
        CheckResult(
            name="alphabeta_value: examines the reference's nodes", function="alphabeta_value",
            points=0, max_points=5, status="failed", seconds=0.5,
            feedback="alphabeta_value: your search examined 13 nodes where alpha-beta examines "
                     "11; the first 7 nodes agree; then your search examined C2 where alpha-beta "
                     "examines D.\nAfter C1, node C had alpha=3 >= beta=2, so the remaining "
                     "children of C are pruned.",
            shown={"heading": "It shows on the course's textbook tree",
                   "example": {"kind": "tree", "tree": TEXTBOOK, "root": "MAX"}, "note": ""},
            traces={"student": ["", "0", "00", "01", "02", "1", "10", "11", "12", "2", "20", "21",
                                "22"],
                    "reference": ["", "0", "00", "01", "02", "1", "10", "2", "20", "21", "22"],
                    "cuts": {"1": [3, 2]}}),
        CheckResult(
            name="evaluation_order: tic-tac-toe positions with the open-lines evaluation",
            function="evaluation_order", points=0, max_points=4, status="failed", seconds=0.125,
            feedback="evaluation_order returned '[x](http://example.com) <b>*bold*</b> _it_', "
                     "but it should return [4, 0, 2, 6, 8, 1, 3, 5, 7], the actions sorted best "
                     "first.",
            shown={"heading": "It shows on the empty board",
                   "example": {"kind": "tictactoe", "board": "         "},
                   "note": "Evaluated with the course's open-lines evaluation."}),
        CheckResult(
            name="guaranteed_decision: random price wars with ties and negatives",
            function="guaranteed_decision", points=0, max_points=6, status="failed", seconds=0.75,
            feedback="guaranteed_decision returned 'option_2', but it should return 'option_1', "
                     "the option whose worst leaf for us is best (the first of ties).",
            shown={"heading": "The smallest input that shows it", "note": "",
                   "example": {"tree": {"start": ["option_1", "option_2"],
                                        "option_1": ["option_1_reply_1"],
                                        "option_2": ["option_2_reply_1", "option_2_reply_2"]},
                               "ours": {"option_1_reply_1": 0, "option_2_reply_1": 0,
                                        "option_2_reply_2": 1},
                               "theirs": {"option_1_reply_1": 0, "option_2_reply_1": 0,
                                          "option_2_reply_2": -3},
                               "root": "start"}}),
        CheckResult(name="center_first: centre, corners, edges on random positions",
                    function="center_first", points=0, max_points=4, status="error",
                    feedback="the grader itself failed on this check: ask your instructor"),
        CheckResult(
            name="alphabeta_decision: examines the reference's nodes",
            function="alphabeta_decision", points=0, max_points=4, status="failed",
            seconds=0.0625, feedback=HIDDEN_FEEDBACK, visibility="hidden", hint=HIDDEN_HINT,
            shown={"heading": "It shows on a SECRET tree",
                   "example": {"kind": "tree", "tree": HIDDEN_TREE, "root": "MAX"},
                   "note": "SECRET note"},
            traces={"student": ["", "0", "00", "01", "1", "10", "11"],
                    "reference": ["", "0", "00", "01", "1", "10"], "cuts": {"1": [102, 103]}}),
    ])
