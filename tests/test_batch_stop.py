"""Stopping a batch: one Ctrl-C (SIGINT to the terminal's process group) or one SIGTERM to the
batch stops it with one line and the shell's exit code, leaves no grading running and no result
half-made, and the same command then resumes where it stopped. Real signals, real processes."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autograder.commands import side_by_side
from autograder.commands.side_by_side import Gradings, Stopped
from support.cli import read_gradebook
from support.paths import ROOT
from support.processes import leftovers, sandbox_processes, settled
from support.submissions import reference_files

pytestmark = pytest.mark.e2e

CLASS_SIZE = 4


def graders_of(output):
    """The pids of the processes whose command line names `output`: the batch's gradings."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and str(output).encode() in (proc / "cmdline").read_bytes():
                state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
                found += [int(proc.name)] if state not in "ZX" else []
        except OSError:
            continue
    return found


def start_batch(klass, output):
    """The batch, in a session of its own as a terminal's job would be. What it grades does not
    matter here, only that gradings run when the signal comes: one function's checks."""
    return subprocess.Popen([sys.executable, "-m", "autograder", "grade", str(klass), "--jobs",
                             "2", "--output", str(output), "--only", "minimax_decision"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def wait_for_students_graded(batch, output):
    """Until a student's grading runs (its command carries --feedback), or the batch ends."""
    while batch.poll() is None:
        if any(b"--feedback" in Path(f"/proc/{pid}/cmdline").read_bytes()
               for pid in graders_of(output) if Path(f"/proc/{pid}").exists()):
            return
        time.sleep(0.05)


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    for number in range(CLASS_SIZE):
        reference_files(folder / f"student{number}")
    return folder


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_one_signal_stops_the_batch_and_the_same_command_resumes(klass, tmp_path, how):
    output = tmp_path / "out"
    before = sandbox_processes()
    batch = start_batch(klass, output)
    wait_for_students_graded(batch, output)
    if how == "ctrl-c":
        os.killpg(batch.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    else:
        os.kill(batch.pid, signal.SIGTERM)  # the batch alone, as a scheduler's kill does
    _, stderr = batch.communicate(timeout=120)
    assert batch.returncode == (130 if how == "ctrl-c" else 143), stderr
    assert "Traceback" not in stderr
    last = stderr.strip().splitlines()[-1]
    graded = sum((output / f"student{n}.json").exists() for n in range(CLASS_SIZE))
    assert graded < CLASS_SIZE
    assert last == (f"autograder: stopped after {graded} of {CLASS_SIZE}; run the same "
                    f"command to resume")
    assert settled(lambda: graders_of(output)) == []
    assert settled(lambda: leftovers(before)) == []
    book = read_gradebook(output)
    assert sorted(r["status"] for r in book.values()) == \
        sorted(["graded"] * graded + ["not graded"] * (CLASS_SIZE - graded))
    assert not list(output.glob(".*.json.*"))  # no half-written result

    again = start_batch(klass, output)
    _, stderr = again.communicate(timeout=600)
    assert again.returncode == 0, stderr
    if graded:
        assert f"{graded} submissions already graded" in stderr
    assert {r["status"] for r in read_gradebook(output).values()} == {"graded"}


@pytest.mark.parametrize("code, counted", [("pass", True), ("raise SystemExit(1)", False)])
def test_a_grading_that_ends_well_as_the_signal_comes_is_graded(monkeypatch, code, counted):
    """The race a CI run met: the grading exits 0, its result written, and the signal comes
    before the batch has read that exit. The result is this run's; one that failed is left to
    the next run, as a grading the signal killed is."""
    gradings = Gradings()

    class EndsThenSignal(subprocess.Popen):
        def communicate(self, *args, **kwargs):
            ended = super().communicate(*args, **kwargs)
            gradings.stop(signal.SIGINT)
            return ended

    monkeypatch.setattr(side_by_side.subprocess, "Popen", EndsThenSignal)
    command = [sys.executable, "-c", code]
    if counted:
        assert gradings.run(command, 30) is None
    else:
        with pytest.raises(Stopped):
            gradings.run(command, 30)
    assert gradings.stopped_by == signal.SIGINT
    with pytest.raises(Stopped):  # and nothing starts after the signal
        gradings.run(command, 30)
