"""`python -m autograder export gradescope FILE.zip`: the autograder zip Gradescope runs.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once to build its image, then
run_autograder for each submission, in its own container. The zip holds the whole grader: the
reference and the hidden checks included, since Gradescope keeps the source from students. One zip
grades one assignment (`--assignment`): run_autograder names it, and the zip holds its folder.
run_autograder grades in the course's language (grading.toml's, or export's --lang), and its one
sentence of its own, for a submission whose grading could not even start, is written in that
language here. The zip carries the course's secret (SECRET, mode 0600), which run_autograder hands
the grader in AUTOGRADER_SECRET: Gradescope grades officially, on games no student can know ahead.
"""
import io
import json
import shlex
import stat
import zipfile
from pathlib import Path

from autograder.assignments import SEARCH
from autograder.distribution import gradescope_run
from autograder.distribution.progress import Steps
from autograder.errors import UsageError
from autograder.files import write_atomically
from autograder.language import _, speaking, spoken
from autograder.policy import load as load_policy
from autograder.secret import NEEDED, find

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = Path(__file__).resolve().parent / "gradescope_templates"
SOURCES = ("autograder", "reference")
FILES = ("grading.toml", "pyproject.toml", "README.md", "SECURITY.md")
SKIPPED = {"__pycache__", ".hypothesis"}
SECRET = "course.secret"  # run_autograder reads it; its chmod leaves it to root alone


def members(folders):
    """(archive name, path) of everything the zip holds: the grader and `folders`."""
    for name in FILES:
        yield name, ROOT / name
    for folder in [*(ROOT / source for source in SOURCES), *folders]:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not SKIPPED & set(path.relative_to(ROOT).parts):
                yield path.relative_to(ROOT).as_posix(), path


def script(name, assignment):
    """A Gradescope script of `assignment`, in the language spoken."""
    # an assignment's name is a Python name, so it needs no quoting in the script
    return (TEMPLATES / name).read_text().replace("@ASSIGNMENT@", assignment.name).replace(
        "@LANGUAGE@", spoken()).replace("@NO_RESULT@", shlex.quote(json.dumps(
            gradescope_run.fallback(_(gradescope_run.NO_RESULT)))))


def entry(name, mode):
    """A zip entry named `name` with the Unix `mode`, a regular file."""
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    info.external_attr = (mode | stat.S_IFREG) << 16
    return info


def course_secret(config):
    """The course's secret for a policy with [official]; none is an error, since Gradescope's
    grades count. None for a policy without [official], which grades on the public games."""
    if not config.official:
        return None
    found = find(config)
    if found.value is None:
        raise UsageError(f"the Gradescope zip grades officially: {NEEDED}")
    return found.value


def export(target, assignment, language=None):
    """Write the Gradescope autograder zip of `assignment` to `target`, whole or not at all; its
    scripts in `language`, by default the course's (the assignment's grading.toml's)."""
    target = Path(target)
    if not target.parent.is_dir():
        raise UsageError(f"cannot write {target}: its folder does not exist")
    folders = [] if assignment is SEARCH else [assignment.stubs]
    if not all(Path(folder).resolve().is_relative_to(ROOT)
               for folder in [*folders, assignment.reference, assignment.checks]):
        raise UsageError(f"the assignment {assignment.name!r} lives outside this project; export "
                         f"one declared in assignments/ (its reference in reference/)")
    config = load_policy(assignment.policy)
    secret = course_secret(config)
    buffer = io.BytesIO()
    groups = {}  # each top-level file or folder, a step of the progress
    for name, path in members(folders):
        groups.setdefault(name.split("/")[0], []).append((name, path))
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive, \
            Steps("export gradescope", len(groups) + 1) as steps:
        for top, group in groups.items():
            for name, path in group:
                archive.write(path, name)
            steps.done(f"{top} ({len(group)} files)" if len(group) > 1 else top)
        if secret is not None:
            archive.writestr(entry(SECRET, 0o600), secret + "\n")
        with speaking(language or config.language):
            for name in ("setup.sh", "run_autograder"):
                archive.writestr(entry(name, 0o755), script(name, assignment))
        steps.done("the scripts and the course's secret")
    write_atomically(target, buffer.getvalue())
    return target
