def horizon_example():
    return [[[[-9]], [-3]], [[[0], 0], [[1], -3]], 3]
