import os
import sys

MARK = "FLOOD-7f3a9c "
_flooded = False


def _flood():
    """About 200 MB: print() to stdout, writes to stderr, and raw os.write to fds 1 and 2."""
    line = (MARK * 80 + "\n").encode()
    block = line * (1024 * 1024 // len(line) + 1)
    for i in range(50):
        print(block.decode(), end="")
        sys.stderr.write(block.decode())
        os.write(1, block)
        os.write(2, block)
    sys.stdout.flush()


def rational_response(tree, theirs, option):
    return max(tree[option], key=lambda leaf: theirs[leaf])


def rational_decision(tree, ours, theirs, root):
    global _flooded
    if not _flooded:  # the first call floods; later calls print a line per option, like a trace
        _flooded = True
        _flood()
    for option in tree[root]:
        print(MARK, "considering", option, rational_response(tree, theirs, option))
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    return max(tree[root], key=lambda option: min(ours[leaf] for leaf in tree[option]))
