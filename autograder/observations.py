"""What the student's code did on one call, decoded from the worker's JSON and checked for shape.

Nothing from the worker is trusted: a reply of the wrong shape is treated as a crash of that call,
and answers keep the exact builtin types that json gives them, so comparing them runs no student code.
"""
import math
from dataclasses import dataclass

from autograder.worker.calls import decode_trace

NO_ANSWER = object()
QUOTE_LIMIT = 300  # characters of anything the student's code controls that feedback quotes


def brief(text):
    """`text` cut short: feedback quotes answers, messages and names the student's code chose, and
    any of them can be megabytes long."""
    text = str(text)
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:QUOTE_LIMIT]}... ({len(text):,} characters)"


def quoted(value):
    return brief(repr(value))


@dataclass(frozen=True)
class Observation:
    answer: object = NO_ANSWER   # JSON data: int, float, str, bool, None or lists of them
    answer_type: str = ""        # the exact type the function returned, by name
    trace: tuple | None = None   # the examined nodes' encoded paths, in order
    problem: str | None = None   # why there is no usable answer, in words for the student
    seconds: float = 0.0         # as measured by whoever ran the call

    @property
    def answered(self):
        return self.problem is None and self.answer is not NO_ANSWER


def describe_exception(info):
    text = f"raised {brief(info.get('exception', 'an exception'))}"
    if info.get("message"):
        text += f": {brief(info['message'])}"
    where = info.get("where")
    if where:
        text += (f"\n  at {brief(where.get('file'))}, line {brief(where.get('line'))}: "
                 f"{brief(where.get('code', ''))}")
    return text


def describe_problem(problem):
    if "missing_module" in problem:
        return f"is missing: the submission has no {brief(problem['missing_module'])}"
    if "missing_function" in problem:
        return (f"is missing: {brief(problem['module'])} defines no function "
                f"{brief(problem['missing_function'])}")
    if "import_error" in problem:
        return f"could not run: {brief(problem['module'])} failed to import, it " + \
            describe_exception(problem["import_error"])
    if "raised" in problem:
        info = problem["raised"]
        if info.get("exception") == "NotImplementedError":
            return "is not implemented yet (it raised NotImplementedError)"
        return describe_exception(info)
    raise ValueError("unknown problem")


def from_reply(reply, seconds):
    """Decode one worker reply; any surprise in its shape becomes a problem, never an exception."""
    try:
        if "problem" in reply:
            return Observation(problem=describe_problem(reply["problem"]), seconds=seconds)
        data = reply["observation"]
        return Observation(answer=data.get("answer", NO_ANSWER), answer_type=brief(data["type"]),
                           trace=decode_trace(data["trace"]) if "trace" in data else None,
                           seconds=seconds)
    except (KeyError, TypeError, ValueError, AttributeError):
        return Observation(problem="sent the grader a reply it could not read", seconds=seconds)


def first_difference(mine, theirs):
    """Where two traces part: the first index at which they differ, or the shorter one's length
    when it is the start of the other."""
    return next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b),
                min(len(mine), len(theirs)))


def is_number(value):
    return type(value) in (int, float) and not math.isnan(value)


def exactly_equal(got, want):
    if is_number(want):
        return is_number(got) and got == want
    if type(want) is list:
        return type(got) is list and len(got) == len(want) and all(map(exactly_equal, got, want))
    return type(got) is type(want) and got == want
