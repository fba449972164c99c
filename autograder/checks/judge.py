"""Verdicts: compare a call's two observations (a Pair: the student's and the reference's), exactly,
and explain failures.

Every failure names the function, what was expected, what came back and the input, drawn; for node
traces it names the first node where the two searches part. Answers are compared as exact builtin
types: numbers (int or float, never bool) by value, actions and names by type and value.
"""
import functools
from contextlib import closing

from autograder.checks import course
from autograder.drawing import name_node
from autograder.feedback.diagnosis import diagnose
from autograder.feedback.explain import cuts, divergence
from autograder.runner.observations import (NO_ANSWER, describe_printed, exactly_equal,
                                            first_difference, is_number, quoted)
from autograder.worker.calls import decode_path


class CheckFailed(AssertionError):
    """The student's answer is wrong. The message, written for the student, is the parts joined;
    `shown` is the input to draw with it and `traces` the two searches' nodes, when they differ;
    `cause`, when known, says why without the input, the expected answer or the output (a hidden
    check says it instead of its fixed hint): the function is missing, raised, returned a set, or
    matches a known mistake.

    Parts may be Lazy: hypothesis raises this for every failing example it tries while shrinking,
    and only the example finally reported needs its explanation and diagnosis computed.
    """

    def __init__(self, *parts, shown=None, traces=None, cause=None):
        super().__init__(*parts)
        self.shown, self.traces, self.cause = shown, traces, cause

    def __str__(self):
        text = "".join(map(str, self.args))
        if len(text) <= FEEDBACK_LIMIT:
            return text
        return f"{text[:FEEDBACK_LIMIT]}\n... (feedback cut at {FEEDBACK_LIMIT:,} characters)"


FEEDBACK_LIMIT = 8000  # characters of one failure's message: a few paragraphs at most


class Lazy:
    """A value computed the first time it is needed, then kept, even when computing it failed.

    pytest formats a failure several times and swallows what str() raises there (traceback's
    _safe_string), a time-out included: a value recomputed on every str() would run the
    explanation again each time, past any time limit. An explanation that failed is left out."""

    FAILED = ""

    def __init__(self, compute, *args):
        self.compute, self.args, self.computed = compute, args, None

    def value(self):
        if self.computed is None:
            self.computed = self.FAILED
            self.computed = self.compute(*self.args)
        return self.computed

    def __str__(self):
        return str(self.value())


RANDOM = ("Your code drew numbers from random during this call: every answer the contract asks "
          "for depends only on the arguments, and ties go to the first in search order.")


def _diagnosis(pair):
    """The known mistake the student's observation matches, or that it drew random numbers: an
    answer drawn at random may match a mistake by chance."""
    got, call = pair.got, pair.call
    if got.used_random:
        return f"\n{RANDOM}"
    sentence = diagnose(call, got, pair.want.explained) if call else ""
    return f"\n{sentence}" if sentence else ""


def diagnosed(pair):
    """The diagnosis of a failing pair as a part of a CheckFailed: computed only when the failure
    is shown."""
    return Lazy(_diagnosis, pair)


def _traces(pair):
    """Both searches' nodes, and where the correct one pruned, for pictures of the tree."""
    call, known = pair.call, pair.want.explained
    return {"student": list(pair.got.trace), "reference": list(pair.want.trace),
            "cuts": {path: list(window)
                     for path, window in (cuts(call, known) if call else {}).items()}}


def _divergence(pair, spec):
    call, known = pair.call, pair.want.explained
    sentence = (divergence(call, spec, pair.got.trace, pair.want.trace, known)
                if call else "")
    return f"\n{sentence}" if sentence else ""


class Shown:
    """The input a failure shows (a game spec or a price war), how to introduce it, and a note on
    how it was searched. Reporters draw it: text, Mermaid or SVG."""

    def __init__(self, example, smallest=True, note=""):
        self.example, self.smallest, self.note = example, smallest, note

    def as_dict(self, shrunk_fully=True):
        """`shrunk_fully`: whether shrinking met only games whose answers were at hand (the
        students' release skips the others: then the input shown may not be the smallest)."""
        name = course.name_of(self.example)
        if name:
            heading = f"It shows on {name}"
        elif self.smallest and shrunk_fully:
            heading = "The smallest input that shows it"
        else:
            heading = "The input that shows it" if self.smallest else "The input"
        return {"heading": heading, "example": self.example, "note": self.note}


def shown(example, smallest=True, note=""):
    return Shown(example, smallest=smallest, note=note)


def quoting_printed(judge):
    """`judge`, whose failure also quotes what the student's code printed during the call judged
    (observations.describe_printed)."""
    @functools.wraps(judge)
    def judged(pair, *args, **kwargs):
        try:
            return judge(pair, *args, **kwargs)
        except CheckFailed as failed:
            printed = describe_printed(pair.got)
            failed.args += (f"\n{printed}",) if printed else ()
            raise
    return judged


def as_returned(got):
    """The student's answer quoted as the code returned it: a tuple (json made it a list) as a
    tuple."""
    answer = got.answer
    return quoted(tuple(answer) if got.answer_type == "tuple" and type(answer) is list else answer)


def argument(value):
    """One argument of a call as the grader's call shows it."""
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)).startswith("$"):
        return next(iter(value))[1:]  # {"$order": ...}: the function built from the spec
    return quoted(value)


def call_made(call):
    """The call the grader made, as Python: "alphabeta_value(game, state, -inf, inf, order)"."""
    given = ["game", "state"] if call.get("game") is not None else []
    return f"{call['function']}({', '.join(given + [argument(a) for a in call.get('args', [])])})"


def without_message(problem):
    """A problem as a hidden check may say it: an exception's message may quote the input, so
    only its type and the student's line where it was raised stay."""
    first, *where = problem.split("\n")
    if not first.startswith("raised "):
        return problem
    return "\n".join([first.split(":")[0], *where])


def require_answer(function, got, shown, call=None):
    """Fail unless the call returned something made of plain builtin values. A TypeError names
    the call the grader made: it most often means a parameter is missing or extra."""
    if got.problem:
        made = (f"\nThe grader called {call_made(call)}; compare it with your function's "
                f"parameters." if call and got.problem.startswith("raised TypeError") else "")
        raise CheckFailed(f"{function} {got.problem}{made}", shown=shown,
                          cause=f"{function} {without_message(got.problem)}")
    if got.answer is NO_ANSWER:
        returned = (f"{function} returned a {got.answer_type}; answers must be plain int, float, "
                    f"str or list values")
        raise CheckFailed(returned, shown=shown, cause=returned)


@quoting_printed
def same_answer(pair, shown, what=""):
    """The answer must be the reference's; `what` says what that is ("the minimax value")."""
    function, got, want, call = pair.function, pair.got, pair.want, pair.call
    require_answer(function, got, shown, call)
    if not exactly_equal(got.answer, want.answer):
        described = f", {what}" if what else ""
        diagnosis = diagnosed(pair)
        raise CheckFailed(f"{function} returned {as_returned(got)}, but it should return "
                          f"{as_returned(want)}{described}.", diagnosis, shown=shown,
                          cause=diagnosis)


@quoting_printed
def window_rule(pair, value, alpha, beta, shown):
    """The contract's window rule, which fail-hard and fail-soft searches both meet."""
    function, got, call = pair.function, pair.got, pair.call
    require_answer(function, got, shown, call)
    r = got.answer
    window = f"with alpha={alpha}, beta={beta} (true value {value})"
    if not is_number(r):
        raise CheckFailed(f"{function} returned {as_returned(got)}, not a number, {window}.",
                          shown=shown)
    diagnosis = diagnosed(pair)
    if alpha < value < beta and r != value:
        raise CheckFailed(f"{function} returned {r} {window}: inside the window it must return "
                          f"exactly the true value.", diagnosis, shown=shown, cause=diagnosis)
    if value <= alpha and not value <= r <= alpha:
        raise CheckFailed(f"{function} returned {r} {window}: when the value is at or below alpha "
                          f"the result must lie between the value and alpha.", diagnosis,
                          shown=shown, cause=diagnosis)
    if value >= beta and not beta <= r <= value:
        raise CheckFailed(f"{function} returned {r} {window}: when the value is at or above beta "
                          f"the result must lie between beta and the value.", diagnosis,
                          shown=shown, cause=diagnosis)


def compared_counts(mine, theirs, searcher="alpha-beta"):
    """How many nodes the two traces examine; when as many, whether they are the same ones (each
    as often), since "73 nodes where alpha-beta examines 73" reads as if the counts differed.
    `searcher` names the correct search."""
    if len(mine) != len(theirs):
        return f"your search examined {len(mine):,} nodes where {searcher} examines {len(theirs):,}"
    if sorted(mine) == sorted(theirs):
        return (f"your search examined the same {len(mine):,} nodes as {searcher}, but in "
                f"another order")
    return (f"your search examined {len(mine):,} nodes, as many as {searcher}, but not the same "
            f"ones")


@quoting_printed
def same_trace(pair, spec, shown, searcher="alpha-beta"):
    """The examined nodes must be the reference's, in the same order; `searcher` names the
    reference's search in the feedback."""
    function, got, want, call = pair.function, pair.got, pair.want, pair.call
    require_answer(function, got, shown, call)
    mine, theirs = got.trace, want.trace
    if mine == theirs:
        return
    name = lambda key: name_node(spec, decode_path(key))  # noqa: E731
    step = first_difference(mine, theirs)
    summary = compared_counts(mine, theirs, searcher)
    if step == len(theirs):
        stops = "prunes" if searcher == "alpha-beta" else "never examines"
        detail = (f"after the same first {step:,} nodes, your search went on to examine "
                  f"{name(mine[step])}, which {searcher} {stops}")
    elif step == len(mine):
        detail = (f"after the same first {step:,} nodes, your search stopped, but {searcher} "
                  f"still examines {name(theirs[step])}")
    else:
        detail = (f"the first {step:,} nodes agree; then your search examined {name(mine[step])} "
                  f"where {searcher} examines {name(theirs[step])}")
        if theirs[step] not in mine:
            detail += f" ({name(theirs[step])} is never examined by your search)"
    traces = Lazy(_traces, pair) if spec["kind"] == "tree" else None
    diagnosis = diagnosed(pair)
    raise CheckFailed(f"{function}: {summary}; {detail}.",
                      Lazy(_divergence, pair, spec), diagnosis,
                      shown=shown, traces=traces, cause=diagnosis)


@quoting_printed
def same_evaluations(pair, spec, shown):
    """The positions the code handed its evaluation must be those the reference's search judges,
    each as often as the code likes: the ones at the cut-off that are not terminal."""
    function, got, want, call = pair.function, pair.got, pair.want, pair.call
    require_answer(function, got, shown, call)
    mine, theirs = set(got.evaluated), set(want.evaluated)
    if mine == theirs:
        return
    name = lambda key: name_node(spec, decode_path(key))  # noqa: E731
    summary = (f"{function} evaluated {len(mine):,} position{'s' * (len(mine) != 1)} where "
               f"the reference evaluates {len(theirs):,}")
    extra = [key for key in got.evaluated if key not in theirs]
    if extra and extra[0] in want.trace:
        detail = (f"it evaluated {name(extra[0])}, which the reference examines but never "
                  f"evaluates: a position above the cut-off is worth its children's values, and "
                  f"a terminal one its utility")
    elif extra:
        detail = (f"it evaluated {name(extra[0])}, which the reference's search never reaches: "
                  f"it lies below the cut-off, or where alpha-beta prunes")
    else:
        missing = next(key for key in want.evaluated if key not in mine)
        detail = f"it never evaluated {name(missing)}, which the reference evaluates"
    raise CheckFailed(f"{summary}; {detail}.", diagnosis := diagnosed(pair), shown=shown,
                      cause=diagnosis)


@quoting_printed
def examines_every_node(pair, spec, shown):
    """Minimax examines every node; the reference's trace is the whole tree."""
    function, got, call, all_nodes = pair.function, pair.got, pair.call, pair.want.trace
    require_answer(function, got, shown, call)
    examined = set(got.trace)
    missed = [path for path in all_nodes if path not in examined]
    if missed:
        raise CheckFailed(f"{function} examined {len(got.trace):,} of the {len(all_nodes):,} "
                          f"nodes; "
                          f"minimax examines every node, but it never examined "
                          f"{name_node(spec, decode_path(missed[0]))}.",
                          diagnosis := diagnosed(pair), shown=shown, cause=diagnosis)


def searched_children(trace):
    """{path: [child path, ...]}: the children each node of a trace searched, in the trace's order
    (a node's children follow it in the trace, each after the subtree of the one before)."""
    children = {}
    for key in trace[1:]:
        path = decode_path(key)
        children.setdefault(path[:-1], []).append(path)
    return children


def parting(searched, place, path, order):
    """Where alpha-beta searching in `order` at `path` first examines another node than it does
    searching in the course's order: (trace position, child path, the child searched instead), or
    None when the children it searched come first in `order` too."""
    for mine, theirs in zip(order, searched[path]):
        if path + (mine,) != theirs:
            return place[theirs], path + (mine,), theirs
    return None


def follows_the_search(function, spec, trace, orders, shown):
    """Alpha-beta searching in the student's order must examine the nodes it examines in the
    course's order (`trace`, with the reference's order): it does exactly when, at every node it
    searches, the student's order puts first the children searched there, in the same order,
    since alpha-beta searches a node's children in order until it prunes the rest. The first node
    where that fails is where the two searches part. `orders(paths)` yields the student's order
    at each of those nodes in turn; it is asked no further than the walk needs."""
    searched = searched_children(trace)
    place = {decode_path(key): step for step, key in enumerate(trace)}
    paths = sorted(searched, key=place.get)
    first = None  # (position, student's order, path, child instead, child searched)
    with closing(orders(paths)) as answers:
        for path in paths:
            if first and place[path] > first[0]:
                break  # every later node parts after the first parting found
            answer = next(answers)
            found = parting(searched, place, path, answer)
            if found and (first is None or found[0] < first[0]):
                first = (found[0], answer, path, *found[1:])
    if first is None:
        return
    step, answer, path, instead, theirs = first
    raise CheckFailed(
        f"{function} returned {quoted(answer)} at {name_node(spec, path)}, so alpha-beta searching "
        f"in its order parts from alpha-beta in the course's order after the same first {step:,} "
        f"nodes: it examines {name_node(spec, instead)} where the course's order examines "
        f"{name_node(spec, theirs)}.", shown=shown)
