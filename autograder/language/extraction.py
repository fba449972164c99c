"""Babel extractors for the sources a student reads that are not only gettext calls: the checks'
names, the stubs' docstrings, grading.toml's names and hints, the contract's Markdown and the texts
of each assignment's notebook (its handout.toml), and the comments of the files a release copies to
students as they are (grading.toml, the workflows).

babel.cfg names them beside Babel's own Python and Jinja extractors. A check's name is the first
argument of its `@check(...)` decorator, read from the syntax tree rather than as a gettext
keyword, which would take every other call of a name `check` for a message too. A stub's docstring is
extracted as Python's inspect.cleandoc gives it, the text the stub generator looks up when it
writes the stub in another language; the stubs, not the reference, are read, so that no docstring
of a solution's own helpers reaches a catalog the students' repository ships. The contract
(docs/student-api.md) is extracted block by block (markdown_blocks), as the release writes it in
the course's language. A comment is extracted paragraph by paragraph (comment_blocks): the release
writes each in the course's language, rewrapped at the comment's column.
"""
import ast
import inspect
import io
import json
import re
import tokenize
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
    """(line, None, docstring, comments) for the module's, each class's and each function's, and
    (line, None, comment, comments) for each of its comments a stub keeps."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for node, text in documented(ast.parse(source)):
        yield node.lineno, None, text, []
    for line, _column, text in code_comments(source):
        yield line, None, text, ["a comment of the students' stub"]


def code_comments(source):
    """(line, column, text) of each comment of Python `source` with words, its text after `# `."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and WORDS.search(token.string):
            yield token.start[0], token.start[1], token.string.lstrip("#").strip()


def policy_texts(fileobj, keywords, comment_tags, options):
    """(line, None, text, comments) for each check's name and English hint in a grading.toml,
    and each of its comments' paragraphs; the lines are where the check's key stands. The names
    are the checks modules' too, but a students' repository holds no hidden check's module, and
    its grader still names each hidden check, as checked when graded, from the policy."""
    text = fileobj.read().decode("utf-8")
    yield from comment_messages(text)
    lines = text.splitlines()
    for name, entry in tomllib.loads(text).get("checks", {}).items():
        line = next((number for number, line in enumerate(lines, 1) if name in line), 0)
        yield line, None, name, ["a check's name"]
        hint = entry.get("hint") if isinstance(entry, dict) else None
        if isinstance(hint, dict):
            hint = hint.get("en")
        if isinstance(hint, str) and hint:
            yield line, None, hint, [f"the hint of the check {name!r}"]


# The keys of an assignment's handout.toml whose texts its notebook shows translated
# (autograder.distribution.notebooks.handouts); a figure's `label` is shown as it is.
HANDOUT_MESSAGES = ("title", "lesson", "graded_on", "games", "gives", "caption", "comment")


def handout_texts(fileobj, keywords, comment_tags, options):
    """(line, None, text, comments) for each text of an assignment's handout.toml its notebook
    shows: every string under a key of HANDOUT_MESSAGES, wherever it stands, in the file's order;
    the line is the first that holds the text's first words."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for message in strings_under(tomllib.loads(text), HANDOUT_MESSAGES):
        start = json.dumps(message, ensure_ascii=False)[1:40]
        line = next((number for number, held in enumerate(lines, 1) if start in held), 0)
        yield line, None, message, []


def strings_under(data, keys):
    """Each string at a key of `keys` in the TOML `data`, at any depth, in its order."""
    if isinstance(data, list):
        for item in data:
            yield from strings_under(item, keys)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key in keys and isinstance(value, str):
                yield value
            else:
                yield from strings_under(value, keys)


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


# A comment: a whole line's (`# ...`, `// ...` in a script), or one after code (`key = 1  # ...`),
# whose `#` stands outside quotes. Commented-out code (`# key = "value"`) is code, not words.
FULL_LINE = re.compile(r"(\s*)(#|//)( ?)(.*)")
COMMENTED_CODE = re.compile(r"[\w.-]+ = \S")
WORDS = re.compile(r"(?<![\w.$/-])[A-Za-z]{2,}(?![\w/(])")


def trailing(line):
    """The column of the `#` of a comment after code on `line`, or None."""
    quote = None
    for column, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif (char == "#" and column and line[column - 1] == " " and line[:column].strip()
              and line[column + 1:column + 2] in (" ", "")):
            return column
    return None


def comment_blocks(text):
    """A file's comments as blocks: (line, prefix, message, column, lines). A block is a paragraph
    of whole-line comments at one indentation (a bare `#` line ends it), or a comment after code
    with the whole-line comments that continue it at its column; commented-out code ends a
    paragraph and is a block of its own, as is any line that is no comment, both with message
    None. `prefix` is what stands before the block's first line of words (`  # `, or the code and
    the spaces before its `# `); `message` its words, lines joined by a space (None where there
    are none); `column` the column its words start at; `lines` the block's lines as they are."""
    lines = text.splitlines(keepends=True)
    blocks, i = [], 0
    while i < len(lines):
        start, line = i, lines[i]
        i += 1
        full, column = FULL_LINE.fullmatch(line.rstrip("\r\n")), trailing(line)
        if full and not COMMENTED_CODE.match(full.group(4)) and full.group(4).strip():
            indent, marker = full.group(1), full.group(2)
            while i < len(lines) and (more := FULL_LINE.fullmatch(lines[i].rstrip("\r\n"))) \
                    and more.group(1) == indent and more.group(2) == marker \
                    and more.group(4).strip() and not COMMENTED_CODE.match(more.group(4)):
                i += 1
            prefix = f"{indent}{marker} "
            words = [FULL_LINE.fullmatch(part.rstrip("\r\n")).group(4).strip()
                     for part in lines[start:i]]
        elif column is not None and not full or full and COMMENTED_CODE.match(full.group(4)) and (
                inner := trailing(full.group(4))) is not None:  # `# key = "value"  # what it is`
            if full:
                column = len(line) - len(line.lstrip()) + len(full.group(2)) \
                    + len(full.group(3)) + inner
            prefix = line[:column + 2]
            words = [line[column + 1:].strip()]
            while i < len(lines) and lines[i][:column].strip() == "" \
                    and lines[i][column:column + 2] == "# " and lines[i][column + 2:].strip():
                words.append(lines[i][column + 2:].strip())
                i += 1
        else:
            blocks.append((start + 1, "", None, 0, lines[start:i]))
            continue
        message = " ".join(words)
        blocks.append((start + 1, prefix, message if WORDS.search(message) else None,
                       len(prefix), lines[start:i]))
    return blocks


def comment_messages(text):
    """(line, None, paragraph, comments) for each of a file's comments' paragraphs of words."""
    for line, _prefix, message, _width, _lines in comment_blocks(text):
        if message:
            yield line, None, message, ["a comment of a file students receive"]


# What a GitHub workflow shows in the Actions page besides its comments: each step's and job's
# name (`- name:` and a job's `name:`, four columns in) and each input's description. An
# artifact's `name:`, deeper in a step's `with:`, is an identifier, and so is the workflow's own.
SHOWN = re.compile(r"(?P<key>(?:\s*- |    )name: |\s*description: )(?P<value>.*\S)\s*")


def shown_values(text):
    """(line, key, text) for each name and description `text`'s Actions page shows (SHOWN); a
    quoted one unquoted."""
    for number, line in enumerate(text.splitlines(), 1):
        if (found := SHOWN.fullmatch(line)) and WORDS.search(found["value"]):
            value = found["value"]
            yield number, found["key"], json.loads(value) if value.startswith('"') else value


def comments(fileobj, keywords, comment_tags, options):
    """(line, None, paragraph, comments) for each paragraph of a workflow's comments, and each
    name and description its Actions page shows."""
    text = fileobj.read().decode("utf-8")
    yield from comment_messages(text)
    for line, _key, value in shown_values(text):
        yield line, None, value, ["a name the workflow's Actions page shows"]
