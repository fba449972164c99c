"""Alpha-beta: minimax's answer, examining only the nodes that can still change it.

alpha is the best value MAX can already secure on the path from the root, beta the best MIN can.
After each child a MAX node raises alpha and a MIN node lowers beta; as soon as alpha >= beta the
node's remaining children cannot matter, and the search stops there (equality prunes too).
"""
import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        v = -math.inf
        for a in actions:
            v = max(v, alphabeta_value(game, game.result(state, a), alpha, beta, order))
            alpha = max(alpha, v)
            if alpha >= beta:
                break  # MIN, higher up, will never let play reach this node
        return v
    v = math.inf
    for a in actions:
        v = min(v, alphabeta_value(game, game.result(state, a), alpha, beta, order))
        beta = min(beta, v)
        if alpha >= beta:
            break  # MAX, higher up, already has something better
    return v


def alphabeta_decision(game, state, order=None):
    """The best action for the player to move; the root's own bound tightens after each action,
    and ties go to the first action in search order."""
    actions = order(game, state) if order else game.actions(state)
    alpha, beta = -math.inf, math.inf
    best_action = None
    if game.to_move(state) == "MAX":
        for a in actions:
            v = alphabeta_value(game, game.result(state, a), alpha, beta, order)
            if best_action is None or v > alpha:
                best_action, alpha = a, v
        return best_action
    for a in actions:
        v = alphabeta_value(game, game.result(state, a), alpha, beta, order)
        if best_action is None or v < beta:
            best_action, beta = a, v
    return best_action
