"""How fast the loop a student runs fifty times per assignment is, measured side by side in one run.

    .venv/bin/python benchmarks/student_loop.py [--repeat N] [--release DIR]

Every figure is a whole process, start to exit, as a student or an instructor types it, on a correct
solution (the reference's modules as a submission):
1. The students' repository: `python -m autograder grade SOLUTION` there (the released checks, from
   the answers file, without the reference), and `--only alphabeta_value`.
2. The instructor's grader: `python -m autograder grade SOLUTION` (every check), cold (the
   reference computing its answers) and warm (reading those the cold run kept in the cache).
3. Plain: one Python process that imports the reference and makes every call the instructor's
   grading compared, on plain games: the same computations with no harness.
4. Ratios: students' run / instructor's grader (target: at most 1.5) and instructor's grader /
   plain (target: at most 2), the instructor's grader warm. Targets in seconds, on a quiet 2-core machine: the students' full run
   under 3 s, one function under 1.5 s.
Runs are interleaved and each figure is the best of --repeat. --release reuses a students'
repository made by `python -m autograder release` (else one is made, without known mistakes, which
only shrinking reads).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from autograder import policy as grading_config  # noqa: E402
from autograder.assignments import SEARCH  # noqa: E402
from autograder.contract import FILES as CONTRACT_FILES  # noqa: E402
from autograder.engine import grade  # noqa: E402
from autograder.intake.submission import stage  # noqa: E402

PLAIN = """
import json, sys, time
from autograder.checks.calling import reference
from autograder.contract import MODULES
from autograder.worker.calls import build_game, call_arguments
for call in json.load(open(sys.argv[1])):
    game = build_game(call["game"]) if call.get("game") is not None else None
    reference(call["function"], MODULES, "reference")(*call_arguments(call, game))
"""


def seconds(command, cwd, env=None):
    """The wall time of `command`, with Python's bytecode cache as on a student's machine (this
    one sets PYTHONDONTWRITEBYTECODE, which would compile every module on every run)."""
    env = {name: value for name, value in (env or os.environ).items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    took = time.perf_counter() - start
    if completed.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, command))} failed: {completed.stderr[-500:]}")
    return took


def graded_calls(solution, scratch):
    """The calls the instructor's grading of `solution` compared (the reference's answers' keys),
    written as JSON for the plain process."""
    answers = {}
    folder = stage(solution, scratch, CONTRACT_FILES)
    grade(folder, grading_config.load(), scratch, answers=answers, assignment=SEARCH)
    calls = [call for call in map(json.loads, answers) if "function" in call]
    path = Path(scratch) / "calls.json"
    path.write_text(json.dumps(calls))
    return path, len(calls)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--release", type=Path)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="student-loop-") as scratch:
        scratch = Path(scratch)
        release = options.release
        if release is None:
            release, no_mistakes = scratch / "students", scratch / "no-mistakes"
            no_mistakes.mkdir()
            subprocess.run([sys.executable, "-m", "autograder", "release", str(release),
                            "--known-mistakes", str(no_mistakes)], cwd=ROOT, check=True,
                           capture_output=True)
        solution = scratch / "solution"
        solution.mkdir()
        for name in CONTRACT_FILES:
            shutil.copy(ROOT / "reference" / name, solution / name)
        calls, count = graded_calls(solution, scratch / "calls")
        students = {"PYTHONPATH": f"{release}:{sysconfig.get_paths()['purelib']}",
                    "PATH": "/usr/bin:/bin"}  # -S: this checkout's editable install out of reach
        cache = scratch / "cache"
        instructor = {**os.environ, "XDG_CACHE_HOME": str(cache)}

        def cold():
            shutil.rmtree(cache, ignore_errors=True)
            return seconds([sys.executable, "-m", "autograder", "grade", solution], ROOT,
                           instructor)
        runs = {
            "students' repository, all checks": lambda: seconds(
                [sys.executable, "-S", "-m", "autograder", "grade", solution], release, students),
            "students' repository, --only alphabeta_value": lambda: seconds(
                [sys.executable, "-S", "-m", "autograder", "grade", solution, "--only",
                 "alphabeta_value"], release, students),
            "instructor's grader, all checks, cold": cold,
            "instructor's grader, all checks, warm": lambda: seconds(
                [sys.executable, "-m", "autograder", "grade", solution], ROOT, instructor),
            f"plain reference, the same {count} calls": lambda: seconds(
                [sys.executable, "-c", PLAIN, calls], ROOT),
        }
        best = {name: float("inf") for name in runs}
        for _ in range(options.repeat):
            for name, run in runs.items():
                best[name] = min(best[name], run())
    students_run, only, _, instructor, plain = best.values()
    rows = [*((name, f"{figure:.2f} s") for name, figure in best.items()),
            ("students' run / instructor's grader", f"{students_run / instructor:.2f}x"),
            ("instructor's grader / plain", f"{instructor / plain:.2f}x")]
    print(f"| measure (whole processes, best of {options.repeat}) | figure |\n|---|---|")
    for measure, figure in rows:
        print(f"| {measure} | {figure} |")


if __name__ == "__main__":
    main()
