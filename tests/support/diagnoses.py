"""Diagnosis as the feedback tests hold it to the truth: a mistake's replay as an observation,
two observations compared as grading compares them, the property every diagnosis meets, and pairs
of mistakes found live and from what the students' release records."""
import json
from unittest import mock

from autograder.feedback import diagnosis
from autograder.feedback.diagnosis import (as_mistakes, in_either_style, styled, suspected,
                                           together, window)
from autograder.feedback.replaying import record
from autograder.feedback.replaying.record import explained
from autograder.feedback.replaying.replay import replay
from autograder.feedback.replaying.variants import Mistakes
from autograder.runner.observations import Observation, exactly_equal


def reproducing(the_call, got, known=None):
    """The known mistakes that reproduce `got` on `the_call`, in the order suspected; () when
    none does or nothing was tried (feedback/diagnosis.py's suspected)."""
    found = suspected(the_call, got, known)
    return found[0] if found else ()


def same(a, b):
    """Alike as grading sees them: answers compared as the checks compare them, traces exactly."""
    return exactly_equal(a.answer, b.answer) and a.trace == b.trace


def as_observation(the_call, mistakes):
    answer, trace = replay(the_call, mistakes)
    return Observation(answer=answer, answer_type=type(answer).__name__, trace=trace)


def assert_diagnosis_reproduces(the_call, mistake, suspects):
    """A search with `mistake` on, diagnosed: nothing when it made no difference; else some
    mistake when `suspects` (the function's) include it, and only mistakes that reproduce it."""
    wrong = as_observation(the_call, Mistakes(**{mistake: True}))
    named = reproducing(the_call, wrong)
    # the mistake made no difference here, nothing to claim: in a window, an answer the correct
    # search gives in the other style is none (a leaf of 0.5 for MIN in (0.5, inf): -0.5 or the
    # window's end, which the window rule accepts alike)
    if alike(as_observation(the_call, Mistakes()), wrong, window(the_call)):
        assert named == ()
        return
    if mistake in suspects:
        assert named
    for suspect in named:  # in one of the styles it is tried in, answers alike in the window
        assert any(alike(as_observation(the_call, as_mistakes(name)), wrong, window(the_call))
                   for name in styled(the_call["function"], suspect))


def alike(a, b, within):
    """Alike as diagnosis sees them: the same nodes, and answers equal or, in a window, the same
    once clamped into it (the two styles' answers)."""
    return a.trace == b.trace and (exactly_equal(a.answer, b.answer)
                                   or in_either_style(a.answer, b.answer, within))


def pairs_live_and_released(calls, mistakes, cap=diagnosis.PAIR_CAP):
    """diagnosis.together on `calls` of one function, the first its failing input, observed of a
    search with `mistakes`, with PAIR_CAP at `cap`: replayed live, and read, with no working
    search at hand, from what the students' release records of each call (through JSON, as its
    answers file keeps it)."""
    with mock.patch.object(diagnosis, "PAIR_CAP", cap), mock.patch.object(record, "PAIR_CAP", cap):
        observed = [(call, as_observation(call, mistakes),
                     json.loads(json.dumps(explained(call)))) for call in calls]
        function = calls[0]["function"]
        live = together(function, observed[:1], observed[1:])
        with mock.patch.object(diagnosis, "replay", None):
            released = together(function, observed[:1], observed[1:])
    return live, released
