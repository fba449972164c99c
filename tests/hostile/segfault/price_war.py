import os


def rational_response(tree, theirs, option):
    return max(tree[option], key=lambda leaf: theirs[leaf])


def rational_decision(tree, ours, theirs, root):
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    best = max(tree[root], key=lambda option: min(ours[leaf] for leaf in tree[option]))
    if best:
        os.abort()  # "assert False, but harder": a leftover sanity check
    return best
