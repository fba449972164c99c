"""The checks: pytest tests, each judging one function against the reference.

A check's name starts with the function it judges and a colon, so a student sees at once what to
fix and a gradebook can total by function. `@check(name)` marks a test as graded. A check takes the
`caller` fixture (calling.py), which makes each call on both sides, and hands the Pair of
observations it returns to the judge (judge.py).

May import: contract, language, drawing, games, worker, runner, grading, feedback.
"""
import pytest

check = pytest.mark.check

