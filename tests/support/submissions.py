"""Submissions to grade: the reference's modules, and the folders of tests/submissions/, each
completed with the reference where it holds only the modules it changes."""
import re
import shutil
import tomllib

from support.paths import REFERENCE, ROOT

SUBMISSIONS = sorted(p.parent for p in (ROOT / "tests" / "submissions").glob("*/expected.toml"))
# The second assignment's (each expected.toml says assignment = "cutoff")
CUTOFF_SUBMISSIONS = sorted(p.parent for p in (ROOT / "tests" / "cutoff_submissions").glob(
    "*/expected.toml"))


def reference_files(target, reference=REFERENCE):
    """Copy the reference's modules (by default the first assignment's four) into `target`, as a
    complete correct submission."""
    target.mkdir(parents=True, exist_ok=True)
    for source in reference.glob("*.py"):
        if source.name != "__init__.py":
            shutil.copy(source, target / source.name)
    return target


def assembled(folder, target):
    """The submission a folder of tests/submissions stands for, in `target`: its modules,
    completed with the reference's others (its assignment's) unless its expected.toml says
    own_files_only. Returns the expected outcome."""
    expected = tomllib.loads((folder / "expected.toml").read_text())
    if expected.get("own_files_only"):
        target.mkdir(parents=True)
    else:
        reference_files(target, REFERENCE / expected["assignment"]
                        if "assignment" in expected else REFERENCE)
    for source in folder.glob("*.py"):
        shutil.copy(source, target / source.name)
    return expected


WRAPPER = '''

import time as _time


def _slowed(search):
    def slowed(*args):
        start = _time.process_time()
        answer = search(*args)
        until = start + FACTOR * (_time.process_time() - start) + EXTRA
        while _time.process_time() < until:  # slower in CPU time, which the limits count
            pass
        return answer
    return slowed


minimax_value = _slowed(_minimax_value)
minimax_decision = _slowed(_minimax_decision)
'''


def slowed_submission(folder, factor, extra=0.0):
    """The reference, with its two minimax functions `factor` times slower at every call, and
    `extra` seconds of CPU time more."""
    reference_files(folder)
    source = re.sub(r"\bminimax_(value|decision)\(", r"_minimax_\1(",
                    (REFERENCE / "minimax.py").read_text())
    (folder / "minimax.py").write_text(
        source + WRAPPER.replace("FACTOR", str(factor)).replace("EXTRA", str(extra)))
    return folder
