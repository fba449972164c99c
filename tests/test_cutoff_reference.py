"""The second assignment's reference against the lessons and the first assignment's reference,
derived independently: negamax is alpha-beta for the player to move, node for node; heuristic
alpha-beta cut off past the deepest leaf is alpha-beta; at depth 1 on tic-tac-toe it takes the
lesson's open-lines figure for the centre, 4 (tests/test_games.py holds the corner's 3 and the
edge's 2); the transposition table examines each of the 5,478 positions that legal play reaches
from the empty board once, a figure counted here without the game's code; quiescence with no noisy
position is the plain cut-off, and with every position noisy, minimax; and Connect Four's node
counts at depths 1 to 5 agree with a search written again without the game's code."""
import math

from hypothesis import given, settings

from autograder.games import ConnectFour, TicTacToe, TreeGame
from autograder.games.connect_four import open_windows
from autograder.games.instrumented import InstrumentedGame
from autograder.games.orders import build_evaluation
from autograder.games.tictactoe import open_lines
from autograder.grading import strategies
from reference.alphabeta import alphabeta_value
from reference.cutoff.heuristic import heuristic_value
from reference.cutoff.negamax import negamax_value
from reference.cutoff.quiescence import quiescence_value
from reference.cutoff.transposition import transposition_value
from reference.minimax import minimax_value

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def searched(search, tree, root, *args):
    """The answer of `search` on the tree game and the nodes it examined."""
    game = InstrumentedGame(TreeGame(tree, root))
    return search(game, game.initial, *args), game.trace


@settings(max_examples=300, deadline=None)
@given(case=strategies.games_with_windows())
def test_negamax_is_alpha_beta_for_the_player_to_move(case):
    game, (alpha, beta) = case
    for rooted in strategies.both_roots(game):
        sign = 1 if rooted["root"] == "MAX" else -1
        tree, root = rooted["tree"], rooted["root"]
        value, nodes = searched(negamax_value, tree, root)
        assert value == sign * minimax_value(TreeGame(tree, root), TreeGame(tree, root).initial)
        # in the window, as MAX's values (alpha, beta) are MIN's (-beta, -alpha)
        window = (alpha, beta) if sign == 1 else (-beta, -alpha)
        assert searched(negamax_value, tree, root, *window)[1] == \
            searched(alphabeta_value, tree, root, alpha, beta)[1]
        assert nodes == searched(alphabeta_value, tree, root)[1]


def test_negamax_on_the_textbook_tree():
    assert searched(negamax_value, TEXTBOOK, "MAX") == (3, searched(alphabeta_value, TEXTBOOK,
                                                                      "MAX")[1])
    assert len(searched(negamax_value, TEXTBOOK, "MAX")[1]) == 11
    assert searched(negamax_value, TEXTBOOK, "MIN")[0] == -6


@settings(max_examples=300, deadline=None)
@given(case=strategies.games_with_evaluations())
def test_heuristic_value_past_the_deepest_leaf_is_alpha_beta(case):
    game, evaluation = case
    evaluate = build_evaluation(evaluation)
    tree, root = game["tree"], game["root"]
    assert searched(heuristic_value, tree, root, strategies.MAX_DEPTH, evaluate) == \
        searched(alphabeta_value, tree, root)


@settings(max_examples=100, deadline=None)
@given(case=strategies.games_with_evaluations())
def test_heuristic_value_at_depth_0_evaluates_the_root_alone(case):
    game, evaluation = case
    scores = {tuple(path): score for path, score in evaluation["values"]}
    assert searched(heuristic_value, game["tree"], game["root"], 0,
                    build_evaluation(evaluation)) == (scores[()], [()])


def test_textbook_tree_with_evaluations_at_depth_1_and_2():
    scores = {(): 0, (0,): 5, (1,): 1, (2,): 7}
    evaluate = lambda state: scores.get(state.path, 0)  # noqa: E731
    value, nodes = searched(heuristic_value, TEXTBOOK, "MAX", 1, evaluate)
    assert (value, len(nodes)) == (7, 4)
    assert searched(heuristic_value, TEXTBOOK, "MAX", 2, evaluate)[0] == 3


def test_depth_1_from_the_empty_board_takes_the_centres_4_after_examining_10_nodes():
    game = InstrumentedGame(TicTacToe())
    assert heuristic_value(game, game.initial, 1, open_lines) == 4
    assert len(game.trace) == 10
    assert heuristic_value(TicTacToe(), TicTacToe().initial, 1, open_lines,
                           -math.inf, 3) >= 3  # fails high at beta = 3


def reachable_boards():
    """Every tic-tac-toe board legal play reaches from the empty one, counted without the game's
    code: a board is over when a line is full of one mark or no cell is empty."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    over = lambda b: " " not in b or any(b[i] == b[j] == b[k] != " " for i, j, k in lines)  # noqa
    seen, frontier = {" " * 9}, [" " * 9]
    while frontier:
        board = frontier.pop()
        if over(board):
            continue
        mark = "X" if board.count("X") == board.count("O") else "O"
        for cell in (i for i, c in enumerate(board) if c == " "):
            child = board[:cell] + mark + board[cell + 1:]
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def test_the_table_examines_each_reachable_position_once_5478_from_the_empty_board():
    assert len(reachable_boards()) == 5478
    game = InstrumentedGame(TicTacToe())
    assert transposition_value(game, game.initial) == 0
    assert len(game.trace) == 5478


@settings(max_examples=200, deadline=None)
@given(game=strategies.tree_games())
def test_a_tree_has_no_transpositions_so_the_table_searches_as_minimax(game):
    assert searched(transposition_value, game["tree"], game["root"]) == \
        searched(minimax_value, game["tree"], game["root"])


@settings(max_examples=200, deadline=None)
@given(case=strategies.cut_off_games())
def test_quiescence_with_no_noisy_position_is_the_cut_off_and_with_all_noisy_minimax(case):
    game, evaluation, depth = case
    tree, root = game["tree"], game["root"]
    evaluate = build_evaluation(evaluation)
    quiet = searched(quiescence_value, tree, root, depth, evaluate, lambda state: True)[0]
    assert quiet == searched(heuristic_value, tree, root, depth, evaluate)[0]
    noisy = searched(quiescence_value, tree, root, depth, evaluate, lambda state: False)
    assert noisy == searched(minimax_value, tree, root)


def columns_alpha_beta(columns, depth, alpha, beta, mark, counted):
    """Heuristic alpha-beta on Connect Four written again here, independently of the game's code:
    the board as 7 lists of marks bottom up, X maximising, the windows found by walking the grid.
    Returns the value; `counted` gets one entry per position examined."""
    counted.append(None)
    grid = [[columns[c][r] if r < len(columns[c]) else " " for c in range(7)] for r in range(6)]
    lines = [[grid[r + k * dr][c + k * dc] for k in range(4)]
             for r in range(6) for c in range(7) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
             if 0 <= r + 3 * dr < 6 and 0 <= c + 3 * dc < 7]
    for line in lines:
        if line[0] != " " and line.count(line[0]) == 4:
            return 1 if line[0] == "X" else -1
    if all(len(column) == 6 for column in columns):
        return 0
    if depth == 0:
        return sum(line.count("X") for line in lines if "O" not in line) - \
            sum(line.count("O") for line in lines if "X" not in line)
    best = -math.inf if mark == "X" else math.inf
    for c in (c for c in range(7) if len(columns[c]) < 6):
        columns[c].append(mark)
        value = columns_alpha_beta(columns, depth - 1, alpha, beta, "O" if mark == "X" else "X",
                                   counted)
        columns[c].pop()
        if mark == "X":
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def test_connect_four_node_counts_at_each_depth_are_derived_twice():
    """The reference's heuristic_value on Connect Four's game from the empty board, with the open
    windows evaluation, against the search written again above: the same value and as many
    examined positions at each depth (8, 42, 182, 822 and 4,170, the root included)."""
    figures = []
    for depth in range(1, 6):
        counted = []
        value = columns_alpha_beta([[] for _ in range(7)], depth, -math.inf, math.inf, "X", counted)
        game = InstrumentedGame(ConnectFour())
        assert heuristic_value(game, game.initial, depth, open_windows) == value
        assert len(game.trace) == len(counted)
        figures.append(len(counted))
    assert figures == [8, 42, 182, 822, 4170]
