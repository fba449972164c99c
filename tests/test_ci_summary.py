"""The Markdown the pull-request job writes: the step summary, and the comment (the same, marked,
cut to the table when too long for GitHub), against a golden file; its notices as GitHub's alerts
or, under GitLab, bold paragraphs."""
import pytest

from markdown_it import MarkdownIt

from autograder.assignments import SEARCH
from autograder.commands.ci.context import Context, protected_changes
from autograder.commands.ci.summary import COMMENT_LIMIT, MARKER, body, fitted
from autograder.language import _
from autograder.results import CHECKED_WHEN_GRADED, WHEN_GRADED, CheckResult, Report
from support.ci import small_report
from support.golden import GOLDEN, ORDER, golden, sample_report


@pytest.mark.parametrize("gitlab", [False, True])
def test_notices_are_github_alerts_on_github_and_bold_paragraphs_on_gitlab(gitlab):
    report = small_report({"minimax_value: a": 5})
    report.sandbox = "plain"
    context = Context(protected=["grading.toml"], gitlab=gitlab)
    html = MarkdownIt("commonmark").render(body(report, None, context))
    request = "merge request" if gitlab else "pull request"
    if gitlab:
        assert "<blockquote>" not in html and "[!" not in html
        assert f"<p><strong>Warning:</strong> This {request} changes files" in html
        assert "<p><strong>Note:</strong> Graded in the weak plain sandbox" in html
    else:  # GitHub turns these quotes into its alerts
        assert f"<blockquote>\n<p>[!WARNING]\nThis {request} changes files" in html
        assert "<blockquote>\n<p>[!NOTE]\nGraded in the weak plain sandbox" in html


def test_the_change_names_checks_that_broke_and_fixed_since_the_base():
    base = small_report({"minimax_value: a": 5, "minimax_value: b": 0, "center_first: c": 5})
    now = small_report({"minimax_value: a": 0, "minimax_value: b": 5, "center_first: c": 5})
    text = body(now, base, Context(base_label="main"))
    assert text.startswith("## Autograder: 10 / 15 points (— since `main`)")
    assert "| `minimax_value` | 5 / 10 | 1 | 1 | — |" in text
    assert "Now passing: `minimax_value: b`." in text
    assert "Passed on the base branch, failing now: `minimax_value: a`." in text


def test_a_push_shows_no_change_and_no_notice():
    text = body(small_report({"minimax_value: a": 5}), None, Context())
    assert text.startswith("## Autograder: 5 / 5 points\n")
    assert "change" not in text and "[!WARNING]" not in text and "Every check passed." in text


def test_the_summary_names_the_checks_left_to_the_grade_with_their_hints_and_warnings():
    """The terminal said, of a hidden check the job leaves out, "Avís: la teva funció
    alphabeta_decision crida la teva alphabeta_value, que aquí falla..."; the summary and the
    comment a student reads on a pull request listed it as "checked when graded (4)" alone
    (issue 31's Catalan re-trial)."""
    report = small_report({"alphabeta_value: a": 0, "alphabeta_decision: b": 5})
    report.checks.append(CheckResult(
        name="alphabeta_decision: nodes", function="alphabeta_decision", points=0, max_points=4,
        status=CHECKED_WHEN_GRADED, feedback=_(WHEN_GRADED), visibility="hidden",
        hint="Tighten the root.",
        warning="Warning: your alphabeta_decision calls your alphabeta_value, which fails here."))
    for text in (body(report, None, Context()), body(report, None, Context(), details=False)):
        assert ("- alphabeta_decision: nodes (4 points, hidden): Tighten the root. Warning: your "
                "alphabeta_decision calls your alphabeta_value, which fails here.") in text


def test_a_weak_sandbox_is_called_feedback_not_official_grading():
    report = small_report({"minimax_value: a": 5})
    report.sandbox = "plain"
    assert "not official grading" in body(report, None, Context())


def test_the_comment_golden_file():
    base = Report(submission="base", sandbox="bwrap", order=ORDER, checks=[
        CheckResult(name=c.name, function=c.function, points=0, max_points=c.max_points,
                    status="failed", feedback="NotImplementedError")
        for c in sample_report().checks])
    context = Context(grader="course/grader@v2.1.0", base_label="main",
                      run_url="https://github.com/course/alice/actions/runs/4242",
                      protected=protected_changes([".github/workflows/autograde.yml",
                                                   "assignments/minimax.py"], SEARCH,
                                                  "assignments"))
    golden("ci-comment.md", fitted(sample_report().for_students(), base.for_students(),
                                   context, COMMENT_LIMIT, marker=MARKER + "\n"))


def test_a_comment_too_long_for_github_keeps_the_table_and_links_the_summary():
    report = small_report({"minimax_value: a": 0})
    report.checks[0] = CheckResult(name="minimax_value: a", function="minimax_value", points=0,
                                   max_points=5, status="failed", feedback="x" * 70_000)
    context = Context(run_url="https://github.com/o/r/actions/runs/1")
    text = fitted(report, None, context, COMMENT_LIMIT, marker=MARKER + "\n")
    assert len(text) < COMMENT_LIMIT and "| `minimax_value` | 0 / 5 | 0 | 1 |" in text
    assert "[the run's summary](https://github.com/o/r/actions/runs/1)" in text


def test_golden_files_exist_for_every_rendering():
    assert {path.name for path in GOLDEN.iterdir()} >= {
        "report.instructor.md", "report.students.md", "report.instructor.xml",
        "report.students.xml", "ci-comment.md"}
