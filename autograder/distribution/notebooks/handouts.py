"""Each assignment as the course hands it out under nbgrader: its name there, its notebook's
introduction, the course's figures drawn in its sections and the examples its try-it cells run.

This is data, keyed by assignment and then by module or function; the generator (notebook.py,
examples.py) is the same for every assignment. An assignment this table does not know (an
instructor's third) still gets its notebook: a plain introduction, no figures and no try-it cells.
Its texts are English, marked with N_: the notebook translates them where it shows them.
"""
import json
from dataclasses import dataclass, field

from autograder import assignments
from autograder.checks import course
from autograder.distribution.notebooks.examples import (Commented, TryIt, check_module, games,
                                                        quiet_code, scores, table_code)
from autograder.drawing import name_node
from autograder.language import N_, _


@dataclass(frozen=True)
class Introduction:
    title: str          # the notebook's heading
    lesson: str         # what students program, after "You will program"
    graded_on: str      # what the reference is compared on, after "against a hidden reference: "
    interface: tuple = ()  # (call, what it gives) of the game interface beyond the first
                           # assignment's
    games: str = ""     # sentences on the games beyond the tree game and tic-tac-toe


@dataclass(frozen=True)
class Caption:
    """A figure's caption with values in it, filled in after translation."""
    message: str
    values: dict


def spoken_caption(caption):
    """A figure's caption (a message or a Caption) in the language spoken."""
    if isinstance(caption, Caption):
        return _(caption.message).format(**caption.values)
    return _(caption)


@dataclass(frozen=True)
class Handout:
    assignment: assignments.Assignment
    name: str                   # nbgrader's: its folder in source/ and its notebook's name
    introduction: Introduction
    # {module or function: [(caption, example)]}, a caption a message or a Caption
    figures: dict = field(default_factory=dict)
    try_its: dict = field(default_factory=dict)   # {module: TryIt}

    @property
    def notebook_path(self):
        return f"source/{self.name}/{self.name}.ipynb"


GRADED_ON = N_("on the course's examples and on generated game trees, for exact values, pruning "
             "under any window and the exact nodes each search examines")
EXAMINED = ["",
            Commented("", N_("The search's answer, and how many nodes it examined (the root "
                             "included).")),
            "def examined(search, game, *arguments):",
            "    counted = InstrumentedGame(game)",
            "    return search(counted, counted.initial, *arguments), len(counted.trace)",
            "",
            ""]
INSTRUMENTED = "from autograder.games.instrumented import InstrumentedGame"
OPEN_LINES = Commented("from autograder.games.tictactoe import open_lines",
                       N_("the course's open-lines evaluation"))


# ---------------------------------------------------------------------------------------------
# The first assignment: minimax, alpha-beta, move ordering and the price war.

EXERCISE_1 = N_("Exercise 1 (the course names B, C and D here E, F and G)")
COURSE_GAMES = [("textbook", course.TEXTBOOK), ("exercise_1", course.EXERCISE_1),
                ("block", course.BLOCK), ("double_threat", course.DOUBLE_THREAT)]
TEXTBOOK = N_("The textbook tree: MAX at A, MIN at B, C and D")
EMPTY_BOARD = N_("The empty board")
GAMES = "from autograder.games import TicTacToe, TreeGame"
PRICE_WAR_ROOT = json.dumps(course.PRICE_WAR["root"])


def search(assignment):
    return Handout(assignment, "adversarial_search", Introduction(
        N_("Adversarial search: minimax, alpha-beta, move ordering and the price war"),
        N_("the searches of the course's lesson on adversarial search"), GRADED_ON), {
        "minimax": [(TEXTBOOK, course.TEXTBOOK)],
        "minimax_value": [(EXERCISE_1, course.EXERCISE_1)],
        "minimax_decision": [(N_("O threatens the middle column: X must block at 7"),
                              course.BLOCK),
                             (N_("X plays 3, a double threat"), course.DOUBLE_THREAT)],
        "alphabeta_value": [(N_("The textbook tree, named as the search below names its nodes"),
                             course.TEXTBOOK), (EXERCISE_1, course.EXERCISE_1)],
        "center_first": [(EMPTY_BOARD, course.EMPTY), ("XOX .O. ...", course.BLOCK)],
        "price_war": [(N_("The course's price war: NovaMarket at `inici`, then the competitor"),
                       course.PRICE_WAR)],
    }, {
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
            [GAMES, INSTRUMENTED],
            [*EXAMINED, *games(COURSE_GAMES)],
            ["examined(alphabeta_value, textbook)",
             "examined(alphabeta_decision, textbook)",
             "examined(alphabeta_value, exercise_1)",
             "examined(alphabeta_decision, block)",
             "examined(alphabeta_decision, double_threat)",
             "examined(alphabeta_value, TicTacToe())"]),
        "ordering": TryIt(
            ["from autograder.games import TicTacToe",
             OPEN_LINES],
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
    })


# ---------------------------------------------------------------------------------------------
# The second: search that stops before the leaves. Its evaluations, quiet tests and Connect Four
# positions are its checks' own (test_heuristic.py, test_quiescence.py).

TREES = "from autograder.games import TreeGame"
BOARDS = "from autograder.games import TicTacToe"
TABLE = Commented("from autograder.games.orders import table",
                  N_("an evaluation: a score per node's path"))
OPEN_WINDOWS = Commented("from autograder.games.connect_four import open_windows",
                         N_("its windows' open lines"))
# The cells a first move takes in test_evaluation.py's figures: the centre, a corner, an edge.
FIRST_MOVES = [("x_in_the_centre", 4), ("x_in_a_corner", 0), ("x_on_an_edge", 1)]
WON = "XXXOO    "  # X has three in a row on top (test_evaluation.py's scale example)
CONNECT_FOUR_DEPTH = 4


def first_move(cell):
    return {"kind": "tictactoe", "board": " " * cell + "X" + " " * (8 - cell)}


def cutoff(assignment):
    heuristic = check_module(assignment, "test_heuristic")
    quiescence = check_module(assignment, "test_quiescence")
    evaluated, connect_four = heuristic.TEXTBOOK_EVALUATION, heuristic.CONNECT_FOUR[0]
    textbook, noisy_evaluation, noisy_depth, noisy = quiescence.TEXTBOOK_CASE
    noisy_nodes = ", ".join(name_node(textbook, path) for path in noisy["paths"])
    return Handout(assignment, assignment.name, Introduction(
        N_("Search that stops before the leaves: negamax, heuristic alpha-beta, transpositions, "
           "quiescence and the horizon effect"),
        N_("the searches of the course's lessons on cutting the search off: negamax, heuristic "
           "minimax with an evaluation, iterative deepening, transposition tables and "
           "quiescence"),
        N_("on the course's examples and on generated game trees, tic-tac-toe and Connect Four "
           "positions, for exact values, pruning under any window and the exact nodes each "
           "search examines"),
        (("game.key(state)", N_("a hashable key, equal for the same position however reached "
                                "(the board in tic-tac-toe; a tree's node itself), for "
                                "transposition tables")),),
        N_("Connect Four (`ConnectFour()`), which no search finishes, has 6 rows of 7 columns: a "
           "state's `board` is a string of 42 cells, bottom row first; X is MAX and moves first; "
           "the actions are the columns not yet full, 0-6, a mark dropping to the lowest empty "
           "cell.")), {
        "negamax": [(TEXTBOOK, course.TEXTBOOK)],
        "negamax_value": [(N_("The same tree with MIN to move at A"), course.TEXTBOOK_MIN)],
        "heuristic_value": [
            (Caption(N_("The textbook tree; the evaluation gives {scores}"),
                     {"scores": scores(textbook, evaluated)}), course.TEXTBOOK),
            (N_("Connect Four's empty board"), connect_four)],
        "heuristic_decision": [(EMPTY_BOARD, course.EMPTY)],
        "transposition_value": [(EMPTY_BOARD, course.EMPTY)],
        "quiescence_value": [
            (Caption(N_("The textbook tree cut off at depth {depth}; the evaluation gives "
                        "{scores}; noisy: {nodes}"),
                     {"depth": noisy_depth, "scores": scores(textbook, noisy_evaluation),
                      "nodes": noisy_nodes}), textbook)],
        "open_lines_evaluation": [(N_("The empty board after X takes the centre"),
                                   course.AFTER_CENTRE)],
    }, {
        "negamax": TryIt(
            [TREES, INSTRUMENTED],
            [*EXAMINED, *games([("textbook", course.TEXTBOOK),
                                ("textbook_min", course.TEXTBOOK_MIN),
                                ("exercise_1", course.EXERCISE_1)])],
            ["examined(negamax_value, textbook)",
             "examined(negamax_value, textbook_min)",
             "examined(negamax_value, exercise_1)"]),
        "heuristic": TryIt(
            ["from autograder.games import ConnectFour, TicTacToe, TreeGame", INSTRUMENTED, TABLE,
             OPEN_LINES, OPEN_WINDOWS],
            [*EXAMINED, *games([("textbook", course.TEXTBOOK), ("empty", course.EMPTY),
                                ("connect_four", connect_four)]),
             f"evaluation = {table_code(evaluated)}  # {scores(textbook, evaluated)}"],
            ["examined(heuristic_value, textbook, 1, evaluation)",
             "examined(heuristic_value, textbook, 2, evaluation)",
             "heuristic_decision(textbook, textbook.initial, 1, evaluation)",
             "heuristic_decision(textbook, textbook.initial, 2, evaluation)",
             "iterative_deepening_decision(textbook, textbook.initial, 2, evaluation)",
             "heuristic_decision(empty, empty.initial, 1, open_lines)",
             f"examined(heuristic_value, connect_four, {CONNECT_FOUR_DEPTH}, open_windows)"]),
        "transposition": TryIt(
            [GAMES, INSTRUMENTED],
            [*EXAMINED, *games([("textbook", course.TEXTBOOK), ("empty", course.EMPTY),
                                ("block", course.BLOCK)], rows=True)],
            ["examined(transposition_value, textbook)",
             "examined(transposition_value, empty)",
             "examined(transposition_value, block)"]),
        "quiescence": TryIt(
            [TREES, "from autograder.games.orders import quiet_test, table"],
            [*games([("textbook", textbook)]),
             f"evaluation = {table_code(noisy_evaluation)}  # {scores(textbook, noisy_evaluation)}",
             Commented(f"is_quiet = {quiet_code(noisy)}", N_("noisy: {nodes}"),
                       nodes=noisy_nodes),
             Commented("all_quiet = quiet_test(set())", N_("the cut-off alone"))],
            [f"quiescence_value(textbook, textbook.initial, {noisy_depth}, evaluation, is_quiet)",
             f"quiescence_value(textbook, textbook.initial, {noisy_depth}, evaluation, "
             f"all_quiet)"]),
        "horizon": TryIt(
            [TREES, TABLE],
            # No call at the top level: under nbgrader the cell calls none of the student's code.
            ["",
             "def height(node):",
             "    return 1 + max(map(height, node)) if isinstance(node, list) else 0",
             "",
             "",
             # The check's name says what the function tells, in the language spoken.
             Commented("", N_("horizon_example: a tree on which the cut-off search decides "
                              "otherwise than minimax")),
             "def decides_otherwise():",
             "    tree, evaluation, depth = horizon_example()",
             "    game = TreeGame(tree)",
             "    evaluate = table({tuple(path): score for path, score in evaluation})",
             "    cut, whole = (heuristic_decision(game, game.initial, levels, evaluate)",
             "                  for levels in (depth, height(tree)))",
             "    return cut != whole",
             ""],
            ["decides_otherwise()"],
            uses=("heuristic",)),
        "evaluation": TryIt(
            [BOARDS],
            games([("empty", course.EMPTY),
                   *((name, first_move(cell)) for name, cell in FIRST_MOVES),
                   ("block", course.BLOCK), ("x_won", {"kind": "tictactoe", "board": WON})],
                  rows=True),
            [f"open_lines_evaluation({name}.initial)"
             for name in ("empty", *(name for name, _ in FIRST_MOVES), "block", "x_won")]),
    })


HANDOUTS = {"search": search, "cutoff": cutoff}


def handout(assignment):
    """The assignment as the course hands it out: its own data, or a plain notebook's."""
    made = HANDOUTS.get(assignment.name)
    if made:
        return made(assignment)
    return Handout(assignment, assignment.name, Introduction(
        f"The {assignment.name} assignment", f"the functions of the {assignment.name} assignment",
        "on the course's examples and on generated games"))


def handouts(chosen=None):
    """The assignments the course hands out: `chosen` (an Assignment), or every built-in one."""
    return [handout(assignment) for assignment in ([chosen] if chosen else assignments.built_in())]
