"""Markdown, as GitHub and GitLab render it: the score, a table per function, then each failure with
its feedback and its input, in the table's order (a problem every check of a function meets alike,
such as a missing function, is one line for the function, with no input). A tree is a Mermaid
diagram (nodes coloured by who examined them, when the check recorded both searches) with the text
drawing folded under it; a board or a price war is text. A function's diagnosis comes before its
failures. What a pull-request comment and a CI job
summary show (autograder/commands/ci/ builds on the parts).

Everything the grader did not write itself (feedback quotes the student's answers, a branch name is
the student's) is escaped, so it cannot turn into links, HTML or headings, nor notify anyone: in a
pull-request comment `@user` would ping that user or team.
"""
import re

from autograder.contract import encode_path
from autograder.drawing import EXAMINED, bound, draw_example, draw_mermaid, examined_by, node_names
from autograder.language import N_, _, ngettext, number
from autograder.reporters.readable import readable
from autograder.reporters.text import (COLUMNS, every_check_passed, graded_in, not_run_line,
                                       when_graded_items)
from autograder.results import FunctionDiagnosis, FunctionProblem, out_of

STYLES = {  # who examined a node (drawing.EXAMINED) -> its Mermaid style, as the HTML colours it
    "both": "fill:#cdebd6,stroke:#1f7a3a",
    "extra": "fill:#f8d0cc,stroke:#b3261e",
    "missed": "fill:#ffffff,stroke:#1d5fb8,stroke-width:3px",
    "pruned": "fill:#ffffff,stroke:#b8bfc6,stroke-dasharray:4 3,color:#9aa3ad",
}
_INLINE = re.compile(r"[\\`*\[\]|~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_BLOCK_START = re.compile(r"^(\s*)([#+=-])|^(\s*\d+)([.)])")
# What GitHub links without brackets: any scheme's "://" (it links http, https and ftp) and "www.".
# A scheme is at most 32 characters (RFC 3986 sets no limit; the registered ones are shorter):
# unbounded, the search tries every letter of a long word as a scheme's start, in time quadratic
# in the word's length.
_BARE_LINK = re.compile(r"((?:[A-Za-z][A-Za-z0-9+.-]{0,31}://|www\.)\S*)", re.IGNORECASE)
NO_MENTION = "@\u200d"  # a zero-width joiner after @: neither a mention nor an e-mail link


def _one_line(text):
    return str(text).replace("\r", " ").replace("\n", " ")


def _escape_words(text):
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("@", NO_MENTION)
    return _INLINE.sub(lambda match: "\\" + match.group(0), text)


def escape(text):
    """Text that Markdown shows as it is, on one line: no emphasis, links, code, tables, HTML or
    mentions. An underscore inside a word (minimax_value) stays as it is: it cannot start emphasis
    there. A bare link becomes inline code, which GitHub never links."""
    pieces = _BARE_LINK.split(_one_line(text))  # text, link, text, ..., text
    return "".join(code(piece) if index % 2 else _escape_words(piece)
                   for index, piece in enumerate(pieces))


def _escape_start(match):
    lead, mark = (match.group(1), match.group(2)) if match.group(2) else match.group(3, 4)
    return f"{lead}\\{mark}"


def paragraphs(text):
    """Each line of `text` as its own escaped paragraph; none can start a heading or a list."""
    lines = [line for line in str(text).splitlines() if line.strip()]
    return "\n\n".join(_BLOCK_START.sub(_escape_start, escape(line.strip())) for line in lines)


def code(text):
    """`text` as inline code, whatever backticks it holds."""
    text = _one_line(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fenced(text, language="text"):
    """`text` as a fenced code block, with a fence longer than any backtick run inside it."""
    longest = max((len(run) for run in re.findall(r"`{3,}", text)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}{language}\n{text}\n{fence}"


def change(now, before):
    difference = now - before
    return "—" if difference == 0 else ("+" if difference > 0 else "-") + number(abs(difference))


def score_table(report, base=None):
    """The per-function table with a total row; with `base` (the report of the branch a pull
    request goes into), a column with each function's change in points."""
    before = {summary.function: summary.points for summary in base.by_function()} if base else {}
    header = [_(column) for column in (*COLUMNS, *[N_("change")] * (base is not None))]
    rows = ["| " + " | ".join(header) + " |",
            "|" + "|".join([":--"] + ["--:"] * (len(header) - 1)) + "|"]
    summaries = report.by_function()
    for summary in summaries:
        row = [code(summary.function), summary.score(), number(summary.passed),
               number(summary.failed)]
        if base is not None:
            row.append(change(summary.points, before.get(summary.function, 0)))
        rows.append("| " + " | ".join(row) + " |")
    total = [f"**{_('total')}**", f"**{out_of(report.points, report.max_points)}**",
             number(sum(s.passed for s in summaries)), number(sum(s.failed for s in summaries))]
    if base is not None:
        total.append(f"**{change(report.points, base.points)}**")
    rows.append("| " + " | ".join(total) + " |")
    return "\n".join(rows)


def _nodes_of(traces, names):
    """The tree's nodes, by who examined them; encoded path -> kind."""
    student, reference = set(traces.get("student", ())), set(traces.get("reference", ()))
    return {encode_path(path): examined_by(encode_path(path), student, reference)
            for path in names}


def tree_diagram(spec, traces=None):
    """A Mermaid diagram of a tree game; with traces, its nodes coloured by who examined them,
    followed by a line naming the nodes where the two searches parted and where alpha-beta
    pruned."""
    diagram = draw_mermaid(spec)
    if not traces:
        return fenced(diagram, "mermaid")
    names = node_names(spec["tree"])
    by_key = {encode_path(path): name for path, name in names.items()}
    kinds = _nodes_of(traces, names)
    lines = [diagram]
    for kind in EXAMINED:
        members = [by_key[key] for key in sorted(kinds, key=lambda k: (len(k), k))
                   if kinds[key] == kind]
        if members:
            lines.append(f"    classDef {kind} {STYLES[kind]}")
            lines.append(f"    class {','.join(members)} {kind}")
    legend = []
    for kind in ("extra", "missed"):
        members = [by_key[key] for key in traces.get("student" if kind == "extra" else "reference",
                                                     ())
                   if kinds.get(key) == kind]
        # TRANSLATORS: {who} is, e.g., "examined only by your search"; {nodes} the nodes' names
        line = _("{who}: {nodes}.").format(who=_(EXAMINED[kind]),
                                           nodes=", ".join(members) or _("none"))
        legend.append(line[0].upper() + line[1:])
    cuts = [f"{by_key.get(key, key)} (α={bound(a)} ≥ β={bound(b)})"
            for key, (a, b) in traces.get("cuts", {}).items()]
    if cuts:
        legend.append(_("Alpha-beta pruned after: {nodes}.").format(nodes=", ".join(cuts)))
    colours = _("Green: examined by both searches; red: only by yours; blue outline: only by "
                "alpha-beta; dashed: pruned by both.")
    return fenced("\n".join(lines), "mermaid") + "\n\n" + escape(" ".join(legend + [colours]))


def input_section(shown, traces=None):
    """A failure's input: heading, drawing, note."""
    parts = [f"**{escape(shown['heading'])}:**"]
    example = shown["example"]
    if example.get("kind") == "tree" and "ours" not in example:
        parts.append(tree_diagram(example, traces))
        as_text = escape(_("The tree as text"))  # Babel does not extract inside f-strings
        parts.append(f"<details><summary>{as_text}</summary>\n\n"
                     f"{fenced(draw_example(example))}\n\n</details>")
    else:
        parts.append(fenced(draw_example(example)))
    if shown.get("note"):
        parts.append(paragraphs(shown["note"]))
    return "\n\n".join(parts)


def failure(check, level=3):
    """A failure under a heading of `level`: a whole-function problem is its heading alone, a
    function's diagnosis its paragraphs."""
    if isinstance(check, FunctionDiagnosis):
        return paragraphs(check.text)
    if isinstance(check, FunctionProblem):
        return f"{'#' * level} {check.headline(code, escape)}"
    parts = [f"{'#' * level} {check.headline(code)}"]
    if check.feedback:
        parts.append(paragraphs(check.feedback))
    if check.shown and not check.whole_function:
        parts.append(input_section(check.shown, check.traces))
    return "\n\n".join(parts)


def failures(report, level=3):
    found = [failure(check, level) for check in report.failures()]
    if found:
        return "\n\n".join(found)
    return every_check_passed(report)


def mark(check):
    return "–" if not check.ran else "✓" if check.passed else "✗"


def check_list(report):
    """Every check, folded: ✓, ✗ or – (not run), name, points."""
    hidden = _("hidden check")  # Babel does not extract inside f-strings
    lines = [f"- {mark(check)} {code(check.shown_name)}: {check_score(check)}"
             + (f" ({hidden})" if check.visibility == "hidden" else "")
             for check in report.in_table_order()]
    count = len(report.checks)
    summary = ngettext("All {count} check", "All {count} checks", count).format(
        count=number(count))
    return (f"<details><summary>{escape(summary)}</summary>\n\n"
            + "\n".join(lines) + "\n\n</details>")


def check_score(check):
    """A check's points in the list of every check: "3 / 5", or why it has none."""
    if check.ran:
        return out_of(check.points, check.max_points)
    if check.when_graded:
        return _("checked when graded ({points})").format(points=number(check.max_points))
    return _("not run ({points})").format(points=number(check.max_points))


def when_graded(report):
    """The checks only the instructor's grading runs, as a list after the coverage sentence."""
    return "\n".join([f"{escape(report.coverage())}:", "",
                      *(f"- {escape(item)}" for item in when_graded_items(report))])


def render(report):
    report = readable(report)
    return "\n\n".join([
        f"## {escape(report.submission)}: {report.score()}",
        score_table(report),
        escape(graded_in(report))
        + (f" {escape(not_run_line(report))}" if not_run_line(report) else ""),
        *([when_graded(report)] if report.when_graded() else []),
        failures(report),
        check_list(report),
    ]) + "\n"
