def horizon_example():
    # A whole game's worth of tree: 3 levels of 4 children, 85 nodes.
    tree = [[[0, 1, 2, 3] for _ in range(4)] for _ in range(4)]
    tree[0][0] = [-9, -9, -9, -9]
    return [tree, [[[0], 5]], 1]
