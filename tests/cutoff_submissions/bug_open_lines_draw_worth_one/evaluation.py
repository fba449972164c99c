LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def open_lines_evaluation(state):
    cells = [[state.board[i] for i in line] for line in LINES]
    if ["X"] * 3 in cells:
        return 100
    if ["O"] * 3 in cells:
        return -100
    if " " not in state.board:
        return 1  # a draw, but not 0
    return sum(line.count("X") for line in cells if "O" not in line) - \
        sum(line.count("O") for line in cells if "X" not in line)
