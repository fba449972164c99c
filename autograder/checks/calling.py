"""Calling both sides of a check: the student's code in the worker, the reference in-process.

Each call is made on both sides and its two observations paired (Pair) for the judge to compare.
The reference answers first, and its CPU time sets the student's time limit; only then does the call
go to the worker, so that the grader watches the worker's CPU time from the moment it starts. Sent
first, a call could finish unwatched while a busy machine slowed the reference, and a submission
far past its limit would pass (seen: ten times the reference's time against a limit of four).
Pairs of the same call are remembered for the whole grading, so the course's big searches
(549,946 nodes) run once even when several checks judge them.
"""
import importlib
import json
import math
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

from hypothesis import assume

from autograder.checks.judge import CheckFailed, shown
from autograder.drawing import name_node
from autograder.games.instrumented import InstrumentedGame
from autograder.language import _
from autograder.language.escaping import quoted
from autograder.runner.observations import Observation, describe_printed
from autograder.runner.supervisor import StudentTimedOut
from autograder.worker.calls import (Call, build_argument, build_game, call, decode_trace, perform,
                                     run_observed, state_at)


def reference(function, modules, package):
    """The reference solution of `function`, from `package`, the package of an assignment's
    reference solutions, which holds one module for each of `modules`' (the assignment's
    contract)."""
    return getattr(importlib.import_module(f"{package}.{modules[function]}"), function)


def from_reference(data):
    trace, evaluated = data.get("trace"), data.get("evaluated")
    return Observation(answer=data["answer"], answer_type=data["type"],
                       trace=None if trace is None else decode_trace(trace),
                       evaluated=None if evaluated is None else decode_trace(evaluated),
                       seconds=data["seconds"], explained=data.get("explained"))


def with_input(timed_out):
    """`timed_out`, showing the input of the call it stopped: its game, drawn, and the node the
    call was about when not the root; for the price war's calls, which carry no game, the
    arguments, named. Not shrunk: a call that hangs is never run again."""
    stopped = timed_out.call
    if stopped is None:  # "timed out in an earlier check", or all its calls together
        return timed_out
    if stopped.get("game") is None:
        # TRANSLATORS: {arguments} is the list of arguments, as Python writes it
        called = _("It was called with {arguments}.").format(arguments=quoted(stopped["args"]))
        timed_out.args = (f"{timed_out}\n{called}",)
        return timed_out
    path = stopped.get("state", [])
    note = (_("It was called on {node}.").format(node=name_node(stopped["game"], path))
            if path else "")
    timed_out.shown = shown(stopped["game"], smallest=False, note=note)
    return timed_out


def legal_order(function, spec, game, path, got):
    """The student's order `got` at the node `path` of `spec`: a list of that node's legal
    actions, or CheckFailed naming the node and quoting what the code printed."""
    legal = game.actions(state_at(game, path))
    node = name_node(spec, path)
    printed = f"\n{describe_printed(got)}" if got.printed_lines else ""
    if got.problem:
        # TRANSLATORS: after what went wrong with a call; {node} is the node it was asked at
        asked = _("(asked at {node})").format(node=node)
        raise CheckFailed(f"{function} {got.problem} {asked}", printed, shown=shown(spec),
                          whole_function=got.whole_function)
    answer = got.answer
    if (type(answer) is not list or not all(type(a) is int for a in answer)
            or sorted(answer) != sorted(legal)):
        # TRANSLATORS: {answer} is what the function returned, {legal} a list of actions
        raise CheckFailed(_("{function} returned {answer} at {node}, which is not the legal "
                            "actions {legal} in some order").format(
            function=function, answer=quoted(got.answer), node=node, legal=legal),
            printed, shown=shown(spec))
    return answer


@dataclass(frozen=True)
class Pair:
    """One call of a student function, and the two observations of it that the judge compares:
    the student's code's (`got`) and the reference's (`want`)."""
    function: str
    got: Observation
    want: Observation
    call: Call | None = None


class Caller:
    """Makes each call on both sides, the student's worker and the reference, and pairs the two
    observations, remembering each pair for the whole grading.

    `answers` maps a call to the reference's observation as plain data; a batch fills it once,
    grading the reference, and hands it to every student's grading, so that a class costs each
    student's compute and not the reference's again. `solution` gives the reference's function of
    a name (see reference), None where there is no reference (the students' release); the calls
    of the functions in `traced`, whose nodes the assignment counts, bring back their trace."""

    def __init__(self, student, answers=None, *, solution, traced):
        self.student, self.solution, self.traced = student, solution, traced
        self.answers = {} if answers is None else answers
        self.seen = {}
        self.asked = {}  # a node's call -> the student's observation there, asked along a walk

    def both(self, call):
        """The Pair of `call`: made on both sides the first time it is asked for, then kept."""
        if not call["trace"] and call["function"] in self.traced:
            call = {**call, "trace": True}  # call() knows only the built-in assignment's
        key = json.dumps(call, sort_keys=True)
        if key not in self.seen:
            want = from_reference(self.reference_data(call, key))
            try:
                got = self.student.call(call, want.seconds, want.trace)
            except StudentTimedOut as timed_out:
                raise with_input(timed_out) from None
            self.seen[key] = Pair(call["function"], got, want, call)
        return self.seen[key]

    def pairs_of(self, function, trees_only=True):
        """The pairs of `function` made so far on trees (or, not `trees_only`, on any game) the
        student's code answered without drawing random numbers, in the order made: inputs on
        which diagnosis may tell apart mistakes (judge.py, feedback/function_trial.py)."""
        return [pair for pair in self.seen.values()
                if pair.function == function and pair.call and pair.call.get("game") is not None
                and (pair.call["game"].get("kind") == "tree" or not trees_only)
                and pair.got.answered and not pair.got.used_random]

    def alone(self, pair):
        """The student's observation of `pair`'s call made again by a worker of its own, which
        no earlier call has touched; None where it cannot be made (its function timed out)."""
        with self.apart():
            try:
                return self.student.call(pair.call, pair.want.seconds, pair.want.trace)
            except StudentTimedOut:
                return None

    @contextmanager
    def apart(self):
        """Calls made inside get a worker of their own, gone when they are done, and their
        pairs are forgotten: nothing the student's code saw or answered in there reaches
        a later check."""
        kept = dict(self.seen), dict(self.asked)
        self.student.close()
        try:
            yield
        finally:
            self.student.close()
            self.seen, self.asked = kept

    def reference_data(self, call, key=None, compute=None):
        """The reference's observation of `call` as plain data: from the answers, or computed
        (by `compute()` when given, else by calling the reference as `call` says). Without a
        reference an unknown game is skipped, which is how a released check shrinks a failure only
        through games whose answers it holds."""
        key = key or json.dumps(call, sort_keys=True)
        if key not in self.answers:
            if self.solution is None:
                assume(False)
            self.answers[key] = (compute or partial(perform, self.solution(call["function"]),
                                                    call))()
        return self.answers[key]

    def true_value(self, spec):
        """The exact minimax value of a game spec's initial state, from the reference."""
        return self.reference_data(call("minimax_value", spec))["answer"]

    def reference_search(self, function, spec, *extra):
        """The reference's alpha-beta on `spec`, searching in the order the reference's `function`
        gives: its observation, kept with the answers like a call's. `extra` are the order's
        arguments after (game, state), as wire specs."""
        def search():
            arguments = [build_argument(a) for a in extra]
            game = InstrumentedGame(build_game(spec))
            order = lambda g, state: self.solution(function)(g, state, *arguments)  # noqa: E731
            return run_observed(self.solution("alphabeta_value"),
                                [game, game.initial, -math.inf, math.inf, order], game)
        searched_in = {"alphabeta_value searched in the order of": function, "game": spec,
                       "args": list(extra)}
        return from_reference(self.reference_data(
            searched_in, json.dumps(searched_in, sort_keys=True), search))

    def student_orders(self, function, spec, *extra):
        """A function of nodes' paths: the student's `function`'s answers there, in their order,
        each once it is a legal order (else CheckFailed, quoting what the code printed). The
        nodes not yet asked go to the worker in one call (Student.each); each node's answer is
        remembered for the whole grading, as `both` remembers calls, so that the student's code
        is asked the same nodes however often a check's games are run."""
        game = build_game(spec)

        def orders(paths):
            keys = [json.dumps(call(function, spec, *extra, state=path), sort_keys=True)
                    for path in paths]
            fresh = [path for path, key in zip(paths, keys) if key not in self.asked]
            walk = self.student.each(call(function, spec, *extra, states=fresh)) if fresh else None
            try:
                for path, key in zip(paths, keys):
                    if key not in self.asked:
                        self.asked[key] = next(walk)
                    yield legal_order(function, spec, game, path, self.asked[key])
            except StudentTimedOut as timed_out:
                raise with_input(timed_out) from None
            finally:
                if walk is not None:
                    walk.close()
        return orders
