"""Gradescope's run of one submission: `python -m autograder.distribution.gradescope_run ROOT`.

run_autograder calls this for each submission. Gradescope shows the student nothing but
ROOT/results/results.json, so this always leaves that file: the grading's, or one that says, in the
course's language, why there is none. What a student uploads is one submission, never a class:
ROOT/submission is graded by autograder.commands.grade_process, which grades one submission
whatever it holds, and when all it holds is one zip, that zip is the submission (staged as any zip
is, which refuses what a zip must not hold). The grading runs in a process of its own, so whatever
ends it (a one-line error, a crash, the container's OOM killer) still leaves this one to write the
file.
"""
import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

from autograder.files import write_atomically
from autograder.intake.submission import lone_zip, without_paths
from autograder.language import LANGUAGES, N_, _, speaking

NO_RESULT = N_("the grader ended without writing a result; please tell your instructor")


def handed_in(folder):
    """What to grade of Gradescope's submission folder: a lone zip when it holds nothing else
    (intake's lone_zip, as a batch of Gradescope's export grades it), else the folder."""
    return lone_zip(folder) or folder


def grading_command(root, assignment, language):
    """The grading of ROOT's submission into ROOT/results/results.json, as Gradescope's results
    and officially; in the weak sandbox too, since the container is the isolation around it (see
    SECURITY.md)."""
    return [sys.executable, "-m", "autograder.commands.grade_process",
            str(handed_in(root / "submission")), "--assignment", assignment, "--lang", language,
            "--format", "gradescope", "--output", str(root / "results" / "results.json"),
            "--official", "--allow-weak-sandbox"]


def fallback(why):
    """The results of a submission that could not be graded, in the language spoken: no points,
    and `why`."""
    return {"score": 0, "output": _("Could not grade this submission: {reason}").format(
        reason=why), "tests": []}


def reason(completed, stderr):
    """Why a grading left no results file: its one-line error (the last line it printed), naming
    the student's file rather than the container's folders, as a batch's error row does; else
    that it ended without one."""
    lines = stderr.read_text(errors="replace").strip().splitlines() if stderr.exists() else []
    if completed.returncode != 0 and lines:
        return without_paths(lines[-1].removeprefix("autograder: "))
    return _(NO_RESULT)


def could_not_grade(results, why):
    """Write `results` as the fallback, in place of whatever is there (a folder too)."""
    if results.is_dir() and not results.is_symlink():
        shutil.rmtree(results)
    elif results.is_symlink():
        results.unlink()
    write_atomically(results, json.dumps(fallback(why)))


def run(root, assignment, language):
    """Grade ROOT/submission; whatever happens, ROOT/results/results.json is a file after."""
    results, stderr = root / "results" / "results.json", root / "results" / "grader-stderr.txt"
    with stderr.open("w") as errors:
        completed = subprocess.run(grading_command(root, assignment, language), stderr=errors,
                                   stdin=subprocess.DEVNULL)
    if completed.returncode != 0 or not results.is_file() or results.is_symlink():
        with speaking(language):
            could_not_grade(results, reason(completed, stderr))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m autograder.distribution.gradescope_run")
    parser.add_argument("root", type=Path, help="Gradescope's root, /autograder")
    parser.add_argument("--assignment", required=True)
    parser.add_argument("--lang", choices=list(LANGUAGES), required=True)
    args = parser.parse_args(argv)
    run(args.root, args.assignment, args.lang)


if __name__ == "__main__":
    main()
