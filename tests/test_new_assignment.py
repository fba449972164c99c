"""docs/new-assignment.md stays true: every command it shows runs, on the third assignment it
walks through (Nim, kept in tests/nim_assignment/), and says what the page says it does."""
import re
import shlex
import subprocess
import sys

import pytest

from autograder import assignments
from support.paths import ROOT

DOC = ROOT / "docs" / "new-assignment.md"
FIXTURE = "tests/nim_assignment/assignment.toml"


def doc_commands():
    """The page's commands: its indented lines that run Python's -m."""
    return [shlex.split(line)[2:] for line in
            re.findall(r"^    (python -m \S.*)$", DOC.read_text(), re.M)]


def run(module_and_arguments):
    """`python -m` the page's command, where the page runs it: the project's folder."""
    return subprocess.run([sys.executable, "-m", *module_and_arguments], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_page_shows_the_commands_its_test_runs():
    modules = [command[0] for command in doc_commands()]
    assert modules == ["autograder.distribution.stubs", "autograder", "autograder", "autograder"]
    assert all(FIXTURE in command for command in doc_commands())


def test_the_fixture_is_the_assignment_the_page_describes():
    nim = assignments.load(ROOT / FIXTURE)
    assert (nim.name, nim.files, list(nim.modules)) == ("nim", ("nim.py",),
                                                         ["nim_value", "nim_decision"])
    text = DOC.read_text()
    for path in ("checks/test_nim.py", "reference/nim.py", "mistakes/misere/nim.py"):
        assert (ROOT / "tests" / "nim_assignment" / path).is_file() and path in text
    # the page's excerpts are the fixture's own
    assert '@check("nim_value: the course\'s heaps and random ones")' in (
        ROOT / "tests" / "nim_assignment" / "checks" / "test_nim.py").read_text()
    policy = (ROOT / "tests" / "nim_assignment" / "grading.toml").read_text()
    for line in re.findall(r'^"nim_.*$', text, re.M):
        assert line in policy.splitlines()


@pytest.mark.e2e
def test_every_command_of_the_page_runs_and_grades_the_third_assignment():
    stubs, check_config, right, mistake = [run(command) for command in doc_commands()]
    for completed in (stubs, check_config, right, mistake):
        assert completed.returncode == 0, completed.stderr
    assert stubs.stdout == "tests/nim_assignment is up to date\n"
    assert check_config.stdout.startswith("tests/nim_assignment/grading.toml: 2 checks, 10 "
                                          "points, of [grading] total = 10\n")
    assert "course settings of nim (tests/nim_assignment/grading.toml):" in check_config.stdout
    assert "reference: 10 / 10 points" in right.stdout and "Every check passed." in right.stdout
    assert "misere: 0 / 10 points" in mistake.stdout
    said = re.search(r"The second says `(.*?)`", " ".join(DOC.read_text().split())).group(1)
    assert said in " ".join(mistake.stdout.split())
    # the hidden check's decision calls the failing nim_value: that, in place of its hint
    assert ("Your nim_decision calls your nim_value, which fails: fix that first.") in \
        " ".join(mistake.stdout.split())
