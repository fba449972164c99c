"""Observing both sides of a check: the student's answer from the worker, the reference's in-process.

The call goes to the worker first and the reference runs while the worker works, so grading costs
about the slower of the two, not their sum; the reference's time then sets the student's time limit.
Observations of the same call are remembered for the whole grading, so the course's big searches
(549,946 nodes) run once even when several checks judge them.
"""
import importlib
import json

from autograder.checks.judge import CheckFailed
from autograder.drawing import name_node
from autograder.games.instrumented import InstrumentedGame
from autograder.observations import Observation
from autograder.worker.calls import (MODULES, TRACED, build_game, observe as run_observed,
                                     perform)


def reference(function):
    return getattr(importlib.import_module(f"reference.{MODULES[function]}"), function)


def from_reference(data):
    trace = data.get("trace")
    return Observation(answer=data["answer"], answer_type=data["type"],
                       trace=None if trace is None else tuple(trace), seconds=data["seconds"])


def call(function, game=None, *args, state=()):
    return {"function": function, "game": game, "state": list(state), "args": list(args),
            "trace": function in TRACED}


class Observer:
    """Pairs each call's student observation with the reference's, remembering both."""

    def __init__(self, student):
        self.student = student
        self.seen = {}
        self.sent = []  # every call the student's code was asked to run, for benchmarks

    def _submit(self, call):
        self.sent.append(call)
        return self.student.submit(call)

    def both(self, call):
        key = json.dumps(call, sort_keys=True)
        if key not in self.seen:
            pending = self._submit(call)
            want = from_reference(perform(reference(call["function"]), call))
            self.seen[key] = (pending.wait(want.seconds), want)
        return self.seen[key]

    def reference_search(self, function, spec, order, *args):
        """The reference's `function` on an instrumented `spec` game, searching in `order`."""
        game = InstrumentedGame(build_game(spec))
        return from_reference(run_observed(reference(function), [game, game.initial, *args, order],
                                           game))

    def student_order(self, function, spec, *extra):
        """An order function whose answers come from the student's `function` in the worker."""
        def order(game, state):
            got = self._submit(call(function, spec, *extra, state=state.path)).wait()
            legal = game.game.actions(state)
            where = f" at {name_node(spec, state.path)}"
            if got.problem:
                raise CheckFailed(f"{function} {got.problem} (asked{where})")
            answer = got.answer
            if (type(answer) is not list or not all(type(a) is int for a in answer)
                    or sorted(answer) != sorted(legal)):
                raise CheckFailed(f"{function} returned {got.answer!r}{where}, which is not the "
                                  f"legal actions {legal} in some order")
            return got.answer
        return order


def true_value(spec):
    """The exact minimax value of a game spec's initial state, from the reference."""
    game = build_game(spec)
    return reference("minimax_value")(game, game.initial)
