"""Verdicts under several secrets: does any function lose points under one course secret and keep
them under another?

    .venv/bin/python benchmarks/salts.py [--secret S ...] [--submission NAME ...] [--only FUNCTION ...] [--jobs 2]

Every submission in tests/submissions/ and tests/cutoff_submissions/ (or those --submission names),
each completed with the reference as tests/test_submissions.py completes it, is graded officially
as one class per assignment under each secret (AUTOGRADER_SECRET; by default three fixed ones): the
games each check draws come from the secret, so a verdict that hangs on them shows here. A
function's verdict is whether it lost points. The tool prints, per assignment, how many gradings,
functions and checks it compared, then every function and check whose verdict changes from one
secret to another, with the secrets under which it lost points; it exits 1 when a function's does
(that must never happen: see autograder/checks/replay.py). A check's may, when another check of
the same function catches the bug under every secret; it is listed, for expected.toml's sake. The reference's answers for each secret's games land in a batch's
folder and the instructor's cache (grading/answers.py), so a second run grades only the students.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from autograder.commands.gradebook import kept_report

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from support.submissions import CUTOFF_SUBMISSIONS, SUBMISSIONS, assembled  # noqa: E402

SECRETS = ("salts-benchmark-secret-1", "salts-benchmark-secret-2", "salts-benchmark-secret-3")


def classes(folder, names):
    """The submissions (all, or those named `names`) assembled into one class folder per
    assignment under `folder`: {assignment: class folder}."""
    made = {}
    for submission in SUBMISSIONS + CUTOFF_SUBMISSIONS:
        if names and submission.name not in names:
            continue
        expected = tomllib.loads((submission / "expected.toml").read_text())
        assignment = expected.get("assignment", "search")
        made[assignment] = folder / assignment
        assembled(submission, made[assignment] / submission.name)
    return made


def verdicts(class_folder, output, assignment, secret, jobs, only):
    """{submission: {(kind, name): lost points}} of the class graded officially under `secret`:
    each function's verdict (kind "function") and each check's ("check"); None for a submission
    the batch has no result for (an error row of its gradebook.csv, such as a time-out)."""
    command = [sys.executable, "-m", "autograder", "grade", str(class_folder), "--official",
               "--output", str(output), "--jobs", str(jobs),
               *(["--assignment", assignment] if assignment != "search" else []),
               *[option for function in only for option in ("--only", function)]]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                               env={**os.environ, "AUTOGRADER_SECRET": secret})
    if completed.returncode != 0:
        raise SystemExit(f"grading under {secret} failed:\n{completed.stderr}")
    return results(class_folder, output)


def results(class_folder, output):
    """{submission: {(kind, name): lost points}} of the results a batch wrote in `output` for the
    class in `class_folder` (None for a submission without one). Each is found by the name its
    report holds: a batch's file name is an id cut to 50 characters."""
    # beside the results, the batch's insights.json, which is no report
    reports = {report.submission: report for report in map(kept_report, output.glob("*.json"))
               if report is not None}
    found = {}
    for submission in sorted(class_folder.iterdir()):
        report = reports.get(submission.name)
        if report is None:
            found[submission.name] = None
            continue
        found[submission.name] = {
            **{("function", row.function): row.points < row.max_points
               for row in report.by_function() if row.max_points},
            **{("check", check.name): check.points < check.max_points
               for check in report.checks if check.ran}}
    return found


def changes(by_secret):
    """[(submission, (kind, name), secrets under which it lost points)] for every function and
    check whose verdict is not the same under every secret, of the submissions graded under
    every one."""
    first = next(iter(by_secret.values()))
    found = []
    for submission, judged in first.items():
        if any(graded[submission] is None for graded in by_secret.values()):
            continue
        for key in judged:
            lost = [secret for secret, graded in by_secret.items() if graded[submission].get(key)]
            if 0 < len(lost) < len(by_secret):
                found.append((submission, key, lost))
    return found


def count(kind, keys):
    return sum(1 for key in keys if key[0] == kind)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--secret", action="append", help="a secret to grade under (repeatable; "
                        "default: three fixed ones)")
    parser.add_argument("--submission", action="append", help="grade only this folder of "
                        "tests/submissions or tests/cutoff_submissions (repeatable)")
    parser.add_argument("--only", action="append", default=[], help="grade only this function's "
                        "checks (repeatable)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    secrets = args.secret or list(SECRETS)
    start = time.perf_counter()
    rows, changed, unresolved = [], [], []
    with tempfile.TemporaryDirectory(prefix="autograder-salts-") as scratch:
        scratch = Path(scratch)
        for assignment, class_folder in classes(scratch / "classes", args.submission).items():
            by_secret = {secret: verdicts(class_folder, scratch / f"{assignment}-{index}",
                                          assignment, secret, args.jobs, args.only)
                         for index, secret in enumerate(secrets)}
            graded = next(iter(by_secret.values()))
            judged = [key for submission, keys in graded.items()
                      if all(other[submission] is not None for other in by_secret.values())
                      for key in keys]
            missing = [(submission, secret) for secret, other in by_secret.items()
                       for submission, keys in other.items() if keys is None]
            unresolved += missing
            found = changes(by_secret)
            changed += found
            changing = [key for _submission, key, _lost in found]
            rows.append((f"{assignment}: {len(graded)} submissions x {len(secrets)} secrets",
                         f"{count('function', judged)} function verdicts, "
                         f"{count('function', changing)} changing; {count('check', judged)} "
                         f"check verdicts, {count('check', changing)} changing; "
                         f"{len(missing)} gradings without a result"))
            print(f"{rows[-1][0]}: {rows[-1][1]}", file=sys.stderr, flush=True)  # a long run's news
    rows.append(("wall time", f"{time.perf_counter() - start:.0f} s"))
    print("| measure | figure |\n|---|---|")
    for measure, figure in rows:
        print(f"| {measure} | {figure} |")
    for submission, (kind, name), lost in changed:
        print(f"changes: {submission}, {kind} {name!r}, loses points under {', '.join(lost)} "
              f"only")
    for submission, secret in unresolved:
        print(f"no result: {submission} under {secret} (an error row of the batch's gradebook), "
              f"left out of the comparison")
    functions = count("function", [key for _submission, key, _lost in changed])
    print(f"functions whose verdict changes: {functions}")
    sys.exit(1 if functions else 0)


if __name__ == "__main__":
    main()
