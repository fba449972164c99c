"""How grading scales over a class, measured side by side in one run.

    .venv/bin/python benchmarks/batch.py [--size 100] [--uncached 10]

A class of --size generated submissions (six in ten correct, three buggy, one hanging, taken from
the reference and tests/submissions/) is graded with --jobs 1 and with --jobs 2, each into a fresh
folder: wall time, submissions per minute, the scaling ratio, and the peak memory of one grading
process (the largest maximum resident set among the batch's children). Then --uncached submissions
are graded one by one (in one lane each, as in a batch) without the reference's answers, against
the same ones with them: what the answer cache saves per submission.
"""
import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from autograder.results import load_report

ROOT = Path(__file__).resolve().parent.parent
SUBMISSIONS = ROOT / "tests" / "submissions"
BUGGY = sorted(p for p in SUBMISSIONS.glob("bug_*") if p.name != "bug_missing_price_war")
HANGING = SUBMISSIONS / "hostile_infinite_loop"


def make_class(folder, size):
    """`size` submissions: the reference's files, with a bug or a hang overlaid on some."""
    for index in range(size):
        target = folder / f"student_{index:03d}"
        target.mkdir(parents=True)
        for name in ("minimax.py", "alphabeta.py", "ordering.py", "price_war.py"):
            shutil.copy(ROOT / "reference" / name, target / name)
        kind = index % 10
        overlay = HANGING if kind == 9 else BUGGY[index % len(BUGGY)] if kind >= 6 else None
        for path in overlay.glob("*.py") if overlay else ():
            shutil.copy(path, target / path.name)
    return folder


def grade(paths, output, jobs, *extra):
    start = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "autograder", "grade", *map(str, paths), "--output", str(output),
         "--jobs", str(jobs), *extra], capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    if completed.returncode != 0:
        raise SystemExit(completed.stderr)
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--uncached", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="autograder-bench-") as scratch:
        scratch = Path(scratch)
        students = make_class(scratch / "class", args.size)
        rows = []
        walls = {}
        for jobs in (1, 2):
            walls[jobs] = grade([students], scratch / f"out{jobs}", jobs)
            rows.append((f"{args.size} submissions, --jobs {jobs}",
                         f"{walls[jobs]:.0f} s, {60 * args.size / walls[jobs]:.1f} per minute"))
        rows.append(("scaling ratio, jobs 2 over jobs 1", f"{walls[1] / walls[2]:.2f}x"))
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        rows.append(("peak memory of one grading process", f"{peak:.0f} MiB"))

        sample = sorted(students.iterdir())[:args.uncached]
        answers = scratch / "out1" / ".cache" / "reference-answers.json"
        cached = uncached = 0.0
        for index, student in enumerate(sample):
            for label, extra in (("cached", ["--reference-answers", str(answers)]),
                                 ("uncached", [])):
                start = time.perf_counter()
                # one lane, as in a batch: the reference then has the other core to itself
                subprocess.run([sys.executable, "-m", "autograder.commands.grade_process",
                                str(student),
                                "--lanes", "1", "--format", "json", "--output",
                                str(scratch / f"{label}{index}.json"), *extra],
                               capture_output=True, cwd=ROOT, check=True)
                seconds = time.perf_counter() - start
                cached += seconds if label == "cached" else 0
                uncached += seconds if label == "uncached" else 0
        rows.append((f"one submission with the answer cache (mean of {len(sample)})",
                     f"{cached / len(sample):.1f} s"))
        rows.append(("the same without it", f"{uncached / len(sample):.1f} s"))
        same = all(load_report(scratch / f"cached{i}.json").points
                   == load_report(scratch / f"uncached{i}.json").points
                   for i in range(len(sample)))
        rows.append(("same scores with and without the cache", "yes" if same else "NO"))
    print("| measure | figure |\n|---|---|")
    for measure, figure in rows:
        print(f"| {measure} | {figure} |")


if __name__ == "__main__":
    main()
