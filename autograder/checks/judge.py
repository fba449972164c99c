"""Verdicts: compare the student's observation with the reference's, exactly, and explain failures.

Every failure names the function, what was expected, what came back and the input, drawn; for node
traces it names the first node where the two searches part. Answers are compared as exact builtin
types: numbers (int or float, never bool) by value, actions and names by type and value.
"""
import math

from autograder.checks import course
from autograder.drawing import draw_game, name_node
from autograder.observations import NO_ANSWER
from autograder.worker.calls import decode_path


class CheckFailed(AssertionError):
    """The student's answer is wrong; the message is written for the student."""


def is_number(value):
    return type(value) in (int, float) and not math.isnan(value)


def exactly_equal(got, want):
    if is_number(want):
        return is_number(got) and got == want
    if type(want) is list:
        return type(got) is list and len(got) == len(want) and all(map(exactly_equal, got, want))
    return type(got) is type(want) and got == want


class Shown:
    """The input, drawn only when a message needs it (most checks pass and never do)."""

    def __init__(self, draw, example, *args, smallest=True, note=""):
        self.draw, self.example, self.args = draw, example, args
        self.smallest, self.note = smallest, note

    def __str__(self):
        name = course.name_of(self.example)
        if name:
            head = f"It shows on {name}"
        else:
            head = "The smallest input that shows it" if self.smallest else "The input"
        note = f"\n{self.note}" if self.note else ""
        return f"\n\n{head}:\n{self.draw(self.example, *self.args)}{note}"


def shown(spec, smallest=True, note=""):
    return Shown(draw_game, spec, smallest=smallest, note=note)


def require_answer(function, got, context):
    """Fail unless the call returned something made of plain builtin values."""
    if got.problem:
        raise CheckFailed(f"{function} {got.problem}{context}")
    if got.answer is NO_ANSWER:
        raise CheckFailed(f"{function} returned a {got.answer_type}; answers must be plain "
                          f"int, float, str or list values{context}")


def same_answer(function, got, want, context, what="the answer"):
    require_answer(function, got, context)
    if not exactly_equal(got.answer, want.answer):
        raise CheckFailed(f"{function} returned {got.answer!r} ({got.answer_type}), "
                          f"but {what} is {want.answer!r}.{context}")


def window_rule(function, got, value, alpha, beta, context):
    """The contract's window rule, which fail-hard and fail-soft searches both meet."""
    require_answer(function, got, context)
    r = got.answer
    window = f"with alpha={alpha}, beta={beta} (true value {value})"
    if not is_number(r):
        raise CheckFailed(f"{function} returned {r!r}, not a number, {window}.{context}")
    if alpha < value < beta and r != value:
        raise CheckFailed(f"{function} returned {r} {window}: inside the window it must return "
                          f"exactly the true value.{context}")
    if value <= alpha and not value <= r <= alpha:
        raise CheckFailed(f"{function} returned {r} {window}: when the value is at or below alpha "
                          f"the result must lie between the value and alpha.{context}")
    if value >= beta and not beta <= r <= value:
        raise CheckFailed(f"{function} returned {r} {window}: when the value is at or above beta "
                          f"the result must lie between beta and the value.{context}")


def same_trace(function, got, want, spec, context, searcher="your search"):
    """The examined nodes must be the reference's, in the same order."""
    require_answer(function, got, context)
    mine, theirs = got.trace, want.trace
    if mine == theirs:
        return
    name = lambda key: name_node(spec, decode_path(key))  # noqa: E731
    step = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine),
                                                                                   len(theirs)))
    summary = f"{searcher} examined {len(mine):,} nodes where alpha-beta examines {len(theirs):,}"
    if step == len(theirs):
        detail = (f"after the same first {step:,} nodes, {searcher} went on to examine "
                  f"{name(mine[step])}, which alpha-beta prunes")
    elif step == len(mine):
        detail = (f"after the same first {step:,} nodes, {searcher} stopped, but alpha-beta "
                  f"still examines {name(theirs[step])}")
    else:
        detail = (f"the first {step:,} nodes agree; then {searcher} examined {name(mine[step])} "
                  f"where alpha-beta examines {name(theirs[step])}")
        if theirs[step] not in mine:
            detail += f" ({name(theirs[step])} is never examined by {searcher})"
    raise CheckFailed(f"{function}: {summary}; {detail}.{context}")


def examines_every_node(function, got, all_nodes, spec, context):
    require_answer(function, got, context)
    examined = set(got.trace)
    missed = [path for path in all_nodes if path not in examined]
    if missed:
        raise CheckFailed(f"{function} examined {len(got.trace):,} of the {len(all_nodes):,} nodes; "
                          f"minimax examines every node, but it never examined "
                          f"{name_node(spec, decode_path(missed[0]))}.{context}")
