"""Attacks on the pull-request path that are not a submission's code: a hostile repository and
hostile text meeting the workflow, `python -m autograder.commands.ci`, the log and the comment.

The workflow's own `run:` scripts run here as GitHub runs them (support.actions), and the
log is read the way GitHub's runner reads it (`runner_commands`: its two command syntaxes and
`::stop-commands::`, as in actions/runner's ActionCommand and ActionCommandManager).

Scenarios and their exact outcomes:

- **Feedback forging workflow commands** (graded once, `hostile_pull_request`). The student's
  guaranteed_decision raises an exception whose message holds `::add-mask::`, `::warning file=`,
  the older `##[error]`, its own `::stop-commands::`, a lone surrogate, mentions (`@octocat`,
  `@course/staff`, an e-mail address) and bare links; the rest of the submission is the reference.
  The runner carries out exactly the grader's own commands (one `::error` on guaranteed_decision's
  `def` line and the tamper `::warning`), no stop-commands block is left open, and the forged lines
  are in the log (inside the grader's block: without it they would be commands). Grading
  completes, with the score of every check but guaranteed_decision's; every output is written and
  parses, the surrogate shown as U+FFFD. The comment holds no mention and no link outside inline
  code.
- **Changed files git would quote**: the same pull request adds `autograder/é.py`, a name that is
  not UTF-8 and a name with a line break and a command in it; `git diff -z` (the workflow's changes
  step) lets the tamper notice name each, and the `::warning` listing them stays one command.
- **A symlinked base**: the base branch commits `assignments` as a link to the reference. It is
  not graded: the summary says so and no base_score is given.
- **A symlinked assignments folder** (`assignments -> reference/`): not graded, exit 2, a summary
  and a comment that say why, no score. The same for the second assignment, whose job grades
  `assignments/cutoff` (it resolved into `reference/cutoff`: 100/100, exit 0), and `assignments`,
  changed into a link, is named in the tamper notice.
- **A reason carrying commands**: the one-line reason on stderr and in `::error` stays one line
  that is no command.
- **A symlinked output folder** (`autograder-results -> <dir>`): refused with a one-line reason
  and nothing written into <dir>; the workflow writes its outputs under $RUNNER_TEMP anyway.
- **A planted link in the output folder, under sudo**: the grader hands the folder to the
  runner's user without chowning the link's target.
"""
import ast
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from autograder.commands import cli
from autograder.commands.ci.summary import MARKER
from support.actions import run_step, steps_by_id, workflow
from support.paths import REFERENCE, ROOT
from support.submissions import reference_files
from support.actions import def_line, git, run_ci
from support.policy import POINTS

pytestmark = pytest.mark.e2e  # each test runs the command line or a real sandbox

# The commands a runner knows (actions/runner registers these; stop-commands is its own).
RUNNER_COMMANDS = {"add-mask", "add-matcher", "add-path", "debug", "echo", "endgroup", "error",
                   "group", "notice", "remove-matcher", "save-state", "set-env", "set-output",
                   "stop-commands", "warning"}
FORGED = ["::add-mask::secret", "::warning file=x::forged", "##[error]legacy forged",
          "::stop-commands::hijack"]
HOSTILE_MESSAGE = ("\n" + "\n".join(FORGED) + "\n\ud800 @octocat @course/staff a@b.example "
                   "http://evil.example/x www.evil.example")
HOSTILE_FUNCTION = "guaranteed_decision"
HOSTILE_NAMES = [b"autograder/\xc3\xa9.py", b"autograder/\xff.py",
                 b"autograder/x\n::add-mask::y.py"]
SURROGATE = re.compile("[\ud800-\udfff]")


def failing():
    """The checks the hostile submission fails: its hostile function's, and no other."""
    return {name for name in POINTS if name.startswith(f"{HOSTILE_FUNCTION}:")}


def parse_command(line, known):
    """(name, data) when the runner reads `line` as a command among `known`, else None."""
    stripped = line.lstrip()
    if stripped.startswith("::"):
        end = stripped.find("::", 2)
        if end >= 0 and stripped[2:end].split(" ")[0] in known:
            return stripped[2:end].split(" ")[0], stripped[end + 2:]
        return None
    start = line.find("##[")  # the older syntax counts anywhere in the line
    end = line.find("]", start) if start >= 0 else -1
    if end >= 0 and line[start + 3:end].split(" ")[0] in known:
        return line[start + 3:end].split(" ")[0], line[end + 1:]
    return None


def runner_commands(log):
    """The command lines of `log` the runner carries out, and the stop token still open (None)."""
    carried, token = [], None
    for line in log.splitlines():
        command = parse_command(line, RUNNER_COMMANDS | ({token} if token else set()))
        if command is None:
            continue
        name, data = command
        if token is not None:
            token = None if name.lower() == token.lower() else token
        elif name == "stop-commands":
            token = data
        else:
            carried.append(line)
    return carried, token


def hostile_source(function, message):
    """The reference's module for `function` with that function raising `message` instead."""
    path = next(p for p in REFERENCE.glob("*.py") if f"def {function}(" in p.read_text())
    source = path.read_text()
    node = next(n for n in ast.parse(source).body
                if isinstance(n, ast.FunctionDef) and n.name == function)
    lines = source.splitlines(keepends=True)
    replaced = (f"def {function}(*args, **kwargs):\n"
                f"    raise ValueError({message!r})\n")
    return path.name, "".join(lines[:node.lineno - 1] + [replaced] + lines[node.end_lineno:])


def python_with_one_lane(bin_dir):
    """A `python` first on PATH that runs this one with `--lanes 1` added (keeps the machine
    free); the workflow's script runs it as it would run setup-python's."""
    wrapper = bin_dir / "python"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@" --lanes 1\n')
    wrapper.chmod(0o755)


def words_outside_code(markdown_text):
    """Every piece of text the Markdown shows outside code (where GitHub links and mentions)."""
    found = []
    for token in MarkdownIt("commonmark").parse(markdown_text):
        for child in token.children or ():
            assert child.type != "link_open", child
            if child.type == "text":
                found.append(child.content)
    return found


@pytest.fixture(scope="module")
def hostile_pull_request(tmp_path_factory):
    """A pull request from a base that links `assignments` to the reference, to a submission whose
    guaranteed_decision raises HOSTILE_MESSAGE, adding HOSTILE_NAMES; graded by the workflow's
    changes and grade steps."""
    top = tmp_path_factory.mktemp("hostile-ci")
    repo, temp, bin_dir = top / "student", top / "runner-temp", top / "bin"
    for folder in (repo, temp, bin_dir):
        folder.mkdir()
    git(repo, "init", "-q")
    (repo / "assignments").symlink_to(REFERENCE)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the base, linked to the reference")
    base_sha = git(repo, "rev-parse", "HEAD")
    (repo / "assignments").unlink()
    reference_files(repo / "assignments")
    module, source = hostile_source(HOSTILE_FUNCTION, HOSTILE_MESSAGE)
    (repo / "assignments" / module).write_text(source)
    for name in HOSTILE_NAMES:
        path = os.path.join(os.fsencode(repo), name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        Path(os.fsdecode(path)).write_text("")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "my work")
    python_with_one_lane(bin_dir)
    summary = top / "step-summary.md"
    summary.write_text("")
    environ = {"PATH": f"{bin_dir}:{Path(sys.executable).parent}:/usr/bin:/bin",
               "HOME": str(top), "LANG": "C.UTF-8", "CI": "true", "GITHUB_ACTIONS": "true",
               "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_WORKSPACE": str(repo),
               "RUNNER_TEMP": str(temp)}
    event = {"pull_request": {"base": {"ref": "main", "sha": base_sha}}}
    contexts = {"github": {"event": event, "event_name": "pull_request"},
                "secrets.GRADER_TOKEN != ''": "false",
                "job_env": workflow()["jobs"]["grade"]["env"],
                "steps": {"install": {"outputs": {"grader": str(ROOT),
                                                  "label": "course/grader@v2.1.0"}}}}
    steps = steps_by_id()
    changes = run_step(steps["changes"], contexts, environ, repo, temp)
    assert changes.returncode == 0, changes.stderr
    grading = run_step(steps["grade"], contexts, environ, repo, temp)
    results = temp / "autograder-results"
    return {"grading": grading, "outputs": contexts["steps"]["grade"]["outputs"],
            "results": results, "repo": repo, "temp": temp, "summary": summary.read_text(),
            "comment": (results / "comment.md").read_text()}


def test_feedback_cannot_forge_or_silence_workflow_commands(hostile_pull_request):
    grading = hostile_pull_request["grading"]
    assert grading.returncode == 0, grading.stderr[-3000:]
    assert grading.stderr == ""  # inside the block stderr went to stdout, in order
    carried, still_open = runner_commands(grading.stdout)
    assert still_open is None
    module = hostile_source(HOSTILE_FUNCTION, "")[0]
    line = def_line(hostile_pull_request["repo"] / "assignments" / module, HOSTILE_FUNCTION)
    points = sum(POINTS[name] for name in failing())
    expected = [f"::error file=assignments/{module},line={line},"
                f"title={HOSTILE_FUNCTION}%3A 0 / {points:g} points::"]
    if hostile_pull_request["outputs"]["sandbox"] in cli.WEAK_MODES:
        expected.append("::warning title=Autograder::graded in the weak")
    expected.append("::warning title=Autograder::this pull request changes files grading")
    assert len(carried) == len(expected)
    for command, start in zip(carried, expected):
        assert command.startswith(start), (command, start)
    # the forged lines did reach the log: read without the grader's block, they would add a mask,
    # forge two annotations and silence every command after them, the grader's own included
    shown = [line.strip() for line in grading.stdout.splitlines()]
    assert all(forged in shown for forged in FORGED)
    unblocked = "\n".join(line for line in grading.stdout.splitlines()
                          if not re.fullmatch(r"::(stop-commands::)?[0-9a-f]{32}(::)?", line))
    assert [line.strip() for line in runner_commands(unblocked)[0]] == FORGED[:3]
    assert runner_commands(unblocked)[1] == "hijack"


def test_the_hostile_submission_is_graded_and_every_output_survives_a_lone_surrogate(
        hostile_pull_request):
    outputs, results = hostile_pull_request["outputs"], hostile_pull_request["results"]
    total = sum(POINTS.values())
    expected = total - sum(POINTS[name] for name in failing())
    assert (outputs["score"], outputs["max_score"]) == (f"{expected:g}", f"{total:g}")
    gradescope = json.loads((results / "results.json").read_text())
    report = json.loads((results / "report.json").read_text())
    junit = ET.parse(results / "junit.xml").getroot()
    feedback = next(t["output"] for t in gradescope["tests"] if t["name"] in failing())
    assert "\ufffd" in feedback and "::add-mask::secret" in feedback
    assert {c["name"] for c in report["checks"] if c["status"] != "passed"} == failing()
    assert {case.get("name") for case in junit.iter("testcase")
            if case.find("failure") is not None} == failing()
    for name in ("summary.md", "comment.md", "junit.xml"):
        (results / name).read_text(encoding="utf-8")  # strict: no surrogate was written
    for data in (gradescope, report):  # json writes one as an escape: none was there
        assert not SURROGATE.search(json.dumps(data, ensure_ascii=False))
    assert "\ufffd" in hostile_pull_request["comment"]
    assert "\ufffd" in hostile_pull_request["grading"].stdout  # the text report, in the log


def test_the_comment_pings_no_one_and_carries_no_link(hostile_pull_request):
    comment = hostile_pull_request["comment"]
    assert "octocat" in comment and "evil.example" in comment  # the feedback is there...
    for text in words_outside_code(comment):  # ...but never as a mention or a link
        assert not re.search(r"@[A-Za-z0-9]", text), text
        assert not re.search(r"https?://|www\.", text, re.IGNORECASE), text


def test_the_tamper_notice_names_files_git_would_print_quoted(hostile_pull_request):
    quoted = subprocess.run(["git", "diff", "--name-only", "HEAD~1"], capture_output=True,
                            text=True, cwd=hostile_pull_request["repo"], check=True).stdout
    assert '"autograder/\\303\\251.py"' in quoted  # what the old workflow read, and missed
    notice = hostile_pull_request["comment"].split("> [!WARNING]\n")[1].split("\n\n")[0]
    for name in ("autograder/é.py", "autograder/\ufffd.py", "autograder/x ::add-mask::y.py"):
        assert f"`{name}`" in notice
    assert hostile_pull_request["outputs"]["tampered"] == "true"
    warning = next(line for line in hostile_pull_request["grading"].stdout.splitlines()
                   if line.startswith("::warning title=Autograder::this pull request"))
    assert "autograder/x%0A::add-mask::y.py" in warning


def test_a_symlinked_base_is_not_graded(hostile_pull_request):
    assert "base_score" not in hostile_pull_request["outputs"]
    summary = hostile_pull_request["summary"]
    assert "The base branch has nothing to compare with (base (" in summary
    assert "is a symbolic link, which is never graded" in summary


def test_a_symlinked_assignments_folder_is_refused_with_its_reason(tmp_path):
    (tmp_path / "assignments").symlink_to(REFERENCE)
    outputs, summary = tmp_path / "outputs", tmp_path / "summary.md"
    completed = run_ci("--assignments", "assignments", "--output-dir", tmp_path / "results",
                       cwd=tmp_path, env={"GITHUB_OUTPUT": str(outputs), "GITHUB_ACTIONS": "true",
                                          "GITHUB_STEP_SUMMARY": str(summary)})
    assert completed.returncode == 2
    reason = ("assignments (assignments) is a symbolic link, which is never graded: commit the "
              "folder itself, with your files in it")
    assert completed.stderr == f"autograder.commands.ci: {reason}\n"
    assert runner_commands(completed.stdout) == ([f"::error title=Autograder::{reason}"], None)
    assert summary.read_text().startswith("## Autograder: not graded")
    assert "assignments (assignments) is a symbolic link, which is never graded" in \
        summary.read_text()
    assert (tmp_path / "results" / "comment.md").read_text().startswith(MARKER)
    assert "score=" not in outputs.read_text()


CUTOFF_DECLARATION = ROOT / "assignments" / "cutoff" / "assignment.toml"
LINKED = "{what} ({folder}) is a symbolic link, which is never graded: commit the folder itself, " \
         "with your files in it"
BEHIND_LINK = "{what} ({folder}) is reached through the symbolic link {link}, which is never " \
              "graded: commit the folders themselves, with your files in them"


@pytest.mark.parametrize("assignment, folder, reason", [
    (None, "assignments", LINKED.format(what="assignments", folder="assignments")),
    (CUTOFF_DECLARATION, "assignments/cutoff",
     BEHIND_LINK.format(what="assignments", folder="assignments/cutoff", link="assignments")),
])
def test_a_symlinked_assignments_earns_nothing_for_either_assignment(tmp_path, assignment, folder,
                                                                     reason):
    """`assignments -> <the private grader>/reference`, committed: the second assignment's job
    grades `assignments/cutoff`, which resolved into the reference once earned 100/100."""
    workspace = tmp_path / "student"
    workspace.mkdir()
    (workspace / "assignments").symlink_to(REFERENCE)
    outputs, summary = tmp_path / "outputs", tmp_path / "summary.md"
    changed = tmp_path / "changed-files"
    changed.write_bytes(b"assignments\0")  # what git diff names: the folder, now a link
    options = ("--assignment", assignment) if assignment else ()
    completed = run_ci("--assignments", folder, *options, "--output-dir", tmp_path / "results",
                       "--changed-files", changed, "--lanes", "1", cwd=workspace,
                       env={"GITHUB_OUTPUT": str(outputs), "GITHUB_ACTIONS": "true",
                            "GITHUB_STEP_SUMMARY": str(summary),
                            "GITHUB_WORKSPACE": str(workspace)})
    assert completed.returncode == 2, completed.stderr[-3000:]
    assert completed.stderr == f"autograder.commands.ci: {reason}\n"
    assert runner_commands(completed.stdout) == ([f"::error title=Autograder::{reason}"], None)
    assert summary.read_text().startswith("## Autograder: not graded")
    assert reason in summary.read_text()
    assert "score=" not in outputs.read_text()
    notice = summary.read_text().split("> [!WARNING]\n")[1].split("\n\n")[0]
    assert "`assignments`" in notice


def test_a_reason_carrying_commands_stays_one_line_and_no_command(tmp_path):
    folder = tmp_path / "x\n::add-mask::secret\n##[warning]forged"
    folder.mkdir()
    completed = run_ci("--assignments", folder, "--output-dir", tmp_path / "results",
                       env={"GITHUB_ACTIONS": "true"})
    assert completed.returncode == 2
    assert len(completed.stderr.splitlines()) == 1
    assert runner_commands(completed.stderr) == ([], None)
    carried, _ = runner_commands(completed.stdout)
    assert len(carried) == 1 and carried[0].startswith("::error title=Autograder::")
    assert "x\\n::add-mask::secret\\n" in carried[0]  # escaped where the path is named


def test_a_symlinked_output_folder_is_refused_and_its_target_untouched(tmp_path):
    (tmp_path / "assignments").mkdir()
    victim = tmp_path / "victim"
    victim.mkdir()
    (tmp_path / "autograder-results").symlink_to(victim)
    completed = run_ci("--assignments", "assignments", "--output-dir", "autograder-results",
                       cwd=tmp_path)
    assert completed.returncode == 2
    assert completed.stderr == (
        "autograder.commands.ci: the output folder autograder-results is a symbolic link or not a "
        "folder: remove it, or give an --output-dir outside the student's files\n")
    assert list(victim.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="handing outputs back is what root does under sudo")
def test_handing_back_the_outputs_never_chowns_through_a_link(tmp_path):
    (tmp_path / "assignments").mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("root's")
    results = tmp_path / "results"
    results.mkdir()
    (results / "planted").symlink_to(victim)
    (results / "summary.md").symlink_to(victim)  # an output's own name, replaced, not followed
    completed = run_ci("--assignments", "assignments", "--output-dir", results, cwd=tmp_path,
                       env={"SUDO_UID": "65534", "SUDO_GID": "65534"})
    assert completed.returncode == 2
    assert (victim.stat().st_uid, victim.read_text()) == (0, "root's")
    assert not (results / "summary.md").is_symlink()
    for path in (results, results / "planted", results / "summary.md", results / "comment.md"):
        assert os.lstat(path).st_uid == 65534, path
