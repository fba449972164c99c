"""Diagnosis as the feedback tests hold it to the truth: a mistake's replay as an observation,
two observations compared as grading compares them, and the property every diagnosis meets."""
from autograder.feedback.diagnosis import EXPLANATIONS, diagnose
from autograder.feedback.replaying.replay import replay
from autograder.feedback.replaying.variants import Mistakes
from autograder.runner.observations import Observation, exactly_equal


def same(a, b):
    """Alike as grading sees them: answers compared as the checks compare them, traces exactly."""
    return exactly_equal(a.answer, b.answer) and a.trace == b.trace


def as_observation(the_call, mistakes):
    answer, trace = replay(the_call, mistakes)
    return Observation(answer=answer, answer_type=type(answer).__name__, trace=trace)


def assert_diagnosis_reproduces(the_call, mistake, suspects):
    """A search with `mistake` on, diagnosed: nothing when it made no difference; else a sentence
    when `suspects` (the function's) include it, naming one suspect that reproduces it."""
    wrong = as_observation(the_call, Mistakes(**{mistake: True}))
    sentence = diagnose(the_call, wrong)
    if same(wrong, as_observation(the_call, Mistakes())):
        assert sentence == ""  # the mistake made no difference here: nothing to claim
        return
    if mistake in suspects:
        assert sentence
    named = [m for m in suspects if f"that {EXPLANATIONS[m][0]}," in sentence]
    assert len(named) == (1 if sentence else 0)
    for suspect in named:
        assert same(as_observation(the_call, Mistakes(**{suspect: True})), wrong)
