"""The guides stay true: the README opens with its two commands (CI runs the second verbatim, the
first grades a sample) and every command a guide (the README, docs/*.md) shows in a
code block runs; the languages page's excerpts are that sample's reports, and every link between
the guides leads to a file.

A command a guide shows is an indented line starting with `python -m` or `.venv/bin/python -m`.
What cannot run in a test (a class, a secret, Gradescope, GitHub, a release's minutes, a command
that writes into the project) is written in a table or a sentence instead, with placeholders."""
import re
import shlex
import subprocess
import sys

import pytest

from autograder.language import LANGUAGES
from support.paths import ROOT

README = ROOT / "README.md"
DOCS = ROOT / "docs"
GUIDES = [README, *sorted(DOCS.glob("*.md"))]
COMMAND = re.compile(r"^    ((?:\.venv/bin/)?python -m \S.*)$", re.M)
LINK = re.compile(r"\]\(([^)#:]+)(?:#[^)]*)?\)")
# Pages whose commands a test of their own runs, reading what each prints.
RUN_BY_THEIR_OWN_TEST = {"new-assignment.md": "tests/test_new_assignment.py"}


def readme_commands():
    return re.findall(r"^    (\S.*)$", README.read_text().split("## ")[0], re.M)


def guide_commands():
    """(page, command) for every command the guides show, but the README's opening two and the
    pages whose own test runs theirs."""
    return [(page.name, command) for page in GUIDES if page.name not in RUN_BY_THEIR_OWN_TEST
            for command in COMMAND.findall(page.read_text(encoding="utf-8"))]


def test_the_readme_opens_with_the_two_commands():
    setup, tests = readme_commands()
    assert "python -m autograder grade examples/sample_submission" in setup
    assert " -m pytest " in tests
    # every tier (pyproject's addopts leaves out the end-to-end ones), in parallel, each file in
    # one xdist worker so that its module fixtures (a release, a class's batch) are made once, the
    # files in conftest's order
    assert "-m ''" in tests and " -n " in tests and "--dist loadfile --no-loadscope-reorder" in tests


def test_ci_runs_the_readmes_test_command_verbatim():
    assert readme_commands()[1] in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_sample_submission_exists():
    assert (ROOT / "examples" / "sample_submission" / "minimax.py").is_file()


def test_every_link_between_the_guides_leads_to_a_file():
    for page in GUIDES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links to {target}, which is not there"


def test_the_guides_show_commands_for_their_test_to_run():
    assert guide_commands(), "no guide shows a command: has the way to write one changed?"


@pytest.mark.e2e
@pytest.mark.parametrize("page, command", guide_commands())
def test_every_command_a_guide_shows_runs(page, command):
    """Run as the guide runs it, from the project's folder, with this environment's Python."""
    words = shlex.split(command, comments=True)
    completed = subprocess.run([sys.executable, *words[1:]], cwd=ROOT, capture_output=True,
                               text=True, timeout=600)
    assert completed.returncode == 0, f"{page}: {command}\n{completed.stderr}"


def test_the_languages_page_s_excerpts_are_the_sample_submission_s_reports():
    """Each language's excerpt in docs/languages.md is lines of its golden report, in order."""
    page = (DOCS / "languages.md").read_text()
    excerpts = re.findall(r"`--lang (\w+)`:\n\n((?:    .*\n|\n)+)", page)
    assert {code for code, _ in excerpts} == set(LANGUAGES)
    for code, excerpt in excerpts:
        report = (ROOT / "tests" / "golden" / f"sample_submission.{code}.txt").read_text()
        remaining = iter(report.splitlines())
        assert all(line[4:] in remaining for line in excerpt.splitlines() if line.strip()), code
