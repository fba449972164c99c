"""The time limit as grading.toml sets it, in CPU time: a correct submission slower than the
reference by less than `slowdown` keeps every point, and one slower by more loses exactly the checks
whose calls take longer than the limit (the full tic-tac-toe searches; the random trees take
microseconds)."""
import json
import re

import pytest

from conftest import REFERENCE, ROOT, reference_files, run_cli

SLOWDOWN = 4
WRAPPER = '''

import time as _time


def _slowed(search):
    def slowed(*args):
        start = _time.process_time()
        answer = search(*args)
        until = start + FACTOR * (_time.process_time() - start)
        while _time.process_time() < until:  # slower in CPU time, which the limits count
            pass
        return answer
    return slowed


minimax_value = _slowed(_minimax_value)
minimax_decision = _slowed(_minimax_decision)
'''


def slowed_submission(folder, factor):
    """The reference, with its two minimax functions `factor` times slower at every call."""
    reference_files(folder)
    source = re.sub(r"\bminimax_(value|decision)\(", r"_minimax_\1(",
                    (REFERENCE / "minimax.py").read_text())
    (folder / "minimax.py").write_text(source + WRAPPER.replace("FACTOR", str(factor)))
    return folder


@pytest.fixture
def config(tmp_path):
    text = (ROOT / "grading.toml").read_text()
    text = re.sub(r"(?m)^call_floor_seconds = .*$", "call_floor_seconds = 0.5", text)
    text = re.sub(r"(?m)^slowdown = .*$", f"slowdown = {SLOWDOWN}", text)
    (tmp_path / "grading.toml").write_text(text)
    return tmp_path / "grading.toml"


def graded(submission, config, tmp_path):
    output = tmp_path / f"{submission.name}.json"
    completed = run_cli("grade", submission, "--config", config, "--format", "json",
                        "--show-hidden", "--output", output)
    assert completed.returncode == 0, completed.stderr
    return json.loads(output.read_text())


def test_slower_than_the_reference_within_the_slowdown_keeps_every_point(tmp_path, config):
    report = graded(slowed_submission(tmp_path / "twice", 2), config, tmp_path)
    assert report["points"] == report["max_points"]


def test_slower_beyond_the_slowdown_loses_the_long_calls_only(tmp_path, config):
    report = graded(slowed_submission(tmp_path / "tenfold", 10), config, tmp_path)
    failed = {check["name"]: check["feedback"] for check in report["checks"]
              if check["status"] != "passed"}
    assert set(failed) == {"minimax_value: the course's tic-tac-toe positions",
                           "minimax_value: examines all 549,946 nodes from the empty board",
                           "minimax_decision: the course's tic-tac-toe positions"}
    assert "did not return within the time limit" in failed[
        "minimax_value: the course's tic-tac-toe positions"]
    assert "timed out in an earlier check" in failed[
        "minimax_value: examines all 549,946 nodes from the empty board"]
