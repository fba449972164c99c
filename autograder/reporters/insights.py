"""A class's insights (commands/insights.py gathers them) as a page, as Markdown and as JSON.

The page is one self-contained file: its charts are SVG drawn here, with no script and nothing
fetched, and each mistake's input is drawn as a student's report draws it (tree.html.j2). Every
count goes through `counted`, which in the shareable copy shows a count below FEWER_THAN as
"fewer than 3" and draws its bar the same whatever it is. Names and ids are student text: the page
escapes them (autoescape), Markdown through its escaping helpers.
"""
import json
from dataclasses import dataclass

from autograder.drawing import EXAMINED, draw_example
from autograder.language import LANGUAGES, N_, _, ngettext, number
from autograder.reporters import markdown
from autograder.reporters.html import ENVIRONMENT, tree_picture
from autograder.reporters.readable import readable_text

FEWER_THAN = 3  # the shareable copy shows a smaller count (but 0) as "fewer than 3"
MARKS = {"full": N_("full marks"), "partial": N_("partial marks"), "none": N_("no marks")}
BINS = 10
BAR = 360  # the longest bar's length in a chart, in pixels


@dataclass(frozen=True)
class Counted:
    """A count as a copy shows it: `masked` when the shareable copy hides it."""
    value: int
    masked: bool

    def __str__(self):
        if self.masked:
            return _("fewer than {count}").format(count=number(FEWER_THAN))
        return number(self.value)

    @property
    def drawn(self):
        """What its bar stands for: a masked count's bar is as long whatever it is."""
        return FEWER_THAN - 1 if self.masked else self.value

    def as_json(self):
        return {"fewer_than": FEWER_THAN} if self.masked else self.value


def counted(value, shareable):
    return Counted(value, shareable and 0 < value < FEWER_THAN)


def percent(part, whole):
    # TRANSLATORS: a percentage; {percent} is a number
    return _("{percent}%").format(percent=number(int(100 * part / whole + 0.5))) if whole else ""


def share(count, students):
    """A mistake's share of the class as the comparison shows it."""
    return str(count) if count.masked else percent(count.value, students)


def _bars(rows, width=BAR):
    """Horizontal bars for (label, Counted) rows, scaled to the longest."""
    longest = max((c.drawn for _, c in rows), default=0) or 1
    return [{"label": label, "count": c, "length": round(width * c.drawn / longest),
             "masked": c.masked} for label, c in rows]


def histogram(insights, shareable):
    """The totals in BINS bins of a tenth each: [{"from", "to", "count", "height"}]."""
    bins = [0] * BINS
    for total in insights.totals:
        bins[min(int(total * BINS), BINS - 1)] += 1
    counts = [counted(n, shareable) for n in bins]
    tallest = max((c.drawn for c in counts), default=0) or 1
    return [{"from": 100 * i // BINS, "to": 100 * (i + 1) // BINS, "count": c,
             "height": round(160 * c.drawn / tallest), "masked": c.masked}
            for i, c in enumerate(counts)]


def function_shares(insights, shareable):
    """Each function's students with full, partial and no marks, as stacked bars."""
    rows = []
    for function, marks in insights.functions.items():
        counts = {kind: counted(marks[kind], shareable) for kind in MARKS}
        whole = sum(c.drawn for c in counts.values()) or 1
        left, parts = 0, []
        for kind, c in counts.items():
            length = round(BAR * c.drawn / whole)
            parts.append({"kind": kind, "count": c, "x": left, "length": length})
            left += length
        rows.append({"function": function, "parts": parts})
    return rows


def mistakes(insights, shareable, quotes, before=None):
    """Each mistake with what the page says of it, most students first."""
    earlier = {m.key: len(m.students) for m in before.mistakes} if before else {}
    found = []
    for mistake in insights.mistakes:
        does, fix = _(mistake.does), _(mistake.fix)
        quote = quotes.get(mistake.key)
        example = mistake.example
        found.append({
            "key": mistake.key, "does": does, "fix": fix,
            "students": counted(len(mistake.students), shareable),
            "functions": sorted(mistake.functions),
            "checks": {name: counted(len(ids), shareable)
                       for name, ids in sorted(mistake.checks.items(),
                                               key=lambda item: (-len(item[1]), item[0]))},
            "titles": insights.titles,
            "quote": quote and {**quote, "language_name": LANGUAGES.get(quote["language"], "")},
            "example": example, "hidden_only": example is None and mistake.withheld,
            "picture": tree_picture(example.shown["example"], example.traces)
            if example and example.shown["example"].get("kind") == "tree"
            and "ours" not in example.shown["example"] else None,
            "drawing": draw_example(example.shown["example"]) if example else "",
            "names": [] if shareable else sorted(
                readable_text(name) for entry in mistake.students
                for name in insights.names.get(entry, [entry])),
            "before": counted(earlier.get(mistake.key, 0), shareable) if before else None,
        })
    if before:  # mistakes only the other batch made, for the comparison
        for m in before.mistakes:
            if m.key not in {f["key"] for f in found}:
                found.append({"key": m.key, "does": _(m.does),
                              "students": counted(0, shareable), "only_before": True,
                              "before": counted(len(m.students), shareable)})
    # ranked as shown: the shareable copy's "fewer than 3" tie, whatever they hide
    return sorted(found, key=lambda m: (-m["students"].drawn, m["key"]))


def grouped(insights, groups, shareable):
    rows = [{"check": name, "title": insights.titles.get(name, name),
             "count": counted(len(ids), shareable)} for name, ids in groups.items()]
    return sorted(rows, key=lambda row: (-row["count"].drawn, row["check"]))


def errors(insights, shareable):
    """The problems that stopped a function or a grading: insights.errors is kind -> (its name,
    the ids that met it)."""
    return [{"kind": kind, "name": _(name), "count": counted(len(ids), shareable),
             "names": [] if shareable else sorted(
                 readable_text(who) for entry in ids for who in insights.names.get(entry, [entry]))}
            for kind, (name, ids) in insights.errors.items()]


def page_data(insights, shareable, before, labels, quotes):
    found = mistakes(insights, shareable, quotes, before)
    return {"insights": insights, "shareable": shareable,
            "histogram": histogram(insights, shareable),
            "functions": function_shares(insights, shareable), "mistakes": found,
            "ranked": _bars([(m["key"], m["students"]) for m in found
                             if not m.get("only_before")]),
            "unknown": grouped(insights, insights.unknown, shareable),
            "hidden": grouped(insights, insights.hidden, shareable),
            "errors": errors(insights, shareable), "before": before,
            "labels": [readable_text(label) for label in labels],
            "compared": _compared(found, insights, before) if before else [],
            "marks": MARKS, "kinds": EXAMINED, "fewer_than": FEWER_THAN}


def _compared(found, insights, before):
    """Each mistake's share of each batch, as paired bars on one scale."""
    rows = []
    for m in found:
        now, then = m["students"], m["before"]
        rows.append({"key": m["key"], "now": share(now, insights.students),
                     "then": share(then, before.students),
                     "now_length": round(BAR * now.drawn / max(insights.students, 1)),
                     "then_length": round(BAR * then.drawn / max(before.students, 1))})
    return rows


def render_html(insights, shareable=True, before=None, labels=(), quotes=None):
    template = ENVIRONMENT.get_template("insights.html.j2")
    return template.render(**page_data(insights, shareable, before, labels, quotes or {}))


def render_json(insights, shareable=True, before=None, labels=(), quotes=None):
    data = page_data(insights, shareable, before, labels, quotes or {})
    document = {
        "students": insights.students, "language": insights.language, "shareable": shareable,
        "totals": [{"from": b["from"], "to": b["to"], "students": b["count"].as_json()}
                   for b in data["histogram"]],
        "functions": {row["function"]: {p["kind"]: p["count"].as_json() for p in row["parts"]}
                      for row in data["functions"]},
        "mistakes": [{
            "mistake": m["key"], "students": m["students"].as_json(),
            **({} if m.get("only_before") else {
                "functions": m["functions"],
                "checks": {name: c.as_json() for name, c in m["checks"].items()},
                "does": m["does"], "fix": m["fix"], "lesson": m["quote"] and {
                    key: m["quote"][key] for key in ("language", "lesson", "quote")},
                "example": m["example"].shown["example"] if m["example"] else None,
                "example_check": m["example"].name if m["example"] else None}),
            **({"names": m["names"]} if not shareable else {}),
            **({"before": m["before"].as_json()} if before else {})} for m in data["mistakes"]],
        "unknown": {g["check"]: g["count"].as_json() for g in data["unknown"]},
        "hidden": {g["check"]: g["count"].as_json() for g in data["hidden"]},
        "errors": {e["kind"]: e["count"].as_json() for e in data["errors"]},
    }
    if before:
        document["compared_with"] = {"students": before.students, "labels": data["labels"]}
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def render_markdown(insights, shareable=True, before=None, labels=(), quotes=None):
    data = page_data(insights, shareable, before, labels, quotes or {})
    esc, code = markdown.escape, markdown.code
    out = [f"# {esc(title(insights))}", "", esc(class_line(insights))]
    if shareable:
        out += ["", esc(privacy_note())]
    out += ["", _heading(_("Totals")), "",
            _row([_("share of the points"), _("students")]), "|:--|--:|"]
    out += [f"| {b['from']}–{b['to']}% | {b['count']} |" for b in data["histogram"]]
    out += ["", _heading(_("Marks by function")), "",
            "| | " + " | ".join(esc(_(text)) for text in MARKS.values()) + " |",
            "|:--|--:|--:|--:|"]
    out += ["| " + " | ".join([code(row["function"]), *(str(p["count"]) for p in row["parts"])])
            + " |" for row in data["functions"]]
    out += ["", _heading(_("Mistakes the lessons warn about")), ""]
    if not insights.mistakes:
        out.append(esc(_("No failure matched a known mistake.")))
    for m in data["mistakes"]:
        if m.get("only_before"):
            continue
        out += [f"### {code(m['key'])}: {esc(m['does'])}", "",
                esc(students_line(m["students"])), "",
                esc(_("Functions: {functions}.").format(functions=", ".join(m["functions"]))), ""]
        out += [f"- {code(m['titles'].get(name, name))}: {c}" for name, c in m["checks"].items()]
        if m["quote"]:
            out += ["", f"> {esc(m['quote']['quote'])}", ">",
                    f"> — {esc(lesson_line(m['quote']))}"]
        out += ["", esc(_("The fix: {fix}.").format(fix=m["fix"]))]
        if m["example"]:
            out += ["", markdown.input_section(m["example"].shown, m["example"].traces)]
        elif m["hidden_only"]:
            out += ["", esc(_("Every input it was seen on is a hidden check's, which this copy "
                              "does not draw."))]
        if m["names"]:
            out += ["", esc(_("Students: {names}.").format(names=", ".join(m["names"])))]
        out.append("")
    if before:
        out += [_heading(_("Compared with another batch")), "",
                f"| | {esc(data['labels'][0])} | {esc(data['labels'][1])} |", "|:--|--:|--:|"]
        out += [f"| {code(row['key'])} | {row['now']} | {row['then']} |"
                for row in data["compared"]]
        out.append("")
    for heading, rows in ((_("Failures no known mistake explains"), data["unknown"]),
                          (_("Hidden checks failed after every visible check passed"),
                           data["hidden"])):
        out += [_heading(heading), ""]
        out += [f"- {code(row['title'])}: {row['count']}" for row in rows] or [esc(_("None."))]
        out.append("")
    out += [_heading(_("Problems that stopped a function or a grading")), ""]
    for row in data["errors"]:
        names = f" ({esc(', '.join(row['names']))})" if row["names"] else ""
        out.append(f"- {esc(row['name'])}: {row['count']}{names}")
    return "\n".join(out) + "\n"


def _heading(text):
    return f"## {markdown.escape(text)}"


def _row(cells):
    return "| " + " | ".join(markdown.escape(cell) for cell in cells) + " |"


def title(insights):
    return _("What the class got wrong")


def class_line(insights):
    return ngettext("The results of {count} student.", "The results of {count} students.",
                    insights.students).format(count=number(insights.students))


def privacy_note():
    return _("This page names no student, and shows a count below {count} as \"fewer than "
             "{count}\".").format(count=number(FEWER_THAN))


def students_line(count):
    # TRANSLATORS: {count} is a number, or "fewer than 3"
    return _("Students who made it: {count}.").format(count=count)


def lesson_line(quote):
    # TRANSLATORS: {lesson} is a course text's title, in its own language, {language} that language
    return _("the course text {lesson} ({language})").format(
        lesson=quote["title"], language=quote["language_name"])


ENVIRONMENT.globals.update(title=title, class_line=class_line, privacy_note=privacy_note,
                           students_line=students_line, lesson_line=lesson_line)
RENDERERS = {".html": render_html, ".md": render_markdown, ".json": render_json}
