"""`python -m autograder export gradescope FILE.zip`: the autograder zip Gradescope runs.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once to build its image, then
run_autograder for each submission, in its own container. The zip holds the whole grader: the
reference and the hidden checks included, since Gradescope keeps the source from students.
"""
import io
import stat
import zipfile
from pathlib import Path

from autograder.errors import UsageError
from autograder.files import write_atomically

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = Path(__file__).resolve().parent / "gradescope_templates"
SOURCES = ("autograder", "reference")
FILES = ("grading.toml", "pyproject.toml", "README.md", "SECURITY.md")
SKIPPED = {"__pycache__", ".hypothesis"}
EXECUTABLE = 0o755 << 16  # a zip entry's external attributes hold its Unix mode in the high bits


def members():
    """(archive name, path) of everything the zip holds."""
    for name in FILES:
        yield name, ROOT / name
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and not SKIPPED & set(path.relative_to(ROOT).parts):
                yield path.relative_to(ROOT).as_posix(), path


def export(target):
    """Write the Gradescope autograder zip to `target`, whole or not at all."""
    target = Path(target)
    if not target.parent.is_dir():
        raise UsageError(f"cannot write {target}: its folder does not exist")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in members():
            archive.write(path, name)
        for script in ("setup.sh", "run_autograder"):
            info = zipfile.ZipInfo(script, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = EXECUTABLE | stat.S_IFREG << 16  # rwxr-xr-x, a file
            archive.writestr(info, (TEMPLATES / script).read_text())
    write_atomically(target, buffer.getvalue())
    return target
