"""Replaying, in the checks of a function that calls another graded function, the inputs on which
that other function was found wrong earlier in the same grading.

A decision calls the student's own value function (CALLS, the reference's calls). Whether a decision
that calls a buggy value fails would otherwise hang on whether the games the term's secret draws for
the decision's own check happen to turn the wrong value into a wrong action: a verdict that changed
from one secret to another (issue 29). So a check marked `@replays(argument)` first replays, as its
`argument`, inputs built from the callee's wrong answers so far, each built so that a decision
trusting the wrong value picks another action than the right one; only then do its own games run.
The callee's checks always run first and in the same process (in_one_lane groups them), so the same
inputs are replayed however many lanes grade. A check students do not see runs apart and its calls
are forgotten after it (Caller.apart), so nothing a hidden check met is replayed in a visible one.
A replayed input that fails is shown as the input, not as the smallest found: it was built, and no
shrinking looked for a smaller one.
"""
import json
from itertools import islice

import pytest
from hypothesis.errors import UnsatisfiedAssumption

from autograder.checks.judge import CheckFailed
from autograder.feedback.mistakes import CALLS  # a function's checks replay its callee's failures
from autograder.games.specs import price_war_spec, tree_spec
from autograder.runner.observations import exactly_equal, is_finite, is_number

replays = pytest.mark.replays

# of the inputs built around the callee's wrong answers, those of the smallest: hypothesis has
# shrunk one of them
REPLAYED = 3


def wrong_answers(caller, function, traces=False):
    """The pairs of `function`'s calls so far whose answer is not the reference's (with `traces`,
    or whose nodes are not), the smallest calls first (in the order they were made among
    equals). Not where the function is missing or cannot run at all
    (Observation.whole_function): no answer of it is wrong on one input more than another, and a
    caller meets the same problem on its own inputs."""
    def right(got, want):
        return got.answered and exactly_equal(got.answer, want.answer) and (
            not traces or got.trace == want.trace)
    pairs = [pair for pair in caller.seen.values() if pair.function == function
             and not pair.got.whole_function and not right(pair.got, pair.want)]
    return sorted(pairs, key=lambda pair: len(json.dumps(pair.call, sort_keys=True)))


def other(player):
    return "MIN" if player == "MAX" else "MAX"


def between(pair):
    """The leaf a decision weighs the wrong value against: halfway between the student's value
    and the reference's, which the two sides put on opposite sides whatever the ties; else (no
    usable number) the reference's value, which ties."""
    got, want = pair.got.answer, pair.want.answer
    if pair.got.answered and is_finite(got) and is_number(want):
        return (got + want) / 2
    return want


def trees_around(pair):
    """Trees whose root's first child is the tree the value was wrong on, with its player kept,
    and whose second is a leaf between the two values: searched first, the child gets the full
    window, so the decision weighs exactly the wrong value. Only calls on the whole tree with
    the full window and no order count."""
    call = pair.call
    game = call.get("game")
    if call.get("state") or call.get("args") or not game or game.get("kind") != "tree":
        return []
    return [tree_spec([game["tree"], between(pair)], other(game["root"]))]


def cut_offs_around(pair):
    """heuristic_value's failure as (tree, evaluation, depth) cases one level deeper, built as
    trees_around builds trees: the evaluation's paths moved under the root's first child."""
    call = pair.call
    game = call.get("game")
    if call.get("state") or len(call.get("args", ())) != 2 or not game \
            or game.get("kind") != "tree":
        return []
    depth, evaluation = call["args"]
    evaluation = evaluation.get("$evaluation") if isinstance(evaluation, dict) else None
    if type(depth) is not int or not evaluation or evaluation.get("kind") != "table":
        return []
    moved = {**evaluation, "values": [[[], 0]] + [[[0, *path], score]
                                                  for path, score in evaluation["values"]]}
    return [(tree_spec([game["tree"], between(pair)], other(game["root"])), moved, depth + 1)]


def wars_around(pair):
    """A price war with the option the response was wrong on and another whose one reply leaves
    us 1: the right reply leaves us 0 and the student's 2, so trusting it decides otherwise."""
    tree, theirs, option = pair.call["args"]
    got, want = pair.got.answer, pair.want.answer
    root, another, reply = "root", "another", "another_reply"
    if {root, another, reply} & {option, *tree[option]}:
        return []
    ours = {leaf: 0 for leaf in tree[option]}
    if pair.got.answered and type(got) is str and got in ours and got != want:
        ours[got] = 2
    return [price_war_spec({root: [option, another], option: tree[option], another: [reply]},
                           {**ours, reply: 1}, {**{leaf: theirs[leaf] for leaf in tree[option]},
                                                reply: 0}, root)]


AROUND = {"minimax_value": trees_around, "alphabeta_value": trees_around,
          "rational_response": wars_around, "heuristic_value": cut_offs_around}


def inputs(caller, function, traces=False):
    """The inputs a check of `function` replays first: built around its callee's wrong answers
    (with `traces`, its wrong nodes too: the callee's search is part of the caller's, so a check
    of the caller's nodes meets them; a heuristic_value that prunes only when alpha > beta, right
    in every value, cost its iterative deepening points under two secrets of three)."""
    callee = CALLS.get(function)
    if callee is None:
        return []
    # Only wrong answers that an input can be built around count: the smallest are often a
    # window's, which none is, and once took every place (a decision replayed nothing under one
    # secret and failed its own games under another).
    built = (built for pair in wrong_answers(caller, callee, traces)
             for built in AROUND[callee](pair))
    return list(islice(built, REPLAYED))


def replay_first(item, test, fixtures, caller, function):
    """Run the check `item` (hypothesis's wrapper `test`, called with `fixtures`) on the inputs
    built around the failures of what `function` calls; a failure there is the check's. An input
    whose answer the grader cannot know (the students' release) is left out, uncounted: the
    check's own games are still shrunk as far as the answers allow."""
    marker = item.get_closest_marker("replays")
    if marker is None:
        return
    inner = test.hypothesis.inner_test
    fixed = {key: value for key, value in marker.kwargs.items() if key != "traces"}
    for built in inputs(caller, function, marker.kwargs.get("traces", False)):
        try:
            inner(**fixtures, **{marker.args[0]: built}, **fixed)
        except UnsatisfiedAssumption:
            continue
        except CheckFailed as failed:
            if failed.shown is not None:  # the check's body heads it as shrunk, as its own are
                failed.shown.smallest = False
            raise


def in_one_lane(functions):
    """`functions` in groups that one lane takes whole, in order: each function with the function
    it calls, so that the callee's failures are known before the caller's checks run."""
    groups = []
    for function in functions:
        home = next((group for group in groups if CALLS.get(function) in group), None)
        if home is None:
            groups.append([function])
        else:
            home.append(function)
    return groups
