"""Checks of nim.py: the value and the first winning move, on the course's heaps and on random
ones. Each check is a pytest test marked @check with its name in grading.toml; `caller` calls the
student's function and the reference's on the same input, and the judge compares the answers."""
from hypothesis import example, given, strategies as st

from autograder.checks import check, judge
from autograder.worker.calls import call

# The course's examples, tried before any generated heaps: 1, 2, 3 is lost for the player to
# move; 3, 4, 5 is won by taking 2 from the first heap.
LOST = [1, 2, 3]
WON = [3, 4, 5]
HEAPS = st.lists(st.integers(0, 5), min_size=1, max_size=4)


@check("nim_value: the course's heaps and random ones")
@given(heaps=HEAPS)
@example(heaps=LOST)
@example(heaps=WON)
def test_nim_value(caller, heaps):
    judge.same_answer(caller.both(call("nim_value", None, heaps)), None,
                      f"the value of the heaps {heaps} for the player to move")


@check("nim_decision: the first winning move, or None")
@given(heaps=HEAPS)
@example(heaps=WON)
def test_nim_decision(caller, heaps):
    judge.same_answer(caller.both(call("nim_decision", None, heaps)), None,
                      f"the first winning move from the heaps {heaps}")
