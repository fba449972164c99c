"""How long a release takes against the plain computation of the checks, side by side in one run.

    .venv/bin/python benchmarks/release.py

(the first assignment, whose reference benchmarks/grading.py grades)

1. Plain: every call the grading of the reference compares, answered by the reference on plain
   games in this process (benchmarks/grading.py's measure), the computation no harness can avoid.
2. Cold: `python -m autograder release DIR` with an empty cache (its own XDG_CACHE_HOME): the
   reference graded with the released grader, every known mistake graded, every game explained.
3. Warm: the same command again, with the cache the cold release filled: what an instructor waits
   for when releasing again after an edit of the text, or to another folder.
Prints each wall time and its ratio to the plain time (the issue's target: about 30), and whether
the two releases' answers files are the same bytes (a release from the cache must be). After each
figure, its CPU time (user and system, of this process for the plain computation, of the release
and all its children for a release), which another load on the machine barely moves, and the ratio
of those: on a busy machine the wall times' ratio moves with the load between the measures. With
--keep DIR, the two releases are left in DIR (cold/, warm/) for `diff -r` against another
version's.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from grading import ROOT, grade_reference, plain_seconds

from autograder import policy as grading_config  # noqa: E402
from autograder.runner.lanes import available  # noqa: E402


def release_seconds(target, cache):
    """The wall time of a release into `target`, and its CPU time with its children's."""
    command = [sys.executable, "-m", "autograder", "release", str(target)]
    start, cpu = time.perf_counter(), children_cpu()
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                               env={**os.environ, "XDG_CACHE_HOME": str(cache)})
    seconds, cpu = time.perf_counter() - start, children_cpu() - cpu
    if completed.returncode != 0:
        sys.exit(f"release failed: {completed.stderr.strip().splitlines()[-1:]}")
    return seconds, cpu


def children_cpu():
    """User and system time of the children this process has waited for (and theirs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def answers_file(release):
    return next(release.rglob("public_answers.json.gz")).read_bytes()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", metavar="DIR", help="leave the two releases in DIR (a new folder)")
    args = parser.parse_args()
    _graded, calls = grade_reference(grading_config.load(), available())
    plain_cpu = time.process_time()
    plain = plain_seconds(calls)
    plain_cpu = time.process_time() - plain_cpu
    say(f"plain computation of the graded calls ({len(calls)} calls): {plain:.2f} s")
    say(f"  CPU time: {plain_cpu:.2f} s")
    with tempfile.TemporaryDirectory(prefix="release-benchmark-") as scratch:
        scratch, cache = Path(scratch), Path(scratch) / "cache"
        cold, cpu = release_seconds(scratch / "cold", cache)
        say(f"release, cold cache: {cold:.1f} s, {cold / plain:.0f}x plain")
        say(f"  CPU time: {cpu:.1f} s, {cpu / plain_cpu:.0f}x plain's")
        warm, cpu = release_seconds(scratch / "warm", cache)
        say(f"release, warm cache: {warm:.1f} s, {warm / plain:.0f}x plain")
        say(f"  CPU time: {cpu:.1f} s, {cpu / plain_cpu:.0f}x plain's")
        same = answers_file(scratch / "cold") == answers_file(scratch / "warm")
        if args.keep:
            Path(args.keep).mkdir(parents=True)
            for release in ("cold", "warm"):
                (scratch / release).rename(Path(args.keep) / release)
    say(f"answers file the same from the cache: {same}")


def say(line):
    print(line, flush=True)  # each figure as it is measured: a cold release takes minutes


if __name__ == "__main__":
    main()
