"""The instructor's commands that hand an assignment out: `release` (the students' repository)
and `export gradescope` (Gradescope's autograder zip).

Both run the instructor's tools (autograder.distribution), which the students' repository leaves
out: there, either command is a one-line error rather than a traceback.
"""
import importlib

from autograder import assignments
from autograder.errors import UsageError


def instructors_tool(module, command):
    """autograder.distribution.`module`, which the students' repository leaves out: there, the
    instructor's `command` is a one-line error, not a traceback."""
    name = f"autograder.distribution.{module}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name not in (name, "autograder.distribution"):
            raise
        raise UsageError(f"'{command}' is the instructor's command: this copy of the autograder "
                         f"(the students' repository) leaves it out") from None


def release_command(args):
    releasing = instructors_tool("release", "release")
    assignment = assignments.chosen(args.assignment)
    known = assignment.mistakes
    there = known and assignments.mistake_folders(known) is not None
    if not args.known_mistakes and known and assignment is not assignments.SEARCH and not there:
        raise UsageError(f"{assignment.argument}: mistakes = {str(known)!r} is not a folder; "
                         f"create it or correct the path (relative to the assignment's file)")
    mistakes = args.known_mistakes or (known if there else None)
    folder = releasing.release(args.directory, args.grader_repository, args.grader_ref,
                               args.private_grader_repository, mistakes, args.mistakes_reports,
                               assignment, language=args.lang)
    print(f"wrote the students' repository to {folder}")


def export_command(args):
    exporting = instructors_tool("gradescope_export", "export gradescope")
    written = exporting.export(args.file, assignments.chosen(args.assignment),
                               language=args.lang)
    print(f"wrote Gradescope's autograder zip to {written}")
