"""The workflows the student release carries, run locally: GitHub's steps as its runner runs them
(support.actions), GitLab's grading script as GitLab runs it.

The workflow cannot run here, so its grading steps are run locally on a student repository made
with git: a base commit with the stubs, and a pull request putting the sample submission (its bugs
fail five checks) in assignments/ while also editing the workflow and planting an autograder/ and a
grading.toml of its own, which grading must ignore. The repository's AUTOGRADER_FAIL_UNDER asks one
point more than the sample scores, so the job goes red with every output written. The install and
grade steps also run with stand-ins for `sudo` and `python` that record their arguments, and the
comment job's script runs under node against a stand-in GitHub API.
"""
import json
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from autograder.assignments import SEARCH
from autograder.commands.ci.summary import MARKER
from autograder.contract import MODULES
from support.actions import def_line, filled, git, load_yaml, run_step, steps_by_id, workflow
from support.ci import CUTOFF, IN_CI, SAMPLE, copy_py
from support.paths import ROOT
from support.policy import POINTS

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
CUTOFF_MISTAKE = ROOT / "tests" / "cutoff_submissions" / "bug_negamax_child_not_negated"


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
