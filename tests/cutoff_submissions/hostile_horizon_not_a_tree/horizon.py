def horizon_example():
    # Values the reference would choke on, or compare oddly: NaN and a boolean among the leaves,
    # an empty list as a node. None of it reaches a search.
    return [[[float("nan")], [True], []], [[[0], 1]], 1]
