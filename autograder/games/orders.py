"""Move orders, evaluations and quiet tests that the checks hand to the student's code as arguments.

They are built from plain JSON specs so that the grader and the worker build the same function; none
of them is a reference solution. An order takes `(game, state)` and returns the actions to search,
best first; an evaluation takes a state and returns a number from MAX's point of view; a quiet
test takes a state and says whether a search may stop there.
"""
import random

from autograder.games.connect_four import open_windows
from autograder.games.tictactoe import open_lines


def shuffled(seed):
    """A fixed but arbitrary order per node: the same seed and node always give the same order."""
    def order(game, state):
        actions = game.actions(state)
        random.Random(f"{seed}:{state.path}").shuffle(actions)
        return actions
    return order


def reversed_order(game, state):
    return game.actions(state)[::-1]


def priority(cells):
    """The legal actions in the order they appear in `cells`."""
    def order(game, state):
        legal = set(game.actions(state))
        return [a for a in cells if a in legal]
    return order


def table(values, default=0):
    """An evaluation that looks a node's score up by its path (a dict path tuple -> number)."""
    def evaluate(state):
        return values.get(state.path, default)
    return evaluate


def quiet_test(noisy):
    """A quiet test that finds noisy exactly the positions at the paths in `noisy`."""
    def is_quiet(state):
        return state.path not in noisy
    return is_quiet


def build_order(spec):
    kind = spec["kind"]
    if kind == "shuffled":
        return shuffled(spec["seed"])
    if kind == "reversed":
        return reversed_order
    if kind == "priority":
        return priority(spec["cells"])
    raise ValueError(f"unknown order spec {spec!r}")


def build_evaluation(spec):
    kind = spec["kind"]
    if kind == "open_lines":
        return open_lines
    if kind == "open_windows":
        return open_windows
    if kind == "table":
        return table({tuple(path): value for path, value in spec["values"]}, spec.get("default", 0))
    raise ValueError(f"unknown evaluation spec {spec!r}")


def build_quiet_test(spec):
    if spec["kind"] == "noisy":
        return quiet_test({tuple(path) for path in spec["paths"]})
    raise ValueError(f"unknown quiet test spec {spec!r}")
