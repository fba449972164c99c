"""Diagnosis as the feedback tests hold it to the truth: a mistake's replay as an observation,
two observations compared as grading compares them, and the property every diagnosis meets."""
from autograder.feedback.diagnosis import (as_mistakes, in_either_style, styled, suspected,
                                            window)
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
    if same(wrong, as_observation(the_call, Mistakes())):
        assert named == ()  # the mistake made no difference here: nothing to claim
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
