def horizon_example():
    # The evaluation at the cut-off tells the truth, so the cut-off search sees what minimax sees.
    return [[[[-9]], [-3]], [[[0], -9], [[1], -3]], 1]
