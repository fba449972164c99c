"""Grading in a CI job: everything the pull-request workflow does that Python can do.

    python -I -m autograder.commands.ci --assignments assignments [--base BASE/assignments]
        [--changed-files FILE] [--output-dir autograder-results] [--config GRADER/grading.toml]
        [--grader OWNER/NAME@REF] [--base-label main] [--allow-weak-sandbox] [--sandbox MODE]
        [--lanes N] [--fail-under POINTS]

It grades the student's `assignments/` (officially, as CI=true asks: a weak sandbox is refused
unless --allow-weak-sandbox), and, for a pull request, the base branch's `assignments/` too, then
writes:

- OUTPUT/summary.md, also appended to $GITHUB_STEP_SUMMARY: the score, the per-function table with
  the change since the base branch, a notice when the pull request edits what grading depends on,
  and every failure with its input;
- OUTPUT/comment.md: the same with a hidden marker (MARKER) first, for the one pull-request comment
  the workflow creates or updates; cut to the table when too long for a comment;
- OUTPUT/junit.xml, OUTPUT/results.json (Gradescope's schema) and OUTPUT/report.json (the Report);
- under GitHub Actions, `::error file=...,line=...::` annotations on the `def` line of each
  failing function;
- step outputs in $GITHUB_OUTPUT: score, max_score, base_score, sandbox, tampered, comment.

Under GitLab ($GITLAB_CI), the Markdown says "merge request" and its notices are plain bold lines:
GitHub's `> [!WARNING]` alerts would show there as a quote starting with "[!WARNING]".

Students see what `Report.for_students()` leaves: a hidden check's name, points and hint.
Nothing in the student's repository can redirect the grader, which runs as root: a symlinked
assignments folder (or base) is refused, and staging copies regular files only; the output folder
is never a link (the workflow puts it outside the checkout); nothing is read or chowned through a
link. Under GitHub Actions, whatever student text reaches the log sits inside a stop-commands block
(see commands_stopped), so it cannot forge or silence workflow commands.
Run it with `python -I` (or from a folder without an `autograder/`): `-m` would otherwise import the
package from the current folder, which in CI is the student's repository.
Exit code 0 whenever grading completed, whatever the score, unless the score is below
--fail-under: then 1, after every output is written, so the job goes red and the summary and the
comment still say why; 2, with the reason in the summary and the comment, when it could not grade.
"""
import argparse
import ast
import contextlib
import hashlib
import json
import math
import os
import re
import secrets
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from autograder.commands import cli
from autograder.runner import sandbox
from autograder import policy as grading_config
from autograder.engine import grade
from autograder.errors import AutograderError, GradingError, SubmissionError, UsageError
from autograder.files import write_atomically
from autograder.reporters import gradescope, junit, markdown, report_json, text
from autograder.reporters.readable import readable, readable_text
from autograder.intake.submission import stage
from autograder.contract import MODULES

MARKER = "<!-- autograder -->"
# What a pull request must not need to change; grading takes none of it from the student's branch.
PROTECTED = (".github/", ".gitlab-ci.yml", "autograder/", "grading.toml", "pyproject.toml")
COMMENT_LIMIT = 65_000     # GitHub refuses comment bodies over 65,536 characters
SUMMARY_LIMIT = 1_000_000  # and step summaries over 1 MiB
FAILURE_LINE = 300         # characters of each failure's feedback in an annotation
LISTED_FIXES = 5           # more checks fixed than this are counted, not named


@dataclass
class Context:
    """What the summary says around the report: where the grader came from, what it compares."""
    grader: str = ""                 # "owner/name@ref" of the grader that graded
    base_label: str = ""             # the branch the pull request goes into
    base_note: str = ""              # why there is no comparison, when there is none
    changed: list | None = None      # the files the pull request changes, when known
    run_url: str = ""
    protected: list = field(default_factory=list)  # the changed files grading depends on
    gitlab: bool = False             # GitLab's words and Markdown instead of GitHub's

    @property
    def request(self):
        return "merge request" if self.gitlab else "pull request"


# ---------------------------------------------------------------- grading


def is_regular_file(path):
    """Whether `path` is a regular file itself, not a link to one (a student's minimax.py ->
    /dev/zero must not be read by the grader, which runs as root)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def refuse_link(folder, what):
    """Stop when `folder` itself is a symbolic link: committed as `assignments ->
    .grader-private/reference`, it would have the reference graded. Staging refuses the links
    inside it."""
    if Path(folder).is_symlink():  # Path drops a trailing slash, which would follow the link
        raise SubmissionError(f"{what} ({folder}) is a symbolic link, which is never graded: "
                              f"commit the folder itself, with your files in it")


def grade_folder(folder, config, mode, name, lane_count):
    refuse_link(folder, name)
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        staged = stage(folder, scratch)
        return grade(staged, config, scratch, name=name, sandbox_mode=mode, lanes=lane_count)


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


def protected_changes(changed):
    return [name for name in changed or ()
            if any(name == p or (p.endswith("/") and name.startswith(p)) for p in PROTECTED)]


# ---------------------------------------------------------------- Markdown


def headline(report, base, context):
    line = (f"## Autograder: {markdown.points(report.points)} / "
            f"{markdown.points(report.max_points)} points")
    if base is not None:
        since = f" since {markdown.code(context.base_label)}" if context.base_label else ""
        line += f" ({markdown.change(report.points, base.points)}{since})"
    return line


def alert(kind, text, context):
    """A notice standing out from the text: GitHub's alert (`kind` is NOTE or WARNING), or on
    GitLab, which has no such syntax, a paragraph starting with the kind in bold."""
    if context.gitlab:
        return f"**{kind.capitalize()}:** {text}"
    return f"> [!{kind}]\n> {text}"


def tamper_notice(context):
    if not context.protected:
        return ""
    files = ", ".join(markdown.code(name) for name in context.protected)
    source = (f"the instructor's pinned grader ({markdown.code(context.grader)})"
              if context.grader else "the instructor's pinned grader")
    return alert("WARNING", f"This {context.request} changes files that grading depends on: "
                            f"{files}. They do not change this score: the grader, its checks and "
                            f"grading.toml come from {source}, never from this branch. Your "
                            f"instructor sees these changes.", context)


def changes_by_check(report, base):
    """The checks that passed on the base branch and fail now, and the other way round."""
    before = {check.name: check.passed for check in base.checks}
    broken = [c.name for c in report.checks if not c.passed and before.get(c.name)]
    fixed = [c.name for c in report.checks if c.passed and before.get(c.name) is False]
    lines = []
    if len(fixed) > LISTED_FIXES:
        lines.append(f"Now passing: {len(fixed)} checks that failed on the base branch.")
    elif fixed:
        lines.append(f"Now passing: {', '.join(map(markdown.code, fixed))}.")
    if broken:
        lines.append(f"Passed on the base branch, failing now: "
                     f"{', '.join(map(markdown.code, broken))}.")
    return "\n\n".join(lines)


def footer(report, context):
    parts = []
    by = f" by {markdown.code(context.grader)}" if context.grader else ""
    parts.append(f"Graded{by} in the {markdown.escape(report.sandbox)} sandbox.")
    hidden = sum(check.visibility == "hidden" for check in report.checks)
    if hidden:
        parts.append("1 hidden check shows only its name, points and hint." if hidden == 1 else
                     f"{hidden} hidden checks show only their names, points and hints.")
    if context.run_url:
        parts.append(f"[The run]({context.run_url}) keeps results.json and junit.xml.")
    return " ".join(parts)


def weak_notice(report, context):
    if report.sandbox not in cli.WEAK_MODES:
        return ""
    return alert("NOTE", f"Graded in the weak {markdown.escape(report.sandbox)} sandbox: feedback "
                         f"for you, not official grading.", context)


def body(report, base, context, details=True):
    """The summary's Markdown (the comment's, after the marker)."""
    parts = [headline(report, base, context), tamper_notice(context), weak_notice(report, context),
             markdown.score_table(report, base)]
    if base is not None:
        parts.append(changes_by_check(report, base))
    elif context.base_note:
        parts.append(markdown.escape(context.base_note))
    parts.append(footer(report, context))
    if details:
        parts += ["### What failed", markdown.failures(report, level=4),
                  markdown.check_list(report)]
    else:
        where = f"[the run's summary]({context.run_url})" if context.run_url else "the job summary"
        parts.append(f"Each failure, with its input, is in {where}: too long for a comment.")
    return "\n\n".join(part for part in parts if part) + "\n"


def fitted(report, base, context, limit, marker=""):
    """The body with every failure, or only the table when that is over `limit` bytes."""
    text = marker + body(report, base, context)
    if len(text.encode()) > limit:
        text = marker + body(report, base, context, details=False)
    return text


def error_body(reason, context):
    return "\n\n".join(part for part in [
        "## Autograder: not graded", tamper_notice(context),
        f"Grading could not complete: {markdown.escape(reason)}",
        f"[The run]({context.run_url}) has the details." if context.run_url else "",
    ] if part) + "\n"


# ---------------------------------------------------------------- annotations


def definitions(assignments):
    """function -> (file, line) of its last top-level `def` (the one Python keeps); a module that
    does not parse gives its syntax error's line; a missing function, line 1 of its module."""
    found = {}
    for function, module in MODULES.items():
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


def escape_data(text):
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text):
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


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


def annotations(report, assignments, workspace):
    """One `::error` workflow command per failing function (GitHub shows ten per step)."""
    where = definitions(assignments)
    commands = []
    for summary in report.by_function():
        failed = [c for c in report.checks if c.function == summary.function and not c.passed]
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
        title = (f"{summary.function}: {markdown.points(summary.points)} / "
                 f"{markdown.points(summary.max_points)} points")
        properties.append(f"title={escape_property(title)}")
        lines = []
        for check in failed:
            first = (check.feedback.splitlines() or [check.status])[0]
            if len(first) > FAILURE_LINE:
                first = first[:FAILURE_LINE - 1] + "…"
            lines.append(f"✗ {check.name}: {first}")
        commands.append(f"::error {','.join(properties)}::{escape_data(chr(10).join(lines))}")
    return commands


# ---------------------------------------------------------------- the CI's files


def read_event(path):
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def make_context(args, environ):
    event = read_event(environ.get("GITHUB_EVENT_PATH")) if environ.get("GITHUB_EVENT_PATH") else {}
    pull_request = event.get("pull_request") if isinstance(event.get("pull_request"), dict) else {}
    base_label = args.base_label or (pull_request.get("base") or {}).get("ref", "")
    changed = None
    if args.changed_files:
        try:
            listed = Path(args.changed_files).read_bytes()
        except OSError as error:
            raise SystemExit(f"autograder.commands.ci: cannot read --changed-files: {error}") from None
        # NUL-separated, as `git diff -z` writes them: unquoted, so a non-ASCII name (which git
        # would otherwise print as "autograder/\303\251.py") still matches PROTECTED.
        changed = [name for name in listed.decode("utf-8", "replace").split("\0") if name]
    run_url = ""
    if environ.get("GITHUB_RUN_ID") and environ.get("GITHUB_REPOSITORY"):
        server = environ.get("GITHUB_SERVER_URL", "https://github.com")
        run_url = f"{server}/{environ['GITHUB_REPOSITORY']}/actions/runs/{environ['GITHUB_RUN_ID']}"
    elif environ.get("CI_JOB_URL"):  # GitLab
        run_url = environ["CI_JOB_URL"]
    return Context(grader=args.grader, base_label=base_label, changed=changed, run_url=run_url,
                   protected=protected_changes(changed), gitlab=environ.get("GITLAB_CI") == "true")


def append(path, text):
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)


def step_outputs(environ, values):
    append(environ.get("GITHUB_OUTPUT"), "".join(f"{key}={value}\n" for key, value in values))


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
        raise UsageError(f"the output folder {path} is a symbolic link or not a folder: remove "
                          f"it, or give an --output-dir outside the student's files") from None
    return path


def hand_back(folder):
    """Under sudo, give the runner's user what root wrote, so later steps may replace it: the
    folder and its entries themselves, never what a link among them points to."""
    uid, gid = os.environ.get("SUDO_UID"), os.environ.get("SUDO_GID")
    if not (uid and gid and hasattr(os, "chown") and os.geteuid() == 0):
        return
    for path in [folder, *Path(folder).iterdir()]:
        os.chown(path, int(uid), int(gid), follow_symlinks=False)


def threshold(text):
    """--fail-under's value: a number of points, at least 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of points: give one such as "
                                         f"--fail-under 70")
    return value


def parser():
    main = argparse.ArgumentParser(prog="python -m autograder.commands.ci",
                                   description="Grade a student repository in CI.")
    main.add_argument("--assignments", default="assignments",
                      help="the student's folder to grade (default: assignments)")
    main.add_argument("--base", help="the base branch's assignments folder, to show the change")
    main.add_argument("--base-label", default="",
                      help="the base branch's name (default: from $GITHUB_EVENT_PATH)")
    main.add_argument("--changed-files", help="a file listing the paths the pull request "
                                              "changes, NUL-separated (git diff -z --name-only)")
    main.add_argument("--output-dir", default="autograder-results")
    main.add_argument("--config", default=grading_config.DEFAULT_PATH,
                      help="the grader's grading.toml (never the student's)")
    main.add_argument("--grader", default="", help="which grader this is, e.g. owner/name@v1")
    main.add_argument("--lanes", type=int, choices=range(1, 9), metavar="N",
                      help="processes grading one submission's functions at once (default: one "
                           "per core, at most 2)")
    main.add_argument("--fail-under", type=threshold, metavar="POINTS",
                      help="exit 1 (a red job) when the score is below POINTS, after writing every "
                           "output (default: green at any score)")
    cli.add_sandbox_arguments(main)
    return main


def not_graded(reason, context, environ, out):
    """Say why grading could not complete, in the summary, the comment (when the output folder is
    safe to write) and the log; exit code 2."""
    reason = readable_text(reason)
    summary = error_body(reason, context)
    outputs = [("tampered", str(bool(context.protected)).lower())]
    if out is not None:
        write_atomically(out / "summary.md", summary)
        write_atomically(out / "comment.md", MARKER + "\n" + summary)
        outputs.append(("comment", (out / "comment.md").resolve()))
        hand_back(out)
    append(environ.get("GITHUB_STEP_SUMMARY"), summary)
    step_outputs(environ, outputs)
    if environ.get("GITHUB_ACTIONS") == "true":
        print(f"::error title=Autograder::{escape_data(reason)}", flush=True)
    print(f"autograder.commands.ci: {log_line(reason)}", file=sys.stderr)
    return 2


def grade_and_report(args, context, environ, out):
    """Grade the assignments (and the base, to compare), write every output and print the text
    report; return the report as students see it."""
    config = grading_config.load(args.config)
    sandbox.cap_grader_memory(config.limits.grader_memory_mb)
    mode = cli.sandbox_mode(args)
    report = grade_folder(args.assignments, config, mode, "assignments", args.lanes)
    base = None
    if args.base:
        if same_files(args.assignments, args.base):
            base = report
        else:
            try:
                base = grade_folder(args.base, config, mode, "base", args.lanes)
            except (SubmissionError, GradingError) as error:
                context.base_note = f"The base branch has nothing to compare with ({error})."
    students = readable(report.for_students())
    base_students = readable(base.for_students()) if base is not None else None
    summary = fitted(students, base_students, context, SUMMARY_LIMIT)
    write_atomically(out / "summary.md", summary)
    write_atomically(out / "comment.md", fitted(students, base_students, context, COMMENT_LIMIT,
                                                marker=MARKER + "\n"))
    write_atomically(out / "junit.xml", junit.render(students))
    write_atomically(out / "results.json", gradescope.render(students))
    write_atomically(out / "report.json", report_json.render(students))
    append(environ.get("GITHUB_STEP_SUMMARY"), summary)
    outputs = [("score", markdown.points(students.points)),
               ("max_score", markdown.points(students.max_points))]
    if base is not None:
        outputs.append(("base_score", markdown.points(base.points)))
    outputs += [("sandbox", students.sandbox), ("tampered", str(bool(context.protected)).lower()),
                ("comment", (out / "comment.md").resolve())]
    step_outputs(environ, outputs)
    hand_back(out)
    sys.stdout.write(text.render(students))
    return students


def print_commands(students, args, context, environ):
    """The grader's own workflow commands: annotations and warnings, outside any stop-commands
    block, their student text escaped as command data."""
    workspace = environ.get("GITHUB_WORKSPACE") or os.getcwd()
    for command in annotations(students, args.assignments, workspace):
        print(command)
    if students.sandbox in cli.WEAK_MODES:
        print(f"::warning title=Autograder::graded in the weak {students.sandbox} sandbox: "
              f"feedback, not official grading")
    if context.protected:
        print("::warning title=Autograder::this pull request changes files grading depends "
              "on: " + escape_data(", ".join(context.protected)))


def below_threshold(students, args, github):
    """Say so, on stderr and under GitHub Actions as an error annotation, when the score is below
    --fail-under; whether it is."""
    if args.fail_under is None or students.points >= args.fail_under:
        return False
    message = (f"score {markdown.points(students.points)} is below the required "
               f"{markdown.points(args.fail_under)}")
    if github:
        print(f"::error title=Autograder::{message}", flush=True)
    print(f"autograder.commands.ci: {message}", file=sys.stderr)
    return True


def main(argv=None, environ=None):
    args = parser().parse_args(argv)
    environ = os.environ if environ is None else environ
    context = make_context(args, environ)
    github = environ.get("GITHUB_ACTIONS") == "true"  # workflow commands mean nothing elsewhere
    out = None
    try:
        out = output_folder(args.output_dir)
        with commands_stopped(github):
            students = grade_and_report(args, context, environ, out)
    except AutograderError as error:
        return not_graded(str(error), context, environ, out)
    if github:
        print_commands(students, args, context, environ)
    return 1 if below_threshold(students, args, github) else 0


if __name__ == "__main__":
    sys.exit(main())
