"""The time limit as grading.toml sets it, in CPU time: a correct submission slower than the
reference by less than `slowdown` keeps every point, and one slower by more loses exactly the checks
whose calls take longer than the limit (the full tic-tac-toe searches; the random trees take
microseconds). A call past its limit runs on to GRACE_FACTOR times it, which changes no grade, only
the advice: one that finishes by then is told it is too slow, one that does not, that it may never
end."""
import json
import re

import pytest

from support.cli import run_cli
from support.paths import ROOT
from support.submissions import SUBMISSIONS, slowed_submission
from autograder.runner.supervisor import GRACE_FACTOR

pytestmark = pytest.mark.e2e  # each test runs the command line or a real sandbox

SLOWDOWN = 4


def limited(folder, floor):
    """grading.toml with a call floor of `floor` seconds and a slowdown of SLOWDOWN, in `folder`."""
    text = (ROOT / "grading.toml").read_text()
    text = re.sub(r"(?m)^call_floor_seconds = .*$", f"call_floor_seconds = {floor}", text)
    text = re.sub(r"(?m)^slowdown = .*$", f"slowdown = {SLOWDOWN}", text)
    (folder / "grading.toml").write_text(text)
    return folder / "grading.toml"


@pytest.fixture
def config(tmp_path):
    return limited(tmp_path, 0.5)


def graded(submission, config, tmp_path, *options):
    output = tmp_path / f"{submission.name}.json"
    completed = run_cli("grade", submission, "--config", config, "--format", "json",
                        "--show-hidden", "--output", output, *options)
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


FLOOR = 1.0  # seconds: the random trees' calls get the floor, as the reference takes microseconds
TIMED_OUT = re.compile(r"did not return within the time limit of ([\d.]+) s of CPU time")


def time_out(submission, tmp_path):
    """The feedback of minimax_value's check that timed out, graded with a call floor of FLOOR;
    its other checks must have failed at once, without running it."""
    report = graded(submission, limited(tmp_path, FLOOR), tmp_path, "--only", "minimax_value")
    feedback = [check["feedback"] for check in report["checks"]
                if check["name"].startswith("minimax_value:")]
    assert all(check["status"] == "failed" for check in report["checks"]
               if check["name"].startswith("minimax_value:"))
    stopped = [text for text in feedback if TIMED_OUT.search(text)]
    assert len(stopped) == 1 and all("timed out in an earlier check" in text
                                     for text in feedback if text not in stopped)
    return stopped[0]


def test_a_call_that_finishes_after_its_limit_is_told_it_is_too_slow(tmp_path):
    """Every call takes half as long again as the floor, plus the reference's microseconds: past
    the limit (the floor plus SLOWDOWN times those microseconds), well before GRACE_FACTOR times
    it. Its check fails as any time-out does; only the advice differs."""
    extra = FLOOR * (1 + GRACE_FACTOR) / 2
    slow = slowed_submission(tmp_path / "slow", 1, extra)
    lines = (slow / "minimax.py").read_text().splitlines()
    loop = next(number for number, line in enumerate(lines, 1) if "while _time" in line)
    feedback = time_out(slow, tmp_path)
    limit = float(TIMED_OUT.search(feedback)[1])
    assert feedback.endswith(f" s); it finished before {GRACE_FACTOR * limit:.1f} s, so it ends, "
                             f"but too slowly: look for work done again and again (a copied "
                             f"state, a search repeated)\n  when its time ran out it was in the "
                             f"loop at minimax.py, line {loop}: while _time.process_time() "
                             f"< until:  # slower in CPU time, which the limits count")


def test_a_call_that_never_finishes_is_told_it_may_never_end(tmp_path):
    hang = next(folder for folder in SUBMISSIONS if folder.name == "hostile_infinite_loop")
    feedback = time_out(hang, tmp_path)
    assert "s); look for a loop that never ends, or for work done again and again\n  stopped in " \
           "the loop at minimax.py" in feedback
    assert "finished" not in feedback
