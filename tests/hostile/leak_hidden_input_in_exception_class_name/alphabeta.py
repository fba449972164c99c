# Hostile: the reference's alpha-beta, except that asked to search a tree in an order function's
# order (only the hidden check does) it raises an exception of a class it makes on the spot, named
# with a marker and the hidden tree, hoping the hidden check names the class.
"""Alpha-beta: minimax's value and move, without examining the nodes that cannot change them.

Two bounds travel down the search. alpha is the best value MAX can already secure on the path from
the root (it starts at -inf and only rises); beta is the best MIN can secure (it starts at +inf
and only falls). After each child a MAX node raises alpha and a MIN node lowers beta. As soon as
alpha >= beta the node's remaining children cannot matter: the player above would never let play
reach them. The search stops there, and equality prunes too.

Pruning never changes the answer, only the work, and the work depends on the order of the moves:
O(b^m) in the worst case, O(b^(m/2)) when the best move is always searched first. Tic-tac-toe from
the empty board, root included: minimax examines 549,946 nodes, alpha-beta 18,297, and alpha-beta
searching centre, corners, edges first (ordering.py) 7,275.

Common errors: pruning only when alpha > beta; raising alpha at a MIN node or lowering beta at a
MAX node; starting the root anywhere but (-inf, +inf); expecting a different value than minimax's
(alpha-beta never returns one: if yours does, the pruning has a bug).

Run the checks with `python -m autograder grade assignments`.
"""
import json
import math


def _alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    """Alpha-beta search of `state` inside the window (alpha, beta). With v the true minimax value:

        alpha < v < beta   ->  return exactly v
        v <= alpha         ->  return some r with v <= r <= alpha    (fail low)
        v >= beta          ->  return some r with beta <= r <= v     (fail high)

    Fail-hard (clamp to the window) and fail-soft (return the best value found) both meet this and
    both get full marks. With the default window the answer is exactly minimax_value(game, state).

    Pruning: after each child, a MAX node raises alpha to its best value so far and a MIN node
    lowers beta to its best so far; stop searching the node's children as soon as alpha >= beta.

    `order` is None (search game.actions(state) as given) or a function order(game, state) that
    returns the actions to search, best first; every node of the search uses it.

    Examined nodes: a node is examined the first time you call is_terminal, utility, actions or
    to_move on it; result examines nothing. The checks compare your examined nodes, in order, with
    the rule above, so ask a child nothing before you search it.

    Textbook tree [[3, 12, 8], [2, 4, 6], [14, 5, 2]], window (-inf, +inf):
        B: leaves 3, 12, 8, so B = 3 and the root's alpha becomes 3
        C: first leaf 2, so beta = 2 <= alpha = 3: prune C2 and C3 (a first leaf of 3 would prune
           too: C could be worth at most 3, no better than B)
        D: leaves 14, 5, 2 must all be seen, because the low one comes last
        value 3, with 11 of the 13 nodes examined
    Exercise 1, [[5, 9, 4], [2, 7, 8], [6, 11, 3]]: value 4; F's 7 and 8 are pruned after its 2,
    so 7 of the 9 leaves are examined. The textbook tree in the window (4, 10) fails low (v = 3):
    a fail-soft search returns 3, a fail-hard one 4, and both are right.
    """
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        v = -math.inf
        for a in actions:
            v = max(v, _alphabeta_value(game, game.result(state, a), alpha, beta, order))
            alpha = max(alpha, v)
            if alpha >= beta:
                break  # MIN, higher up, will never let play reach this node
        return v  # fail-soft: the best value found, even when it lies outside the window
    v = math.inf
    for a in actions:
        v = min(v, _alphabeta_value(game, game.result(state, a), alpha, beta, order))
        beta = min(beta, v)
        if alpha >= beta:
            break  # MAX, higher up, already has something better
    return v


def alphabeta_decision(game, state, order=None):
    """The best action for the player to move, found with alpha-beta: in the game's order, the
    same action as minimax_decision, for far fewer nodes.

    Search each root action with alphabeta_value, in `order` (as in alphabeta_value), and let the
    root's own bound tighten after each action as in any alpha-beta node: MAX raises alpha, MIN
    lowers beta, so later actions are searched in a narrower window. Ties go to the first action
    in search order.

    Textbook tree: action 0, examining the same 11 nodes as alphabeta_value. Tic-tac-toe from the
    empty board: cell 0 in the game's order, 18,297 nodes; cell 4 with center_first, 7,275 nodes
    (every opening is worth 0). On XO. .X. ..O (rows; . is empty) cells 3 and 6 both win for X:
    the game's order finds 3, while center_first searches 6 before 3 and so plays 6.
    """
    actions = order(game, state) if order else game.actions(state)
    alpha, beta = -math.inf, math.inf
    best_action = None
    # A later action that fails low returns r <= alpha, never more, so a strict > (or <) takes only
    # an action that is really better, and a tie stays with the first.
    if game.to_move(state) == "MAX":
        for a in actions:
            v = _alphabeta_value(game, game.result(state, a), alpha, beta, order)
            if best_action is None or v > alpha:
                best_action, alpha = a, v
        return best_action
    for a in actions:
        v = _alphabeta_value(game, game.result(state, a), alpha, beta, order)
        if best_action is None or v < beta:
            best_action, beta = a, v
    return best_action


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if order is not None and not hasattr(state, "board"):
        tree = json.dumps(getattr(game, "game", game).tree)
        leak = type("-".join(["LEAK", "HIDDEN", "CLASS", "9e2b"]) + tree, (Exception,), {})
        raise leak()
    return _alphabeta_value(game, state, alpha, beta, order)
