"""The README's two commands stay true: CI runs the second verbatim, the first grades a sample."""
import re

from support.paths import ROOT


def readme_commands():
    return re.findall(r"^    (\S.*)$", (ROOT / "README.md").read_text().split("## ")[0], re.M)


def test_the_readme_opens_with_the_two_commands():
    setup, tests = readme_commands()
    assert "python -m autograder grade examples/sample_submission" in setup
    assert tests.endswith("python -m pytest")


def test_ci_runs_the_readmes_test_command_verbatim():
    assert readme_commands()[1] in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_sample_submission_exists():
    assert (ROOT / "examples" / "sample_submission" / "minimax.py").is_file()
