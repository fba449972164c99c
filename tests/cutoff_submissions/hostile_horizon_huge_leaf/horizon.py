def horizon_example():
    # A leaf and a score that are ints of 401 digits: JSON carries them, and math.isfinite, asked
    # of them, raised OverflowError in the grader's own process.
    return [[[10 ** 400, 1], [2, 3]], [[[0], -10 ** 400]], 1]
