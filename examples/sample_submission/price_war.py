"""A student's price war: rational response and decision right; the guaranteed decision is not."""


def rational_response(tree, theirs, option):
    return max(tree[option], key=lambda leaf: theirs[leaf])


def rational_decision(tree, ours, theirs, root):
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    # Takes the option with the best leaf, not the best worst leaf.
    return max(tree[root], key=lambda option: max(ours[leaf] for leaf in tree[option]))
