"""Verdicts: compare a call's two observations (a Pair: the student's and the reference's), exactly,
and explain failures.

Every failure names the function, what was expected, what came back and the input, drawn; for node
traces it names the first node where the two searches part (in parting.py's words). Answers are
compared as exact builtin types: numbers (int or float, never bool) by value, actions and names by
type and value.
"""
import functools
from contextlib import closing

from autograder.checks import course
from autograder.checks.parting import (ALPHA_BETA, compared_counts, expected_order, parted,
                                       parting, searched_children)
from autograder.contract import decode_path
from autograder.drawing import name_node
from autograder.feedback.diagnosis import suspected, told_apart
from autograder.feedback.explain import cuts, divergence
from autograder.language import N_, _, ngettext, number, value as value_text
from autograder.language.escaping import brief, quoted
from autograder.runner.observations import (NO_ANSWER, describe_printed, exactly_equal,
                                            first_difference, is_number)


class CheckFailed(AssertionError):
    """The student's answer is wrong. The message, written for the student, is the parts joined;
    `shown` is the input to draw with it and `traces` the two searches' nodes, when they differ;
    `cause`, when known, says why without the input, the expected answer or the output (a hidden
    check says it instead of its fixed hint): the function is missing, raised, returned a set, or
    drew random numbers. `whole_function`, the kind of a problem that stops every call of the
    function alike (observations.MISSING...), lets reports say it once per function. `suspects`,
    the known mistakes tried on the input (feedback/diagnosis.py's suspected), and `calls`, the
    other graded functions the failing call entered, make the function's one diagnosis
    (feedback/function_diagnosis.py), which no check states on its own; `pair`, the failing
    call's, is tried again once the function's checks are done (feedback/function_trial.py).

    Parts may be Lazy: hypothesis raises this for every failing example it tries while shrinking,
    and only the example finally reported needs its explanation and diagnosis computed.
    """

    def __init__(self, *parts, shown=None, traces=None, cause=None, whole_function="",
                 suspects=None, calls=(), pair=None):
        super().__init__(*parts)
        self.shown, self.traces, self.cause = shown, traces, cause
        self.whole_function = whole_function
        self.suspects, self.calls, self.pair = suspects, calls, pair

    def __str__(self):
        text = "".join(map(str, self.args))
        if len(text) <= FEEDBACK_LIMIT:
            return text
        cut = ngettext("(feedback cut at {count} character)",
                       "(feedback cut at {count} characters)", FEEDBACK_LIMIT).format(
            count=number(FEEDBACK_LIMIT))
        return f"{text[:FEEDBACK_LIMIT]}\n... {cut}"


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


RANDOM = N_("Your code drew numbers from random during this call: every answer the contract asks "
            "for depends only on the arguments, and ties go to the first in search order.")


def _random(pair):
    """That the student's code drew random numbers, as a part of a failure: an answer drawn at
    random may match a known mistake by chance, so none is suspected then."""
    return f"\n{_(RANDOM)}" if pair.got.used_random else ""


def _suspected(pair):
    """The known mistakes tried on a failing pair: a function of the other pairs of the
    function (Caller.pairs_of), which may tell apart several that reproduce it, to them as
    CheckResult.suspects keeps them."""
    got, call = pair.got, pair.call
    found = None if got.used_random or not call else suspected(call, got, pair.want.explained)

    def kept(others):
        apart = told_apart(found, [(other.call, other.got, other.want.explained)
                                   for other in others if other is not pair])
        return apart and {"reproduce": list(apart[0]), "contradicted": list(apart[1])}
    return kept


def diagnosed(pair):
    """What a failing pair's CheckFailed says of its cause beyond the comparison (that the code
    drew random numbers), and what it records for the function's diagnosis: computed only when
    the failure is shown."""
    part = Lazy(_random, pair)
    return part, {"cause": part, "suspects": Lazy(_suspected, pair), "calls": pair.got.entered,
                  "pair": pair}


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

    def as_dict(self):
        """The heading of a shrunk input is worded alike in both graders, and true of both: the
        smallest input their shrinking found (the students' repository shrinks only through the
        games whose answers it holds, so it may find a larger one than the instructor's
        grader)."""
        name = course.name_of(self.example)
        if name:
            # TRANSLATORS: {name} is what the course calls the input: "the empty board"
            heading = _("It shows on {name}").format(name=name)
        else:
            heading = _("The smallest input found that shows it") if self.smallest else \
                _("The input")
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


def answer_shown(observed):
    """An answer as a sentence quotes it: a number as the language writes a game's value (-4,
    0,5 in Catalan), which is all the comparison reads of it, cut short as any quote (an int may
    have thousands of digits); anything else as the code returned it."""
    if is_number(observed.answer):
        return brief(value_text(observed.answer))
    return as_returned(observed)


def starting_window(alpha, beta):
    """The note of a search called with the window (alpha, beta)."""
    return _("The search starts with alpha={alpha}, beta={beta}.").format(
        alpha=value_text(alpha), beta=value_text(beta))


def named_scores(game, scores):
    """An evaluation's scores as a note lists them: "B 5, C 0,5", (path, score) pairs in order."""
    return ", ".join(f"{name_node(game, path)} {value_text(score)}" for path, score in scores)


def argument(value):
    """One argument of a call as the grader's call shows it."""
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)).startswith("$"):
        return next(iter(value))[1:]  # {"$order": ...}: the function built from the spec
    return quoted(value)


def call_made(call):
    """The call the grader made, as Python: "alphabeta_value(game, state, -inf, inf, order)"."""
    given = ["game", "state"] if call.get("game") is not None else []
    return f"{call['function']}({', '.join(given + [argument(a) for a in call.get('args', [])])})"


def require_answer(function, got, shown, call=None):
    """Fail unless the call returned something made of plain builtin values. A TypeError names
    the call the grader made: it most often means a parameter is missing or extra."""
    if got.problem:
        # TRANSLATORS: {call} is Python code, such as minimax_value(game, state)
        made = ("\n" + _("The grader called {call}; compare it with your function's "
                         "parameters.").format(call=call_made(call))
                if call and got.raised == "TypeError" else "")
        # The problem is said after the function's name, in every language (reports cut it off).
        raise CheckFailed(f"{function} {got.problem}{made}", shown=shown,
                          cause=f"{function} {got.unquoted or got.problem}",
                          whole_function=got.whole_function, calls=got.entered)
    if got.answer is NO_ANSWER:
        raise CheckFailed(returned_type(function, got.answer_type), shown=shown,
                          cause=returned_type(function, got.builtin_type))


def returned_type(function, name):
    """The failure of an answer of type `name` that no answer may have. A hidden check names the
    type only when it is one of Python's own ("" otherwise): a class the student's code makes may
    be named anything, its input included."""
    if not name:
        return _("{function} returned an object whose type is not one of Python's built-in "
                 "types; answers must be plain int, float, str or list values").format(
            function=function)
    # TRANSLATORS: {type} is a Python type's name, such as set or generator
    return _("{function} returned a {type}; answers must be plain int, float, str or list "
             "values").format(function=function, type=name)


@quoting_printed
def same_answer(pair, shown, what=""):
    """The answer must be the reference's; `what`, translated, says what that is ("the minimax
    value")."""
    function, got, want, call = pair.function, pair.got, pair.want, pair.call
    require_answer(function, got, shown, call)
    if not exactly_equal(got.answer, want.answer):
        values = {"function": function, "got": answer_shown(got), "want": answer_shown(want)}
        if what:
            # TRANSLATORS: {what} says what {want} is: "the minimax value"
            sentence = _("{function} returned {got}, but it should return {want}, {what}.").format(
                what=what, **values)
        else:
            sentence = _("{function} returned {got}, but it should return {want}.").format(
                **values)
        part, diagnosis = diagnosed(pair)
        raise CheckFailed(sentence, part, shown=shown, **diagnosis)


@quoting_printed
def window_rule(pair, value, alpha, beta, shown):
    """The contract's window rule, which fail-hard and fail-soft searches both meet."""
    function, got, call = pair.function, pair.got, pair.call
    require_answer(function, got, shown, call)
    r = got.answer
    values = {"function": function, "alpha": value_text(alpha), "beta": value_text(beta),
              "value": value_text(value)}
    if not is_number(r):
        raise CheckFailed(_("{function} returned {got}, not a number, with alpha={alpha}, "
                            "beta={beta} (true value {value}).").format(got=as_returned(got),
                                                                       **values), shown=shown)
    part, diagnosis = diagnosed(pair)
    if alpha < value < beta and r != value:
        rule = _("{function} returned {got} with alpha={alpha}, beta={beta} (true value {value}): "
                 "inside the window it must return exactly the true value.")
    elif value <= alpha and not value <= r <= alpha:
        rule = _("{function} returned {got} with alpha={alpha}, beta={beta} (true value {value}): "
                 "when the value is at or below alpha the result must lie between the value and "
                 "alpha.")
    elif value >= beta and not beta <= r <= value:
        rule = _("{function} returned {got} with alpha={alpha}, beta={beta} (true value {value}): "
                 "when the value is at or above beta the result must lie between beta and the "
                 "value.")
    else:
        return
    raise CheckFailed(rule.format(got=answer_shown(got), **values), part, shown=shown, **diagnosis)


@quoting_printed
def same_trace(pair, spec, shown, searcher=ALPHA_BETA):
    """The examined nodes must be the reference's, in the same order; `searcher`, a message marked
    with N_, names the reference's search in the feedback."""
    function, got, want, call = pair.function, pair.got, pair.want, pair.call
    require_answer(function, got, shown, call)
    mine, theirs = got.trace, want.trace
    if mine == theirs:
        return
    name = lambda key: name_node(spec, decode_path(key))  # noqa: E731
    summary = compared_counts(mine, theirs, searcher)
    detail = parted(first_difference(mine, theirs), mine, theirs, searcher, name)
    traces = Lazy(_traces, pair) if spec["kind"] == "tree" else None
    part, diagnosis = diagnosed(pair)
    raise CheckFailed(f"{function}: {summary}; {detail}.", Lazy(_divergence, pair, spec), part,
                      shown=shown, traces=traces, **diagnosis)


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
    summary = ngettext("{function} evaluated {count} position where the reference evaluates "
                       "{theirs}",
                       "{function} evaluated {count} positions where the reference evaluates "
                       "{theirs}", len(mine)).format(function=function, count=number(len(mine)),
                                                     theirs=number(len(theirs)))
    extra = [key for key in got.evaluated if key not in theirs]
    if extra and extra[0] in want.trace:
        detail = _("it evaluated {node}, which the reference examines but never evaluates: a "
                   "position above the cut-off is worth its children's values, and a terminal "
                   "one its utility").format(node=name(extra[0]))
    elif extra:
        detail = _("it evaluated {node}, which the reference's search never reaches: it lies "
                   "below the cut-off, or where alpha-beta prunes").format(node=name(extra[0]))
    else:
        missing = next(key for key in want.evaluated if key not in mine)
        detail = _("it never evaluated {node}, which the reference evaluates").format(
            node=name(missing))
    part, diagnosis = diagnosed(pair)
    raise CheckFailed(f"{summary}; {detail}.", part, shown=shown, **diagnosis)


@quoting_printed
def examines_every_node(pair, spec, shown):
    """Minimax examines every node; the reference's trace is the whole tree."""
    function, got, call, all_nodes = pair.function, pair.got, pair.call, pair.want.trace
    require_answer(function, got, shown, call)
    examined = set(got.trace)
    missed = [path for path in all_nodes if path not in examined]
    if missed:
        # TRANSLATORS: {total} is how many nodes the game has, {node} the first one missed
        sentence = ngettext("{function} examined {count} of the {total} node; minimax examines "
                            "every node, but it never examined {node}.",
                            "{function} examined {count} of the {total} nodes; minimax examines "
                            "every node, but it never examined {node}.", len(all_nodes)).format(
            function=function, count=number(len(got.trace)), total=number(len(all_nodes)),
            node=name_node(spec, decode_path(missed[0])))
        part, diagnosis = diagnosed(pair)
        raise CheckFailed(sentence, part, shown=shown, **diagnosis)


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
    # TRANSLATORS: {answer} is the order the student's function returned at the node {node}
    raise CheckFailed(ngettext(
        "{function} returned {answer} at {node}, so alpha-beta searching in its order parts from "
        "alpha-beta in the course's order after the same first {count} node: it examines "
        "{instead} where the course's order examines {theirs}.",
        "{function} returned {answer} at {node}, so alpha-beta searching in its order parts from "
        "alpha-beta in the course's order after the same first {count} nodes: it examines "
        "{instead} where the course's order examines {theirs}.", step).format(
            function=function, answer=quoted(answer), node=name_node(spec, path),
            count=number(step), instead=name_node(spec, instead),
            theirs=name_node(spec, theirs)), expected_order(spec, path, answer, searched),
        shown=shown)
