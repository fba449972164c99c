"""GitHub Actions, emulated: the workflow template as the release tool fills it in, and its `run:`
steps run the way GitHub's runner runs them.

The workflow cannot run here, so the tests run its steps one by one: each as bash -eo pipefail
with the job's and the step's `env:` (their `${{ }}` expressions evaluated against a dict of
contexts) and a $GITHUB_OUTPUT of its own, whose values later steps read as
`steps.<id>.outputs`. Also git, for the student repositories the steps run in, and the job itself.
"""
import os
import re
import subprocess
import sys
from pathlib import Path
from string import Template

import pytest

from autograder.assignments import SEARCH
from autograder.distribution.students_repository import workflow_substitutions
from support.paths import ROOT

TEMPLATES = ROOT / "autograder" / "distribution" / "ci_templates"
PLACEHOLDERS = {"GRADER_REPOSITORY": "course/grader", "GRADER_REF": "v2.1.0",
                "PRIVATE_GRADER_REPOSITORY": "course/grader-private"}


def filled(name, assignment=SEARCH):
    """A template as the release tool writes it into the student repository of `assignment`."""
    return Template((TEMPLATES / name).read_text()).safe_substitute(
        PLACEHOLDERS, **workflow_substitutions(assignment))


def load_yaml(text):
    yaml = pytest.importorskip("yaml", reason="PyYAML is a dev dependency")
    return yaml.safe_load(text)


def workflow(assignment=SEARCH):
    return load_yaml(filled("github-autograde.yml", assignment))


def steps_by_id(assignment=SEARCH):
    return {step["id"]: step for step in workflow(assignment)["jobs"]["grade"]["steps"]
            if "id" in step}


def resolve(value, contexts):
    """GitHub's `${{ expression }}` for the property lookups these steps use, and `a || b` of
    them (the first that is not empty)."""
    def lookup(match):
        expression = match.group(1).strip()
        if expression in contexts:
            return contexts[expression]
        for operand in expression.split("||"):
            operand = operand.strip()
            assert re.fullmatch(r"[\w.-]+", operand), f"cannot evaluate {expression!r} here"
            node = contexts
            for part in operand.split("."):
                node = node.get(part, "") if isinstance(node, dict) else ""
            if node:
                return str(node)
        return ""
    return re.sub(r"\$\{\{(.*?)\}\}", lookup, str(value))


def run_step(step, contexts, environ, cwd, temp):
    """One `run:` step as GitHub runs it with `shell: bash`; its outputs go into `contexts`."""
    outputs = temp / f"output-{step['id']}"
    outputs.write_text("")
    # the repository's secrets, as the instructor sets them: the tests' course secret
    contexts.setdefault("secrets", {"AUTOGRADER_SECRET": os.environ["AUTOGRADER_SECRET"]})
    env = {**environ, **{key: resolve(value, contexts) for key, value in
                         {**contexts["job_env"], **step.get("env", {})}.items()},
           "GITHUB_OUTPUT": str(outputs)}
    script = temp / f"{step['id']}.sh"
    script.write_text(step["run"])
    completed = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                               cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    values = dict(line.split("=", 1) for line in outputs.read_text().splitlines() if "=" in line)
    contexts["steps"][step["id"]] = {"outputs": values}
    return completed


def def_line(path, function):
    """The line of `def function(` in a file, found by reading it (not with ast, as the job's
    github.definitions does)."""
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if line.startswith(f"def {function}("):
            return number
    raise AssertionError(f"no def {function} in {path}")


def git(repo, *args):
    completed = subprocess.run(["git", "-c", "user.name=Student", "-c", "user.email=s@example.com",
                                "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                                *args], cwd=repo, capture_output=True, text=True, check=True)
    return completed.stdout.strip()


def run_ci(*args, env=None, cwd=ROOT):
    """The pull-request job as the workflow runs it: `python -I`, CI=true, little else set."""
    environ = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), "CI": "true",
               "AUTOGRADER_SECRET": os.environ["AUTOGRADER_SECRET"],  # as the workflow passes it
               **(env or {})}
    return subprocess.run([sys.executable, "-I", "-m", "autograder.commands.ci", *map(str, args)],
                          cwd=cwd, env=environ, capture_output=True, text=True, timeout=600)
