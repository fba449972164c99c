"""The students' repository as the tests read it: its files, its own grader run without this
checkout, a JSON report's checks and diagnosis as the release tests compare them, and a notebook
graded there."""
import json
import subprocess
import sys
import sysconfig
from pathlib import Path

from autograder.feedback.function_diagnosis import diagnoses
from autograder.results import CHECKED_WHEN_GRADED, NOT_RUN, CheckResult


def released_files(release):
    return [p for p in release.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def run_released_grader(release, *args):
    """The release's own grader, with only the installed libraries beside it: `-S` keeps this
    checkout's editable install (and with it the reference) out of reach."""
    env = {"PYTHONPATH": f"{release}:{sysconfig.get_paths()['purelib']}", "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-S", "-m", "autograder", *map(str, args)], cwd=release,
                          env=env, capture_output=True, text=True, timeout=600)


def checks_that_ran(report):
    """A JSON report's checks that ran, by name, without the seconds they took."""
    return {check["name"]: {key: value for key, value in check.items() if key != "seconds"}
            for check in report["checks"] if check["status"] not in (NOT_RUN, CHECKED_WHEN_GRADED)}


def named(report):
    """{function: the known mistakes a JSON report's diagnosis names} of the functions it names
    some."""
    return {diagnosis["function"]: diagnosis["mistakes"] for diagnosis in report["diagnoses"]
            if diagnosis["mistakes"]}


def diagnosed(checks):
    """{function: the known mistakes named} as grading diagnoses a report's `checks`
    (checks_that_ran), from them alone (function_diagnosis.diagnoses)."""
    found = diagnoses([CheckResult(**check) for check in checks.values()])
    return {function: list(found[function].mistakes) for function in found
            if found[function].mistakes}


def released_scores(release, notebook, folder, target):
    """The release's grades of `folder`'s modules handed in as they are and as the course's
    `notebook` with its answer cells holding them (written into `target`): for each, the points
    and each function's."""
    cells = json.loads(Path(notebook).read_text())
    for cell in cells["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("solution"):
            cell["source"] = (folder / f"{cell['metadata']['nbgrader']['grade_id']}.py").read_text()
    handed_in = Path(target) / "notebook.ipynb"
    handed_in.write_text(json.dumps(cells))
    scores = {}
    for submission in (handed_in, folder):
        output = Path(target) / f"{submission.stem}.json"
        completed = run_released_grader(release, "grade", submission, "--format", "json",
                                        "--output", output)
        assert completed.returncode == 0, completed.stderr
        report = json.loads(output.read_text())
        scores[submission.suffix] = (report["points"], {f["function"]: f["points"]
                                                         for f in report["functions"]})
    return scores
