"""Tic-tac-toe as the course plays it.

A state's `board` is a tuple of 9 cells, indexed 0-8 row by row, each "X", "O" or " ". X is MAX and
moves first (so the player to move follows from the counts of marks); the actions are the empty cells
in increasing index order; the utility is +1 when X has three in a row, -1 when O has, 0 otherwise.
"""
from typing import NamedTuple

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8),   # rows
         (0, 3, 6), (1, 4, 7), (2, 5, 8),   # columns
         (0, 4, 8), (2, 4, 6))              # diagonals
EMPTY_BOARD = (" ",) * 9


class TicTacToeState(NamedTuple):
    """A position, and the moves that led to it (so one board reached twice is two nodes)."""

    board: tuple
    path: tuple = ()


def winner(board):
    """'X' or 'O' when that player has three in a row, else None."""
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def open_lines(state):
    """The course's depth-1 evaluation, from MAX's point of view.

    Each line with no O counts the Xs on it, each line with no X counts minus the Os on it. After a
    single X the centre scores 4 (it lies on four lines), a corner 3 and an edge 2.
    """
    score = 0
    for line in LINES:
        marks = [state.board[i] for i in line]
        if "O" not in marks:
            score += marks.count("X")
        if "X" not in marks:
            score -= marks.count("O")
    return score


def parse_board(text):
    """A board from 9 characters ('X', 'O', ' ' or '.'), row by row."""
    cells = tuple(" " if c == "." else c for c in text)
    if len(cells) != 9 or set(cells) - {"X", "O", " "}:
        raise ValueError(f"a board is 9 cells of 'X', 'O' or ' ', not {text!r}")
    xs, os_ = cells.count("X"), cells.count("O")
    if xs - os_ not in (0, 1):
        raise ValueError(f"X moves first, so a board has as many Xs as Os or one more: {text!r}")
    return cells


class TicTacToe:
    def __init__(self, board=EMPTY_BOARD):
        self.initial = TicTacToeState(parse_board(board))

    def to_move(self, state):
        return "MAX" if state.board.count("X") == state.board.count("O") else "MIN"

    def actions(self, state):
        return [i for i, cell in enumerate(state.board) if cell == " "]

    def result(self, state, action):
        board = state.board
        if type(action) is not int or not 0 <= action < 9 or board[action] != " ":
            raise ValueError(f"{action!r} is not an empty cell of this board")
        mark = "X" if board.count("X") == board.count("O") else "O"
        return TicTacToeState(board[:action] + (mark,) + board[action + 1:], state.path + (action,))

    def is_terminal(self, state):
        return winner(state.board) is not None or " " not in state.board

    def utility(self, state):
        return {"X": 1, "O": -1, None: 0}[winner(state.board)]
