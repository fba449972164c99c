"""Hooks and fixtures for the project's own tests; the helpers they share are in tests/support/."""
import os
import resource
import shutil
import tempfile

import pytest

from support.cli import grade_json
from support.submissions import reference_files

# The course's secret official grading draws its games from, in these tests: the one place it is
# set. Each grading process inherits it through the environment, as Gradescope's and the
# workflow's do; a test of grading without one takes it out.
TEST_SECRET = "tests-only-secret-0123456789abcdef"
# An assignment kept as a fixture (docs/new-assignment.md's worked example): its checks are the
# grader's to run, with their own `caller`, never this session's tests.
collect_ignore = ["nim_assignment"]


def runs_the_session(config):
    """Whether this process runs the session: pytest alone, or the controller of xdist workers."""
    return not hasattr(config, "workerinput")


def pytest_configure(config):
    """The instructor's grader keeps the reference's answers in the user's cache folder: the
    tests keep theirs in a folder of their own, new each run, never the developer's. The
    session's process makes it before xdist starts its workers, which inherit it through the
    environment: the reference is verified and answered once a run, not once a worker (the cache's
    files are written whole, through a rename, so a worker never reads another's half-written).
    Likewise the user's configuration folder, so that the developer's own course secret is never
    read, and the tests' secret (TEST_SECRET)."""
    if runs_the_session(config):
        os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="autograder-tests-cache-")
        os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="autograder-tests-config-")
        os.environ["AUTOGRADER_SECRET"] = TEST_SECRET


def pytest_unconfigure(config):
    if runs_the_session(config):
        shutil.rmtree(os.environ["XDG_CACHE_HOME"], ignore_errors=True)
        shutil.rmtree(os.environ["XDG_CONFIG_HOME"], ignore_errors=True)


def pytest_collection_modifyitems(items):
    """The slow tests first, then the other end-to-end ones, then the unit tests. The README's
    command gives xdist whole files in this order (--dist loadfile --no-loadscope-reorder), so the
    files that take minutes start at once, one per worker, while the other worker takes the rest,
    rather than one worker being left alone with one at the end. A stable sort keeps each tier in
    the order every worker collects."""
    def tier(item):
        return 0 if item.get_closest_marker("slow") else 1 if item.get_closest_marker("e2e") else 2
    items.sort(key=tier)


@pytest.fixture(autouse=True)
def grader_memory_restored():
    """The command line caps its own process's address space for the rest of its life
    (sandbox.cap_grader_memory), which is right for a grading process and wrong for a test
    worker that ran one in-process: each later test would inherit it (Chromium dies at start
    under it). Only the soft limit is lowered, so it can be raised back."""
    before = resource.getrlimit(resource.RLIMIT_AS)
    yield
    resource.setrlimit(resource.RLIMIT_AS, before)


@pytest.fixture(scope="session")
def reference_results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reference")
    return grade_json(reference_files(folder / "submission"), folder)
