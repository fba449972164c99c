"""How long a class's insights take, for 100 and 500 results.

    .venv/bin/python benchmarks/insights.py [--sizes 100 500] [--keep DIR]

Each kind of submission batch.py's classes mix (the reference, each bug of tests/submissions/,
the hanging one) is graded once, for real; a class of each size is then made of their results as
batch.py's mix deals them out (six in ten correct, three buggy, one hanging), under ids of its
own, with its gradebook.csv. What is timed is `python -m autograder insights DIR` on it, in a
process of its own: reading every result through the results model and writing the three files.
With --keep, the largest class is left in DIR (docs/instructors.md's screenshot is of its page).
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from batch import BUGGY, HANGING, ROOT, grade

sys.path.insert(0, str(ROOT))
from autograder.commands import gradebook  # noqa: E402
from autograder.contract import MODULES  # noqa: E402
from autograder.intake.classes import Entry  # noqa: E402
from autograder.reporters import report_json  # noqa: E402
from autograder.results import load_report  # noqa: E402

FILES = ("minimax.py", "alphabeta.py", "ordering.py", "price_war.py")


def kinds(folder):
    """One submission of each kind batch.py mixes: {kind: folder}."""
    made = {}
    for overlay in [None, *BUGGY, HANGING]:
        kind = overlay.name if overlay else "correct"
        target = folder / kind
        target.mkdir(parents=True)
        for name in FILES:
            shutil.copy(ROOT / "reference" / name, target / name)
        for path in overlay.glob("*.py") if overlay else ():
            shutil.copy(path, target / path.name)
        made[kind] = target
    return made


def kind_of(index):
    """batch.make_class's mix, by index."""
    kind = index % 10
    return HANGING.name if kind == 9 else BUGGY[index % len(BUGGY)].name if kind >= 6 \
        else "correct"


def make_results(graded, folder, size):
    """A batch folder of `size` results dealt out from the kinds' results in `graded`."""
    folder.mkdir(parents=True)
    rows = []
    for index in range(size):
        entry = Entry(f"student_{index:03d}", None)
        result = load_report(graded / f"{kind_of(index)}.json")
        (folder / f"{entry.id}.json").write_text(report_json.render(replace(result,
                                                                            submission=entry.id)))
        rows += gradebook.rows_of(folder, entry, None, MODULES)
    gradebook.write(folder, rows, MODULES)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--keep", type=Path, help="leave the largest class here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="autograder-bench-") as scratch:
        scratch = Path(scratch)
        kinds(scratch / "kinds")
        seconds = grade([scratch / "kinds"], scratch / "graded", 2)
        print(f"graded {len(list((scratch / 'kinds').iterdir()))} kinds in {seconds:.0f} s")
        for size in args.sizes:
            folder = scratch / f"class-{size}"
            make_results(scratch / "graded", folder, size)
            start = time.perf_counter()
            completed = subprocess.run([sys.executable, "-m", "autograder", "insights",
                                        str(folder)], capture_output=True, text=True, cwd=ROOT)
            took = time.perf_counter() - start
            if completed.returncode != 0:
                raise SystemExit(completed.stderr)
            page = (folder / "insights.html").stat().st_size
            print(f"{size} results: insights in {took:.2f} s (page {page / 1000:.0f} kB)")
        if args.keep:
            shutil.rmtree(args.keep, ignore_errors=True)
            shutil.copytree(scratch / f"class-{max(args.sizes)}", args.keep)


if __name__ == "__main__":
    main()
