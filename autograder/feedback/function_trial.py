"""After all of a function's checks: each failing input's suspects tried on every call of the
function the checks made, and pairs of them where no single one explains its failures.

At a check's end (checks/judge.py) its suspects are tried on the calls made so far, on small trees
only. The calls later checks make may contradict a mistake too: the trees the student passed (a
mistake that would have failed one is not what the code does) and every call it failed, on any
game (a mistake that does not reproduce a failing input is not its cause). Calls passed on other
games are left out: there a mistake made in one branch only (a MIN root keeping the last of ties,
MAX's right) would be contradicted by the other branch's boards, though it explains every failure.
And where every single mistake is contradicted, two at once may reproduce
every failing input: two bugs in one function, or one in a decision and one in the value function
it calls (function_diagnosis.py tells which is whose).

Before all that, each failing input is called again by a worker of its own: answered right there,
the failure came from what earlier calls left behind (a table made once, at module level or as a
default argument), which no replay of one search shows, and which is what the function is told.

Runs in the lane that ran the function's checks, where its calls' observations are at hand, and
records names only (CheckResult.suspects), as a failing check's suspects are.
"""
import json
from dataclasses import replace

from autograder.feedback.diagnosis import told_apart, together
from autograder.feedback.function_diagnosis import named_mistakes
from autograder.feedback.mistakes import KEPT_BETWEEN_CALLS
from autograder.runner.observations import exactly_equal


def observed(pair):
    """A Pair (checks/calling.py) as diagnosis tries it: (call, observation, known)."""
    return pair.call, pair.got, pair.want.explained


def size(pair):
    """How big a call is to replay, the smallest first: its student's nodes, then its input."""
    return len(pair.got.trace or ()), len(json.dumps(pair.call, sort_keys=True))


def telling(pair):
    """Whether a call may contradict a mistake: one on a tree, or one the student failed."""
    got, want = pair.got, pair.want
    return pair.call["game"].get("kind") == "tree" or not (
        exactly_equal(got.answer, want.answer) and got.trace == want.trace)


def answered_alone(failing, alone):
    """The names of the checks whose failing Pair (`failing`, by check name) the student's code
    answers as the reference does when `alone(pair)` calls it again by a worker of its own. Only
    calls on a tree or a price war are made again: they take milliseconds, where a board may be
    the whole of tic-tac-toe, and a function's failing tree tells its diagnosis for all."""
    def right(pair):
        again = alone(pair)
        want = pair.want
        return again is not None and exactly_equal(again.answer, want.answer) and (
            again.trace == want.trace and again.evaluated == want.evaluated)
    return {name for name, pair in failing.items() if quick(pair.call) and right(pair)}


def quick(call):
    """Whether `call` is one call on a tree or of the price war (no game)."""
    if call is None or "states" in call:
        return False
    return call.get("game") is None or call["game"]["kind"] == "tree"


def kept_between_calls(suspects):
    """A check's suspects (None where none were tried) once its input, called alone, was
    answered right: what earlier calls left behind reproduces it, and no mistake of one search
    does."""
    tried = [] if suspects is None else [*suspects["reproduce"], *suspects["contradicted"]]
    return {"reproduce": [KEPT_BETWEEN_CALLS], "contradicted": tried}


def tried_again(results, failing, calls_of, alone):
    """`results` (CheckResult), each failing check whose failing Pair `failing` holds (by check
    name) with its suspects tried on the other calls of its function, `calls_of(function)`
    (Pairs) that are telling, and, where no single mistake is left for the function and some pair
    reproduces one of its inputs, "together": the pairs of mistakes that reproduce its input
    ("reproduce") and those of them some call contradicts; or, where `alone` (answered_alone)
    answers its input right, kept_between_calls."""
    stateful = answered_alone(failing, alone)
    results = [replace(check, suspects=kept_between_calls(check.suspects))
               if check.name in stateful else check for check in results]
    tried = [check for check in results
             if check.name in failing and check.suspects and check.name not in stateful]
    suspects = {}
    for function in dict.fromkeys(check.function for check in tried):
        checks = [check for check in tried if check.function == function]
        inputs = [failing[check.name] for check in checks]
        calls = sorted((pair for pair in calls_of(function) if telling(pair)
                        and not any(pair is seen for seen in inputs)), key=size)
        found = {}
        for check, pair in zip(checks, inputs):
            others = [observed(other) for other in [*inputs, *calls] if other is not pair]
            apart = told_apart((check.suspects["reproduce"], check.suspects["contradicted"]),
                               others)
            found[check.name] = {"reproduce": list(apart[0]), "contradicted": list(apart[1])}
        if not named_mistakes(function, list(found.values())):
            order = sorted(range(len(inputs)), key=lambda index: size(inputs[index]))
            reproduce, contradicted = together(
                function, [observed(inputs[index]) for index in order], map(observed, calls))
            # Only pairs that reproduce an input are kept, and only they are worth refuting.
            kept = {tuple(pair) for pairs in reproduce.values() for pair in pairs}
            for place, index in enumerate(order if kept else ()):
                found[checks[index].name]["together"] = {
                    "reproduce": [list(pair) for pair in reproduce.get(place, ())],
                    "contradicted": [list(pair) for pair in contradicted if tuple(pair) in kept]}
        suspects.update(found)
    return [replace(check, suspects=suspects.get(check.name, check.suspects))
            for check in results]
