import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    if order:
        actions = order(game, state)
    else:
        actions = game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    value = -math.inf if maximizing else math.inf
    for action in actions:
        child_value = alphabeta_value(game, game.result(state, action), alpha, beta, order)
        if maximizing:
            value = max(value, child_value)
            alpha = max(alpha, value)
        else:
            value = min(value, child_value)
            beta = min(beta, value)
        if alpha > beta:
            break
    return value


def alphabeta_decision(game, state, order=None):
    if order:
        actions = order(game, state)
    else:
        actions = game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    best_action, best_value = None, None
    for action in actions:
        value = alphabeta_value(game, game.result(state, action), -math.inf, math.inf, order)
        if best_action is None or (maximizing and value > best_value) or (
                not maximizing and value < best_value):
            best_action, best_value = action, value
    return best_action
