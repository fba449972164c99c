"""What starting the worker's interpreter costs in each sandbox mode that works here.

    .venv/bin/python benchmarks/sandbox_startup.py [--repeat N]

Each figure is the median wall time, over --repeat launches, of `python -c pass` and of the bare
interpreter the supervisor starts (`-S -s -P -B`): without a sandbox, and through Sandbox.launch in
each mode, cleaned up after every launch as a grading's worker is.
"""
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autograder.runner import sandbox  # noqa: E402
from autograder.runner.sandbox import Sandbox, interpreter  # noqa: E402

BARE = ["-S", "-s", "-P", "-B"]


def median_ms(command, box, repeats):
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        process = subprocess.Popen(**command)
        process.wait()
        times.append(time.perf_counter() - started)
        if process.returncode != 0:
            raise SystemExit(f"{command['args']} exited with {process.returncode}")
        if box:
            box.cleanup(process)
    return statistics.median(times) * 1000


def rows(repeats):
    """(mode, interpreter, full ms, bare ms) for no sandbox and each mode that works here."""
    python = interpreter.sandbox_python() or sys.executable
    yield ("none", python, median_ms({"args": [python, "-c", "pass"]}, None, repeats),
           median_ms({"args": [python, *BARE, "-c", "pass"]}, None, repeats))
    for mode in sandbox.MODES:
        if not sandbox.works(mode):
            continue
        with Sandbox(mode) as box:
            yield (mode, box.python, median_ms(box.launch(["-c", "pass"]), box, repeats),
                   median_ms(box.launch([*BARE, "-c", "pass"]), box, repeats))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="launches per figure")
    args = parser.parse_args()
    print(f"start-up cost, median of {args.repeat} (ms):   python -c pass   "
          f"python {' '.join(BARE)} -c pass")
    for mode, python, full, bare in rows(args.repeat):
        print(f"  {mode:8} {python:24} {full:10.1f} {bare:16.1f}")


if __name__ == "__main__":
    main()
