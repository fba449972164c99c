"""Attacks on what grading runs, rather than on the sandbox: each scenario with its exact outcome.

- PYTEST_ADDOPTS="-k 'not ...'" in the grader's environment deselected checks (54/60 instead of
  78/100); one line in a notebook's answer cell set it for the nbgrader kernel's grading too. The
  grader clears every variable that steers pytest or hypothesis before it runs them, the notebook
  kernel starts the grader without them, and a report that ran other checks than grading.toml
  names is refused.
"""
import json
import resource

import pytest

from autograder import policy as grading_config
from autograder import engine
from autograder.commands import notebook_cells
from autograder.runner import sandbox
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
    monkeypatch.setattr(engine.environment, "clear", lambda: None)
    monkeypatch.setenv("PYTEST_ADDOPTS", "-k 'not positions'")
    folder = reference_files(tmp_path / "submission")
    with pytest.raises(engine.GradingError, match=r"grading ran 1 of the 2 checks in "
                                                  r"grading\.toml"):
        engine.grade(folder, grading_config.load(), tmp_path / "scratch", lanes=1,
                     only=["center_first"])


@pytest.mark.e2e
def test_a_notebook_kernel_cannot_steer_its_grading(monkeypatch):
    """nbgrader's test cells grade the answer cells through the grader, started from the kernel
    whose environment the student's cells can change."""
    for name, value in DESELECTING.items():
        monkeypatch.setenv(name, value)
    sources = {path.stem: path.read_text() for path in (ROOT / "reference").glob("*.py")
               if path.stem != "__init__"}
    report = notebook_cells.grade_answers(sources)
    assert len(report["checks"]) == len(grading_config.load().checks)
    assert report["points"] == report["max_points"] == config_total()


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
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        assert sandbox.cap_grader_memory(65536)
        with pytest.raises(engine.GradingError) as raised:
            engine.grade(tmp_path, grading_config.load(), tmp_path)
        assert str(raised.value) == ("grading stopped: the grader ran out of memory (65536 MiB, "
                                     "limits.grader_memory_mb in grading.toml)")
        assert resource.getrlimit(resource.RLIMIT_AS) == (hard, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
