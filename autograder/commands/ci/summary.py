"""The Markdown the job writes: the step summary, and the pull-request comment (the same, marked,
and cut to the table when too long for a comment), or why grading could not complete.

Under GitLab (`context.gitlab`) it says "merge request" and its notices are plain bold lines:
GitHub's `> [!WARNING]` alerts would show there as a quote starting with "[!WARNING]".
"""
from autograder.commands import cli
from autograder.commands.ci.context import required
from autograder.language import N_, _, ngettext, number
from autograder.reporters import markdown

MARKER = "<!-- autograder -->"  # first in the comment, which the workflow finds by it
COMMENT_LIMIT = 65_000     # GitHub refuses comment bodies over 65,536 characters
SUMMARY_LIMIT = 1_000_000  # and step summaries over 1 MiB
LISTED_FIXES = 5           # more checks fixed than this are counted, not named
# A notice's kind: GitHub's alert keyword, which stays English, and the bold word GitLab shows.
KINDS = {"NOTE": N_("Note"), "WARNING": N_("Warning")}


def headline(report, base, context):
    line = "## " + _("Autograder: {points} / {max_points} points").format(
        points=number(report.points), max_points=number(report.max_points))
    if base is None:
        return line
    change = markdown.change(report.points, base.points)
    if context.base_label:
        # TRANSLATORS: {change} is the score's change in points, e.g. +2.5; {branch} a branch name
        change = _("{change} since {branch}").format(change=change,
                                                     branch=markdown.code(context.base_label))
    return f"{line} ({change})"


def alert(kind, text, context):
    """A notice standing out from the text: GitHub's alert (`kind` is NOTE or WARNING), or on
    GitLab, which has no such syntax, a paragraph starting with the kind in bold."""
    if context.gitlab:
        return f"**{_(KINDS[kind])}:** {text}"
    return f"> [!{kind}]\n> {text}"


def tamper_notice(context):
    if not context.protected:
        return ""
    files = ", ".join(markdown.code(name) for name in context.protected)
    source = (_("the instructor's pinned grader ({grader})").format(
        grader=markdown.code(context.grader)) if context.grader
        else _("the instructor's pinned grader"))
    # TRANSLATORS: {source} is "the instructor's pinned grader", with its name when known
    warning = (_("This merge request changes files that grading depends on: {files}. They do not "
                 "change this score: the grader, its checks and grading.toml come from {source}, "
                 "never from this branch. Your instructor sees these changes.") if context.gitlab
               else _("This pull request changes files that grading depends on: {files}. They do "
                      "not change this score: the grader, its checks and grading.toml come from "
                      "{source}, never from this branch. Your instructor sees these changes."))
    return alert("WARNING", warning.format(files=files, source=source), context)


def changes_by_check(report, base):
    """The checks that passed on the base branch and fail now, and the other way round."""
    before = {check.name: check.passed for check in base.checks}
    broken = [c.shown_name for c in report.checks if not c.passed and before.get(c.name)]
    fixed = [c.shown_name for c in report.checks if c.passed and before.get(c.name) is False]
    lines = []
    if len(fixed) > LISTED_FIXES:
        lines.append(ngettext("Now passing: {count} check that failed on the base branch.",
                              "Now passing: {count} checks that failed on the base branch.",
                              len(fixed)).format(count=number(len(fixed))))
    elif fixed:
        lines.append(_("Now passing: {checks}.").format(checks=", ".join(map(markdown.code,
                                                                            fixed))))
    if broken:
        lines.append(_("Passed on the base branch, failing now: {checks}.").format(
            checks=", ".join(map(markdown.code, broken))))
    return "\n\n".join(lines)


def footer(report, context):
    sandbox = markdown.escape(report.sandbox)
    parts = [_("Graded by {grader} in the {sandbox} sandbox.").format(
        grader=markdown.code(context.grader), sandbox=sandbox) if context.grader
        else _("Graded in the {sandbox} sandbox.").format(sandbox=sandbox)]
    hidden = sum(check.visibility == "hidden" for check in report.checks)
    if hidden:
        parts.append(ngettext("{count} hidden check shows only its name, points and hint.",
                              "{count} hidden checks show only their names, points and hints.",
                              hidden).format(count=number(hidden)))
    if context.run_url:
        parts.append(_("[The run]({url}) keeps results.json and junit.xml.").format(
            url=context.run_url))
    return " ".join(parts)


def threshold_line(report, context):
    """The score the job requires, and whether this one reaches it; nothing when any will do."""
    needed = required(context)
    if needed is None:
        return ""
    met = report.points >= needed
    if context.threshold.percent:
        # TRANSLATORS: {points} is the required score; {percent} a number, e.g. 95
        line = (_("Required score: {points} points ({percent}% of the points checked here), "
                  "which this score reaches.") if met else
                _("Required score: {points} points ({percent}% of the points checked here), "
                  "which this score does not reach: the job fails."))
    else:
        line = (_("Required score: {points} points, which this score reaches.") if met else
                _("Required score: {points} points, which this score does not reach: the job "
                  "fails."))
    return line.format(points=number(needed), percent=number(context.threshold.value))


def weak_notice(report, context):
    if report.sandbox not in cli.WEAK_MODES:
        return ""
    return alert("NOTE", _("Graded in the weak {sandbox} sandbox: feedback for you, not official "
                           "grading.").format(sandbox=markdown.escape(report.sandbox)), context)


def body(report, base, context, details=True):
    """The summary's Markdown (the comment's, after the marker)."""
    parts = [headline(report, base, context), threshold_line(report, context),
             tamper_notice(context), weak_notice(report, context),
             markdown.score_table(report, base)]
    if base is not None:
        parts.append(changes_by_check(report, base))
    elif context.base_note:
        parts.append(markdown.escape(context.base_note))
    parts.append(footer(report, context))
    # the checks the job leaves to the grade, with their hints and whether they will likely fail,
    # as a student's own run lists them: also in a comment too long for its failures
    parts.append(markdown.when_graded(report) if report.when_graded() else "")
    if details:
        parts += ["### " + _("What failed"), markdown.failures(report, level=4),
                  markdown.check_list(report)]
    elif context.run_url:
        parts.append(_("Each failure, with its input, is in [the run's summary]({url}): too long "
                       "for a comment.").format(url=context.run_url))
    else:
        parts.append(_("Each failure, with its input, is in the job summary: too long for a "
                       "comment."))
    return "\n\n".join(part for part in parts if part) + "\n"


def fitted(report, base, context, limit, marker=""):
    """The body with every failure, or only the table when that is over `limit` bytes."""
    text = marker + body(report, base, context)
    if len(text.encode()) > limit:
        text = marker + body(report, base, context, details=False)
    return text


def error_body(reason, context):
    return "\n\n".join(part for part in [
        "## " + _("Autograder: not graded"), tamper_notice(context),
        _("Grading could not complete: {reason}").format(reason=markdown.escape(reason)),
        _("[The run]({url}) has the details.").format(url=context.run_url)
        if context.run_url else "",
    ] if part) + "\n"
