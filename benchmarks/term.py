"""An instructor's term, end to end, timed: the issue's trial as one script.

    .venv/bin/python benchmarks/term.py [--size 27] [--stop-after 3]

The students' repository is released (`release`, with an empty cache). A Gradescope "export
submissions" folder of --size submissions (benchmarks/batch.py's mix of correct, buggy and hanging
ones, with submission_metadata.yml naming everyone, one submission a group of two) is graded with
--jobs 2 and --similarity; once --stop-after results exist the batch gets one SIGINT to its process
group, as a terminal's Ctrl-C sends. The policy is then edited (one hint) and the same command
resumes; then one point moves between two checks and the same command runs again, which rescores
every result and grades none; the gradebook is exported for Canvas under that policy. Prints each
step's exit code, wall time and what it said, and what the folder holds at the end.
"""
import argparse
import csv
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from batch import ROOT, make_class


def metadata(folders):
    """submission_metadata.yml for `folders`, the first a group of two."""
    lines = []
    for number, folder in enumerate(folders):
        lines += [f"{folder.name}:", "  :submitters:"]
        members = [number, len(folders) + number] if number == 0 else [number]
        for member in members:
            lines += [f"  - :name: Student {member:03d}", f"    :sid: '{900000 + member}'",
                      f"    :email: s{member:03d}@example.edu"]
    return "\n".join(lines) + "\n"


def export(folder, size):
    students = make_class(folder / "class", size)
    export_folder = folder / "export"
    export_folder.mkdir()
    folders = []
    for number, student in enumerate(sorted(students.iterdir())):
        target = export_folder / f"submission_{1000 + number}"
        student.rename(target)
        folders.append(target)
    (export_folder / "submission_metadata.yml").write_text(metadata(folders))
    return export_folder


def run(command, **kwargs):
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, **kwargs)
    return completed, time.perf_counter() - started


def interrupted(command, output, stop_after):
    """The batch, sent one SIGINT once `stop_after` results exist: (exit code, last line, s)."""
    started = time.perf_counter()
    batch = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
    while batch.poll() is None and len(list(output.glob("submission_*.json"))) < stop_after:
        time.sleep(0.2)
    signalled = time.perf_counter()
    os.killpg(batch.pid, signal.SIGINT)
    _, stderr = batch.communicate()
    ended = time.perf_counter()
    return batch.returncode, stderr.strip().splitlines()[-1], signalled - started, ended - signalled


def said(completed):
    """What a batch said of the results it found: rescored, graded again, or already graded."""
    return " / ".join(line for line in completed.stderr.splitlines()
                      if "changed" in line or "already graded" in line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=27)
    parser.add_argument("--stop-after", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="autograder-term-") as scratch:
        scratch = Path(scratch)
        released, seconds = run([sys.executable, "-m", "autograder", "release",
                                 str(scratch / "release")],
                                env={**os.environ, "XDG_CACHE_HOME": str(scratch / "cache")})
        print(f"release, empty cache: exit {released.returncode} in {seconds:.0f} s")
        exported, output = export(scratch, args.size), scratch / "out"
        command = [sys.executable, "-m", "autograder", "grade", str(exported), "--jobs", "2",
                   "--output", str(output), "--similarity"]
        code, line, before, stopping = interrupted(command, output, args.stop_after)
        print(f"graded, then Ctrl-C: exit {code} after {before:.0f} s; stopped in {stopping:.1f} s;"
              f" {line}")
        policy = (ROOT / "grading.toml").read_text()
        edited = scratch / "grading.toml"
        edited.write_text(policy.replace("Call the order function at every node",
                                         "Call the order function at each node"))
        resumed, seconds = run([*command, "--config", str(edited)])
        print(f"resumed after a hint edit: exit {resumed.returncode} in {seconds:.0f} s; "
              f"{said(resumed)}")
        moved = edited.read_text()
        for entry, before, after in (("minimax_value: exact values on random trees", 5, 4),
                                     ("minimax_value: examines every node", 2, 3)):
            line = f'"{entry}" = {{ points = {before} }}'
            if line not in moved:
                sys.exit(f"grading.toml no longer holds {line}: move another point")
            moved = moved.replace(line, f'"{entry}" = {{ points = {after} }}')
        edited.write_text(moved)
        rescored, seconds = run([*command, "--config", str(edited)])
        print(f"again after one point moved: exit {rescored.returncode} in {seconds:.1f} s; "
              f"{said(rescored)}")
        exported_grades, seconds = run([sys.executable, "-m", "autograder", "export", "grades",
                                        str(output), "--format", "canvas", "--config",
                                        str(edited)])
        print(f"export grades --format canvas: exit {exported_grades.returncode} in "
              f"{seconds:.1f} s")
        with open(output / "gradebook.csv", newline="") as handle:
            book = list(csv.DictReader(handle))
        print(f"gradebook: {len(book)} rows, {len({r['policy'] for r in book})} policy, "
              f"{sum(bool(r['name']) for r in book)} named; feedback files: "
              f"{len(list((output / 'feedback').iterdir()))}; similarity.html: "
              f"{(output / 'similarity.html').stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
