"""Keeps alpha and beta up to date but never stops early: the break was forgotten."""
import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    value = -math.inf if maximizing else math.inf
    for action in actions:
        child = alphabeta_value(game, game.result(state, action), alpha, beta, order)
        if maximizing:
            value = max(value, child)
            alpha = max(alpha, value)
        else:
            value = min(value, child)
            beta = min(beta, value)
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
