"""Tracks whose turn it is with a flag that starts as MAX at the root, instead of asking the game."""
import math


def _value(game, state, maximizing):
    if game.is_terminal(state):
        return game.utility(state)
    values = [_value(game, game.result(state, a), not maximizing) for a in game.actions(state)]
    return max(values) if maximizing else min(values)


def minimax_value(game, state):
    return _value(game, state, True)


def minimax_decision(game, state):
    best_action, best = None, -math.inf
    for action in game.actions(state):
        value = _value(game, game.result(state, action), False)
        if value > best:
            best_action, best = action, value
    return best_action
