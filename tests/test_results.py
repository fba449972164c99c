"""The results model read back: results.load_report, the one reader of report.json, gives the
Report that reporters/report_json.py wrote, its checked-when-graded checks still so; a file that
holds no report raises, and a batch takes it for one to grade again."""
from dataclasses import replace

import pytest

from autograder.commands.gradebook import kept_report
from autograder.reporters import report_json
from autograder.results import CHECKED_WHEN_GRADED, WHEN_GRADED, CheckResult, load_report
from support.golden import sample_report


def with_a_check_left_to_the_grade(report):
    return replace(report, checks=[*report.checks, CheckResult(
        "alphabeta_decision: nodes", "alphabeta_decision", 0, 4, CHECKED_WHEN_GRADED,
        WHEN_GRADED, visibility="hidden", hint="Tighten the root.", warning="It fails here.")])


def test_load_report_reads_back_what_report_json_wrote(tmp_path):
    report = with_a_check_left_to_the_grade(sample_report())
    path = tmp_path / "report.json"
    path.write_text(report_json.render(report), encoding="utf-8")
    loaded = load_report(path)
    assert report_json.render(loaded) == report_json.render(report)
    assert [check.name for check in loaded.when_graded()] == ["alphabeta_decision: nodes"]
    assert (loaded.points, loaded.max_points) == (report.points, report.max_points)
    assert loaded.by_function() == report.by_function()


@pytest.mark.parametrize("text", ["", "{cut short", "[]", '{"checks": []}',
                                  '{"points": 1, "max_points": 1, "functions": [], '
                                  '"checks": [{"name": "x"}]}'])
def test_a_file_that_holds_no_report_raises_and_a_batch_grades_it_again(tmp_path, text):
    path = tmp_path / "alice.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError):
        load_report(path)
    assert kept_report(path) is None


def test_a_missing_file_raises_and_a_batch_grades_it(tmp_path):
    with pytest.raises(OSError):
        load_report(tmp_path / "never.json")
    assert kept_report(tmp_path / "never.json") is None
