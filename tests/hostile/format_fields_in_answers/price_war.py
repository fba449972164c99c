# Hostile: a price war whose answers and exception carry format
# fields ({function}, {0.__class__...}, %(name)s), hoping that a translated message is formatted a
# second time with them inside and quotes the grader's own objects, or raises on a field it lacks.
"""The price war, answered with format fields."""


def rational_response(tree, theirs, option):
    raise ValueError("{function}{0.__class__.__mro__}{answer!r:>99999}%(name)s")


def rational_decision(tree, ours, theirs, root):
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    return "{count}{0.__init__.__globals__}{expected:{width}}%(count)d{{}}"
