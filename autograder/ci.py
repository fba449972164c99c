"""Grading in a CI job: everything the pull-request workflow does that Python can do.

    python -I -m autograder.ci --assignments assignments [--base BASE/assignments]
        [--changed-files FILE] [--output-dir autograder-results] [--config GRADER/grading.toml]
        [--grader OWNER/NAME@REF] [--base-label main] [--allow-weak-sandbox] [--sandbox MODE]

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

Students see what `Report.for_students()` leaves: a hidden check's name, points and hint.
Run it with `python -I` (or from a folder without an `autograder/`): `-m` would otherwise import the
package from the current folder, which in CI is the student's repository.
Exit code 0 whenever grading completed, whatever the score; 2, with the reason in the summary and
the comment, when it could not grade.
"""
import argparse
import ast
import hashlib
import json
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from autograder import cli, sandbox
from autograder import config as grading_config
from autograder.engine import GradingError, grade
from autograder.files import write_atomically
from autograder.reporters import gradescope, junit, markdown, report_json, text
from autograder.submission import SubmissionError, stage
from autograder.worker.calls import MODULES

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


# ---------------------------------------------------------------- grading


def grade_folder(folder, config, mode, name):
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        staged = stage(folder, scratch)
        return grade(staged, config, scratch, name=name, sandbox_mode=mode)


def same_files(first, second):
    """Whether two folders hold the same student files (then the base needs no grading)."""
    def digest(folder):
        found = {}
        for path in sorted(Path(folder).rglob("*.py")):
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
        return found
    return Path(first).is_dir() and Path(second).is_dir() and digest(first) == digest(second)


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


def tamper_notice(context):
    if not context.protected:
        return ""
    files = ", ".join(markdown.code(name) for name in context.protected)
    source = (f"the instructor's pinned grader ({markdown.code(context.grader)})"
              if context.grader else "the instructor's pinned grader")
    return ("> [!WARNING]\n"
            f"> This pull request changes files that grading depends on: {files}. They do not "
            f"change this score: the grader, its checks and grading.toml come from {source}, "
            f"never from this branch. Your instructor sees these changes.")


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


def weak_notice(report):
    if report.sandbox not in cli.WEAK_MODES:
        return ""
    return (f"> [!NOTE]\n> Graded in the weak {markdown.escape(report.sandbox)} sandbox: "
            f"feedback for you, not official grading.")


def body(report, base, context, details=True):
    """The summary's Markdown (the comment's, after the marker)."""
    parts = [headline(report, base, context), tamper_notice(context), weak_notice(report),
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
        if not path.is_file():
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
            listed = Path(args.changed_files).read_text()
        except OSError as error:
            raise SystemExit(f"autograder.ci: cannot read --changed-files: {error}") from None
        changed = [line.strip() for line in listed.splitlines() if line.strip()]
    run_url = ""
    if environ.get("GITHUB_RUN_ID") and environ.get("GITHUB_REPOSITORY"):
        server = environ.get("GITHUB_SERVER_URL", "https://github.com")
        run_url = f"{server}/{environ['GITHUB_REPOSITORY']}/actions/runs/{environ['GITHUB_RUN_ID']}"
    elif environ.get("CI_JOB_URL"):  # GitLab
        run_url = environ["CI_JOB_URL"]
    return Context(grader=args.grader, base_label=base_label, changed=changed, run_url=run_url,
                   protected=protected_changes(changed))


def append(path, text):
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)


def step_outputs(environ, values):
    append(environ.get("GITHUB_OUTPUT"), "".join(f"{key}={value}\n" for key, value in values))


def hand_back(folder):
    """Under sudo, give the runner's user what root wrote, so later steps may replace it."""
    uid, gid = os.environ.get("SUDO_UID"), os.environ.get("SUDO_GID")
    if not (uid and gid and hasattr(os, "chown") and os.geteuid() == 0):
        return
    for path in [folder, *Path(folder).iterdir()]:
        os.chown(path, int(uid), int(gid))


def parser():
    main = argparse.ArgumentParser(prog="python -m autograder.ci",
                                   description="Grade a student repository in CI.")
    main.add_argument("--assignments", default="assignments",
                      help="the student's folder to grade (default: assignments)")
    main.add_argument("--base", help="the base branch's assignments folder, to show the change")
    main.add_argument("--base-label", default="",
                      help="the base branch's name (default: from $GITHUB_EVENT_PATH)")
    main.add_argument("--changed-files", help="a file listing the paths the pull request "
                                              "changes, one a line (git diff --name-only)")
    main.add_argument("--output-dir", default="autograder-results")
    main.add_argument("--config", default=grading_config.DEFAULT_PATH,
                      help="the grader's grading.toml (never the student's)")
    main.add_argument("--grader", default="", help="which grader this is, e.g. owner/name@v1")
    cli.add_sandbox_arguments(main)
    return main


def main(argv=None, environ=None):
    args = parser().parse_args(argv)
    environ = os.environ if environ is None else environ
    out = Path(args.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    context = make_context(args, environ)
    workspace = environ.get("GITHUB_WORKSPACE") or environ.get("CI_PROJECT_DIR") or os.getcwd()
    try:
        config = grading_config.load(args.config)
        mode = cli.sandbox_mode(args)
        report = grade_folder(args.assignments, config, mode, name="assignments")
    except (SubmissionError, grading_config.ConfigError, GradingError,
            sandbox.SandboxError) as error:
        reason = str(error)
        summary = error_body(reason, context)
        write_atomically(out / "summary.md", summary)
        write_atomically(out / "comment.md", MARKER + "\n" + summary)
        append(environ.get("GITHUB_STEP_SUMMARY"), summary)
        step_outputs(environ, [("tampered", str(bool(context.protected)).lower()),
                               ("comment", (out / "comment.md").resolve())])
        hand_back(out)
        if environ.get("GITHUB_ACTIONS") == "true":
            print(f"::error title=Autograder::{escape_data(reason)}")
        print(f"autograder.ci: {reason}", file=sys.stderr)
        return 2
    base = None
    if args.base:
        if same_files(args.assignments, args.base):
            base = report
        else:
            try:
                base = grade_folder(args.base, config, mode, name="base")
            except (SubmissionError, GradingError) as error:
                context.base_note = f"The base branch has nothing to compare with ({error})."
    students = report.for_students()
    base_students = base.for_students() if base is not None else None
    summary = fitted(students, base_students, context, SUMMARY_LIMIT)
    write_atomically(out / "summary.md", summary)
    write_atomically(out / "comment.md", fitted(students, base_students, context, COMMENT_LIMIT,
                                                marker=MARKER + "\n"))
    write_atomically(out / "junit.xml", junit.render(students))
    write_atomically(out / "results.json", gradescope.render(students))
    write_atomically(out / "report.json", report_json.render(students))
    append(environ.get("GITHUB_STEP_SUMMARY"), summary)
    outputs = [("score", markdown.points(report.points)),
               ("max_score", markdown.points(report.max_points))]
    if base is not None:
        outputs.append(("base_score", markdown.points(base.points)))
    outputs += [("sandbox", report.sandbox), ("tampered", str(bool(context.protected)).lower()),
                ("comment", (out / "comment.md").resolve())]
    step_outputs(environ, outputs)
    hand_back(out)
    sys.stdout.write(text.render(students))
    if environ.get("GITHUB_ACTIONS") == "true":  # workflow commands mean nothing elsewhere
        for command in annotations(students, args.assignments, workspace):
            print(command)
        if report.sandbox in cli.WEAK_MODES:
            print(f"::warning title=Autograder::graded in the weak {report.sandbox} sandbox: "
                  f"feedback, not official grading")
        if context.protected:
            print("::warning title=Autograder::this pull request changes files grading depends "
                  "on: " + escape_data(", ".join(context.protected)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
