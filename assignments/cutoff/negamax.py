"""Negamax: alpha-beta written once, for whichever player is to move.

min(x, y, z) = -max(-x, -y, -z): a position's value for the player to move is the largest of its
children's values for that player, and a child's value for the player to move there, negated, is
its value for the player here. So one maximizing search serves both players, and the window
(alpha, beta) passes down negated and swapped, (-beta, -alpha): the bound one player can secure is
the opponent's bound seen from the other side.

Fail-hard, as in the course's lesson: a node returns no less than alpha and, once a child reaches
beta, exactly beta and nothing more: the opponent, higher up, will never let play reach it. The
nodes examined are alpha-beta's (alphabeta.py of the first assignment), node for node.

Common errors: forgetting to negate the child's value; passing the window down as (-alpha, -beta)
or unnegated; a leaf's utility taken from MAX's view when MIN is to move.

Run the checks with `python -m autograder grade assignments/cutoff`.
"""
import math


def negamax_value(game, state, alpha=-math.inf, beta=math.inf):
    """The value of `state` for the player to move there (MAX's minimax value when MAX moves, its
    negation when MIN does), searched with alpha-beta inside the window (alpha, beta) of that
    player's values. With v that value:

        alpha < v < beta   ->  return exactly v
        v <= alpha         ->  return some r with v <= r <= alpha
        v >= beta          ->  return some r with beta <= r <= v

    Pruning: after each child, raise alpha to the child's negated value when higher; stop
    searching the node's children as soon as alpha >= beta.

    Textbook tree [[3, 12, 8], [2, 4, 6], [14, 5, 2]], MAX at the root: 3, with alpha-beta's 11
    of 13 nodes examined. The same tree with MIN at the root, so MAX in B, C and D: they are worth
    12, 6 and 14 to MAX, MIN takes C, and its value for MIN is -6.
    """
    # YOUR CODE HERE
    raise NotImplementedError
