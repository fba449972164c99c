"""A student's minimax: correct."""
import math


def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    if game.to_move(state) == "MAX":
        best = -math.inf
        for action in game.actions(state):
            best = max(best, minimax_value(game, game.result(state, action)))
        return best
    best = math.inf
    for action in game.actions(state):
        best = min(best, minimax_value(game, game.result(state, action)))
    return best


def minimax_decision(game, state):
    maximizing = game.to_move(state) == "MAX"
    best_action, best_value = None, None
    for action in game.actions(state):
        value = minimax_value(game, game.result(state, action))
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_action, best_value = action, value
    return best_action
