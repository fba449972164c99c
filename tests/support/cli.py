"""Grading the way a user does, through the command line, and reading what it writes."""
import csv
import json
import os
import subprocess
import sys

from support.paths import ROOT


# A whole release grades every known mistake: on a machine busy with other work one has taken 10 to
# 21 minutes, past the 600 s other commands get (the suite at a load average of 17 failed there), so
# it gets nearly the test's own limit (pyproject's timeout), a minute left for the test itself.
RELEASE_TIMEOUT = 1140


GRADE_PROCESS = "autograder.commands.grade_process"  # one grading another process started


def run_cli(*args, cwd=ROOT, timeout=600, env=None, module="autograder"):
    """The command line (or another of the grader's entry points, `module`), in this environment
    with `env` added."""
    return subprocess.run([sys.executable, "-m", module, *map(str, args)], cwd=cwd,
                          env={**os.environ, **(env or {})}, capture_output=True, text=True,
                          timeout=timeout)


def grade_json(submission, tmp_path, *options, env=None):
    """Grade `submission` through the command line, with `options`; return the parsed
    results.json."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    output = tmp_path / "results.json"
    completed = run_cli("grade", submission, "--format", "gradescope", "--output", output,
                        *options, env=env)
    assert completed.returncode == 0, completed.stderr
    return json.loads(output.read_text())


def failed_checks(results):
    """The names of the checks a results.json does not mark as passed."""
    return {test["name"] for test in results["tests"] if test["status"] != "passed"}


def read_gradebook(output):
    """A batch's gradebook.csv in the folder `output`: {id: row}."""
    with open(output / "gradebook.csv", newline="") as handle:
        return {row["id"]: row for row in csv.DictReader(handle)}
