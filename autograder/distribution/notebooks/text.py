"""The reference's own text in the notebook: its docstrings as markdown, its code as answer cells.

An answer cell is the reference module's code, its solution regions kept between nbgrader's
markers, its function docstrings cut to their first sentence (the markdown above the cell states
them in full). The docstrings are in the language spoken, looked up as Babel extracts them from
the stubs (inspect.cleandoc'd).
"""
import ast
import inspect
import re
import textwrap

from autograder.distribution.stubs import spoken_comments
from autograder.language import _


def docstring_markdown(doc):
    """A docstring as markdown: indented blocks become fenced text blocks, `- ` lines a list."""
    lines = inspect.cleandoc(doc).splitlines()
    out = []
    i = 0

    def blank_line():
        if out and out[-1]:
            out.append("")

    while i < len(lines):
        line = lines[i]
        if not line.strip():
            blank_line()
            i += 1
        elif line.startswith(" "):
            block = []
            while i < len(lines) and (lines[i].startswith(" ") or not lines[i].strip()):
                block.append(lines[i])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            blank_line()
            out += ["```text", *textwrap.dedent("\n".join(block)).splitlines(), "```", ""]
        elif line.startswith("- "):
            if out and out[-1] and not out[-1].startswith(("- ", "  ")):
                out.append("")
            out.append(line)
            i += 1
            while i < len(lines) and lines[i].startswith("  ") and not lines[i].startswith("    "):
                out.append(lines[i])
                i += 1
            if i < len(lines) and lines[i].strip() and not lines[i].startswith("- "):
                out.append("")
        else:
            out.append(line)
            i += 1
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def first_sentence(doc):
    paragraph = " ".join(inspect.cleandoc(doc).split("\n\n")[0].split())
    match = re.match(r"(.*?[.!?])(\s|$)", paragraph)
    return match.group(1) if match else paragraph


def _summary_docstring(doc, indent):
    lines = textwrap.wrap(first_sentence(doc), width=100 - len(indent) - 6)
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""\n']
    return ([f'{indent}"""{lines[0]}\n'] + [f"{indent}{line}\n" for line in lines[1:]]
            + [f'{indent}"""\n'])


def _is_docstring(node):
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def answer_code(module, source):
    """The answer cell of a reference module: its code without the module docstring, each
    function's docstring cut to its first sentence, the solution markers kept."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits = []
    if tree.body and _is_docstring(tree.body[0]):
        end = tree.body[0].end_lineno
        while end < len(lines) and not lines[end].strip():
            end += 1
        edits.append((tree.body[0].lineno - 1, end, []))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and _is_docstring(node.body[0]):
            doc = node.body[0]
            edits.append((doc.lineno - 1, doc.end_lineno,
                          _summary_docstring(spoken_docstring(doc.value.value),
                                             " " * doc.col_offset)))
    for start, end, replacement in sorted(edits, reverse=True):
        lines[start:end] = replacement
    header = "# " + _("{module}.py: graded as this module, on its own (it cannot use other "
                      "cells).").format(module=module) + "\n"
    return (header + spoken_comments("".join(lines))).rstrip("\n")


def spoken_docstring(doc):
    """A docstring, inspect.cleandoc'd, in the language spoken."""
    text = inspect.cleandoc(doc)
    return _(text) if text else text


def functions(source):
    """[(name, signature, docstring)] of a module's top-level functions, in order, their
    docstrings in the language spoken."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef):
            signature = f"{node.name}({ast.unparse(node.args)})"
            found.append((node.name, signature, spoken_docstring(ast.get_docstring(node) or "")))
    return found


def module_title(doc):
    """('Minimax', 'The value of a position ...') from a module docstring's first line; a line
    without a colon is all title, its full stop left out, with no lead."""
    first = inspect.cleandoc(doc).splitlines()[0]
    title, _, lead = first.partition(": ")
    return (title, lead[:1].upper() + lead[1:]) if lead else (title.removesuffix("."), "")


def drop_cli_note(doc):
    """A module docstring (English) in the language spoken without its closing `Run the checks
    with ...` paragraph, which is about the .py files (the notebook's test cells do that here).
    The note is known by its English, and left out of a translation by its place: the same
    paragraph, or the last one where a translator joined or split paragraphs."""
    english = inspect.cleandoc(doc).split("\n\n")
    spoken = spoken_docstring(doc).split("\n\n")
    notes = {i for i, paragraph in enumerate(english)
             if paragraph.startswith("Run the checks with")}
    if len(spoken) != len(english):
        notes = {len(spoken) - 1} if notes == {len(english) - 1} else set()
    return "\n\n".join(p for i, p in enumerate(spoken) if i not in notes)
