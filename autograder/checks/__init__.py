"""The checks: each one a pytest test that judges one student function against the reference.

A check's name starts with the function it judges and a colon, so a student sees at once what to fix
and a gradebook can total by function. `@check(name)` marks a test as graded.
"""
import pytest

check = pytest.mark.check

