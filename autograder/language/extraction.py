"""Babel extractors for the sources a student reads that are not only gettext calls: the checks'
names, the stubs' docstrings, grading.toml's names and hints and the contract's Markdown.

babel.cfg names them beside Babel's own Python and Jinja extractors. A check's name is the first
argument of its `@check(...)` decorator, read from the syntax tree rather than as a gettext
keyword, which would take every other call of a name `check` for a message too. A stub's docstring is
extracted as Python's inspect.cleandoc gives it, the text the stub generator looks up when it
writes the stub in another language; the stubs, not the reference, are read, so that no docstring
of a solution's own helpers reaches a catalog the students' repository ships. The contract
(docs/student-api.md) is extracted block by block (markdown_blocks), as the release writes it in
the course's language.
"""
import ast
import inspect
import io
import re
import tomllib

from babel.messages.extract import extract_python

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def checks(fileobj, keywords, comment_tags, options):
    """A checks module's gettext calls, as Babel's Python extractor finds them, and each check's
    name."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for node in ast.walk(ast.parse(source.decode(options.get("encoding", "utf-8")))):
        for decorator in getattr(node, "decorator_list", ()):
            if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name)
                    and decorator.func.id == "check" and decorator.args
                    and isinstance(decorator.args[0], ast.Constant)):
                yield decorator.lineno, None, decorator.args[0].value, ["a check's name"]


def documented(tree):
    """(docstring's node, its text as inspect.cleandoc gives it) for the module's, each class's
    and each function's docstring in `tree`."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            yield first, inspect.cleandoc(first.value.value)


def docstrings(fileobj, keywords, comment_tags, options):
    """(line, None, docstring, comments) for the module's, each class's and each function's."""
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node, text in documented(tree):
        yield node.lineno, None, text, []


def policy_texts(fileobj, keywords, comment_tags, options):
    """(line, None, text, comments) for each check's name and English hint in a grading.toml;
    the lines are where the check's key stands. The names are the checks modules' too, but a
    students' repository holds no hidden check's module, and its grader still names each hidden
    check, as checked when graded, from the policy."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for name, entry in tomllib.loads(text).get("checks", {}).items():
        line = next((number for number, line in enumerate(lines, 1) if name in line), 0)
        yield line, None, name, ["a check's name"]
        hint = entry.get("hint") if isinstance(entry, dict) else None
        if isinstance(hint, dict):
            hint = hint.get("en")
        if isinstance(hint, str) and hint:
            yield line, None, hint, [f"the hint of the check {name!r}"]


def markdown_blocks(text):
    """A Markdown document as blocks: (line, prefix, message, suffix, lines). A block is a heading,
    a list item with its continuation lines, a table row, a paragraph or a fenced block; its
    message is its text after `prefix` (its indentation and marker, `- `, `## `), lines joined by
    a space (None for a code block and for one with no words outside its code spans, which stay
    as they are), and `suffix` what follows the message. A ```text block is words laid out in
    columns (the game interface): its message is its lines as they stand, between its fences."""
    lines = text.splitlines(keepends=True)
    blocks, i = [], 0
    while i < len(lines):
        start, line = i, lines[i]
        i += 1
        if line.lstrip().startswith("```"):
            while i < len(lines) and not lines[i].lstrip().startswith("```"):
                i += 1
            i = min(i + 1, len(lines))
            fenced = lines[start:i]
            if line.strip() == "```text" and len(fenced) > 2:
                blocks.append((start + 1, line, "".join(fenced[1:-1]).rstrip("\n"),
                               "\n" + fenced[-1], fenced))
            else:
                blocks.append((start + 1, "", None, "", fenced))
            continue
        if line.strip() and not re.match(r"\s*(#|\|)", line):
            while i < len(lines) and lines[i].strip() and not _starts_block(lines[i]):
                i += 1
        prefix = re.match(r"\s*(#+ |- |\d+\. )?", line).group()
        message = " ".join(part.strip() for part in lines[start:i])[len(prefix.strip()):].strip()
        has_words = re.search(r"[^\W\d_]", re.sub(r"`[^`]*`", "", message))
        blocks.append((start + 1, prefix, message if has_words else None, "\n", lines[start:i]))
    return blocks


def _starts_block(line):
    return re.match(r"\s*(#|\||- |\d+\. |```)", line) is not None


def markdown(fileobj, keywords, comment_tags, options):
    """(line, None, block, comments) for each of a Markdown document's blocks of words."""
    for line, _prefix, message, _suffix, _lines in markdown_blocks(fileobj.read().decode("utf-8")):
        if message:
            yield line, None, message, []
