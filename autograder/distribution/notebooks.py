"""The assignment as an nbgrader course, generated from the reference.

One source of truth: the notebook is built from reference/*.py and grading.toml, as the .py stubs
are. Each reference module becomes a section of `adversarial_search.ipynb`:

- markdown (read-only): the module's docstring, then each function's docstring, as the course
  explains them, with the course's trees drawn (Mermaid, and as text) and its boards and price war;
- one answer cell (an nbgrader "autograded answer" whose grade_id is the module's name): the
  module's code, its solution regions kept between nbgrader's markers; the function docstrings
  are cut to their first sentence, since the markdown above states them in full;
- a cell to try the code on the course's examples, each line commented with the reference's answer
  (computed here, at generation time); under nbgrader it prints "skipped while grading" instead,
  since it would call the student's code outside the sandbox's time limits;
- one test cell per function (read-only, "autograded tests"), worth the sum of that function's
  points in grading.toml: it calls autograder.distribution.nbgrader.grade, which grades the hidden
  checks too under nbgrader autograde only, so the cell has no hidden-test section (nbgrader
  checksums a test cell before removing that section from the release, and would warn on every
  untouched one).

The try-it and test cells import the autograder; where it is not installed, they fail with one line
saying how to install it, as the notebook's introduction does.

    python -m autograder.distribution.notebooks            regenerate assignments/nbgrader/
    python -m autograder.distribution.notebooks --check    only report whether it is up to date

The course folder holds nbgrader_config.py, source/adversarial_search/adversarial_search.ipynb,
the autograde kernel's spec (jupyter/kernels/) and a README; `nbgrader generate_assignment
adversarial_search` there writes the students' release. The config makes nbgrader write the same
stubs as autograder.distribution.stubs (an unanswered constant is removed, not replaced by a raise) and
autograde in a kernel that cannot import the reference (see autograder/nbgrader_tests.py), and
generate_feedback leave the Mermaid diagrams out of the feedback page, which cannot draw them.

The way back, each answer cell to its `<module>.py`, is autograder.intake.notebook: the students'
repository holds it, not this generator, which runs the reference.
"""
import argparse
import ast
import importlib.util
import inspect
import json
import re
import sys
import textwrap
from pathlib import Path

from autograder import policy as grading_config
from autograder.errors import ConfigError
from autograder.contract import judged_function
from autograder.contract import MODULE_NAMES
from autograder.distribution.nbgrader import TEST_PREFIX
from autograder.distribution.stubs import run_generator

ROOT = Path(__file__).resolve().parents[2]
REFERENCE_DIR = ROOT / "reference"
COURSE_DIR = ROOT / "assignments" / "nbgrader"
ASSIGNMENT = "adversarial_search"
NOTEBOOK = f"{ASSIGNMENT}.ipynb"
NOTEBOOK_PATH = f"source/{ASSIGNMENT}/{NOTEBOOK}"
KERNEL_NAME = "adversarial-search-autograde"
GAMES_NOTE = "the course's games (`autograder.games`)"

# ---------------------------------------------------------------------------------------------
# Text: docstrings as markdown, the answer cells' code.


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
                          _summary_docstring(doc.value.value, " " * doc.col_offset)))
    for start, end, replacement in sorted(edits, reverse=True):
        lines[start:end] = replacement
    header = f"# {module}.py: graded as this module, on its own (it cannot use other cells).\n"
    return (header + "".join(lines)).rstrip("\n")


def _functions(source):
    """[(name, signature, docstring)] of a module's top-level functions, in order."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef):
            signature = f"{node.name}({ast.unparse(node.args)})"
            found.append((node.name, signature, ast.get_docstring(node) or ""))
    return found


def _module_title(doc):
    """('Minimax', 'the value of a position ...') from a module docstring's first line."""
    first = inspect.cleandoc(doc).splitlines()[0]
    title, _, lead = first.partition(": ")
    return title, lead[:1].upper() + lead[1:]


def _drop_cli_note(doc):
    """A module docstring without its closing `Run the checks with ...` line, which is about the
    .py files (the notebook's test cells do that here)."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(p for p in paragraphs if not p.startswith("Run the checks with"))


# ---------------------------------------------------------------------------------------------
# What the students install: the try-it and test cells import the autograder.

# As the students' repository's README installs it (release_templates/README.md): editable, since
# the grader reads grading.toml from the repository. A running kernel sees it after a restart.
DISTRIBUTION = "adversarial-search-autograder"
INSTALL = "%pip install -e FOLDER"
MISSING_AUTOGRADER = (f"This cell needs the course's autograder, {DISTRIBUTION}: run {INSTALL} "
                      f"(FOLDER: your clone of the course's student repository), then restart the "
                      f"kernel.")


def needs_the_autograder(imports):
    """Import lines that, where the autograder is missing, fail with one line saying what to
    install: IPython shows an exception's _render_traceback_ in place of its traceback."""
    message = textwrap.wrap(MISSING_AUTOGRADER, width=88)
    literals = [json.dumps(part + " ") for part in message[:-1]] + [json.dumps(message[-1])]
    return ["try:", *(f"    {line}" for line in imports),
            "except ModuleNotFoundError as missing:  # one line saying what to install",
            "    missing._render_traceback_ = lambda: [",
            *(f"        {literal}" for literal in literals[:-1]), f"        {literals[-1]}]",
            "    raise"]


# ---------------------------------------------------------------------------------------------
# The course's examples: drawings and try-it cells.


def _course():
    from autograder.checks import course
    return course


def figures():
    """Drawings per module or function: [(caption, example)]."""
    course = _course()
    return {
        "minimax": [("The textbook tree: MAX at A, MIN at B, C and D", course.TEXTBOOK)],
        "minimax_value": [("Exercise 1 (the course names B, C and D here E, F and G)",
                           course.EXERCISE_1)],
        "minimax_decision": [("O threatens the middle column: X must block at 7", course.BLOCK),
                             ("X plays 3, a double threat", course.DOUBLE_THREAT)],
        "alphabeta_value": [("The textbook tree, named as the search below names its nodes",
                             course.TEXTBOOK),
                            ("Exercise 1 (the course names B, C and D here E, F and G)",
                             course.EXERCISE_1)],
        "center_first": [("The empty board", course.EMPTY), ("XOX .O. ...", course.BLOCK)],
        "price_war": [("The course's price war: NovaMarket at `inici`, then the competitor",
                       course.PRICE_WAR)],
    }


# A tree is drawn twice: as a Mermaid diagram (JupyterLab draws it), then as text.
MERMAID_DIAGRAM = "```mermaid\n{diagram}\n```\n\nAs text:\n\n"
MERMAID_DIAGRAMS = re.compile(r"```mermaid\n.*?\n```\n\nAs text:\n\n", re.DOTALL)


def figure_markdown(caption, example):
    from autograder.drawing import draw_board, draw_mermaid, draw_price_war, draw_tree
    if "ours" in example:
        drawing = draw_price_war(example["tree"], example["ours"], example["theirs"],
                                 example["root"])
        return f"**{caption}**\n\n```text\n{drawing}\n```"
    if example["kind"] == "tree":
        return (f"**{caption}**\n\n{MERMAID_DIAGRAM.format(diagram=draw_mermaid(example))}"
                f"```text\n{draw_tree(example['tree'], example.get('root', 'MAX'))}\n```")
    return f"**{caption}**\n\n```text\n{draw_board(example['board'])}\n```"


def without_mermaid(markdown):
    """Markdown without its Mermaid diagrams, for nbgrader's feedback page, which would show their
    source (drawing them means loading Mermaid from the web): the same trees as text stay."""
    return MERMAID_DIAGRAMS.sub("", markdown)


# Per module: the imports of its try-it cell, its other setup lines, then the expressions it prints.
TRY_IT = {
    "minimax": (
        ["from autograder.games import TicTacToe, TreeGame"],
        ["textbook = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])",
         "exercise_1 = TreeGame([[5, 9, 4], [2, 7, 8], [6, 11, 3]])",
         'block = TicTacToe("XOX O    ")          # rows XOX / .O. / ...',
         'double_threat = TicTacToe("XO  X   O")  # rows XO. / .X. / ..O'],
        ["minimax_value(textbook, textbook.initial)",
         "minimax_decision(textbook, textbook.initial)",
         "minimax_value(exercise_1, exercise_1.initial)",
         "minimax_decision(block, block.initial)",
         "minimax_value(double_threat, double_threat.initial)",
         "minimax_decision(double_threat, double_threat.initial)"]),
    "alphabeta": (
        ["from autograder.games import TicTacToe, TreeGame",
         "from autograder.games.instrumented import InstrumentedGame"],
        ["",
         "def examined(search, game, *arguments):",
         '    """The search\'s answer, and how many nodes it examined (the root included)."""',
         "    counted = InstrumentedGame(game)",
         "    return search(counted, counted.initial, *arguments), len(counted.trace)",
         "",
         "",
         "textbook = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])",
         "exercise_1 = TreeGame([[5, 9, 4], [2, 7, 8], [6, 11, 3]])",
         'block = TicTacToe("XOX O    ")',
         'double_threat = TicTacToe("XO  X   O")'],
        ["examined(alphabeta_value, textbook)",
         "examined(alphabeta_decision, textbook)",
         "examined(alphabeta_value, exercise_1)",
         "examined(alphabeta_decision, block)",
         "examined(alphabeta_decision, double_threat)",
         "examined(alphabeta_value, TicTacToe())"]),
    "ordering": (
        ["from autograder.games import TicTacToe",
         "from autograder.games.tictactoe import open_lines  # the course's open-lines evaluation"],
        ["empty = TicTacToe()",
         'block = TicTacToe("XOX O    ")',
         'x_in_the_centre = TicTacToe("    X    ")'],
        ["center_first(empty, empty.initial)",
         "center_first(block, block.initial)",
         "evaluation_order(empty, empty.initial, open_lines)",
         "evaluation_order(x_in_the_centre, x_in_the_centre.initial, open_lines)"]),
    "price_war": (
        ["from autograder.games.price_war import OUR_MARGIN, PRICE_WAR_TREE, THEIR_MARGIN"],
        ['options = PRICE_WAR_TREE["inici"]'],
        ["[rational_response(PRICE_WAR_TREE, THEIR_MARGIN, option) for option in options]",
         'rational_decision(PRICE_WAR_TREE, OUR_MARGIN, THEIR_MARGIN, "inici")',
         'guaranteed_decision(PRICE_WAR_TREE, OUR_MARGIN, "inici")']),
}


def _load_reference(reference_dir, module):
    spec = importlib.util.spec_from_file_location(f"_notebook_reference_{module}",
                                                  Path(reference_dir) / f"{module}.py")
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def try_it_code(module, reference_dir):
    """The try-it cell: each expression printed, commented with the reference's answer; while
    nbgrader runs the notebook, nothing printed, since the kernel would run the student's code
    without the sandbox's time limits (the test cells grade it there)."""
    imports, setup, expressions = TRY_IT[module]
    namespace = {name: value for name, value in vars(_load_reference(reference_dir, module)).items()
                 if not name.startswith("_")}
    exec("\n".join(imports + setup), namespace)  # noqa: S102 - our own examples, on the reference
    width = max(len(e) for e in expressions) + len("print()") + 2
    lines = ["# Try your code on the course's examples (not graded). Each comment is the right "
             "answer.",
             *needs_the_autograder([*imports, "from autograder.distribution.nbgrader import "
                                              "nbgrader_running"]), "", *setup, "",
             "if nbgrader_running():  # the test cells run your code, under time limits",
             '    print("skipped while grading")',
             "else:"]
    for expression in expressions:
        answer = eval(expression, namespace)  # noqa: S307 - as above
        lines.append(f"    {f'print({expression})':<{width}}# {answer}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Test cells and points.


def function_checks(config, function):
    """[(what, points, hidden)] of a function's checks, in grading.toml's order."""
    return [(name.split(":", 1)[1].strip(), policy.points, policy.visibility == "hidden")
            for name, policy in config.checks.items() if judged_function(name) == function]


def test_code(function, checks):
    """A test cell: the same in the source and the release, with no hidden-test section (nbgrader
    autograde would take each untouched cell for a changed one); nbgrader_tests.grade itself
    grades the hidden checks under autograde only."""
    points = sum(p for _, p, _ in checks)
    lines = [f"# Grades {function} in the saved notebook (save it first): {points:g} points, "
             f"{len(checks)} check{'s' * (len(checks) > 1)}.",
             *(f"#   {p:>2g}  {what}{'  (hidden: graded when collected)' if h else ''}"
               for what, p, h in checks),
             *needs_the_autograder(["from autograder.distribution.nbgrader import grade"]), "",
             f'grade("{function}")']
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# The notebook.


def _source(text):
    return text.splitlines(keepends=True)


def markdown_cell(cell_id, text):
    return {"cell_type": "markdown", "id": cell_id, "metadata": {"nbgrader": {
        "grade": False, "grade_id": cell_id, "locked": True, "schema_version": 3,
        "solution": False, "task": False}}, "source": _source(text)}


def code_cell(cell_id, code, nbgrader=None):
    metadata = {"nbgrader": {"schema_version": 3, "task": False, **nbgrader}} if nbgrader else {}
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": metadata,
            "outputs": [], "source": _source(code)}


def introduction(config, sections):
    rows = []
    for module, functions in sections:
        for function in functions:
            checks = function_checks(config, function)
            hidden = sum(h for _, _, h in checks)
            rows.append(f"| `{function}` | {module} | {len(checks)}"
                        f"{f' ({hidden} hidden)' if hidden else ''} | "
                        f"{sum(p for _, p, _ in checks):g} |")
    total = sum(policy.points for policy in config.checks.values())
    return "\n".join([
        "# Adversarial search: minimax, alpha-beta, move ordering and the price war",
        "",
        "You will program the searches of the course's lesson on adversarial search. Each section "
        "explains the rule with the course's worked examples and trees, then has:",
        "",
        "- an **answer cell**, where your code goes (replace `# YOUR CODE HERE` and "
        "`raise NotImplementedError`). Keep the functions' names and parameters; you may add "
        "helper functions and standard-library imports in the same cell;",
        "- a cell to **try your code** on the course's examples: each comment is the right "
        f"answer. It uses {GAMES_NOTE}, and is skipped while your notebook is graded (the test "
        "cells run your code then, under time limits);",
        "- one **test cell** per function (read-only), worth the points below.",
        "",
        f"**Install the autograder first.** The try-it and test cells need the course's "
        f"autograder, the Python package `{DISTRIBUTION}` from the course's student repository "
        f"(Python 3.11 or later). Install it into the Python that runs this notebook: run "
        f"`{INSTALL}` in a cell, `FOLDER` being your clone of that repository (in a terminal: "
        f"`pip install -e .` in that folder, with the same Python), then restart the kernel. "
        f"Without it those cells say so in one line, and your notebook is still graded when it is "
        f"collected.",
        "",
        "**How it is graded.** Each answer cell is graded as a Python module of its own "
        "(`minimax.py`, `alphabeta.py`, `ordering.py`, `price_war.py`), in a sandbox, against a "
        "hidden reference: on the course's examples and on generated game trees, for exact "
        "values, pruning under any window and the exact nodes each search examines. A cell cannot "
        "use what another cell defines. A missing or unfinished function scores zero for what it "
        "covers and never stops the rest from being graded. Code outside the answer cells is not "
        "graded. A test cell grades the saved notebook, so save before you run one. Some checks "
        "are hidden: their names, points and a hint are shown, never their inputs.",
        "",
        "| function | section | checks | points |",
        "|---|---|---|---|",
        *rows,
        f"| total | | {len(config.checks)} | {total:g} |",
        "",
        "**The game interface.** Every search receives a `game` and a `state`:",
        "",
        "```text",
        "game.initial                 the initial state",
        'game.to_move(state)          "MAX" or "MIN": who moves in this state',
        "game.actions(state)          the legal actions, as a list, in the game's own order",
        "game.result(state, action)   the state after the action; never changes `state`",
        "game.is_terminal(state)      True when the game is over in this state",
        "game.utility(state)          a terminal state's value from MAX's point of view",
        "```",
        "",
        "The tree game `TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])` is built from nested lists "
        "(a list is a node, a number a leaf and its utility; the root is MAX and the levels "
        "alternate; the actions are the child indices). In tic-tac-toe a state's `board` is a "
        "tuple of 9 cells, index 0-8 row by row, each `\"X\"`, `\"O\"` or `\" \"`; X is MAX and "
        "moves first. A search *examines* a node the first time it calls `is_terminal`, "
        "`utility`, `actions` or `to_move` on it (`result` examines nothing); node counts "
        "include the root.",
    ])


def build_notebook(reference_dir=REFERENCE_DIR, config=None):
    config = config or grading_config.load()
    drawn = figures()
    sections, cells = [], []
    for module in MODULE_NAMES:
        source = (Path(reference_dir) / f"{module}.py").read_text(encoding="utf-8")
        sections.append((module, [name for name, _, _ in _functions(source)]))
    cells.append(markdown_cell("introduction", introduction(config, sections)))
    for number, (module, _) in enumerate(sections, 1):
        source = (Path(reference_dir) / f"{module}.py").read_text(encoding="utf-8")
        title, lead = _module_title(ast.get_docstring(ast.parse(source)))
        doc = _drop_cli_note(ast.get_docstring(ast.parse(source)))
        body = docstring_markdown("\n".join(doc.splitlines()[1:]))
        parts = [f"## {number}. {title}", "", lead, "", body]
        parts += ["\n" + figure_markdown(*figure) for figure in drawn.get(module, [])]
        cells.append(markdown_cell(f"{module}-explained", "\n".join(parts)))
        for name, signature, docstring in _functions(source):
            parts = [f"### `{signature}`", "", docstring_markdown(docstring)]
            parts += ["\n" + figure_markdown(*figure) for figure in drawn.get(name, [])]
            cells.append(markdown_cell(f"{name}-explained", "\n".join(parts)))
        cells.append(code_cell(module, answer_code(module, source),
                               {"grade": False, "grade_id": module, "locked": False,
                                "solution": True}))
        cells.append(code_cell(f"{module}-try-it", try_it_code(module, reference_dir)))
        for name, _, _ in _functions(source):
            checks = function_checks(config, name)
            cells.append(code_cell(f"{TEST_PREFIX}{name}", test_code(name, checks),
                                   {"grade": True, "grade_id": f"{TEST_PREFIX}{name}",
                                    "locked": True, "points": sum(p for _, p, _ in checks),
                                    "solution": False}))
    return {"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def notebook_json(notebook):
    """As nbformat writes a notebook (indent 1, sorted keys), so Jupyter saves it unchanged."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------------------------
# The rest of the course folder.

NBGRADER_CONFIG = '''\
"""nbgrader's configuration for the adversarial-search assignment.

Generated by `python -m autograder.distribution.notebooks` from reference/ and grading.toml: change those (or
autograder/notebooks.py) and regenerate, rather than editing this file. Run nbgrader in this folder
with the Python environment where the autograder is installed (`pip install -e '.[nbgrader]'` at the
repository's root): this file and the autograde kernel import it.
"""
import os
from pathlib import Path

from nbconvert.preprocessors import Preprocessor
from nbgrader.converters import GenerateAssignment, GenerateFeedback
from nbgrader.preprocessors import ClearSolutions

from autograder.distribution.notebooks import without_mermaid
from autograder.distribution.stubs import stub_source

c = get_config()  # noqa: F821 - nbgrader defines it while it reads this file
HERE = Path(__file__).resolve().parent

c.CourseDirectory.root = str(HERE)


class ClearSolutionsLikeTheStubs(ClearSolutions):
    """nbgrader's ClearSolutions, writing the same stubs as assignments/*.py (autograder.distribution.stubs): an
    indented solution becomes `# YOUR CODE HERE` and `raise NotImplementedError`, and a solution at
    module level (a constant) is removed, so that one unanswered part never stops the rest of its
    cell from running."""

    def _replace_solution_region(self, cell, language):
        if cell.cell_type != "code" or language != "python":
            return super()._replace_solution_region(cell, language)
        stubbed = stub_source(cell.source)
        replaced = stubbed != cell.source
        cell.source = stubbed
        return replaced


c.GenerateAssignment.preprocessors = [
    ClearSolutionsLikeTheStubs if preprocessor is ClearSolutions else preprocessor
    for preprocessor in GenerateAssignment.class_traits()["preprocessors"].default()]


class FeedbackWithoutMermaid(Preprocessor):
    """The feedback page would show the Mermaid diagrams' source (drawing them means loading
    Mermaid from the web): leave them out; each tree stays, drawn as text."""

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "markdown":
            cell.source = without_mermaid(cell.source)
        return cell, resources


c.GenerateFeedback.preprocessors = [
    *GenerateFeedback.class_traits()["preprocessors"].default(), FeedbackWithoutMermaid]
c.FeedbackWithoutMermaid.enabled = True  # nbconvert's preprocessors start disabled

# Autograde (and validate) in the course's kernel, which runs the students' code where the
# reference cannot be imported: see autograder/nbgrader_tests.py. Its spec is in jupyter/kernels/.
KERNELS = str(HERE / "jupyter")
if KERNELS not in os.environ.get("JUPYTER_PATH", "").split(os.pathsep):
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        [KERNELS, *filter(None, [os.environ.get("JUPYTER_PATH")])])
c.Execute.kernel_name = "{kernel}"
# The first test cell grades the whole notebook (seconds; a slow or hanging function is bounded by
# grading.toml's own limits, call by call). Nothing else calls the students' functions while
# nbgrader runs the notebook: the try-it cells skip themselves (NBGRADER_EXECUTION is set). Only
# code that a student runs at a cell's top level meets this timeout.
c.Execute.timeout = 600
'''

KERNEL_SPEC = {
    "argv": ["python", "-P", "-m", "autograder.distribution.nbgrader", "kernel", "-f",
             "{connection_file}"],
    "display_name": "Python 3 (autograde: the reference cannot be imported)",
    "language": "python",
    "metadata": {"debugger": False},
}

README = """\
# The assignment for nbgrader

Generated by `python -m autograder.distribution.notebooks` from `reference/` and `grading.toml`: do not edit it
by hand (a test fails while this folder differs from what the generator writes).

    pip install -e '.[nbgrader]'        # at the repository's root: nbgrader {version}
    source .venv/bin/activate           # nbgrader runs alembic from PATH
    cd assignments/nbgrader
    nbgrader generate_assignment {assignment}    # the students' release, in release/
    # collect the submissions into submitted/<student>/{assignment}/
    nbgrader autograde {assignment}              # scores into gradebook.db
    nbgrader generate_feedback {assignment}      # feedback/<student>/{assignment}/
    nbgrader export                                # grades.csv

- `source/{assignment}/{notebook}` holds the solutions between nbgrader's markers: one answer
  cell per module (grade_id `minimax`, `alphabeta`, `ordering`, `price_war`) and one test cell per
  function, worth its checks' points in grading.toml ({total:g} in all). A test cell is the same
  in the release: under `nbgrader autograde` it grades its function's hidden checks too, anywhere
  else the visible ones only.
- A test cell grades the notebook's answer cells with `python -m autograder grade` in a subprocess
  (the Python in `AUTOGRADER_PYTHON`, by default the kernel's own), in the grader's sandbox: the
  same scores as the same code handed in as .py files. It prints the failed checks for the student
  (a hidden check as its name, points and hint only) and gives partial credit.
- `nbgrader generate_feedback` leaves the Mermaid diagrams out of the feedback page, which cannot
  draw them; the same trees are drawn as text there.
- `nbgrader_config.py` makes the release's stubs those of `assignments/*.py`, and runs autograde
  in the kernel `jupyter/kernels/{kernel}`, which cannot import the reference (the repository
  is not on its path). Student code still runs in that kernel, as the grading user, next to the
  test cells, and could tamper with them, as with any nbgrader test. For grades that must resist
  that, grade the submissions in the sandbox alone: `python -m autograder grade submitted
  --output results` (or one notebook: `python -m autograder grade NOTEBOOK.ipynb`).
- Under nbgrader the try-it cells call nothing and print "skipped while grading": only the test
  cells call the students' functions, in the sandbox, so a function that hangs costs the
  sandbox's time limit (grading.toml's `[limits]`), not the 600 s cell timeout. Code a student
  adds at a cell's top level still runs in the kernel, bounded by that timeout only.
- Students run the try-it and test cells with the autograder installed from the students'
  repository (`python -m autograder release`): the notebook's introduction says
  `{install}` in a cell, FOLDER being their clone, then a kernel restart;
  without it those cells say so in one line.
"""

GITIGNORE = """\
# What nbgrader writes here when it runs in this folder.
gradebook.db
release/
submitted/
autograded/
feedback/
*.csv
.ipynb_checkpoints/
"""


def course_files(reference_dir=REFERENCE_DIR, config_path=grading_config.DEFAULT_PATH):
    """{relative path: text} of every generated file of the course folder."""
    config = grading_config.load(config_path)
    notebook = build_notebook(reference_dir, config)
    return {
        ".gitignore": GITIGNORE,
        "README.md": README.format(assignment=ASSIGNMENT, notebook=NOTEBOOK, kernel=KERNEL_NAME,
                                   version=NBGRADER_VERSION, install=INSTALL,
                                   total=sum(p.points for p in config.checks.values())),
        "nbgrader_config.py": NBGRADER_CONFIG.replace("{kernel}", KERNEL_NAME),
        f"jupyter/kernels/{KERNEL_NAME}/kernel.json": json.dumps(KERNEL_SPEC, indent=1) + "\n",
        NOTEBOOK_PATH: notebook_json(notebook),
    }


NBGRADER_VERSION = "0.9.6"


def generate(target=COURSE_DIR, reference_dir=REFERENCE_DIR,
             config_path=grading_config.DEFAULT_PATH):
    """Write the course folder's generated files into `target`; return the paths written."""
    written = []
    for relative, text in course_files(reference_dir, config_path).items():
        path = Path(target) / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale(target=COURSE_DIR, reference_dir=REFERENCE_DIR,
          config_path=grading_config.DEFAULT_PATH):
    """The generated files that differ from (or are missing in) `target`, and any other file in
    its source/ folder (which nbgrader would release)."""
    target = Path(target)
    files = course_files(reference_dir, config_path)
    different = [relative for relative, text in files.items()
                 if not (target / relative).is_file()
                 or (target / relative).read_text(encoding="utf-8") != text]
    extra = [p.relative_to(target).as_posix() for p in (target / "source").rglob("*")
             if p.is_file() and p.relative_to(target).as_posix() not in files
             and ".ipynb_checkpoints" not in p.parts] if (target / "source").is_dir() else []
    return different + extra


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m autograder.distribution.notebooks",
                                     description="Generate the nbgrader course from the reference.")
    parser.add_argument("--reference", default=REFERENCE_DIR, help="default: reference/")
    parser.add_argument("--config", default=grading_config.DEFAULT_PATH,
                        help="default: grading.toml")
    parser.add_argument("--target", default=COURSE_DIR, help="default: assignments/nbgrader/")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the course folder is out of date")
    args = parser.parse_args(argv)
    try:
        return run_generator(args, lambda: stale(args.target, args.reference, args.config),
                             lambda: generate(args.target, args.reference, args.config),
                             "autograder.distribution.notebooks")
    except (OSError, ValueError, SyntaxError, ConfigError) as error:
        print(f"autograder.distribution.notebooks: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
