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
and the children it waited for), which another load on the machine barely moves, and the ratio of
those: on a busy machine the wall times' ratio moves with the load between the measures. Run as
root where Linux's cpuacct cgroup is mounted (v1), the release's CPU time is also counted in a
cgroup of its own, every process it started included: the sandboxed workers' time reaches no
parent that waits for it. With --repeat N, the plain computation and the cold release are
measured N times, by turns, and each figure is the median (this machine's pace moves by a third
from one minute to the next). With --keep DIR, the two releases are left in DIR (cold/, warm/) for
`diff -r` against another version's.
"""
import argparse
import contextlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from grading import ROOT, grade_reference, plain_seconds

from autograder import policy as grading_config  # noqa: E402
from autograder.runner.lanes import available  # noqa: E402

CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def release_seconds(target, cache):
    """The wall time of a release into `target`, its CPU time with the children it waited for,
    and its cgroup's (None where there is no cgroup to count in)."""
    command = [sys.executable, "-m", "autograder", "release", str(target)]
    with counted(command) as (command, cgroup_cpu):
        start, cpu = time.perf_counter(), children_cpu()
        completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                                   env={**os.environ, "XDG_CACHE_HOME": str(cache)})
        seconds, cpu = time.perf_counter() - start, children_cpu() - cpu
        every = cgroup_cpu()
    if completed.returncode != 0:
        sys.exit(f"release failed: {completed.stderr.strip().splitlines()[-1:]}")
    return seconds, cpu, every


@contextlib.contextmanager
def counted(command):
    """`command` run in a cpuacct cgroup of its own where this machine has one we may make, and a
    function giving that cgroup's CPU seconds so far (None without one)."""
    group = CPUACCT / f"release-benchmark-{os.getpid()}-{time.monotonic_ns()}"
    try:
        group.mkdir()
    except OSError:
        yield command, lambda: None
        return
    try:
        yield (["sh", "-c", f'echo $$ > {group}/cgroup.procs && exec "$@"', "sh", *command],
               lambda: int((group / "cpuacct.usage").read_text()) / 1e9)
    finally:
        for _ in range(50):  # the release's forkserver ends just after it
            if not (group / "cgroup.procs").read_text().strip():
                break
            time.sleep(0.1)
        try:
            group.rmdir()
        except OSError as error:
            say(f"  (the cgroup {group} is left behind: {error})")


def children_cpu():
    """User and system time of the children this process has waited for (and theirs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def answers_file(release):
    return next(release.rglob("public_answers.json.gz")).read_bytes()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", metavar="DIR", help="leave the two releases in DIR (a new folder)")
    parser.add_argument("--repeat", type=int, default=1, choices=range(1, 11), metavar="N",
                        help="measure the plain computation and the cold release N times (1-10)")
    args = parser.parse_args()
    _graded, calls = grade_reference(grading_config.load(), available())
    plains, colds = [], []
    with tempfile.TemporaryDirectory(prefix="release-benchmark-") as scratch:
        scratch = Path(scratch)
        for run in range(args.repeat):
            plain_cpu = time.process_time()
            plains.append((plain_seconds(calls), time.process_time() - plain_cpu))
            cache = scratch / f"cache-{run}"
            colds.append(release_seconds(scratch / f"cold-{run}", cache))
            say(f"run {run + 1}: plain {plains[-1][0]:.2f} s, cold release {colds[-1][0]:.1f} s")
        plain, plain_cpu = medians(plains)
        say(f"plain computation of the graded calls ({len(calls)} calls): {plain:.2f} s")
        say(f"  CPU time: {plain_cpu:.2f} s")
        report("release, cold cache", medians(colds), plain, plain_cpu)
        report("release, warm cache", release_seconds(scratch / "warm", cache), plain, plain_cpu)
        # the warm release recalls the last cold one's cache, reference times included
        last = f"cold-{args.repeat - 1}"
        same = answers_file(scratch / last) == answers_file(scratch / "warm")
        if args.keep:
            Path(args.keep).mkdir(parents=True)
            for release, kept in ((last, "cold"), ("warm", "warm")):
                (scratch / release).rename(Path(args.keep) / kept)
    say(f"answers file the same from the cache: {same}")


def medians(runs):
    """Each figure's median over `runs` (None where a run has none)."""
    return [None if None in figures else statistics.median(figures) for figures in zip(*runs)]


def report(name, figures, plain, plain_cpu):
    seconds, cpu, every = figures
    say(f"{name}: {seconds:.1f} s, {seconds / plain:.0f}x plain")
    say(f"  CPU time: {cpu:.1f} s, {cpu / plain_cpu:.0f}x plain's")
    if every is not None:
        say(f"  CPU time of every process it started (cgroup): {every:.1f} s, "
            f"{every / plain_cpu:.0f}x plain's")


def say(line):
    print(line, flush=True)  # each figure as it is measured: a cold release takes minutes


if __name__ == "__main__":
    main()
