"""How fast grading is, measured side by side in one run.

    .venv/bin/python benchmarks/grading.py [--repeat N]

1. Grading: wall time to grade the reference as a submission (the checks, pytest, hypothesis and
   the sandboxed workers), as `python -m autograder grade reference` does minus interpreter
   start-up: in one process, and in the lanes the command line uses by default (two on a machine
   with two cores; see autograder/runner/lanes.py).
2. Plain: every call whose answer the grading compared, replayed with the reference on a plain game
   in this process: the same computations with no harness. (The orderings' node checks also ask the
   student's order at each node of a search: those small calls are left out of the plain time,
   which only makes the ratio larger.)
3. Their ratios (target: at most 2).
4. The instrumented game's overhead on the full 549,946-node minimax, its trace included (target:
   at most 1.5x).
5. Peak memory (maximum resident set) of the grader process, and of the largest of its children
   (a lane or a worker).
Each figure is the best of --repeat runs, plain and instrumented runs interleaved.
"""
import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from autograder import policy as grading_config  # noqa: E402
from autograder.assignments import SEARCH  # noqa: E402
from autograder.checks.calling import reference  # noqa: E402
from autograder.contract import FILES as CONTRACT_FILES  # noqa: E402
from autograder.engine import grade  # noqa: E402
from autograder.games import TicTacToe  # noqa: E402
from autograder.games.instrumented import InstrumentedGame  # noqa: E402
from autograder.intake.submission import stage  # noqa: E402
from autograder.runner.lanes import available  # noqa: E402
from autograder.worker.calls import build_game, call_arguments  # noqa: E402


def solution(function):
    """The built-in assignment's reference solution of `function`."""
    return reference(function, SEARCH.modules, SEARCH.reference_package())


def grade_reference(config, lanes):
    """Seconds to grade the reference, and the calls the grading asked the student's code to run
    (the keys of the reference's answers that are calls, which grading fills in as it goes)."""
    answers = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = stage(ROOT / "reference", scratch, CONTRACT_FILES)
        start = time.perf_counter()
        report = grade(folder, config, scratch, answers=answers, lanes=lanes, assignment=SEARCH)
        seconds = time.perf_counter() - start
    assert report.points == report.max_points, "the reference must get full marks"
    return seconds, [call for call in map(json.loads, answers) if "function" in call]


def plain_seconds(calls):
    """The same calls, answered by the reference on plain games, without any harness."""
    total = 0.0
    for call in calls:
        function = solution(call["function"])
        game = build_game(call["game"]) if call["game"] is not None else None
        args = call_arguments(call, game)
        start = time.perf_counter()
        function(*args)
        total += time.perf_counter() - start
    return total


def full_minimax_seconds(instrumented):
    game = TicTacToe()
    if instrumented:
        game = InstrumentedGame(game)
    minimax_value = solution("minimax_value")
    start = time.perf_counter()
    minimax_value(game, game.initial)
    if instrumented:
        game.trace  # noqa: B018 - the repeats are removed here, a part of the cost
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    config = grading_config.load()
    lanes = available()
    grading, in_lanes, plain, bare, instrumented = [], [], [], [], []
    for _ in range(repeat):
        seconds, calls = grade_reference(config, 1)
        grading.append(seconds)
        in_lanes.append(grade_reference(config, lanes)[0])
        plain.append(plain_seconds(calls))
        bare.append(full_minimax_seconds(False))
        instrumented.append(full_minimax_seconds(True))
    grader_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    rows = [
        ("grading the reference, one process (wall)", f"{min(grading):.2f} s"),
        (f"grading the reference, {lanes} lanes (wall)", f"{min(in_lanes):.2f} s"),
        (f"plain reference, same {len(calls)} calls", f"{min(plain):.2f} s"),
        ("ratio grading / plain, one process", f"{min(grading) / min(plain):.2f}x"),
        (f"ratio grading / plain, {lanes} lanes", f"{min(in_lanes) / min(plain):.2f}x"),
        ("full minimax, plain game", f"{min(bare):.2f} s"),
        ("full minimax, instrumented game", f"{min(instrumented):.2f} s"),
        ("instrumentation overhead", f"{min(instrumented) / min(bare):.2f}x"),
        ("peak memory, grader process", f"{grader_mb:.0f} MiB"),
        ("peak memory, largest child (lane or worker)", f"{child_mb:.0f} MiB"),
    ]
    print(f"| measure (best of {repeat}) | figure |\n|---|---|")
    for measure, figure in rows:
        print(f"| {measure} | {figure} |")


if __name__ == "__main__":
    main()
