"""The pull-request job without the workflow: `python -m autograder.commands.ci` (in a process of
its own, or main() with grading stood in for), its exit code, and what it writes when it cannot
grade; and its parts that read the checkout: the protected files a change touches, the `def` lines
annotations sit on, the escaping of workflow commands, and a base branch needing no grading.

The Markdown it writes is tests/test_ci_summary.py's, its threshold tests/test_ci_threshold.py's.
"""
import pytest

from autograder.assignments import SEARCH
from autograder.commands.ci import job
from autograder.commands.ci.checkout import same_files
from autograder.commands.ci.context import protected_changes
from autograder.commands.ci.github import definitions, escape_data, escape_property
from autograder.commands.ci.summary import MARKER
from autograder.errors import LaneError, SandboxError
from autograder.language import _, speaking, spoken
from support.actions import run_ci
from support.ci import CUTOFF, SAMPLE, copy_py, small_report
from support.paths import ROOT


@pytest.mark.parametrize("required, exit_code", [(None, 0), ("5", 0), ("5.5", 1)])
def test_the_exit_code_says_whether_the_score_reaches_the_required_one(required, exit_code,
                                                                       monkeypatch, tmp_path,
                                                                       capsys):
    """Grading stood in for by a report of 5 points: exactly the required score passes."""
    monkeypatch.setattr(job, "grade_and_report", lambda *_: small_report({"minimax_value: a": 5}))
    argv = ["--output-dir", str(tmp_path / "out")]
    if required is not None:
        argv += ["--fail-under", required]
    assert job.main(argv, environ={}) == exit_code
    expected = ([f"autograder.commands.ci: score 5 is below the required {required}"]
                if exit_code else [])
    assert capsys.readouterr().err.splitlines() == expected


@pytest.mark.e2e
def test_a_folder_without_the_assignments_is_reported_not_graded(tmp_path):
    (tmp_path / "assignments").mkdir()
    (tmp_path / "assignments" / "notes.txt").write_text("nothing yet")
    changed = tmp_path / "changed.txt"
    changed.write_bytes(b"grading.toml\0")  # as git diff -z writes it
    outputs, summary = tmp_path / "outputs", tmp_path / "summary.md"
    completed = run_ci("--assignments", tmp_path / "assignments", "--output-dir",
                       tmp_path / "results", "--changed-files", changed,
                       env={"GITHUB_OUTPUT": str(outputs), "GITHUB_STEP_SUMMARY": str(summary),
                            "GITHUB_ACTIONS": "true"})
    assert completed.returncode == 2
    assert completed.stdout.splitlines()[-1].startswith("::error title=Autograder::")
    assert summary.read_text().startswith("## Autograder: not graded")
    assert "Grading could not complete:" in summary.read_text()
    comment = (tmp_path / "results" / "comment.md").read_text()
    assert comment.startswith(MARKER) and "`grading.toml`" in comment
    assert "tampered=true" in outputs.read_text().splitlines()


@pytest.mark.e2e
def test_under_gitlab_the_summary_says_merge_request_in_markdown_gitlab_renders(tmp_path):
    (tmp_path / "assignments").mkdir()
    changed = tmp_path / "changed.txt"
    changed.write_bytes(b"grading.toml\0")
    completed = run_ci("--assignments", tmp_path / "assignments", "--output-dir",
                       tmp_path / "results", "--changed-files", changed,
                       env={"GITLAB_CI": "true"})
    assert completed.returncode == 2
    summary = (tmp_path / "results" / "summary.md").read_text()
    assert ("\n**Warning:** This merge request changes files that grading depends on: "
            "`grading.toml`.") in summary
    assert "pull request" not in summary and "[!" not in summary


@pytest.mark.e2e
def test_outside_github_actions_no_workflow_commands_are_printed(tmp_path):
    (tmp_path / "assignments").mkdir()
    completed = run_ci("--assignments", tmp_path / "assignments", "--output-dir", tmp_path / "r")
    assert completed.returncode == 2 and "::" not in completed.stdout


def not_graded_by_the_job(tmp_path, *args):
    """Run the job on an empty assignments folder with `args`, check that it says it could not
    grade (exit code 2, one line on stderr, no traceback; the summary in $GITHUB_STEP_SUMMARY,
    summary.md and the comment), and return the completed process and the summary."""
    (tmp_path / "assignments").mkdir()
    summary = tmp_path / "summary.md"
    completed = run_ci("--assignments", tmp_path / "assignments", "--output-dir",
                       tmp_path / "results", *args, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert completed.returncode == 2
    assert len(completed.stderr.splitlines()) == 1, completed.stderr  # no traceback
    assert summary.read_text() == (tmp_path / "results" / "summary.md").read_text()
    assert summary.read_text().startswith("## Autograder: not graded\n")
    comment = (tmp_path / "results" / "comment.md").read_text()
    assert comment == MARKER + "\n" + summary.read_text()
    return completed, summary.read_text()


@pytest.mark.e2e
def test_an_unreadable_list_of_changed_files_is_reported_not_graded(tmp_path):
    completed, summary = not_graded_by_the_job(tmp_path, "--changed-files", tmp_path / "missing")
    assert completed.stderr.startswith("autograder.commands.ci: cannot read --changed-files: ")
    assert "Grading could not complete: cannot read --changed-files: " in summary


@pytest.mark.e2e
def test_a_grading_toml_that_cannot_be_used_is_reported_not_graded(tmp_path):
    config = tmp_path / "grading.toml"
    config.write_text("[checks\n")
    completed, summary = not_graded_by_the_job(tmp_path, "--config", config)
    assert completed.stderr.startswith(f"autograder.commands.ci: {config} is not valid TOML")
    assert "Grading could not complete: " in summary and "is not valid TOML" in summary


@pytest.mark.parametrize("error, reason", [
    (LaneError("a grading process ended before its checks did (exit code -9)"),
     "a grading process ended before its checks did (exit code -9)"),
    (SandboxError("all 64 sandbox uids from 60000 are in use"),
     "all 64 sandbox uids from 60000 are in use"),
    (MemoryError(), "grading stopped: the grader ran out of memory"),
])
def test_grading_that_fails_midway_ends_with_the_summary_and_exit_code_2(
        error, reason, monkeypatch, tmp_path, capsys):
    """A lane or the sandbox failing, or the grader past its memory cap: the summary and the
    comment say why, as one line on stderr does, and no traceback follows."""
    def fail(*_):
        raise error
    monkeypatch.setattr(job, "grade_with_base", fail)
    summary = tmp_path / "summary.md"
    assert job.main(["--output-dir", str(tmp_path / "out")],
                    environ={"GITHUB_STEP_SUMMARY": str(summary)}) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"autograder.commands.ci: {reason}")
    assert summary.read_text() == (tmp_path / "out" / "summary.md").read_text()
    assert summary.read_text().startswith("## Autograder: not graded\n")
    assert (tmp_path / "out" / "comment.md").read_text().startswith(MARKER)


@pytest.mark.parametrize("course, language", [('language = "it"\n', "it"),
                                              ("", "en")], ids=["it", "no course"])
def test_the_summary_speaks_the_language_of_the_policys_course(course, language, monkeypatch,
                                                              tmp_path):
    """Grading stood in for by a report of 5 points, graded with a policy (--config) that names
    the course's language or none."""
    config = tmp_path / "grading.toml"
    config.write_text((ROOT / "grading.toml").read_text().replace("[course]\n",
                                                                  f"[course]\n{course}", 1))
    monkeypatch.setattr(job, "grade_with_base",
                        lambda *_: (small_report({"minimax_value: a": 5}), None))
    written_in = []  # the language spoken while the reports are written
    unwatched = job.write_graded

    def write_graded(*args):
        written_in.append(spoken())
        return unwatched(*args)
    monkeypatch.setattr(job, "write_graded", write_graded)
    assert job.main(["--output-dir", str(tmp_path / "out"), "--config", str(config)],
                    environ={}) == 0
    assert written_in == [language]
    with speaking(language):
        headline = _("Autograder: {points} / {max_points} points").format(points=5, max_points=5)
    assert (tmp_path / "out" / "summary.md").read_text().startswith(f"## {headline}\n")


@pytest.mark.parametrize("changed, protected", [
    ([".github/workflows/autograde.yml", "assignments/minimax.py"],
     [".github/workflows/autograde.yml"]),
    (["autograder/checks/test_minimax.py", "grading.toml", "pyproject.toml", ".gitlab-ci.yml"],
     ["autograder/checks/test_minimax.py", "grading.toml", "pyproject.toml", ".gitlab-ci.yml"]),
    (["docs/grading.toml", "autograder.md", "assignments/autograder/x.py"], []),
    (None, []),
    (["assignments", "assignments2"], ["assignments"]),  # the graded folder, turned into a link
])
def test_protected_changes(changed, protected):
    assert protected_changes(changed, SEARCH, "assignments") == protected


@pytest.mark.parametrize("changed, protected", [
    (["assignments/cutoff/negamax.py", "assignments/cutoff/checks/test_negamax.py",
      "assignments/cutoff/grading.toml", "assignments/cutoff/assignment.toml"],
     ["assignments/cutoff/checks/test_negamax.py", "assignments/cutoff/grading.toml",
      "assignments/cutoff/assignment.toml"]),
    (["assignments/grading.toml", "assignments/cutoff/checks.py", "grading.toml"],
     ["grading.toml"]),
    (["assignments", "assignments/cutoff", "assignments/cutoffs"],  # each a link, to git a file
     ["assignments", "assignments/cutoff"]),
])
def test_another_assignments_checks_policy_and_declaration_beside_the_modules_are_protected(
        changed, protected):
    assert protected_changes(changed, CUTOFF, "assignments/cutoff") == protected


def test_definitions_finds_the_def_python_keeps(tmp_path):
    (tmp_path / "minimax.py").write_text(
        "def minimax_value(game, state):\n    return 1\n\n\n"
        "def minimax_value(game, state):\n    return 2\n")
    (tmp_path / "alphabeta.py").write_text("import math\n\ndef alphabeta_value(:\n")
    (tmp_path / "ordering.py").write_text("x = 1\n")
    found = definitions(tmp_path, SEARCH.modules)
    assert found["minimax_value"] == (tmp_path / "minimax.py", 5)
    assert found["minimax_decision"] == (tmp_path / "minimax.py", 1)      # missing: line 1
    assert found["alphabeta_value"] == (tmp_path / "alphabeta.py", 3)    # the syntax error
    assert "rational_response" not in found                             # no price_war.py


def test_annotation_properties_and_messages_are_escaped():
    assert escape_property("a: b, c%\nd") == "a%3A b%2C c%25%0Ad"
    assert escape_data("a: b, c%\r\nd") == "a: b, c%25%0D%0Ad"


def test_the_same_files_need_no_second_grading(tmp_path):
    copy_py(SAMPLE, tmp_path / "a")
    copy_py(SAMPLE, tmp_path / "b")
    assert same_files(tmp_path / "a", tmp_path / "b")
    (tmp_path / "b" / "minimax.py").write_text("# changed\n")
    assert not same_files(tmp_path / "a", tmp_path / "b")
    assert not same_files(tmp_path / "a", tmp_path / "missing")
