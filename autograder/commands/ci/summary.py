"""The Markdown the job writes: the step summary, and the pull-request comment (the same, marked,
and cut to the table when too long for a comment), or why grading could not complete.

Under GitLab (`context.gitlab`) it says "merge request" and its notices are plain bold lines:
GitHub's `> [!WARNING]` alerts would show there as a quote starting with "[!WARNING]".
"""
from autograder.commands import cli
from autograder.reporters import markdown

MARKER = "<!-- autograder -->"  # first in the comment, which the workflow finds by it
COMMENT_LIMIT = 65_000     # GitHub refuses comment bodies over 65,536 characters
SUMMARY_LIMIT = 1_000_000  # and step summaries over 1 MiB
LISTED_FIXES = 5           # more checks fixed than this are counted, not named


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
