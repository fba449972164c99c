"""Shared helpers for the project's own tests: grading a folder the way a user would, by the CLI."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "reference"


def pytest_configure(config):
    """The instructor's grader keeps the reference's answers in the user's cache folder: the
    tests keep theirs in a folder of their own, new each run, never the developer's."""
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="autograder-tests-cache-")


def pytest_unconfigure(config):
    shutil.rmtree(os.environ["XDG_CACHE_HOME"], ignore_errors=True)


def run_cli(*args, cwd=ROOT, timeout=600, env=None):
    """The command line, in this environment with `env` added."""
    return subprocess.run([sys.executable, "-m", "autograder", *map(str, args)], cwd=cwd,
                          env={**os.environ, **(env or {})}, capture_output=True, text=True,
                          timeout=timeout)


def grade_json(submission, tmp_path, env=None):
    """Grade `submission` through the command line; return the parsed results.json."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    output = tmp_path / "results.json"
    completed = run_cli("grade", submission, "--format", "gradescope", "--output", output,
                        env=env)
    assert completed.returncode == 0, completed.stderr
    return json.loads(output.read_text())


def failed_checks(results):
    return {test["name"] for test in results["tests"] if test["status"] != "passed"}


SUBMISSIONS = sorted(p.parent for p in (ROOT / "tests" / "submissions").glob("*/expected.toml"))


def assembled(folder, target):
    """The submission a folder of tests/submissions stands for, in `target`: its modules,
    completed with the reference's others unless its expected.toml says own_files_only. Returns
    the expected outcome."""
    import tomllib
    expected = tomllib.loads((folder / "expected.toml").read_text())
    if expected.get("own_files_only"):
        target.mkdir(parents=True)
    else:
        reference_files(target)
    for source in folder.glob("*.py"):
        shutil.copy(source, target / source.name)
    return expected


def reference_files(target):
    """Copy the reference's four modules into `target`, as a complete correct submission."""
    target.mkdir(parents=True, exist_ok=True)
    for source in REFERENCE.glob("*.py"):
        if source.name != "__init__.py":
            shutil.copy(source, target / source.name)
    return target


@pytest.fixture(scope="session")
def reference_results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reference")
    return grade_json(reference_files(folder / "submission"), folder)


def policy_with(name, keys):
    """The repository's grading.toml with `keys` (TOML, e.g. 'hint = "x"') added to the entry of
    the check `name`, whatever its points and visibility: a test that changes one entry must hold
    whatever policy the instructor set."""
    lines = (ROOT / "grading.toml").read_text().splitlines()
    key = json.dumps(name, ensure_ascii=False)  # the check's name as grading.toml quotes it
    [at] = [i for i, line in enumerate(lines) if line.startswith(f"{key} = {{")]
    lines[at] = lines[at].replace("{", f"{{ {keys},", 1)
    return "\n".join(lines) + "\n"
