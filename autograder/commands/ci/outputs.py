"""The files the job writes: its output folder (summary.md, comment.md, junit.xml, results.json,
report.json), and the runner's step summary and step outputs ($GITHUB_STEP_SUMMARY,
$GITHUB_OUTPUT: score, max_score, base_score, sandbox, tampered, comment).

The job runs as root under sudo, and the output folder's name may come from the student's
repository: it is never a link, nothing in it is written or chowned through a link, and what root
wrote is handed back to the runner's user.
"""
import contextlib
import os
from pathlib import Path

from autograder.commands.ci.summary import COMMENT_LIMIT, MARKER, SUMMARY_LIMIT, error_body, fitted
from autograder.errors import UsageError
from autograder.files import write_atomically
from autograder.language import _
from autograder.reporters import gradescope, junit, report_json
from autograder.results import points


def output_folder(path):
    """The folder for the outputs, made if missing. An existing link or non-folder there is refused
    (the open below never follows a link): a student's committed `autograder-results -> <dir>` had
    the grader, as root, write into <dir> and hand it to the runner's user. Inside it, files are
    made by write_atomically (a new file, O_EXCL and O_NOFOLLOW, renamed over any link there)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        path.mkdir()
    try:
        os.close(os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW))
    except OSError:
        raise UsageError(_("the output folder {folder} is a symbolic link or not a folder: "
                           "remove it, or give an --output-dir outside the student's "
                           "files").format(folder=path)) from None
    return path


def hand_back(folder):
    """Under sudo, give the runner's user what root wrote, so later steps may replace it: the
    folder and its entries themselves, never what a link among them points to."""
    uid, gid = os.environ.get("SUDO_UID"), os.environ.get("SUDO_GID")
    if not (uid and gid and hasattr(os, "chown") and os.geteuid() == 0):
        return
    for path in [folder, *Path(folder).iterdir()]:
        os.chown(path, int(uid), int(gid), follow_symlinks=False)


def append(path, text):
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)


def step_outputs(environ, values):
    append(environ.get("GITHUB_OUTPUT"), "".join(f"{key}={value}\n" for key, value in values))


def tampered(context):
    return str(bool(context.protected)).lower()


def write_graded(students, base, context, environ, out):
    """Every output of a grading: `students` and `base` are the reports as students see them."""
    summary = fitted(students, base, context, SUMMARY_LIMIT)
    write_atomically(out / "summary.md", summary)
    write_atomically(out / "comment.md", fitted(students, base, context, COMMENT_LIMIT,
                                                marker=MARKER + "\n"))
    write_atomically(out / "junit.xml", junit.render(students))
    write_atomically(out / "results.json", gradescope.render(students))
    write_atomically(out / "report.json", report_json.render(students))
    append(environ.get("GITHUB_STEP_SUMMARY"), summary)
    values = [("score", points(students.points)), ("max_score", points(students.max_points))]
    if base is not None:
        values.append(("base_score", points(base.points)))
    values += [("sandbox", students.sandbox), ("tampered", tampered(context)),
               ("comment", (out / "comment.md").resolve())]
    step_outputs(environ, values)
    hand_back(out)


def write_not_graded(reason, context, environ, out):
    """Why grading could not complete, as the summary and the comment (when the output folder,
    `out`, is safe to write: else None) say it; no score."""
    summary = error_body(reason, context)
    values = [("tampered", tampered(context))]
    if out is not None:
        write_atomically(out / "summary.md", summary)
        write_atomically(out / "comment.md", MARKER + "\n" + summary)
        values.append(("comment", (out / "comment.md").resolve()))
        hand_back(out)
    append(environ.get("GITHUB_STEP_SUMMARY"), summary)
    step_outputs(environ, values)
