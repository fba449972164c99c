"""Connect Four, a game no search in this course finishes: 6 rows of 7 columns, about 4.5 trillion
positions, so the second assignment searches it to a depth and evaluates there.

A state's `board` is a string of 42 cells, row by row from the bottom row up (cell 7 * row +
column), each "X", "O" or " ". X is MAX and moves first; the actions are the columns not yet full,
0-6 from the left; a mark drops to the lowest empty cell of its column. The utility is +1 when X
has four in a row (across, up or on a diagonal), -1 when O has, 0 for a full board without one.
"""
import functools
from typing import NamedTuple

from autograder.games.tictactoe import line_owner, open_score

ROWS, COLUMNS, CELLS = 6, 7, 42
EMPTY_BOARD = " " * CELLS
# The 69 windows of four cells in a row: across, up, and on both diagonals.
WINDOWS = tuple(
    tuple(7 * (row + k * up) + column + k * right for k in range(4))
    for row in range(ROWS) for column in range(COLUMNS)
    for up, right in ((0, 1), (1, 0), (1, 1), (1, -1))
    if 0 <= row + 3 * up < ROWS and 0 <= column + 3 * right < COLUMNS)


class ConnectFourState(NamedTuple):
    """A position, and the moves (columns) that led to it."""

    board: str
    path: tuple = ()


@functools.lru_cache(maxsize=1 << 16)
def four_in_a_row(board):
    """'X' or 'O' when that player has four in a row, else None. Kept per board: a search asks it
    of each position several times (is_terminal, actions, result, utility)."""
    return line_owner(board, WINDOWS)


@functools.lru_cache(maxsize=1 << 16)
def _children(board):
    """{each column with room: the board after the mover's mark drops there}, in column order;
    none once the game is over. Kept per board, as the replays of the students' release ask
    the same positions' moves over and over."""
    if " " not in board or four_in_a_row(board) is not None:
        return {}
    mark = "X" if board.count("X") == board.count("O") else "O"
    children = {}
    for column in range(COLUMNS):
        if board[CELLS - COLUMNS + column] == " ":
            cell = next(7 * row + column for row in range(ROWS) if board[7 * row + column] == " ")
            children[column] = board[:cell] + mark + board[cell + 1:]
    return children


def open_windows(state):
    """The open-lines evaluation carried over from tic-tac-toe to the 69 windows of four. Kept per
    board (a string, as the game's states hold): the replays of the students' release evaluate
    the same positions over and over (about 80% of their time at depth 5 before)."""
    board = state.board
    return _open_windows(board) if type(board) is str else open_score(board, WINDOWS)


@functools.lru_cache(maxsize=1 << 16)
def _open_windows(board):
    return open_score(board, WINDOWS)


def parse_board(text):
    """A board from 42 characters ('X', 'O', ' ' or '.'), bottom row first, refusing one that play
    cannot reach: a mark above an empty cell, or counts X moving first cannot give."""
    board = "".join(" " if c == "." else c for c in text)
    if len(board) != CELLS or set(board) - {"X", "O", " "}:
        raise ValueError(f"a Connect Four board is 42 cells of 'X', 'O' or ' ', not {text!r}")
    if board.count("X") - board.count("O") not in (0, 1):
        raise ValueError(f"X moves first, so a board has as many Xs as Os or one more: {text!r}")
    if any(board[i] != " " and board[i - COLUMNS] == " " for i in range(COLUMNS, CELLS)):
        raise ValueError(f"a mark floats above an empty cell: {text!r}")
    return board


class ConnectFour:
    def __init__(self, board=EMPTY_BOARD):
        self.initial = ConnectFourState(parse_board(board))

    def to_move(self, state):
        return "MAX" if state.board.count("X") == state.board.count("O") else "MIN"

    def actions(self, state):
        if type(state.board) is str:
            return list(_children(state.board))
        if self.is_terminal(state):
            return []
        return [column for column in range(COLUMNS) if state.board[CELLS - COLUMNS + column] == " "]

    def result(self, state, action):
        if type(state.board) is str and type(action) is int and action in _children(state.board):
            return ConnectFourState(_children(state.board)[action], state.path + (action,))
        if type(action) is not int or action not in self.actions(state):
            raise ValueError(f"{action!r} is not a column with room in this position")
        cell = next(7 * row + action for row in range(ROWS) if state.board[7 * row + action] == " ")
        mark = "X" if self.to_move(state) == "MAX" else "O"
        return ConnectFourState(state.board[:cell] + mark + state.board[cell + 1:],
                                state.path + (action,))

    def key(self, state):
        """The position, whatever moves reached it: a transposition table's key."""
        return state.board

    def is_terminal(self, state):
        return " " not in state.board or four_in_a_row(state.board) is not None

    def utility(self, state):
        return {"X": 1, "O": -1, None: 0}[four_in_a_row(state.board)]
