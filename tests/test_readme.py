"""The README's two commands stay true: CI runs the second verbatim, the first grades a sample;
the languages page's excerpts in each language are that sample's reports."""
import re

from autograder.language import LANGUAGES
from support.paths import ROOT


def readme_commands():
    return re.findall(r"^    (\S.*)$", (ROOT / "README.md").read_text().split("## ")[0], re.M)


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


def test_the_languages_page_s_excerpts_are_the_sample_submission_s_reports():
    """Each language's excerpt in docs/languages.md is lines of its golden report, in order."""
    page = (ROOT / "docs" / "languages.md").read_text()
    excerpts = re.findall(r"`--lang (\w+)`:\n\n((?:    .*\n|\n)+)", page)
    assert {code for code, _ in excerpts} == set(LANGUAGES)
    for code, excerpt in excerpts:
        report = (ROOT / "tests" / "golden" / f"sample_submission.{code}.txt").read_text()
        remaining = iter(report.splitlines())
        assert all(line[4:] in remaining for line in excerpt.splitlines() if line.strip()), code
