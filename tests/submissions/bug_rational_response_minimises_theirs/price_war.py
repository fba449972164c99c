"""The price war: what a rational competitor does, and what we should do about it."""


def rational_response(tree, theirs, option):
    best = None
    for leaf in tree[option]:
        if best is None or theirs[leaf] < theirs[best]:
            best = leaf
    return best


def rational_decision(tree, ours, theirs, root):
    best = None
    for option in tree[root]:
        response = rational_response(tree, theirs, option)
        if best is None or ours[response] > ours[rational_response(tree, theirs, best)]:
            best = option
    return best


def guaranteed_decision(tree, ours, root):
    best, best_floor = None, None
    for option in tree[root]:
        floor = min(ours[leaf] for leaf in tree[option])
        if best is None or floor > best_floor:
            best, best_floor = option, floor
    return best
