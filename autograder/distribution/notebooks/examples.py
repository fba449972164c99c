"""The course's examples in the notebook: drawn under the explanations, and tried in each section's
try-it cell.

Both take the trees and boards from autograder.checks.course, the examples every check tries
first, so that each is written once. A try-it cell prints each expression, commented with the
reference's answer (computed here, at generation time); while nbgrader runs the notebook it prints
"skipped while grading" instead, since the kernel would run the student's code outside the
sandbox's time limits (the test cells grade it there).
"""
import importlib.util
import json
import re
from dataclasses import dataclass
from pathlib import Path

from autograder.checks import course
from autograder.distribution.notebooks.rendering import CELLS, render
from autograder.drawing import draw_board, draw_mermaid, draw_price_war, draw_tree

EXERCISE_1 = "Exercise 1 (the course names B, C and D here E, F and G)"
# Drawings per module or function: [(caption, example)].
FIGURES = {
    "minimax": [("The textbook tree: MAX at A, MIN at B, C and D", course.TEXTBOOK)],
    "minimax_value": [(EXERCISE_1, course.EXERCISE_1)],
    "minimax_decision": [("O threatens the middle column: X must block at 7", course.BLOCK),
                         ("X plays 3, a double threat", course.DOUBLE_THREAT)],
    "alphabeta_value": [("The textbook tree, named as the search below names its nodes",
                         course.TEXTBOOK), (EXERCISE_1, course.EXERCISE_1)],
    "center_first": [("The empty board", course.EMPTY), ("XOX .O. ...", course.BLOCK)],
    "price_war": [("The course's price war: NovaMarket at `inici`, then the competitor",
                   course.PRICE_WAR)],
}

# A tree is drawn twice: as a Mermaid diagram (JupyterLab draws it), then as text.
MERMAID_DIAGRAM = "```mermaid\n{diagram}\n```\n\nAs text:\n\n"
MERMAID_DIAGRAMS = re.compile(r"```mermaid\n.*?\n```\n\nAs text:\n\n", re.DOTALL)


def figure_markdown(caption, example):
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


# ---------------------------------------------------------------------------------------------
# The try-it cells.

def game_code(example):
    """The expression that builds the game of one of the course's examples."""
    if example["kind"] == "tree":
        root = example.get("root", "MAX")
        return f"TreeGame({example['tree']!r}{'' if root == 'MAX' else f', {root!r}'})"
    board = example["board"]
    return f"TicTacToe({json.dumps(board)})" if board.strip() else "TicTacToe()"


def board_rows(example):
    board = example["board"].replace(" ", ".")
    return " / ".join(board[row:row + 3] for row in (0, 3, 6))


def games(named, rows=False):
    """A line building each (variable, example); with `rows`, each board's line commented with
    its rows, as the section's drawings show them."""
    lines = [f"{name} = {game_code(example)}" for name, example in named]
    boards = [i for i, (_, example) in enumerate(named) if example["kind"] == "tictactoe"]
    if rows and boards:
        width = max(len(lines[i]) for i in boards) + 2
        for i in boards:
            lines[i] = f"{lines[i]:<{width}}# rows {board_rows(named[i][1])}"
    return lines


@dataclass(frozen=True)
class TryIt:
    imports: list      # besides nbgrader_running
    setup: list        # lines
    expressions: list  # printed, each commented with the reference's answer


COURSE_GAMES = [("textbook", course.TEXTBOOK), ("exercise_1", course.EXERCISE_1),
                ("block", course.BLOCK), ("double_threat", course.DOUBLE_THREAT)]
GAMES = "from autograder.games import TicTacToe, TreeGame"
EXAMINED = ["",
            "def examined(search, game, *arguments):",
            '    """The search\'s answer, and how many nodes it examined (the root included)."""',
            "    counted = InstrumentedGame(game)",
            "    return search(counted, counted.initial, *arguments), len(counted.trace)",
            "",
            ""]
PRICE_WAR_ROOT = json.dumps(course.PRICE_WAR["root"])

TRY_IT = {
    "minimax": TryIt(
        [GAMES],
        games(COURSE_GAMES, rows=True),
        ["minimax_value(textbook, textbook.initial)",
         "minimax_decision(textbook, textbook.initial)",
         "minimax_value(exercise_1, exercise_1.initial)",
         "minimax_decision(block, block.initial)",
         "minimax_value(double_threat, double_threat.initial)",
         "minimax_decision(double_threat, double_threat.initial)"]),
    "alphabeta": TryIt(
        [GAMES, "from autograder.games.instrumented import InstrumentedGame"],
        [*EXAMINED, *games(COURSE_GAMES)],
        ["examined(alphabeta_value, textbook)",
         "examined(alphabeta_decision, textbook)",
         "examined(alphabeta_value, exercise_1)",
         "examined(alphabeta_decision, block)",
         "examined(alphabeta_decision, double_threat)",
         "examined(alphabeta_value, TicTacToe())"]),
    "ordering": TryIt(
        ["from autograder.games import TicTacToe",
         "from autograder.games.tictactoe import open_lines  # the course's open-lines evaluation"],
        games([("empty", course.EMPTY), ("block", course.BLOCK),
               ("x_in_the_centre", course.AFTER_CENTRE)]),
        ["center_first(empty, empty.initial)",
         "center_first(block, block.initial)",
         "evaluation_order(empty, empty.initial, open_lines)",
         "evaluation_order(x_in_the_centre, x_in_the_centre.initial, open_lines)"]),
    "price_war": TryIt(
        ["from autograder.games.price_war import OUR_MARGIN, PRICE_WAR_TREE, THEIR_MARGIN"],
        [f"options = PRICE_WAR_TREE[{PRICE_WAR_ROOT}]"],
        ["[rational_response(PRICE_WAR_TREE, THEIR_MARGIN, option) for option in options]",
         f"rational_decision(PRICE_WAR_TREE, OUR_MARGIN, THEIR_MARGIN, {PRICE_WAR_ROOT})",
         f"guaranteed_decision(PRICE_WAR_TREE, OUR_MARGIN, {PRICE_WAR_ROOT})"]),
}


def _load_reference(reference_dir, module):
    spec = importlib.util.spec_from_file_location(f"_notebook_reference_{module}",
                                                  Path(reference_dir) / f"{module}.py")
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def try_it_code(module, reference_dir):
    """The try-it cell of a module: its examples, each commented with the reference's answer."""
    try_it = TRY_IT[module]
    namespace = {name: value for name, value in vars(_load_reference(reference_dir, module)).items()
                 if not name.startswith("_")}
    exec("\n".join(try_it.imports + try_it.setup), namespace)  # noqa: S102 - our own examples
    answers = [(expression, eval(expression, namespace))  # noqa: S307 - as above
               for expression in try_it.expressions]
    return render("try_it.py.j2",
                  imports=[*try_it.imports, f"from {CELLS} import nbgrader_running"],
                  setup="\n".join(try_it.setup), answers=answers,
                  width=max(len(e) for e in try_it.expressions) + len("print()") + 2)
