"""Grading time per assignment: each built-in assignment's reference graded through the command
line, as an instructor grades one submission, with nothing cached and then with its answers cache.

    .venv/bin/python benchmarks/assignments.py [--repeat N]

The assignments are graded by turns in one run, so their figures share the machine's state. Each
figure is the median over --repeat gradings of the wall time and the CPU time of the grading and
everything it started (its lanes and workers); "cold" grades with an empty cache folder each time,
"warm" with the one the cold gradings filled.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autograder.assignments import built_in  # noqa: E402


def graded(assignment, cache):
    """(wall seconds, CPU seconds) of grading `assignment`'s reference with `cache` as the
    cache folder."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "autograder", "grade", str(assignment.reference),
                    "--assignment", assignment.argument, "--format", "json", "--output",
                    os.devnull], check=True, env={**os.environ, "XDG_CACHE_HOME": str(cache)},
                   capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="gradings per figure")
    args = parser.parse_args()
    assignments = built_in()
    figures = {(a.name, kind): [] for a in assignments for kind in ("cold", "warm")}
    with tempfile.TemporaryDirectory(prefix="autograder-bench-") as scratch:
        warm = Path(scratch) / "warm"
        for turn in range(args.repeat):
            for assignment in assignments:
                cold = Path(scratch) / f"cold-{assignment.name}-{turn}"
                figures[assignment.name, "cold"].append(graded(assignment, cold))
                if turn == 0:
                    graded(assignment, warm)  # fills the warm cache
                figures[assignment.name, "warm"].append(graded(assignment, warm))
    print(f"grading each assignment's reference, median of {args.repeat} "
          f"(wall s / CPU s of the grading and its workers):")
    for assignment in assignments:
        checks = len(tomllib.loads(assignment.policy.read_text())["checks"])
        cells = []
        for kind in ("cold", "warm"):
            runs = figures[assignment.name, kind]
            cells.append(f"{kind} {statistics.median(w for w, _ in runs):5.1f} / "
                         f"{statistics.median(c for _, c in runs):5.1f}")
        print(f"  {assignment.name:8} {len(assignment.functions)} functions, {checks:2} checks:  "
              f"{'   '.join(cells)}")


if __name__ == "__main__":
    main()
