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

Runs in the lane that ran the function's checks, where its calls' observations are at hand, and
records names only (CheckResult.suspects), as a failing check's suspects are.
"""
import json
from dataclasses import replace

from autograder.feedback.diagnosis import told_apart, together
from autograder.feedback.function_diagnosis import named_mistakes
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


def tried_again(results, failing, calls_of):
    """`results` (CheckResult), each failing check whose failing Pair `failing` holds (by check
    name) with its suspects tried on the other calls of its function, `calls_of(function)`
    (Pairs) that are telling, and, where no single mistake is left for the function and some pair
    reproduces one of its inputs, "together": the pairs of mistakes that reproduce its input
    ("reproduce") and those of them some call contradicts."""
    tried = [check for check in results if check.name in failing and check.suspects]
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
