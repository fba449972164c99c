"""Alpha-beta written fail-hard with two helpers, as the Romanian lesson's maximize and minimize; it prunes
only when a child's value is past the bound (v > beta, v < alpha), not when it equals it."""
import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    if game.to_move(state) == "MAX":
        return _max_value(game, state, alpha, beta, order)
    return _min_value(game, state, alpha, beta, order)


def _children(game, state, order):
    return order(game, state) if order is not None else game.actions(state)


def _max_value(game, state, alpha, beta, order):
    for a in _children(game, state, order):
        v = alphabeta_value(game, game.result(state, a), alpha, beta, order)
        if v > beta:
            return beta
        if v > alpha:
            alpha = v
    return alpha


def _min_value(game, state, alpha, beta, order):
    for a in _children(game, state, order):
        v = alphabeta_value(game, game.result(state, a), alpha, beta, order)
        if v < alpha:
            return alpha
        if v < beta:
            beta = v
    return beta


def alphabeta_decision(game, state, order=None):
    actions = order(game, state) if order is not None else game.actions(state)
    alpha, beta = -math.inf, math.inf
    best = None
    maximizing = game.to_move(state) == "MAX"
    for a in actions:
        v = alphabeta_value(game, game.result(state, a), alpha, beta, order)
        if maximizing:
            if best is None or v > alpha:
                best, alpha = a, v
        else:
            if best is None or v < beta:
                best, beta = a, v
    return best
