"""One pass of an assignment's checks in this process: a pytest session against a worker on the
submission in a sandbox, which yields the checks' results and no Report (grade makes it).

Only the plugins the checks use load; the lanes (runner/lanes.py) each run such a pass on their
share of the contract's functions.
"""
from functools import partial
from pathlib import Path

import pytest

from autograder.checks.calling import Caller, reference
from autograder.engine.plugin import FunctionQueue, GradingPlugin
from autograder.engine.seeding import use_hypothesis_settings
from autograder.errors import GradingError
from autograder.feedback import foresight
from autograder.feedback.function_trial import tried_again
from autograder.runner import environment
from autograder.runner.sandbox import Sandbox
from autograder.runner.supervisor import Student

CHECKS = Path(__file__).resolve().parents[1] / "checks"  # its pytest.ini runs every assignment's


def pytest_run(plugin, config, *extra, plugins=()):
    environment.clear()
    use_hypothesis_settings(config)
    # Only the plugins the checks use: whatever else is installed stays out of the grader (and
    # looking for it costs a tenth of a second a run), as does pytest's hook for unraisable
    # exceptions, which collects garbage twice at the end of every session (another tenth).
    checks = plugin.assignment.checks
    args = [str(checks), "-c", str(CHECKS / "pytest.ini"), "--rootdir", str(checks),
            "--disable-plugin-autoload", "-p", "pytest_timeout", "-p", "_hypothesis_pytestplugin",
            "-p", "no:cacheprovider", "-p", "no:terminal", "-p", "no:unraisableexception",
            "-o", f"timeout={config.limits.check_seconds}", *extra]
    code = pytest.main(args, plugins=[plugin, *plugins])
    if plugin.config_error:
        raise plugin.config_error
    if plugin.out_of_memory:
        raise MemoryError
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        raise GradingError(f"the checks could not run (pytest exit code {int(code)})")


def run_checks(caller, config, assignment, functions=None):
    """The plugin that ran the assignment's checks, holding their results: all checks in pytest's
    order, or with `functions`, an iterable of contract functions, theirs as it yields them."""
    plugin = GradingPlugin(caller, config, assignment)
    pytest_run(plugin, config, plugins=[FunctionQueue(functions, config)] if functions else [])
    return plugin


def run_in_sandbox(submission_folder, config, runtime, sandbox_mode, answers, assignment,
                   functions=None):
    """One pass of the checks in this process, and no Report: start a worker on the submission in
    a sandbox of `sandbox_mode` and let pytest run against it all the checks, or with `functions`
    (an iterable the lanes share, see lanes.py) those of the contract functions it yields. Returns
    every check's name in pytest's order, the results of the checks that ran, the reference's
    answers added to `answers` (none when that is None), which a lane hands back to grade, and
    the known mistakes that reproduce each function's search on the calls made and the other
    graded functions those calls entered (foresight.py); after the checks students do not see,
    whose calls are forgotten, so none of theirs count. The failing checks' suspects are tried
    again on every call of their function, and their inputs called again by a worker of their
    own (function_trial.py), here where the calls and the worker are."""
    known = set(answers or ())
    with Sandbox(sandbox_mode) as sandbox, \
            Student(runtime, str(submission_folder), config.limits, sandbox,
                    modules=assignment.modules) as student:
        solution = (partial(reference, modules=assignment.modules,
                            package=assignment.reference_package()) if assignment.live else None)
        caller = Caller(student, answers, solution=solution, traced=assignment.traced)
        plugin = run_checks(caller, config, assignment, functions)
        results = tried_again(plugin.results, plugin.failing,
                              partial(caller.pairs_of, trees_only=False), caller.alone)
    added = {} if answers is None else {key: answers[key] for key in answers.keys() - known}
    seen = caller.seen.values()
    return (plugin.checks, results, added, foresight.reproducing(seen), foresight.entering(seen))
