"""Hostile submissions are contained: every folder under tests/hostile/ gets exactly the outcome its
expected.toml derives, and leaves the machine as it found it.

A folder holds the student files it changes, written as a hostile student would; the reference's
other modules complete it. Its expected.toml says `why` (the outcome, derived before running),
`breaks` (the functions that may lose points), `fails` (exactly the checks that fail), and
optionally `feedback` (phrases some check's output must contain), `printed` (markers the
submission prints, which may reach the results only quoted as what its code printed during a
failing call, and never the grader's terminal), `secret` (markers that must reach neither),
`language` (the one it is graded in, English by default), `written` (markers it writes into
files, which must appear in no file outside its scratch), `absent` (paths
it tries to create outside its scratch), `untouched` (files it tries to overwrite, ~ and $VARIABLES
expanded as the test sees them, which must hold none of its markers afterwards) and `grader_bug` (a
known grader bug: the test is a strict xfail until it is fixed, and its assertions keep stating the
correct outcome).

Each folder is graded as CI grades, through the command line with `--official` (a weak sandbox is
refused), and the test asserts that grading completed with exactly the derived outcome, wrote a
valid Gradescope results.json under 1 MiB, echoed nothing the submission printed, left no process
of the sandbox running, and changed nothing outside its scratch space.

Other tests, and other people, may use the machine at the same time, so the test tells what this
grading did from what they do:
- processes: a sandboxed process (a worker uid, or the sandbox's environment marker) that survives
  this grading is an orphan re-parented to an ancestor of this pytest process once the grader has
  exited; the workers of a concurrent grading still hang below their own live grader;
- scratch: the grading runs with TMPDIR set to a folder of this test, which the grader must use
  and leave empty; in /tmp, anything new that a worker uid owns, or that the submission names, is
  this grading's (whatever the grader writes as root goes to its TMPDIR, the worker cannot write
  as root, and root-owned newcomers are other people's);
- the checkout: it is hashed byte for byte before and after. Every change is reported; a change
  fails the test when a worker uid owns it, it made a file group- or world-writable, it removed a
  file, it holds a marker the submission wrote or printed, or it is named like a grader's output
  or scratch (results.json, *.bak, autograder-*). A plain edit of a source file by root (someone
  editing the checkout while the test runs) is reported as a warning, not a failure: in CI nobody
  does, and neither the sandboxed code nor the grader can make such an edit look like one.
"""
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import tomllib
import warnings
from pathlib import Path

import pytest

from autograder import policy as grading_config
from autograder.language import _, speaking
from autograder.runner import sandbox
from support.paths import ROOT
from support.processes import WORKER_UIDS, leftovers, sandbox_processes, settled
from support.submissions import reference_files

pytestmark = pytest.mark.e2e

HOSTILE = Path(__file__).resolve().parent / "hostile"

RESULTS_LIMIT = 1024 * 1024
GRADING_TIMEOUT = 900                      # generous: a grading takes 10-20 s
SKIPPED_IN_CHECKOUT = {".git", ".venv", "__pycache__", ".hypothesis", ".pytest_cache",
                       ".ruff_cache"}
SUSPICIOUS_NAMES = re.compile(r"results\.json|.*\.bak|autograder-.*|.*forged.*", re.IGNORECASE)
OWN_TMP_PREFIX = "pytest-hostile-"
GRADESCOPE_KEYS = {"score", "max_score", "tests"}
GRADESCOPE_TEST_KEYS = {"name", "score", "max_score", "status", "output", "visibility"}


def folders():
    """One test per folder; a folder whose expected.toml names a `grader_bug` is a strict xfail."""
    params = []
    for path in sorted(HOSTILE.glob("*/expected.toml")):
        bug = tomllib.loads(path.read_text()).get("grader_bug")
        marks = [pytest.mark.xfail(strict=True, reason=f"grader bug: {bug}")] if bug else []
        params.append(pytest.param(path.parent, id=path.parent.name, marks=marks))
    return params


# ---------------------------------------------------------------- the checkout


def checkout_state():
    """Every file of the checkout but the virtualenv, git's store and caches, ignored files
    included: path -> (mode, owner uid, sha256 of the contents or the link's target)."""
    state = {}
    for folder, names, files in os.walk(ROOT):
        names[:] = sorted(n for n in names
                          if n not in SKIPPED_IN_CHECKOUT and not n.endswith(".egg-info"))
        for name in files + [n for n in names if os.path.islink(os.path.join(folder, n))]:
            path = Path(folder, name)
            try:
                info = path.lstat()
                if stat.S_ISLNK(info.st_mode):
                    digest = "link:" + os.readlink(path)
                else:
                    digest = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                continue  # removed while we looked
            state[str(path.relative_to(ROOT))] = (info.st_mode, info.st_uid, digest)
    return state


def contains_marker(path, markers):
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return any(marker.encode() in data for marker in markers)


def checkout_changes(before, after, markers):
    """(changes this grading may have made, plain edits by someone else), as readable lines."""
    suspicious, plain = [], []
    for name in sorted(before.keys() | after.keys()):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        path = ROOT / name
        if new is None:
            suspicious.append(f"{name}: removed")
            continue
        mode, uid, _ = new
        reasons = [reason for reason, found in (
            ("owned by a worker uid", uid in WORKER_UIDS),
            ("group- or world-writable", mode & 0o022 and (old is None or not old[0] & 0o022)),
            ("holds a marker of the submission", contains_marker(path, markers)),
            ("named like a grader's output or scratch",
             any(SUSPICIOUS_NAMES.fullmatch(part) for part in Path(name).parts)),
        ) if found]
        line = f"{name}: {'new' if old is None else 'changed'}"
        (suspicious if reasons else plain).append(line + (f" ({', '.join(reasons)})"
                                                          if reasons else ""))
    return suspicious, plain


# ---------------------------------------------------------------- /tmp


def tmp_entries():
    """/tmp's entries: name -> owner uid."""
    entries = {}
    for entry in os.scandir("/tmp"):
        try:
            entries[entry.name] = entry.stat(follow_symlinks=False).st_uid
        except OSError:
            continue  # removed while we looked
    return entries


def new_in_tmp(before, own, named):
    """New /tmp entries that are this grading's: a worker uid owns them or the submission names
    them (`named`); this test's own folder excepted."""
    return sorted(f"/tmp/{name} (uid {uid})" for name, uid in tmp_entries().items()
                  if name not in before and name != own
                  and (uid in WORKER_UIDS or f"/tmp/{name}" in named))


# ---------------------------------------------------------------- the submission and its grading


def build_submission(folder, target):
    """The reference's four modules overlaid with the folder's student files."""
    reference_files(target)
    for source in folder.glob("*.py"):
        shutil.copy(source, target / source.name)
    return target


def tree_state(folder):
    return {str(p.relative_to(folder)): (p.stat().st_mode, p.read_bytes())
            for p in sorted(folder.rglob("*")) if p.is_file()}


def grade(submission, output, scratch, language):
    environment = {**os.environ, "TMPDIR": str(scratch)}
    environment.pop("CI", None)  # --official says it already
    return subprocess.run(
        [sys.executable, "-m", "autograder", "grade", str(submission), "--format", "gradescope",
         "--output", str(output), "--official", "--lang", language],
        cwd=ROOT, env=environment, capture_output=True, timeout=GRADING_TIMEOUT)


@pytest.fixture(scope="module", autouse=True)
def strong_sandbox():
    """Official grading refuses the weak modes, so these tests need bwrap or unshare (CI has bwrap,
    and test_sandbox.py fails there if it stops working)."""
    if not any(sandbox.works(mode) for mode in ("bwrap", "unshare")):
        pytest.skip(f"no strong sandbox here: {sandbox.PROBE_ERRORS}")


@pytest.fixture
def own_scratch():
    """The grader's TMPDIR for one grading: a folder of this test, directly under /tmp. (Under
    pytest's basetemp it would break: a pytest session starting meanwhile resets
    pytest-of-<user> to 0700, and the sandbox's uid must pass through the scratch's parents.)"""
    folder = Path(tempfile.mkdtemp(prefix=OWN_TMP_PREFIX, dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def check_results_file(output, language):
    size = output.stat().st_size
    assert 0 < size < RESULTS_LIMIT, f"results.json is {size} bytes"
    results = json.loads(output.read_text())
    assert GRADESCOPE_KEYS <= set(results), sorted(results)
    assert results["tests"], "no checks in the results"
    for test in results["tests"]:
        assert GRADESCOPE_TEST_KEYS <= set(test), test
        assert type(test["score"]) in (int, float) and type(test["max_score"]) in (int, float)
        assert test["status"] in ("passed", "failed"), test
    assert results["score"] == sum(test["score"] for test in results["tests"])
    assert results["max_score"] == sum(test["max_score"] for test in results["tests"])
    with speaking(language):
        graded = re.escape(_("Graded with the {sandbox} sandbox.")).replace(
            re.escape("{sandbox}"), "(bwrap|unshare)")
    assert re.search(graded, results.get("output", "")), results.get("output")
    return results


@pytest.mark.parametrize("folder", folders())
def test_hostile_submission_is_contained(folder, tmp_path, own_scratch):
    expected = tomllib.loads((folder / "expected.toml").read_text())
    markers = expected.get("printed", []) + expected.get("secret", []) + expected.get("written", [])
    submission = build_submission(folder, tmp_path / "submission")
    handed_in = tree_state(submission)
    output = tmp_path / "results.json"

    absent = [path for path in expected.get("absent", []) if not os.path.lexists(path)]
    scratch_before = own_scratch.stat().st_mtime_ns
    checkout_before = checkout_state()
    tmp_before = tmp_entries()
    processes_before = sandbox_processes()
    language = expected.get("language", "en")
    completed = grade(submission, output, own_scratch, language)
    remaining = settled(lambda: leftovers(processes_before))
    in_tmp = settled(lambda: new_in_tmp(tmp_before, own_scratch.name, absent))
    suspicious, plain = checkout_changes(checkout_before, checkout_state(), markers)

    stderr = completed.stderr.decode(errors="replace")
    assert completed.returncode == 0, f"grading did not complete: {stderr[-2000:]}"

    # Nothing of the worker remains, and nothing changed outside the grader's scratch (asserted
    # first, so that a folder marked as a grader bug still checks all of it).
    assert not remaining, f"processes outlived the grading: {remaining}"
    assert not suspicious, f"the checkout changed: {suspicious}"
    if plain:
        warnings.warn(f"{folder.name}: files of the checkout changed during the grading, by root "
                      f"and plainly (someone editing the checkout?): {plain}")
    assert tree_state(submission) == handed_in, "the submission handed in was changed"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json", "submission"]
    assert own_scratch.stat().st_mtime_ns != scratch_before, "the grader did not use its TMPDIR"
    assert not list(own_scratch.iterdir()), \
        f"the grader left its scratch behind: {sorted(p.name for p in own_scratch.iterdir())}"
    assert not in_tmp, f"new in /tmp: {in_tmp}"
    appeared = [path for path in absent if os.path.lexists(path)]
    assert not appeared, f"the submission's files appeared outside its scratch: {appeared}"
    reached = [path for path in expected.get("untouched", [])
               if contains_marker(Path(os.path.expandvars(os.path.expanduser(path))), markers)]
    assert not reached, f"the submission wrote into files outside its scratch: {reached}"

    # What the submission printed reaches the student only quoted, as what their code printed
    # during a failing call (lines "  | ..."), never the grader's terminal or anything else; a
    # `secret` marker reaches nothing at all.
    terminal = completed.stdout + completed.stderr
    for marker in expected.get("printed", []) + expected.get("secret", []):
        assert marker.encode() not in terminal, f"{marker!r} reached the grader's terminal"
    for marker in expected.get("secret", []):
        assert marker.encode() not in output.read_bytes(), f"{marker!r} reached the results"
    echoed = json.loads(output.read_text())
    for marker in expected.get("printed", []):
        assert marker not in echoed["output"]
        for test in echoed["tests"]:
            for line in test["output"].splitlines():
                assert marker not in line or (line.lstrip().startswith("| ")
                                              and test["status"] == "failed"), (
                    f"{marker!r}, printed by the submission, was echoed unquoted: {line!r}")

    # A small, valid results file, with exactly the derived outcome: the checks in `fails` fail,
    # all of them of the functions the folder breaks, and every other check has full marks.
    results = check_results_file(output, language)
    with speaking(language):  # the results name each check as its students read it
        keys = {_(name): name for name in grading_config.load().checks}
    for test in results["tests"]:
        test["name"] = keys[test["name"]]
    failed = {test["name"] for test in results["tests"] if test["status"] != "passed"}
    outputs = "\n".join(test["output"] for test in results["tests"])
    assert failed == set(expected["fails"]), (
        f"{expected['why']}\n\nfailed, not derived: {sorted(failed - set(expected['fails']))}"
        f"\nderived, not failed: {sorted(set(expected['fails']) - failed)}\n\n{outputs[:4000]}")
    assert {name.split(":")[0] for name in failed} <= set(expected["breaks"])
    for test in results["tests"]:
        assert test["score"] == (0 if test["name"] in failed else test["max_score"]), test
    for phrase in expected.get("feedback", []):
        assert phrase in outputs, f"no check's output says {phrase!r}:\n{outputs[:4000]}"
