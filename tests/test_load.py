"""Grades that do not depend on the machine's load: the time limits count the worker's CPU time
against the reference's, so the same submission gets the same Gradescope results, byte for byte,
feedback included, on a quiet machine and with every core it may use busy. The test keeps itself,
its gradings and its busy processes to one core, so that the load it makes is the grading's alone,
not the rest of the test suite's.

The two submissions are the ones load used to change: a correct one whose minimax searches are
twice as slow as the reference's (in CPU time, well within the slowdown), and the alpha-beta whose
MIN nodes raise beta (tests/submissions/bug_min_bound_raised), which searches 25 times the
reference's nodes and lost a check to a time-out in a busy batch. Each is graded on the functions
it changes: the others are the reference's, which load never moved.
"""
import multiprocessing
import os
import shutil
from contextlib import contextmanager

import pytest

from support.cli import run_cli
from support.paths import ROOT
from support.submissions import reference_files, slowed_submission

pytestmark = pytest.mark.e2e

RAISED = ROOT / "tests" / "submissions" / "bug_min_bound_raised"
# The functions each submission changes, by its folder's name.
CHANGED = {"slow": ("minimax_value", "minimax_decision"),
           "raised": ("alphabeta_value", "alphabeta_decision")}


def busy():
    while True:
        pass


@contextmanager
def one_core():
    """This process, and the processes it starts, on one core while the block runs."""
    cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cores)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, cores)


@contextmanager
def load(per_core):
    """`per_core` busy processes on every core this process may use while the block runs."""
    spinners = [multiprocessing.Process(target=busy, daemon=True)
                for _ in range(per_core * len(os.sched_getaffinity(0)))]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.join()


def results(submission, folder, name):
    output = folder / f"{name}.json"
    completed = run_cli("grade", submission, "--format", "gradescope", "--output", output,
                        *[option for function in CHANGED[submission.name]
                          for option in ("--only", function)])
    assert completed.returncode == 0, completed.stderr
    return output.read_bytes()


@pytest.fixture(scope="module")
def submissions(tmp_path_factory):
    folder = tmp_path_factory.mktemp("load")
    raised = reference_files(folder / "raised")
    shutil.copy(RAISED / "alphabeta.py", raised / "alphabeta.py")
    return {"twice as slow": slowed_submission(folder / "slow", 2), "raises beta": raised}


@pytest.mark.parametrize("name", ["twice as slow", "raises beta"])
def test_the_same_results_quiet_and_under_load(submissions, tmp_path, name):
    with one_core():
        quiet = results(submissions[name], tmp_path, "quiet")
        with load(per_core=1):
            busy_once = results(submissions[name], tmp_path, "busy")
        with load(per_core=3):
            busier = results(submissions[name], tmp_path, "busier")
    assert busy_once == quiet
    assert busier == quiet
    assert b"did not return" not in quiet  # no time-out anywhere: the CPU limits hold
