"""A rational response that keeps the last of equally good replies (>= where > belongs). The
other two functions are the reference's; rational_decision calls this response."""


def rational_response(tree, theirs, option):
    best = None
    for leaf in tree[option]:
        if best is None or theirs[leaf] >= theirs[best]:
            best = leaf
    return best


def rational_decision(tree, ours, theirs, root):
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    return max(tree[root], key=lambda option: min(ours[leaf] for leaf in tree[option]))
