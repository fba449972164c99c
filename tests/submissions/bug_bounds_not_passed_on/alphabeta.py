import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        best = -math.inf
        for action in actions:
            # every child is searched with the window this node was given
            best = max(best, alphabeta_value(game, game.result(state, action), alpha, beta, order))
            if max(alpha, best) >= beta:
                break
        return best
    best = math.inf
    for action in actions:
        best = min(best, alphabeta_value(game, game.result(state, action), alpha, beta, order))
        if alpha >= min(beta, best):
            break
    return best


def alphabeta_decision(game, state, order=None):
    actions = order(game, state) if order else game.actions(state)
    alpha, beta = -math.inf, math.inf
    best_action = None
    if game.to_move(state) == "MAX":
        for action in actions:
            value = alphabeta_value(game, game.result(state, action), alpha, beta, order)
            if best_action is None or value > alpha:
                best_action, alpha = action, value
        return best_action
    for action in actions:
        value = alphabeta_value(game, game.result(state, action), alpha, beta, order)
        if best_action is None or value < beta:
            best_action, beta = action, value
    return best_action
