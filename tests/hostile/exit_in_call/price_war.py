import sys


def _response(tree, theirs, option):
    return max(tree[option], key=lambda leaf: theirs[leaf])


def rational_response(tree, theirs, option):
    best = _response(tree, theirs, option)
    print("EXIT-IN-CALL-PRINTED rational response:", best)
    sys.exit(0)  # "done": stop here, the answer is printed above


def rational_decision(tree, ours, theirs, root):
    # uses its own helper, so rational_response's exit never happens here
    return max(tree[root], key=lambda option: ours[_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    best = max(tree[root], key=lambda option: min(ours[leaf] for leaf in tree[option]))
    raise SystemExit(best)  # hands the answer over as the exit status, to whoever listens
