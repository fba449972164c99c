ROWS = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
LINES = ROWS + [list(column) for column in zip(*ROWS)] + [[0, 4, 8], [2, 4, 6]]


def line_score(marks):
    """One line's share, a float: its Xs when it holds no O, minus its Os when it holds no X."""
    if "O" not in marks:
        return float(marks.count("X"))
    if "X" not in marks:
        return -float(marks.count("O"))
    return 0.0


def open_lines_evaluation(state):
    scores = [line_score([state.board[i] for i in line]) for line in LINES]
    if 3.0 in scores:
        return 100.0
    if -3.0 in scores:
        return -100.0
    if " " not in state.board:
        return 0.0
    return sum(scores)
