"""The environment variables that would change what grading runs, kept out of it.

Whoever starts the grader may be the student: a notebook's kernel runs their answer cells, and one
`os.environ["PYTEST_ADDOPTS"] = "-k 'not ...'"` there would deselect checks. PYTEST_PLUGINS loads
code into the grader, and HYPOTHESIS_* move its storage or load plugins.
"""
import os

# pytest sets these itself to describe the test it runs; they change nothing (and pytest removes
# PYTEST_CURRENT_TEST itself, so it must stay).
DESCRIPTIVE = ("PYTEST_CURRENT_TEST", "PYTEST_VERSION")


def steers_grading(variable):
    return variable.startswith(("PYTEST_", "HYPOTHESIS_")) and variable not in DESCRIPTIVE


def without_steering(environ):
    """A copy of `environ` for a grading process: nothing in it steers grading."""
    return {name: value for name, value in environ.items() if not steers_grading(name)}


def clear():
    """Remove what steers grading from this process's environment, before pytest reads it."""
    for name in [name for name in os.environ if steers_grading(name)]:
        del os.environ[name]
