"""Tic-tac-toe as the course plays it.

A state's `board` is a tuple of 9 cells, indexed 0-8 row by row, each "X", "O" or " ". X is MAX and
moves first (so the player to move follows from the counts of marks); the actions are the empty
cells in increasing index order; the utility is +1 when X has three in a row, -1 when O has, 0
otherwise.
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


def line_owner(board, lines):
    """'X' or 'O' when that player holds every cell of one of `lines`, else None."""
    for line in lines:
        first = board[line[0]]
        if first != " " and all(board[cell] == first for cell in line):
            return first
    return None


def winner(board):
    """'X' or 'O' when that player has three in a row, else None."""
    return line_owner(board, LINES)


def open_score(board, lines):
    """Each of `lines` (tuples of cells) with no O counts the Xs on it, each with no X counts minus
    the Os on it: the course's open-lines score, from MAX's point of view, in any game of marks."""
    score = 0
    for line in lines:
        marks = [board[i] for i in line]
        if "O" not in marks:
            score += marks.count("X")
        if "X" not in marks:
            score -= marks.count("O")
    return score


def open_lines(state):
    """The course's depth-1 evaluation, the open-lines score over tic-tac-toe's 8 lines. After a
    single X the centre scores 4 (it lies on four lines), a corner 3 and an edge 2."""
    return open_score(state.board, LINES)


def parse_board(text):
    """A board from 9 characters ('X', 'O', ' ' or '.'), row by row."""
    cells = tuple(" " if c == "." else c for c in text)
    if len(cells) != 9 or set(cells) - {"X", "O", " "}:
        raise ValueError(f"a board is 9 cells of 'X', 'O' or ' ', not {text!r}")
    xs, os_ = cells.count("X"), cells.count("O")
    if xs - os_ not in (0, 1):
        raise ValueError(f"X moves first, so a board has as many Xs as Os or one more: {text!r}")
    return cells


class Facts(NamedTuple):
    """What the game's methods say about one board, worked out once."""

    to_move: str      # "MAX" or "MIN"
    actions: tuple    # the empty cells, in increasing index order
    children: tuple   # the board after a mark in each cell; None where the cell is taken
    terminal: bool
    utility: int


class KnownBoards(dict):
    """Each board's Facts, worked out the first time it is asked for. The whole tree's 549,946
    nodes hold only 5,478 boards (and there are at most 3^9), so that a search spends its time in
    its own code rather than in the game's."""

    def __missing__(self, board):
        xs_to_play = board.count("X") == board.count("O")
        mark, won = ("X" if xs_to_play else "O"), winner(board)
        children = tuple(board[:i] + (mark,) + board[i + 1:] if cell == " " else None
                         for i, cell in enumerate(board))
        facts = self[board] = Facts(
            "MAX" if xs_to_play else "MIN", tuple(i for i, cell in enumerate(board) if cell == " "),
            children, won is not None or " " not in board, {"X": 1, "O": -1, None: 0}[won])
        return facts


FACTS = KnownBoards()


class TicTacToe:
    def __init__(self, board=EMPTY_BOARD):
        self.initial = TicTacToeState(parse_board(board))

    def to_move(self, state):
        return FACTS[state.board].to_move

    def actions(self, state):
        return list(FACTS[state.board].actions)  # a list of its own: the caller may sort it

    def result(self, state, action):
        child = FACTS[state.board].children[action] \
            if type(action) is int and 0 <= action < 9 else None
        if child is None:
            raise ValueError(f"{action!r} is not an empty cell of this board")
        return TicTacToeState(child, state.path + (action,))

    def is_terminal(self, state):
        return FACTS[state.board].terminal

    def key(self, state):
        """The position, whatever moves reached it: a transposition table's key."""
        return state.board

    def utility(self, state):
        return FACTS[state.board].utility
