"""What a grading run in-process leaves on the test worker that runs it, taken back before the
next test (conftest.grader_memory_restored). The two tests run in this order, in one worker (the
README's command gives xdist whole files)."""
import resource

from autograder.runner import sandbox

LIMIT_AT_START = resource.getrlimit(resource.RLIMIT_AS)


def test_an_in_process_grading_caps_the_workers_address_space():
    assert sandbox.cap_grader_memory(2048)
    assert resource.getrlimit(resource.RLIMIT_AS)[0] == 2048 * 2**20


def test_the_next_test_runs_without_that_cap():
    assert resource.getrlimit(resource.RLIMIT_AS) == LIMIT_AT_START
