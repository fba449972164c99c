"""The students' repository: `python -m autograder release DIR`.

It holds the stubs (generated from the reference, like assignments/ here), the games, the grader
with the public checks only, their grading policy, a README for students, the contract, and the
workflows that grade every push and pull request. It holds no reference, no hidden check and no
hidden input; and since the feedback engine replays a working alpha-beta, that stays out too.

Without a reference, the public checks read the reference's answers from a file made here by
grading the reference with the released grader itself: hypothesis is derandomized, so a student's
run meets exactly the games that file answers, until a check fails; then it shrinks the failure
only through games the file holds (see checks/observe.py).
"""
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from string import Template

from autograder import stubs
from autograder.config import ConfigError
from autograder.submission import CONTRACT_FILES, SubmissionError

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "autograder"
# The feedback engine replays a working alpha-beta; the release machinery reads the reference.
LEFT_OUT = ("feedback", "release.py", "release_templates", "stubs.py", "notebooks.py",
            "gradescope_export.py", "gradescope_templates", "__pycache__", "public_answers.json.gz")
PUBLIC_ANSWERS = Path("autograder") / "checks" / "public_answers.json.gz"
WORKFLOWS = {"github-autograde.yml": Path(".github") / "workflows" / "autograde.yml",
             "gitlab-ci.yml": Path(".gitlab-ci.yml")}
# The command line's defaults for the instructor's repositories are placeholders: option ->
# (placeholder, what the students' workflow takes from the repository).
PLACEHOLDERS = {
    "--grader-repository": ("your-course/adversarial-search", "installs the grader"),
    "--private-grader-repository": ("your-course/grader",
                                    "checks out the hidden checks (given GRADER_TOKEN)"),
}
# What students write in their repository and should not commit: the environment, and the reports
# (`grade --output`, autograder.ci's output folder).
GITIGNORE = (".venv/", "__pycache__/", "*.egg-info/", "results.json", "report.html", "report.md",
             "report.json", "report.txt", "junit.xml", "autograder-results/")


def public_checks(config_text):
    """The names of the checks students get: the visible ones (after_due_date and hidden checks
    stay with the instructor)."""
    checks = tomllib.loads(config_text)["checks"]
    return {name for name, entry in checks.items() if entry.get("visibility", "visible") == "visible"}


def check_marker(function):
    """The name in a test function's @check decorator, or None."""
    for decorator in function.decorator_list:
        if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name)
                and decorator.func.id == "check"):
            return decorator.args[0].value
    return None


def public_module(source, public):
    """A check module's source without the checks students do not get."""
    lines = source.splitlines(keepends=True)
    drop = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and (name := check_marker(node)):
            if name not in public:
                start = min(d.lineno for d in node.decorator_list) - 1
                end = node.end_lineno
                while end < len(lines) and not lines[end].strip():
                    end += 1
                drop.append((start, end))
    for start, end in reversed(drop):
        del lines[start:end]
    return "".join(lines)


def released_checks(source):
    """The names of the checks a released module keeps."""
    return [name for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef) and (name := check_marker(node))]


def public_config(config_text, kept):
    """grading.toml without [official], whose salt would let students compute the official games:
    its other sections as they are. The checks the release leaves out keep their entries, marked
    `checked_here = false`, so that a student's run names them, with their points and hints, as
    checked when graded."""
    out, section = [], None
    for line in config_text.splitlines():
        if line.startswith("["):
            section = line.strip()
        if section == "[official]":
            continue
        if (section == "[checks]" and line.startswith('"')
                and line.split('" =')[0][1:] not in kept):
            line = line.replace("{", "{ checked_here = false,", 1)
        out.append(line)
    text = "\n".join(out) + "\n"
    left_out = {name for name, entry in tomllib.loads(text)["checks"].items()
                if entry.get("checked_here", True) is False}
    if left_out != set(tomllib.loads(config_text)["checks"]) - set(kept):
        raise ConfigError("grading.toml: write each check's entry on one line, "
                          "\"name\" = { points = ... }, so that release can mark the checks it "
                          "leaves out")
    return text


def copy_grader(target, public):
    """The autograder package, less the feedback engine, with only public checks. Returns the
    names of the checks kept."""
    shutil.copytree(PACKAGE, target / "autograder", ignore=shutil.ignore_patterns(*LEFT_OUT))
    kept = []
    for module in sorted((target / "autograder" / "checks").glob("test_*.py")):
        source = public_module(module.read_text(), public)
        module.write_text(source)
        kept += released_checks(source)
    return kept


def pyproject(target):
    text = (ROOT / "pyproject.toml").read_text()
    text = text.replace('include = ["autograder*", "reference*"]', 'include = ["autograder*"]')
    text = text.replace('"autograder.checks" = ["pytest.ini"]',
                        '"autograder.checks" = ["pytest.ini", "public_answers.json.gz"]')
    (target / "pyproject.toml").write_text(text)


def workflows(target, substitutions):
    templates = PACKAGE / "ci_templates"
    for name, destination in WORKFLOWS.items():
        if (templates / name).is_file():
            (target / destination).parent.mkdir(parents=True, exist_ok=True)
            text = Template((templates / name).read_text()).safe_substitute(substitutions)
            (target / destination).write_text(text)


def record_answers(target):
    """Grade the reference with the released grader and keep the reference's answers."""
    with tempfile.TemporaryDirectory(prefix="autograder-release-") as scratch:
        submission = Path(scratch) / "reference"
        submission.mkdir()
        for name in CONTRACT_FILES:
            shutil.copy(ROOT / "reference" / name, submission / name)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the released grader, and the reference
        command = [sys.executable, "-m", "autograder", "grade", str(submission), "--format",
                   "json", "--output", str(Path(scratch) / "report.json"),
                   "--record-answers", str(target / PUBLIC_ANSWERS)]
        completed = subprocess.run(command, cwd=target, env=env, capture_output=True, text=True)
        if completed.returncode != 0:
            raise SubmissionError(f"grading the reference with the release failed: "
                                  f"{completed.stderr.strip().splitlines()[-1:]}")
        report = json.loads((Path(scratch) / "report.json").read_text())
    if report["points"] != report["max_points"]:
        raise SubmissionError("the reference does not get full marks on the public checks")


def build(target, substitutions):
    config_text = (ROOT / "grading.toml").read_text()
    kept = copy_grader(target, public_checks(config_text))
    (target / "grading.toml").write_text(public_config(config_text, kept))
    stubs.generate(ROOT / "reference", target / "assignments")
    shutil.copytree(ROOT / "docs", target / "docs")
    (target / "README.md").write_text(
        Template((PACKAGE / "release_templates" / "README.md").read_text())
        .safe_substitute(substitutions, checks="\n".join(f"- {name}" for name in kept)))
    (target / ".gitignore").write_text("".join(f"{pattern}\n" for pattern in GITIGNORE))
    pyproject(target)
    workflows(target, substitutions)
    record_answers(target)


def placeholder_warnings(grader_repository, private_repository):
    """One line per repository option left at its placeholder."""
    given = {"--grader-repository": grader_repository,
             "--private-grader-repository": private_repository}
    return [f"autograder: warning: {option} is left at its placeholder {placeholder}, from which "
            f"the students' workflow {use}; pass your own repository"
            for option, (placeholder, use) in PLACEHOLDERS.items()
            if given[option] == placeholder]


def release(directory, grader_repository, grader_ref, private_repository):
    """Write the students' repository into `directory`, which must not exist or be empty; then warn
    on stderr of each repository left at its placeholder."""
    directory = Path(directory)
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise SubmissionError(f"{directory} already exists and is not empty: release into a new "
                              f"folder")
    directory.parent.mkdir(parents=True, exist_ok=True)
    substitutions = {"GRADER_REPOSITORY": grader_repository, "GRADER_REF": grader_ref,
                     "PRIVATE_GRADER_REPOSITORY": private_repository}
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        build(staging, substitutions)
        if directory.exists():
            directory.rmdir()
        staging.rename(directory)
    except (ConfigError, SubmissionError, OSError, ValueError):
        shutil.rmtree(staging, ignore_errors=True)
        raise
    for warning in placeholder_warnings(grader_repository, private_repository):
        print(warning, file=sys.stderr)
    return directory
