def _response(tree, theirs, option):
    return max(tree[option], key=lambda leaf: theirs[leaf])


def rational_response(tree, theirs, option):
    scratch = bytearray(1 << 40)  # a terabyte "to be safe"
    return _response(tree, theirs, option)


def rational_decision(tree, ours, theirs, root):
    return max(tree[root], key=lambda option: ours[_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    return max(tree[root], key=lambda option: min(ours[leaf] for leaf in tree[option]))
