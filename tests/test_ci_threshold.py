"""The pull-request job's threshold, which students read: points or a percentage of the points the
job can check (those of the checks it holds), refused above them; the summary and the comment
say it and whether it was met; annotations only where points were lost."""
import pytest

from autograder.assignments import SEARCH
from autograder.commands.ci import job
from autograder.commands.ci.arguments import parser
from autograder.commands.ci.context import Context
from autograder.commands.ci.github import annotations
from autograder.commands.ci.summary import body
from autograder.language import _
from autograder.policy import Threshold
from autograder.results import CHECKED_WHEN_GRADED, WHEN_GRADED, CheckResult, Report
from support.golden import ORDER


def report(*checks):
    """A report of (name, points, max_points, status) checks."""
    return Report(submission="assignments", sandbox="bwrap", order=ORDER, checks=[
        CheckResult(name=name, function=name.split(":")[0], points=points, max_points=most,
                    status=status, feedback=_(WHEN_GRADED) if status == CHECKED_WHEN_GRADED else
                    ("" if status == "passed" else "wrong"))
        for name, points, most, status in checks])


# Everything the students' job can check, passed: 91 points; 9 more are checked when graded.
PERFECT = report(("minimax_value: a", 91, 91, "passed"),
                 ("minimax_value: b", 0, 9, CHECKED_WHEN_GRADED))


def policy(tmp_path, course=""):
    """A policy of which the job holds checks worth 91 points of 100."""
    path = tmp_path / "grading.toml"
    path.write_text(f'[course]\n{course}\n[checks]\n"minimax_value: a" = {{ points = 91 }}\n'
                    f'"minimax_value: b" = {{ points = 9, checked_here = false }}\n')
    return path


@pytest.mark.parametrize("value, threshold", [("95%", Threshold(95, True)), ("70", Threshold(70)),
                                              ("0%", Threshold(0, True))])
def test_a_threshold_is_points_or_a_percentage(value, threshold):
    assert parser().parse_args(["--fail-under", value]).fail_under == threshold


@pytest.mark.parametrize("value", ["-1", "seventy", "nan", "inf", "101%", "%"])
def test_a_threshold_that_is_neither_is_refused_in_one_line(value, capsys):
    with pytest.raises(SystemExit) as stopped:
        parser().parse_args(["--fail-under", value])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        f"argument --fail-under: {value!r} is not a number of points or a percentage: give one "
        f"such as --fail-under 70 or --fail-under 95%")


@pytest.mark.parametrize("argv, course, exit_code", [
    (["--fail-under", "95%"], "", 0),       # 86.45 of the 91 the job can check
    (["--fail-under", "91"], "", 0),
    ([], 'fail_under = "95%"', 0),          # the course's threshold, when the job is given none
    ([], "fail_under = 91", 0),
    (["--fail-under", "100%"], 'fail_under = "1%"', 0),
])
def test_a_perfect_submission_meets_a_threshold_of_what_the_job_checks(argv, course, exit_code,
                                                                        tmp_path, monkeypatch):
    monkeypatch.setattr(job, "grade_and_report", lambda *_: PERFECT)
    assert job.main(["--output-dir", str(tmp_path / "out"), "--config",
                     str(policy(tmp_path, course)), *argv], environ={}) == exit_code


def test_below_a_percentage_the_job_fails_naming_the_points_required(tmp_path, monkeypatch,
                                                                      capsys):
    monkeypatch.setattr(job, "grade_and_report", lambda *_: report(
        ("minimax_value: a", 80, 91, "failed"),
        ("minimax_value: b", 0, 9, CHECKED_WHEN_GRADED)))
    assert job.main(["--output-dir", str(tmp_path / "out"), "--config", str(policy(tmp_path)),
                     "--fail-under", "95%"], environ={}) == 1
    assert capsys.readouterr().err.splitlines() == [
        "autograder.commands.ci: score 80 is below the required 86.45"]


@pytest.mark.parametrize("course, argv", [("", ["--fail-under", "95"]), ("fail_under = 95", [])])
def test_a_threshold_above_what_the_job_can_check_is_refused(course, argv, tmp_path,
                                                             monkeypatch, capsys):
    """It would fail the perfect submission: the job says why in one line, and grades nothing."""
    monkeypatch.setattr(job, "grade_and_report", lambda *_: pytest.fail("graded"))
    out = tmp_path / "out"
    assert job.main(["--output-dir", str(out), "--config", str(policy(tmp_path, course)), *argv],
                    environ={}) == 2
    reason = ("the required score, 95 points, is above the 91 points this job can check: give "
              "at most 91, or a percentage of them")
    assert capsys.readouterr().err.splitlines() == [f"autograder.commands.ci: {reason}"]
    assert reason in (out / "summary.md").read_text()


@pytest.mark.parametrize("threshold, says", [
    (None, None),
    (Threshold(91), "Required score: 91 points, which this score reaches."),
    (Threshold(95, True), "Required score: 86.45 points (95% of the points checked here), which "
                          "this score reaches."),
])
def test_the_summary_states_the_threshold_and_that_it_was_met(threshold, says):
    text = body(PERFECT, None, Context(threshold=threshold, checkable=91))
    assert (says in text) if says else "Required score" not in text


def test_the_summary_says_when_the_threshold_was_not_met():
    below = report(("minimax_value: a", 80, 91, "failed"))
    text = body(below, None, Context(threshold=Threshold(95, True), checkable=91))
    assert ("Required score: 86.45 points (95% of the points checked here), which this score "
            "does not reach: the job fails.") in text


def test_checks_not_run_in_the_job_get_no_annotation(tmp_path):
    """25 / 25 points of the checks the job runs: no error on a correct function."""
    assert annotations(PERFECT, tmp_path, tmp_path, SEARCH.modules) == []
    lost = report(("minimax_value: a", 0, 91, "failed"),
                  ("minimax_value: b", 0, 9, CHECKED_WHEN_GRADED))
    (command,) = annotations(lost, tmp_path, tmp_path, SEARCH.modules)
    assert command.startswith("::error title=minimax_value%3A 0 / 91 points::")
    assert "minimax_value: b" not in command
