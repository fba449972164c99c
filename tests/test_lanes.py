"""Grading one submission in two lanes: the same report as one process, every function graded
once, and a lane that fails or dies reported, never waited on."""
import json
import os
import shutil

import pytest

from autograder.errors import LaneError
from autograder.runner.lanes import available, container_limits, in_lanes
from support.cli import run_cli
from support.paths import ROOT
from support.submissions import reference_files

# One buggy module per file, so that every lane meets failures (and the hidden checks' details).
BUGGY = ["bug_last_of_ties/minimax.py", "bug_bounds_swapped/alphabeta.py",
         "bug_center_first_occupied/ordering.py",
         "bug_rational_response_minimises_theirs/price_war.py"]


def without_seconds(data):
    if isinstance(data, dict):
        return {key: without_seconds(value) for key, value in data.items() if key != "seconds"}
    if isinstance(data, list):
        return [without_seconds(item) for item in data]
    return data


@pytest.mark.e2e
def test_two_lanes_give_the_report_one_process_gives(tmp_path):
    submission = tmp_path / "submission"
    reference_files(submission)
    for buggy in BUGGY:
        shutil.copy(ROOT / "tests" / "submissions" / buggy, submission)
    reports = []
    for lanes in ("1", "2"):
        output = tmp_path / f"lanes-{lanes}.json"
        completed = run_cli("grade", submission, "--lanes", lanes, "--format", "json",
                            "--show-hidden", "--output", output)
        assert completed.returncode == 0, completed.stderr
        reports.append(without_seconds(json.loads(output.read_text())))
    one, two = reports
    assert one == two
    failed = {check["function"] for check in one["checks"] if check["status"] != "passed"}
    assert {"minimax_decision", "alphabeta_value", "center_first", "rational_response"} <= failed


def test_every_task_is_taken_by_exactly_one_lane():
    taken = in_lanes(lambda tasks: [(os.getpid(), task) for task in tasks], list(range(20)), 2)
    assert sorted(task for lane in taken for _, task in lane) == list(range(20))
    assert len(taken) == 2


def test_a_lanes_error_is_raised_in_the_grading_process():
    def work(tasks):
        for task in tasks:
            if task == 3:
                raise ValueError("no lane can grade task 3")
        return []
    with pytest.raises(ValueError, match="no lane can grade task 3"):
        in_lanes(work, list(range(6)), 2)


def test_a_lane_that_dies_is_reported_not_waited_on():
    def work(tasks):
        for task in tasks:
            if task == 1:
                os._exit(9)
        return []
    with pytest.raises(LaneError, match="exit code 9"):
        in_lanes(work, [0, 1, 2], 2)


GIB = 2 ** 30


@pytest.mark.parametrize("files, limits", [
    ({"cpu.max": "max 100000", "memory.max": "max"}, (None, None)),
    ({"cpu.max": "100000 100000", "memory.max": f"{768 * 2 ** 20}"}, (1.0, 768 * 2 ** 20)),
    ({"cpu/cpu.cfs_quota_us": "-1", "cpu/cpu.cfs_period_us": "100000",
      "memory/memory.limit_in_bytes": "9223372036854771712"}, (None, None)),
    ({"cpu/cpu.cfs_quota_us": "200000", "cpu/cpu.cfs_period_us": "100000",
      "memory/memory.limit_in_bytes": f"{4 * GIB}"}, (2.0, 4 * GIB)),
    ({}, (None, None)),
])
def test_a_containers_cpu_quota_and_memory_limit_are_read(tmp_path, files, limits):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text + "\n")
    assert container_limits(tmp_path) == limits


@pytest.mark.parametrize("files", [
    {"cpu.max": "50000 100000", "memory.max": f"{768 * 2 ** 20}"},  # Gradescope's default
    {"cpu.max": "100000 100000"},
    {"cpu.max": "400000 100000", "memory.max": f"{GIB - 1}"}])
def test_a_cpu_or_less_or_under_a_gib_of_memory_grades_in_one_lane(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert available(tmp_path) == 1
