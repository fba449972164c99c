"""Looks at every child before searching: asks each one is_terminal up front to 'save time'."""
import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    children = [game.result(state, action) for action in actions]
    leaves = [child for child in children if game.is_terminal(child)]  # examines them all
    del leaves
    if game.to_move(state) == "MAX":
        value = -math.inf
        for child in children:
            value = max(value, alphabeta_value(game, child, alpha, beta, order))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for child in children:
        value = min(value, alphabeta_value(game, child, alpha, beta, order))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def alphabeta_decision(game, state, order=None):
    actions = order(game, state) if order else game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    alpha, beta = -math.inf, math.inf
    best_action = None
    for action in actions:
        value = alphabeta_value(game, game.result(state, action), alpha, beta, order)
        if maximizing and (best_action is None or value > alpha):
            best_action, alpha = action, value
        elif not maximizing and (best_action is None or value < beta):
            best_action, beta = action, value
    return best_action
