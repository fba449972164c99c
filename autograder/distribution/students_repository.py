"""The students' repository's files that need no grading, written in the course's language.

It holds one assignment's stubs (generated from the reference, in the same folder as here:
assignments/ for the first, assignments/cutoff/ for the second), the games, the grader with that
assignment's public checks only (check_selection.py), their grading policy (released_policy.py), a
README for students, the contract, the message catalogs of what it speaks, and the workflows that
grade every push and pull request. It holds no reference, no hidden check and no hidden input; and
since the feedback engine replays working searches, those stay out too.

What students read is written in the course's language, grading.toml's `[course] language`, which
the released grading.toml keeps for the students' grader: the stubs' docstrings, the README (the
Jinja templates in release_templates/) and the contract, docs/student-api.md, and the comments of
the released grading.toml and workflows (spoken_material.py).
"""
import ast
import json
import re
import shutil
import tomllib
from pathlib import Path
from string import Template

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from autograder.assignments import ANSWERS, SEARCH
from autograder.distribution import stubs
from autograder.distribution.check_selection import public_checks, public_module, released_checks
from autograder.distribution.released_policy import (public_config, with_course_setting,
                                                     with_language, with_spoken_hints)
from autograder.distribution.spoken_material import (spoken_markdown, spoken_names,
                                                     spoken_paragraphs)
from autograder.errors import ConfigError
from autograder.language import _, speaking
from autograder.language.catalogs import TRANSLATED, path_of, template, write_bare
from autograder.language.templates import install
from autograder.policy import load as load_policy, settings as course_settings

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "autograder"
HERE = Path(__file__).resolve().parent  # the templates beside this module
CONTRACT = Path("docs") / "student-api.md"
README_TEMPLATES = install(Environment(
    loader=FileSystemLoader(HERE / "release_templates"), undefined=StrictUndefined,
    keep_trailing_newline=True, extensions=["jinja2.ext.i18n"]))
# Whole packages the students' copy of the grader leaves out: the feedback's working searches (the
# course's mistakes, worked out) and the instructor's tools, which read the reference.
LEFT_OUT_PACKAGES = ("feedback/replaying", "distribution")
LEFT_OUT_FILES = ("__pycache__", ANSWERS)
WORKFLOWS = {"github-autograde.yml": Path(".github") / "workflows" / "autograde.yml",
             "gitlab-ci.yml": Path(".gitlab-ci.yml")}
# What students write in their repository and should not commit: the environment, and the reports
# (`grade --output`, autograder.commands.ci's output folder).
GITIGNORE = (".venv/", "__pycache__/", "*.egg-info/", "results.json", "report.html", "report.md",
             "report.json", "report.txt", "junit.xml", "autograder-results/")
# What the project's pyproject.toml holds for its own development only: its test suite's settings
# (the students' repository has no tests folder; the checks run under autograder/checks/pytest.ini)
# and the instructor's tools' extras.
PROJECT_ONLY = (re.compile(r"(?ms)^\[tool\.pytest\.ini_options\]\n.*?(?=^\[|\Z)"),
                re.compile(r"(?m)^(dev|similarity) = .*\n"))


def students_files(target, substitutions, assignment, language=None):
    """The files of the students' repository of `assignment` that need no grading, in `target`:
    the grader with its public checks, its grading.toml, and in `language` (None: the course's)
    the stubs, docs/, the README, the workflows and the comments of grading.toml. Returns the
    names of the checks kept."""
    config_text = assignment.policy.read_text()
    language = language or load_policy(assignment.policy).language
    kept = copy_grader(target, public_checks(config_text), assignment)
    fail_under, _where = course_settings(assignment.policy)["fail_under"]
    threshold = None if fail_under is None else str(fail_under)
    with speaking(language):
        (target / inside(assignment.policy)).write_text(spoken_paragraphs(with_spoken_hints(
            with_course_setting(with_language(public_config(config_text, kept), language),
                                "fail_under", threshold))), encoding="utf-8")
        material(target, substitutions, assignment, kept)
        workflows(target, {**substitutions, **workflow_substitutions(assignment)})
    released_catalogs(target)
    (target / ".gitignore").write_text("".join(f"{pattern}\n" for pattern in GITIGNORE))
    pyproject(target)
    return kept


def copy_grader(target, public, assignment):
    """The autograder package, less the feedback engine, with only the `assignment`'s public
    checks: for another than the first, the first's checks are left out and its own copied to
    its folder. Returns the names of the checks kept."""
    shutil.copytree(PACKAGE, target / "autograder", ignore=left_out)
    checks = target / inside(assignment.checks)
    if assignment is not SEARCH:
        for module in (target / "autograder" / "checks").glob("test_*.py"):
            module.unlink()
        shutil.copytree(assignment.checks, checks, ignore=shutil.ignore_patterns(*LEFT_OUT_FILES))
    kept = []
    for module in sorted(checks.glob("test_*.py")):
        source = public_module(module.read_text(), public)
        if not released_checks(source):  # its helpers would serve no check
            module.unlink()
            continue
        module.write_text(source)
        kept += released_checks(source)
    return kept


def left_out(folder, names):
    """copytree's filter: the names in `folder` the students' copy leaves out."""
    inside = Path(folder).relative_to(PACKAGE)
    return {name for name in names
            if name in LEFT_OUT_FILES or (inside / name).as_posix() in LEFT_OUT_PACKAGES}


def inside(path):
    """Where `path`, a folder or file of this project, lies in the students' repository too."""
    return Path(path).resolve().relative_to(ROOT)


def material(target, substitutions, assignment, kept):
    """What students read, in the language spoken: the stubs, docs/ and the README."""
    stubs.generate(assignment.reference, target / inside(assignment.stubs), assignment.files)
    documents(target)
    (target / "README.md").write_text(readme(assignment, substitutions, kept), encoding="utf-8")


def readme(assignment, substitutions, kept):
    """The students' README: the first assignment's own, or for another one made from its files,
    each with the first line of its reference module's docstring. The checks are listed by their
    names in the language spoken, as the reports name them."""
    checks = "\n".join(f"- {_(name)}" for name in kept)
    if assignment is SEARCH:
        template, details = "README.md", {}
    else:
        template = "README.assignment.md"
        details = {"name": assignment.name, "folder": inside(assignment.stubs).as_posix(),
                   "first_function": assignment.functions[0].name,
                   "files": "\n".join(f"- `{name}`: {module_summary(assignment.reference / name)}"
                                      for name in assignment.files)}
    return README_TEMPLATES.get_template(template).render(substitutions, checks=checks, **details)


def module_summary(path):
    """The first line of the module's docstring, in the language spoken (its stub's, as Babel
    extracts it)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    return _(doc).split("\n")[0] if doc else ""


def documents(target):
    """The contract into `target`'s docs/, in the language spoken: the one page of docs/ students
    read, the others being the project's guides, in English."""
    (target / CONTRACT).parent.mkdir(parents=True, exist_ok=True)
    (target / CONTRACT).write_text(spoken_markdown((ROOT / CONTRACT).read_text(encoding="utf-8")),
                                   encoding="utf-8")


def released_catalogs(target):
    """Each language's catalog with only the messages the students' repository speaks, found by
    extracting them from what it holds."""
    used = template(target)
    for code in TRANSLATED:
        write_bare(code, target / inside(path_of(code)), used)


def public_declaration(assignment):
    """The assignment's file as the students' repository holds it: without its reference and
    known mistakes, which stay here, so that it grades from the answers beside its checks; its
    comments in the language spoken."""
    return spoken_paragraphs(declaration_without(assignment, ("reference", "mistakes")))


def declaration_without(assignment, keys, given=None):
    """The assignment's file without the lines of `keys`, and with `given` ({key: path}) declared
    first instead: top-level keys precede its [[functions]] tables."""
    text = Path(assignment.argument).read_text(encoding="utf-8")
    kept = "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith(tuple(f"{key} =" for key in keys)))
    if {key: value for key, value in tomllib.loads(text).items() if key not in keys} != \
            tomllib.loads(kept):
        raise ConfigError(f"{assignment.argument}: write each of {', '.join(keys)} on a line of "
                          f"its own, as 'reference = \"...\"', so that release can leave it out")
    return "".join(f"{key} = {json.dumps(str(path))}\n" for key, path in (given or {}).items()) \
        + kept


def pyproject(target):
    """pyproject.toml for the students' repository in `target`: the package without the reference,
    the public answers beside the checks, none of the project's own test settings and tools
    (PROJECT_ONLY), and described by the title of the README written there, in its language (pip
    and an IDE show the description)."""
    text = (ROOT / "pyproject.toml").read_text()
    text = text.replace('include = ["autograder*", "reference*"]', 'include = ["autograder*"]')
    text = text.replace('"autograder.checks" = ["pytest.ini"]',
                        '"autograder.checks" = ["pytest.ini", "public_answers.json.gz"]')
    for pattern in PROJECT_ONLY:
        text = pattern.sub("", text)
    text = text.rstrip("\n") + "\n"
    title = (target / "README.md").read_text(encoding="utf-8").splitlines()[0].removeprefix("# ")
    text = re.sub(r"(?m)^description = .*$",
                  lambda _match: f"description = {json.dumps(title, ensure_ascii=False)}", text)
    (target / "pyproject.toml").write_text(text, encoding="utf-8")


def workflows(target, substitutions):
    """The workflows, their comments and what their Actions page shows in the language spoken."""
    templates = HERE / "ci_templates"
    for name, destination in WORKFLOWS.items():
        if (templates / name).is_file():
            (target / destination).parent.mkdir(parents=True, exist_ok=True)
            text = Template(spoken_names(spoken_paragraphs((templates / name).read_text()))
                            ).safe_substitute(substitutions)
            (target / destination).write_text(text, encoding="utf-8")


def workflow_substitutions(assignment):
    """What the workflows grade: the assignment's folder, its policy in the grader, and for
    another assignment than the first, the file declaring it there (GitHub's workflow has the
    grader in $GRADER_DIR, GitLab's in /tmp/grader), on a line of its own."""
    def option(grader, indent):
        declaration = inside(assignment.argument).as_posix()
        return f' \\\n{" " * indent}--assignment "{grader}/{declaration}"'
    declared = assignment is not SEARCH
    return {"ASSIGNMENT_FOLDER": inside(assignment.stubs).as_posix(),
            "ASSIGNMENT_POLICY": inside(assignment.policy).as_posix(),
            "ASSIGNMENT_OPTION": option("$GRADER_DIR", 12) if declared else "",
            "GITLAB_ASSIGNMENT_OPTION": option("/tmp/grader", 8) if declared else ""}
