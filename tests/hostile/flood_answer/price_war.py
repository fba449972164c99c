def rational_response(tree, theirs, option):
    # an answer of a class whose name is two million characters long
    return type("Leaf" + "_" * 2_000_000, (), {})()


def rational_decision(tree, ours, theirs, root):
    return max(tree[root],
               key=lambda option: ours[max(tree[option], key=lambda leaf: theirs[leaf])])


def guaranteed_decision(tree, ours, root):
    return max(tree[root], key=lambda option: min(ours[leaf] for leaf in tree[option]))
