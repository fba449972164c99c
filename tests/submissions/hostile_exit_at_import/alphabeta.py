import math
import sys

sys.exit(0)  # left in from a local experiment


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
                break
        return v
    v = math.inf
    for a in actions:
        v = min(v, alphabeta_value(game, game.result(state, a), alpha, beta, order))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def alphabeta_decision(game, state, order=None):
    actions = order(game, state) if order else game.actions(state)
    alpha, beta = -math.inf, math.inf
    best_action = None
    maximizing = game.to_move(state) == "MAX"
    for a in actions:
        v = alphabeta_value(game, game.result(state, a), alpha, beta, order)
        if maximizing and (best_action is None or v > alpha):
            best_action, alpha = a, v
        elif not maximizing and (best_action is None or v < beta):
            best_action, beta = a, v
    return best_action
