"""The workflow commands the job prints under GitHub Actions, and what keeps every other line of
the log from being one.

The grader's own commands are `::error file=...,line=...::` annotations on the `def` line of each
failing function, warnings, and the reason grading failed; their student text is escaped as
command data. Whatever else reaches the log (the report, what grading prints) sits inside a
stop-commands block (commands_stopped), so a student's feedback cannot forge or silence a command.
"""
import ast
import contextlib
import os
import re
import secrets
import sys
from pathlib import Path

from autograder.commands import cli
from autograder.commands.ci.checkout import is_regular_file
from autograder.language import _, number

FAILURE_LINE = 300  # characters of each failure's feedback in an annotation


def escape_data(text):
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text):
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def error_annotation(message):
    """The job's own error annotation, titled Autograder: why it could not grade, or failed."""
    return f"::error title=Autograder::{escape_data(message)}"


def log_line(text):
    """`text` as one log line that no runner reads as a command: line breaks escaped as in a
    command's data (so no line can start with `::`), and `##` broken with a zero-width space (the
    runner's older `##[command]` syntax counts anywhere in a line)."""
    return re.sub("#(?=#)", "#\u200b", escape_data(text))


@contextlib.contextmanager
def commands_stopped(active):
    """Under GitHub Actions (`active`), make every line printed inside this block plain text to the
    runner, never a workflow command: the student's feedback in the report (`::add-mask::`,
    `::warning file=...::`, `::stop-commands::`) and anything grading prints. The runner ignores
    all commands between `::stop-commands::TOKEN` and `::TOKEN::`; the token is random and never
    reaches the sandboxed worker, so no feedback can end the block early. (The report stays in the
    log rather than being left out: it is where a student reads every failure when the comment is
    cut to the table, and on a push, which gets no comment.) The runner reads stdout and stderr
    separately, so a block on one stream would not reliably cover lines of the other: inside the
    block, file descriptor 2 is file descriptor 1, for this process and the lanes it forks."""
    if not active:
        yield
        return
    token = secrets.token_hex(16)
    sys.stderr.flush()
    print(f"::stop-commands::{token}", flush=True)
    saved_stderr = os.dup(2)
    os.dup2(1, 2)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved_stderr, 2)
        os.close(saved_stderr)
        print(f"::{token}::", flush=True)


def definitions(assignments, modules):
    """function -> (file, line) of its last top-level `def` (the one Python keeps), of each
    function of `modules` (function -> module); a module that does not parse gives its syntax
    error's line; a missing function, line 1 of its module."""
    found = {}
    for function, module in modules.items():
        path = Path(assignments) / f"{module}.py"
        if not is_regular_file(path):
            continue
        try:
            tree = ast.parse(path.read_bytes(), filename=str(path))
        except SyntaxError as error:
            found[function] = (path, error.lineno or 1)
            continue
        except ValueError:  # null bytes
            found[function] = (path, 1)
            continue
        lines = [node.lineno for node in tree.body
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and node.name == function]
        found[function] = (path, lines[-1] if lines else 1)
    return found


def annotations(report, assignments, workspace, modules):
    """One `::error` workflow command per function that lost points (GitHub shows ten per step):
    a check the job does not run loses none, and gets no annotation."""
    where = definitions(assignments, modules)
    commands = []
    for summary in report.by_function():
        failed = [c for c in report.checks if c.function == summary.function and c.failed]
        if not failed:
            continue
        properties = []
        if summary.function in where:
            path, line = where[summary.function]
            try:
                name = Path(os.path.relpath(Path(path).resolve(), Path(workspace).resolve()))
            except ValueError:  # another drive (Windows)
                name = Path(path)
            properties += [f"file={escape_property(name.as_posix())}", f"line={line}"]
        title = _("{function}: {points} / {max_points} points").format(
            function=summary.function, points=number(summary.points),
            max_points=number(summary.max_points))
        properties.append(f"title={escape_property(title)}")
        lines = [line for diagnosis in report.diagnoses if diagnosis.function == summary.function
                 for line in diagnosis.text.splitlines()]
        for check in failed:
            first = (check.feedback.splitlines() or [check.status])[0]
            if len(first) > FAILURE_LINE:
                first = first[:FAILURE_LINE - 1] + "…"
            lines.append(f"✗ {check.shown_name}: {first}")
        commands.append(f"::error {','.join(properties)}::{escape_data(chr(10).join(lines))}")
    return commands


def print_commands(students, assignments, context, environ, modules):
    """The grader's own workflow commands: annotations and warnings, outside any stop-commands
    block, their student text escaped as command data."""
    workspace = environ.get("GITHUB_WORKSPACE") or os.getcwd()
    for command in annotations(students, assignments, workspace, modules):
        print(command)
    if students.sandbox in cli.WEAK_MODES:
        print("::warning title=Autograder::" + escape_data(
            _("graded in the weak {sandbox} sandbox: feedback, not official grading").format(
                sandbox=students.sandbox)))
    if context.protected:
        print("::warning title=Autograder::" + escape_data(
            _("this pull request changes files grading depends on: {files}").format(
                files=", ".join(context.protected))))
