"""The open-lines evaluation of a tic-tac-toe position, on the utilities' scale.

A line (row, column or diagonal) still open to X, holding no O, counts the Xs on it; a line still
open to O counts minus the Os on it. One X in the centre lies on four open lines (4), in a corner on
three (3), on an edge on two (2): at depth 1 the evaluation already prefers the centre. It proves
nothing, but it points the right way, and in large games that is all one can ask.

A finished game needs its own scale: if a win were worth +1 while a promising position scores 4,
the search would prefer the promise to the win. So a won game is worth +100 (X) or -100 (O), more
than any position still in play can score, and a drawn one 0.

Run the checks with `python -m autograder grade assignments/cutoff`.
"""
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
WIN = 100  # above any open-lines score (at most 8 lines x 2 marks = 16)


def open_lines_evaluation(state):
    """The open-lines score of the tic-tac-toe position `state` (its `board`: 9 cells, "X", "O"
    or " ", row by row) from MAX's (X's) point of view, with a finished game scaled above every
    score: +100 when X has three in a row, -100 when O has, 0 for a full board without one.

    After one X: centre 4, corner 3, edge 2. The same for any of the board's 8 symmetries (turns
    and reflections); negated when every X becomes an O and every O an X.
    """
    ### BEGIN SOLUTION
    board = state.board
    for line in LINES:
        marks = {board[i] for i in line}
        if marks == {"X"}:
            return WIN
        if marks == {"O"}:
            return -WIN
    if " " not in board:
        return 0
    score = 0
    for line in LINES:
        marks = [board[i] for i in line]
        if "O" not in marks:
            score += marks.count("X")
        if "X" not in marks:
            score -= marks.count("O")
    return score
    ### END SOLUTION
