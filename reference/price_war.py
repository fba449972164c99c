"""The price war: a general-sum game of two moves, where minimax's floor and a rational competitor's
response can tell different stories.

`tree` maps each inner node to its children in order; `ours` and `theirs` map each leaf to the two
players' payoffs. Python's max() returns the first of equal items, which is the tie-break we want.
"""


def rational_response(tree, theirs, option):
    """The leaf under `option` that the competitor picks, maximising their own payoff."""
    return max(tree[option], key=lambda leaf: theirs[leaf])


def rational_decision(tree, ours, theirs, root):
    """The option whose rational response leaves us the most."""
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    """The minimax option: the one whose worst leaf for us is best."""
    return max(tree[root], key=lambda option: min(ours[leaf] for leaf in tree[option]))
