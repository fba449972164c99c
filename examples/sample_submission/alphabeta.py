"""A student's alpha-beta: right values, but the root's bound never tightens (a common error)."""
import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        value = -math.inf
        for action in actions:
            value = max(value, alphabeta_value(game, game.result(state, action), alpha, beta, order))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for action in actions:
        value = min(value, alphabeta_value(game, game.result(state, action), alpha, beta, order))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def alphabeta_decision(game, state, order=None):
    actions = order(game, state) if order else game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    best_action, best_value = None, None
    for action in actions:
        value = alphabeta_value(game, game.result(state, action), order=order)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_action, best_value = action, value
    return best_action
