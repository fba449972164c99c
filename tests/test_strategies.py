"""The games the checks meet reach every case: MIN roots as often as MAX roots, and ties among the
root's best actions at both, counted over the examples each check really runs.

The checks run here under grading.toml's policy (the course secret's games, its examples) against
the reference itself, called in this process: every call a check makes is recorded with the check
that made it, and the shares are counted from those calls. Run with `-s` to see the table.
"""
import pytest

from autograder import policy as grading_config, secret
from autograder.assignments import SEARCH
from autograder.contract import judged_function
from autograder.checks.calling import Caller
from autograder.engine.plugin import FunctionQueue, GradingPlugin
from autograder.engine.session import pytest_run
from support.inprocess import InProcess, OnlyChecks, solution

pytestmark = pytest.mark.e2e

# The checks whose answer depends on who moves at the root and which of equal actions comes
# first: the decisions, and the window rule (fail low and high differ at MAX and MIN).
DECISIONS = ("minimax_decision: best action on random trees, first of ties",
             "alphabeta_decision: best action on random trees, first of ties",
             "alphabeta_decision: examines the reference's nodes")
WINDOWS = ("alphabeta_value: meets the window rule under any window",)
MIN_SHARE = 0.5    # of a check's tree games rooted at MIN, at least (strategies.both_roots)
TIE_SHARE = 0.15   # of a decision check's tree games, at MAX and at MIN roots each, at least


def value(tree, player):
    if not isinstance(tree, list):
        return tree
    values = [value(child, "MIN" if player == "MAX" else "MAX") for child in tree]
    return max(values) if player == "MAX" else min(values)


def root_tie(game):
    """Whether two of the root's actions are both best for the player at the root."""
    tree, player = game["tree"], game["root"]
    if not isinstance(tree, list):
        return False
    values = [value(child, "MIN" if player == "MAX" else "MAX") for child in tree]
    best = max(values) if player == "MAX" else min(values)
    return values.count(best) > 1


@pytest.fixture(scope="module")
def games_by_check():
    """The tree games of the checks whose shares are asserted (only theirs: the others count for
    nothing here, and some search the whole tic-tac-toe tree on both sides)."""
    config = secret.applied(grading_config.load(), official=True)  # the tests' secret
    student = InProcess()
    functions = dict.fromkeys(judged_function(check) for check in DECISIONS + WINDOWS)
    caller = Caller(student, solution=solution, traced=SEARCH.traced)
    pytest_run(GradingPlugin(caller, config, SEARCH), config,
               plugins=[student, OnlyChecks(DECISIONS + WINDOWS),
                        FunctionQueue(functions, config)])
    games = {}
    for check, calls in student.calls.items():
        trees = [c["game"] for c in calls if c.get("game") and c["game"]["kind"] == "tree"
                 and judged_function(check) == c["function"]]
        games[check] = list({repr(g): g for g in trees}.values())  # each game once
    return games


def shares(games):
    at = {player: [g for g in games if g["root"] == player] for player in ("MAX", "MIN")}
    return (len(at["MIN"]) / len(games),
            {player: sum(map(root_tie, group)) / max(len(group), 1)
             for player, group in at.items()})


def test_the_shares_of_min_roots_and_root_ties(games_by_check):
    print(f"\n{'check':<72} games  MIN  ties at MAX  ties at MIN")
    for check, games in sorted(games_by_check.items()):
        if games:
            min_share, ties = shares(games)
            print(f"{check:<72} {len(games):>5} {min_share:>4.0%} {ties['MAX']:>12.0%} "
                  f"{ties['MIN']:>12.0%}")
    for check in DECISIONS + WINDOWS:
        min_share, ties = shares(games_by_check[check])
        assert min_share >= MIN_SHARE, (check, min_share)
        if check in DECISIONS:
            assert min(ties.values()) >= TIE_SHARE, (check, ties)
