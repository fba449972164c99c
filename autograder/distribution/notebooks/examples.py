"""The course's examples in the notebook: drawn under the explanations, and tried in each section's
try-it cell; which examples each assignment's sections show is data (its handout.toml, which
handouts.py reads).

Both take the trees, boards and evaluations from the examples the checks try first
(autograder.checks.course, and the assignment's check modules for what only they use), so that
each is written once. A try-it cell prints each expression, commented with the reference's answer
(computed here, at generation time); while nbgrader runs the notebook it prints "skipped while
grading" instead, since the kernel would run the student's code outside the sandbox's time limits
(the test cells grade it there).
"""
import importlib.util
import json
import re
from dataclasses import dataclass
from pathlib import Path

from autograder.distribution.notebooks.rendering import CELLS, render
from autograder.drawing import draw_example, draw_mermaid, draw_price_war, draw_tree, name_node
from autograder.language import N_, _

# A tree is drawn twice: as a Mermaid diagram (JupyterLab draws it), then as text.
MERMAID_DIAGRAM = "```mermaid\n{diagram}\n```\n\n{as_text}\n\n"
AS_TEXT = N_("As text:")
# The line after a diagram, "As text:" in any language.
MERMAID_DIAGRAMS = re.compile(r"```mermaid\n.*?\n```\n\n[^\n`]*\n\n", re.DOTALL)


def figure_markdown(caption, example):
    if "ours" in example:
        drawing = draw_price_war(example["tree"], example["ours"], example["theirs"],
                                 example["root"])
        return f"**{caption}**\n\n```text\n{drawing}\n```"
    if example["kind"] == "tree":
        return (f"**{caption}**\n\n{MERMAID_DIAGRAM.format(diagram=draw_mermaid(example), as_text=_(AS_TEXT))}"
                f"```text\n{draw_tree(example['tree'], example.get('root', 'MAX'))}\n```")
    return f"**{caption}**\n\n```text\n{draw_example(example)}\n```"


def without_mermaid(markdown):
    """Markdown without its Mermaid diagrams, for nbgrader's feedback page, which would show their
    source (drawing them means loading Mermaid from the web): the same trees as text stay."""
    return MERMAID_DIAGRAMS.sub("", markdown)


# ---------------------------------------------------------------------------------------------
# The try-it cells.

GAME_CLASSES = {"tictactoe": "TicTacToe", "connect_four": "ConnectFour"}  # autograder.games'

def game_code(example):
    """The expression that builds the game of one of the course's examples."""
    if example["kind"] == "tree":
        root = example.get("root", "MAX")
        return f"TreeGame({example['tree']!r}{'' if root == 'MAX' else f', {root!r}'})"
    board, game = example["board"], GAME_CLASSES[example["kind"]]
    return f"{game}({json.dumps(board)})" if board.strip() else f"{game}()"


def scores(game, evaluation):
    """A table evaluation's scores by the nodes' names ("B 5, C 1, D 7"), as checks name them."""
    return ", ".join(f"{name_node(game, path)} {score:g}" for path, score in evaluation["values"])


def table_code(evaluation):
    """The expression that builds a table evaluation (autograder.games.orders.table)."""
    return f"table({ {tuple(path): score for path, score in evaluation['values']}!r})"


def quiet_code(noisy):
    """The expression that builds a quiet test (autograder.games.orders.quiet_test)."""
    return f"quiet_test({ {tuple(path) for path in noisy['paths']}!r})"


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
            # TRANSLATORS: {rows} is a tic-tac-toe board's three rows, as "XOX / .O. / ..."
            lines[i] = Commented(f"{lines[i]:<{width - 2}}", N_("rows {rows}"),
                                 rows=board_rows(named[i][1]))
    return lines


@dataclass(frozen=True)
class TryIt:
    imports: list      # besides nbgrader_running
    setup: list        # lines
    expressions: list  # printed, each commented with the reference's answer
    uses: tuple = ()   # other modules whose functions it calls (their answer cells come earlier)


def load_module(path, name):
    """The Python file at `path` as a module called `name`, kept out of sys.modules."""
    spec = importlib.util.spec_from_file_location(name, path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def check_module(assignment, name):
    """The assignment's check module `name` (test_heuristic), for the course examples that only it
    defines; its checks are marked for pytest, never run here."""
    return load_module(assignment.checks / f"{name}.py",
                       f"_notebook_checks_{assignment.name}_{name}")


class Commented(str):
    """A line of code with a comment, or a comment alone (code ""), which the notebook shows in
    the language spoken: the comment is a message (N_), filled in with `values` once translated.
    As a string it is the English line, which the examples run."""

    def __new__(cls, code, comment, **values):
        line = super().__new__(cls, cls.written(code, comment.format(**values)))
        line.code, line.comment, line.values = code, comment, values
        return line

    @staticmethod
    def written(code, comment):
        return f"{code}  # {comment}" if code else f"# {comment}"

    def spoken(self):
        return self.written(self.code, _(self.comment).format(**self.values))


def spoken_lines(lines):
    return [line.spoken() if isinstance(line, Commented) else line for line in lines]


def try_it_code(module, try_it, reference_dir):
    """The try-it cell of a module: its examples, each commented with the reference's answer."""
    namespace = {}
    for answered in (module, *try_it.uses):
        loaded = load_module(Path(reference_dir) / f"{answered}.py",
                             f"_notebook_reference_{answered}")
        namespace.update((name, value) for name, value in vars(loaded).items()
                         if not name.startswith("_"))
    exec("\n".join(try_it.imports + try_it.setup), namespace)  # noqa: S102 - our own examples
    answers = [(expression, eval(expression, namespace))  # noqa: S307 - as above
               for expression in try_it.expressions]
    return render("try_it.py.j2",
                  imports=[*spoken_lines(try_it.imports), f"from {CELLS} import nbgrader_running"],
                  setup="\n".join(spoken_lines(try_it.setup)), answers=answers,
                  width=max(len(e) for e in try_it.expressions) + len("print()") + 2)
