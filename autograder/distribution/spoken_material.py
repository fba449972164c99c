"""What students read, written in the course's language, piece by piece as Babel extracts it: the
contract (docs/student-api.md) block by block (autograder.language.extraction.markdown_blocks),
the comments of the released grading.toml, assignment file and workflows paragraph by paragraph
(comment_blocks), and what a workflow's Actions page shows (shown_values). What no catalog
translates (code, an instructor's own comments) stays as it is.
"""
import json
import textwrap

from autograder.language import _
from autograder.language.extraction import comment_blocks, markdown_blocks, shown_values


def spoken_markdown(text):
    """A Markdown document in the language spoken: each block its catalog translates written as
    one line after its indentation and marker (a ```text block as its lines); the others, code
    blocks among them, as they are."""
    out = []
    for _line, prefix, message, suffix, lines in markdown_blocks(text):
        spoken = _(message) if message else message
        out.append(f"{prefix}{spoken}{suffix}" if spoken != message else "".join(lines))
    return "".join(out)


def spoken_paragraphs(text, width=100):
    """A file's text with each paragraph of its comments its catalog translates rewritten in the
    language spoken, wrapped within `width` columns at the comment's own column; the rest, the
    code and the comments written in no catalog (an instructor's own) among them, as they are."""
    out = []
    for _line, prefix, message, column, lines in comment_blocks(text):
        spoken = _(message) if message else message
        if spoken == message:
            out.append("".join(lines))
            continue
        newline = lines[-1][len(lines[-1].rstrip("\r\n")):] or "\n"
        following = prefix if prefix.strip() in ("#", "//") else " " * (column - 2) + "# "
        wrapped = textwrap.wrap(spoken, width=max(width - column, 30), break_long_words=False,
                                break_on_hyphens=False)
        out += [f"{prefix if number == 0 else following}{part}{newline}"
                for number, part in enumerate(wrapped)]
    return "".join(out)


def spoken_names(text):
    """A workflow's text with each step's and job's name and each input's description its catalog
    translates in the language spoken, double-quoted (a YAML string as JSON writes it)."""
    lines = text.splitlines(keepends=True)
    for number, key, value in shown_values(text):
        if (spoken := _(value)) != value:
            lines[number - 1] = f"{key}{json.dumps(spoken, ensure_ascii=False)}\n"
    return "".join(lines)
