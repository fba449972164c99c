"""The horizon effect, built by hand: a tree on which stopping early chooses the wrong move.

A search cut off at a fixed depth cannot see a loss that lies just past it, and so prefers a move
that only delays the loss to one that pays a smaller price at once: the lessons' bishop, saved for
six moves by useless checks and lost all the same. This exercise asks for the smallest picture of
it: a tree, an evaluation and a depth at which the cut-off search decides otherwise than minimax
on the whole tree.

Run the checks with `python -m autograder grade assignments/cutoff`.
"""


def horizon_example():
    """A tree game (nested lists as the course writes them, MAX to move at the root, at most 40
    nodes and 6 levels), an evaluation (a list of [path, score] pairs, a path being the list of
    child indices from the root; a node without a score is worth 0) and a depth (at least 1, less
    than the tree's height), such that the heuristic decision at that depth (heuristic_decision)
    differs from minimax's decision on the whole tree. Returns [tree, evaluation, depth].

    The lessons' example: taking a small loss now (C, worth -3) or delaying a larger one (B, whose
    only line ends at -9, two moves past the cut-off). Minimax takes C; at depth 1 the evaluation
    sees B as 0, since the loss is past its horizon, and the cut-off search takes B.
    """
    # YOUR CODE HERE
    raise NotImplementedError
