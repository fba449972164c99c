"""Attacks on what grading runs, rather than on the sandbox: each scenario with its exact outcome.

- PYTEST_ADDOPTS="-k 'not ...'" in the grader's environment deselected checks (54/60 instead of
  78/100); one line in a notebook's answer cell set it for the nbgrader kernel's grading too. The
  grader clears every variable that steers pytest or hypothesis before it runs them, the notebook
  kernel starts the grader without them, and a report that ran other checks than grading.toml
  names is refused.
- A submission whose calls each sleep a few seconds, under one call's wall-clock limit and using no
  CPU time, ran for hours: the check's backstop (pytest-timeout) failed inside its own handler,
  which needs the terminal reporter the grader runs without, so checks passed long after their
  limit and others read "the grader itself failed (not your fault)". A function's calls together
  now have a wall-clock budget, and the backstop raises the grader's own exception.
"""
import json
import re
import resource
import time

import pytest

from autograder import policy as grading_config
from autograder import engine
from autograder.assignments import SEARCH
from autograder.engine import session
from autograder.commands import notebook_cells
from autograder.runner import sandbox
from autograder.runner.worker_process import STACK_WAIT_SECONDS
from support.cli import run_cli
from support.paths import ROOT
from support.submissions import reference_files

DESELECTING = {"PYTEST_ADDOPTS": "-k 'not positions and not trees'",
               "HYPOTHESIS_STORAGE_DIRECTORY": "/nonexistent"}


def config_total():
    return sum(policy.points for policy in grading_config.load().checks.values())


@pytest.mark.e2e
def test_the_environment_selects_no_checks(tmp_path, monkeypatch):
    for name, value in DESELECTING.items():
        monkeypatch.setenv(name, value)
    output = tmp_path / "results.json"
    completed = run_cli("grade", reference_files(tmp_path / "reference"), "--format",
                        "gradescope", "--output", output)
    assert completed.returncode == 0, completed.stderr
    results = json.loads(output.read_text())
    assert len(results["tests"]) == len(grading_config.load().checks)
    assert results["score"] == results["max_score"] == config_total()


@pytest.mark.e2e
def test_a_run_that_lost_checks_is_refused(tmp_path, monkeypatch):
    """Were anything to deselect checks (here the clearing is switched off), the grade is refused
    rather than scored out of fewer points: here one of center_first's, the function graded."""
    monkeypatch.setattr(session.environment, "clear", lambda: None)
    monkeypatch.setenv("PYTEST_ADDOPTS", "-k 'not positions'")
    folder = reference_files(tmp_path / "submission")
    with pytest.raises(engine.GradingError, match=r"grading ran 1 of the 2 checks in "
                                                  r"grading\.toml"):
        engine.grade(folder, grading_config.load(), tmp_path / "scratch", lanes=1,
                     only=["center_first"], assignment=SEARCH)


@pytest.mark.e2e
def test_a_notebook_kernel_cannot_steer_its_grading(monkeypatch):
    """nbgrader's test cells grade the answer cells through the grader, started from the kernel
    whose environment the student's cells can change."""
    for name, value in DESELECTING.items():
        monkeypatch.setenv(name, value)
    sources = {path.stem: path.read_text() for path in (ROOT / "reference").glob("*.py")
               if path.stem != "__init__"}
    report = notebook_cells.grade_answers(sources)
    assert len(report.checks) == len(grading_config.load().checks)
    assert report.points == report.max_points == config_total()


def test_a_grader_out_of_memory_is_a_grading_error_not_a_crash(tmp_path, monkeypatch):
    """The grader caps its own address space (limits.grader_memory_mb); running out, in the
    grading process or a lane (whose MemoryError comes back through lanes.py), is one grading
    error naming the cap, which is lifted again so that the grader can clean up and say so.
    (Graded end to end under a cap close to what grading needs, the process could also die of
    SIGSEGV, when the main thread's stack cannot grow: see the session note; so this is tested
    where the error is raised.)"""
    def exhausted(*args):
        raise MemoryError
    monkeypatch.setattr(engine, "_report", exhausted)
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    assert sandbox.cap_grader_memory(65536)
    with pytest.raises(engine.GradingError) as raised:
        engine.grade(tmp_path, grading_config.load(), tmp_path, assignment=SEARCH)
    assert str(raised.value) == ("grading stopped: the grader ran out of memory (65536 MiB, "
                                 "limits.grader_memory_mb in grading.toml)")
    assert resource.getrlimit(resource.RLIMIT_AS) == (hard, hard)


CHECK_SECONDS = 6  # a small backstop: a function's calls may take 3 s together


def small_backstop(folder):
    """The project's policy with limits.check_seconds = CHECK_SECONDS, in `folder`."""
    text = (ROOT / "grading.toml").read_text()
    (folder / "grading.toml").write_text(
        re.sub(r"(?m)^check_seconds = .*$", f"check_seconds = {CHECK_SECONDS}", text))
    return grading_config.load(folder / "grading.toml")


def graded_only(folder, config, scratch, functions):
    """The results of `functions`' checks, graded in this process, and the seconds it took."""
    started = time.monotonic()
    report = engine.grade(folder, config, scratch, lanes=1, only=functions, assignment=SEARCH)
    took = time.monotonic() - started
    return {check.name: check for check in report.checks if check.status != "not run"}, took


@pytest.mark.e2e
def test_calls_that_sleep_under_the_wall_floor_stop_within_the_functions_budget(tmp_path):
    """center_first sleeps 4 s at every call: under one call's wall-clock floor (30 s), past the
    3 s all its calls may take together (half of check_seconds), so its first call is stopped
    at 3 s, on every run and however busy the machine; its other check fails at once.
    guaranteed_decision, correct, passes."""
    folder = reference_files(tmp_path / "submission")
    ordering = folder / "ordering.py"
    ordering.write_text(ordering.read_text().replace(
        "    legal = game.actions(state)\n    return [cell for cell in CENTER_FIRST",
        "    import time\n    time.sleep(4)\n    legal = game.actions(state)\n"
        "    return [cell for cell in CENTER_FIRST"))
    config = small_backstop(tmp_path)
    checks, took = graded_only(folder, config, tmp_path / "scratch",
                               ["center_first", "guaranteed_decision"])
    budget = config.limits.function_seconds()
    # the budget, the stack asked of the stopped call, and a few seconds for the rest
    assert took < budget + STACK_WAIT_SECONDS + 20, took
    statuses = {name: check.status for name, check in checks.items()}
    assert statuses == {
        "center_first: centre, corners, edges on random positions": "failed",
        "center_first: the reference's alpha-beta examines 7,275 nodes with it": "failed",
        "guaranteed_decision: random price wars with ties and negatives": "passed"}
    first, second = (checks[name].feedback for name in list(statuses)[:2])
    line = ordering.read_text().splitlines().index("    time.sleep(4)") + 1
    # no input: which call its function's time ran out in may change with the machine's load
    assert first == ("center_first used up its 3 s on the wall clock, the time all its calls "
                     "together may take across its checks: look for a sleep, an input() or a "
                     "lock that is never released, or for work done again and again (a search "
                     "that never prunes, a copied state, a search repeated)\n  stopped at "
                     f"ordering.py, line {line}: "
                     "time.sleep(4)")
    assert second == ("center_first timed out in an earlier check (limit 3.0 s), so this one was "
                      f"not run\n  stopped at ordering.py, line {line}: time.sleep(4)")
    assert not any("not your fault" in check.feedback for check in checks.values())


@pytest.mark.e2e
def test_the_checks_backstop_fires_without_the_terminal_reporter(tmp_path, monkeypatch):
    """The grader runs pytest with -p no:terminal. A check that outlasts check_seconds outside
    the student's calls (here the reference, slowed in the grader) fails as the check's own
    time-out, never as the grader's failure, and stops there."""
    real = session.reference

    def slow_reference(function, **where):
        search = real(function, **where)

        def slowly(*args):
            time.sleep(60)
            return search(*args)
        return slowly
    monkeypatch.setattr(session, "reference", slow_reference)
    config = small_backstop(tmp_path)
    checks, took = graded_only(reference_files(tmp_path / "submission"), config,
                               tmp_path / "scratch", ["guaranteed_decision"])
    assert took < CHECK_SECONDS + 20, took
    [check] = checks.values()
    assert (check.status, check.feedback) == (
        "failed", f"the check ran out of time as a whole (its limit is {CHECK_SECONDS} s)")
