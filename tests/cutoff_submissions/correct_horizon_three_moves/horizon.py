def horizon_example():
    # Three moves: a quiet one (A1, 1), a delaying one whose loss (-8) comes two moves past the
    # cut-off, and a small loss at once (-2). Cut off at depth 1 the evaluation sees the delaying
    # move as 3 and takes it; minimax takes the quiet one.
    tree = [[1], [[[-8]]], [-2]]
    return [tree, [[[0], 1], [[1], 3], [[2], -2]], 1]
