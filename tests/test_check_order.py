"""The order checks run in: every check students do not see after every one they do, so that a
hidden check's duration, which the student's code may set from its input, reaches no visible
check's message (a visible check may time itself and raise what it measured)."""
import pytest

from autograder import policy as grading_config
from autograder.assignments import SEARCH
from autograder.checks.calling import Caller
from autograder.engine.plugin import FunctionQueue, GradingPlugin
from autograder.engine.session import pytest_run
from support.inprocess import InProcess, OnlyChecks, solution

VALUE_VISIBLE = "alphabeta_value: equals minimax at the root on random trees"
VALUE_HIDDEN = "alphabeta_value: examines the reference's nodes with an order function"
DECISION_VISIBLE = "alphabeta_decision: best action on random trees, first of ties"


@pytest.mark.parametrize("lanes", ["one process", "lanes sharing a queue of functions"])
def test_hidden_checks_run_after_every_visible_one_even_of_later_functions(lanes):
    config = grading_config.load()
    assert config.policy(VALUE_HIDDEN).visibility == "hidden"
    student = InProcess()
    queue = ([FunctionQueue(["alphabeta_value", "alphabeta_decision"], config)]
             if lanes.startswith("lanes") else [])
    caller = Caller(student, solution=solution, traced=SEARCH.traced)
    pytest_run(GradingPlugin(caller, config, SEARCH), config,
               plugins=[student, OnlyChecks((VALUE_VISIBLE, VALUE_HIDDEN, DECISION_VISIBLE)),
                        *queue])
    assert list(student.calls) == [VALUE_VISIBLE, DECISION_VISIBLE, VALUE_HIDDEN]
