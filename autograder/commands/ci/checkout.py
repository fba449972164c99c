"""The checkout the job grades: the student's assignments folder, and the base branch's to compare
with. A folder that is itself a link, or is reached through one below the workspace, is refused,
and staging copies regular files only."""
import hashlib
import os
import stat
import tempfile
from pathlib import Path

from autograder import policy as grading_config, secret as course_secret
from autograder.commands import cli
from autograder.engine import grade
from autograder.errors import GradingError, SubmissionError
from autograder.intake.submission import link_on_the_way, stage
from autograder.language import _
from autograder.reporters.readable import readable
from autograder.runner import sandbox


def is_regular_file(path):
    """Whether `path` is a regular file itself, not a link to one (a student's minimax.py ->
    /dev/zero must not be read by the grader, which runs as root)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def workspace(environ):
    """The checkout the job grades in: what a student commits is below it, and the runner's own
    folders above it."""
    return environ.get("GITHUB_WORKSPACE") or environ.get("CI_PROJECT_DIR") or os.getcwd()


def refuse_link(folder, what, root):
    """Stop when `folder` is a symbolic link, or is reached through one below the workspace
    `root`: committed as `assignments -> .grader-private/reference`, either `assignments` or
    `assignments/cutoff` would have the reference graded. Staging refuses the links inside it."""
    link = link_on_the_way(folder, root)
    if Path(folder).is_symlink():  # Path drops a trailing slash, which would follow the link
        # TRANSLATORS: {what} is the folder's role, "assignments" or "base", as code
        raise SubmissionError(_("{what} ({folder}) is a symbolic link, which is never graded: "
                                "commit the folder itself, with your files in it").format(
                                    what=what, folder=folder))
    if link is not None:
        # TRANSLATORS: {what} is the folder's role, "assignments" or "base", as code; {link} a
        # folder above it
        raise SubmissionError(_("{what} ({folder}) is reached through the symbolic link {link}, "
                                "which is never graded: commit the folders themselves, with your "
                                "files in them").format(what=what, folder=folder, link=link))


def grade_folder(folder, config, mode, name, lane_count, assignment, root):
    refuse_link(folder, name, root)
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        staged = stage(folder, scratch, assignment.files, root)
        return grade(staged, config, scratch, name=name, sandbox_mode=mode, lanes=lane_count,
                     assignment=assignment)


def same_files(first, second):
    """Whether two folders hold the same student files (then the base needs no grading)."""
    def digest(folder):
        found = {}
        for path in sorted(Path(folder).rglob("*.py")):
            if is_regular_file(path):
                found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
        return found
    return all(Path(folder).is_dir() and not Path(folder).is_symlink()
               for folder in (first, second)) and digest(first) == digest(second)


def grade_with_base(args, context, assignment, root):
    """The assignments' report and the base's (None without --base, or when the base cannot be
    graded: then context.base_note says why), both as students see them. `root` is the
    workspace, below which no link leads to what is graded."""
    config = course_secret.applied(grading_config.load(args.config or assignment.policy),
                                   cli.official(args))
    sandbox.cap_grader_memory(config.limits.grader_memory_mb)
    mode = cli.sandbox_mode(args)
    report = grade_folder(args.assignments, config, mode, "assignments", args.lanes, assignment,
                          root)
    base = None
    if args.base:
        if same_files(args.assignments, args.base):
            base = report
        else:
            try:
                base = grade_folder(args.base, config, mode, "base", args.lanes, assignment, root)
            except (SubmissionError, GradingError) as error:
                context.base_note = _("The base branch has nothing to compare with "
                                      "({error}).").format(error=error)
    return (readable(report.for_students()),
            readable(base.for_students()) if base is not None else None)
