"""A class handed in: the submissions a folder holds, in the layout its platform exported them.

A class folder is Gradescope's export (submission_metadata.yml beside one folder or zip per
submission), nbgrader's submitted/<student>/<assignment>/, or any folder of one subfolder or zip
per submission; anything else is one submission. Each entry gets an id of its own, which is its
results file's name: a folder's whole name (anna.puig@uni.cat, which a roster's emails match), a
file's without its suffix, made printable, short and never a dot-name (the batch's own files, such
as .cache/, are out of every id's reach). An entry that is a link is listed like any other, for
staging to refuse it as that submission's error (see submission.stage).
"""
from dataclasses import dataclass
from pathlib import Path

from autograder.files import unique_names
from autograder.intake import students
from autograder.intake.notebook import answered_modules

ID_LENGTH = 50  # characters of a name kept in its id: its files' names stay under 255 bytes


@dataclass(frozen=True)
class Entry:
    """One submission of a class, by the id its results are kept under."""
    id: str
    path: Path  # None: the platform names this submission, but its export does not hold it
    students: tuple = ()  # students.Enrolled: who handed it in, when the class's layout says


def _gradescope_export(folder):
    """Gradescope's "export submissions": submission_metadata.yml, naming each folder's
    submitters, beside one folder each. A zip on top is a submission too (graded, or its error
    row, never passed over); a submission the metadata names but the export lacks is an entry
    without a path, so that its submitters are named as not submitted."""
    submitters = students.gradescope_submitters(folder)
    entries = [Entry(submission_id(child), child, submitters.get(
        child.name, submitters.get(child.stem, ()))) for child in sorted(folder.iterdir())
        if _in_export(child)]
    held = {name for entry in entries for name in (entry.path.name, entry.path.stem)}
    return entries + [Entry(name, None, who) for name, who in submitters.items()
                      if name not in held]


def _in_export(child):
    """Whether an export's child is a submission: any zip, or a submission_* folder (or link,
    which gets its own error row)."""
    return child.suffix == ".zip" or (child.name.startswith("submission_") and _in_class(child))


def _nbgrader_submitted(folder):
    """nbgrader's submitted/<student>/<assignment>/ layout (given the course or submitted/)."""
    submitted = folder / "submitted" if (folder / "submitted").is_dir() else folder
    known = students.nbgrader_students(submitted.parent)
    entries = []
    for student in sorted(p for p in submitted.iterdir() if p.is_dir()):
        who = (known.get(student.name, students.Enrolled(sid=student.name)),)
        if student.is_symlink():  # never followed: stage() refuses it, as that student's row
            entries.append(Entry(student.name, student, who))
            continue
        assignments = sorted(p for p in student.iterdir() if p.is_dir())
        for assignment in assignments:
            name = student.name if len(assignments) == 1 else f"{student.name}-{assignment.name}"
            entries.append(Entry(name, assignment, who))
    return entries


def _holds_submission(folder, files):
    return any((folder / name).is_file() for name in files)


def find_submissions(paths, files):
    """The submissions in `paths`: each a folder or zip, or a class in a known layout; `files` are
    the assignment's modules, which a single submission holds."""
    entries = []
    for path in map(Path, paths):
        layout = class_layout(path, files)
        if layout == "gradescope":
            entries += _gradescope_export(path)
        elif layout == "nbgrader":
            entries += _nbgrader_submitted(path)
        elif layout == "folders":
            entries += [Entry(submission_id(child), child) for child in sorted(path.iterdir())
                        if _in_class(child)]
        else:
            entries.append(Entry(submission_id(path), path))
    return _with_unique_ids(entries)


def submission_id(path):
    """A submission's id: a folder's whole name (anna.puig@uni.cat, which a roster's emails
    match), a file's without its suffix (alice.zip, minimax.py, a notebook)."""
    return path.name if path.is_dir() else path.stem


def class_layout(path, files):
    """How `path` holds a class: "gradescope" (an export), "nbgrader" (submitted/), "folders"
    (one subfolder or zip per submission), or None when it is one submission (holding any of the
    assignment's `files`)."""
    if not path.is_dir():
        return None
    layout = _platform_layout(path)
    if layout is None and not _holds_submission(path, files) and any(
            _in_class(child) for child in path.iterdir()):
        return "folders"
    return layout


def _platform_layout(folder):
    """"gradescope" or "nbgrader" when `folder` is a platform's export of a class, else None:
    told apart by the platform's own files, whatever the assignment."""
    if (folder / "submission_metadata.yml").is_file():
        return "gradescope"
    if folder.name == "submitted" or (folder / "submitted").is_dir():
        return "nbgrader"
    return None


def _in_class(child):
    """Whether a class folder's child is a submission: a folder or zip, or a link (which gets its
    own row, as an error)."""
    return child.is_symlink() or child.is_dir() or child.suffix == ".zip"


def _safe_id(name):
    """A name as a results file's name: printable, short, and never a dot-name (those are the
    batch's own, such as .cache/)."""
    name = "".join(c if c.isprintable() else "_" for c in name)[:ID_LENGTH]
    return f"_{name}" if name.startswith(".") or not name else name


def _with_unique_ids(entries):
    """The entries, each id safe and different from every other (`alice`, `alice.zip` and
    `alice-2.zip` become alice, alice-2 and alice-3 in some order), case aside."""
    ids = unique_names([entry.id for entry in entries], _safe_id)
    return [Entry(id_, entry.path, entry.students) for id_, entry in zip(ids, entries)]


def submitted_names(paths):
    """The names of the files in the submissions `paths`, by which the assignment is recognised:
    a file's own, a folder's, or when a folder holds no Python file on top (a class, or a folder
    of one), those of its folders; in nbgrader's submitted/, those of each student's assignment
    folder. A notebook counts as the modules its answer cells answer, `<module>.py` each, where
    staging would read it: in a folder without Python files, never a hidden one. Zips are not
    opened: a class of zips needs --assignment."""
    levels = []  # (a folder's entries, whether staging would read its notebooks)
    for path in map(Path, paths):
        try:
            if path.is_dir() and _platform_layout(path) == "nbgrader":  # submitted/<student>/...
                levels += [(list(entry.path.iterdir()), True) for entry in _nbgrader_submitted(path)
                           if entry.path.is_dir() and not entry.path.is_symlink()]
                continue
            top = list(path.iterdir()) if path.is_dir() else [path]
            levels.append((top, True))
            if not any(p.suffix == ".py" for p in top):
                levels += [(list(folder.iterdir()), not folder.name.startswith((".", "__MACOSX")))
                           for folder in top if folder.is_dir() and not folder.is_symlink()]
        except OSError:
            continue  # staging it says what is wrong with it
    names = {p.name for entries, _ in levels for p in entries}
    for entries, read in levels:
        if read and not any(p.suffix == ".py" for p in entries):
            names |= {f"{module}.py" for p in entries
                      if p.suffix == ".ipynb" and not p.name.startswith(".")
                      for module in answered_modules(p)}
    return names
