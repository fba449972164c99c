import math


def _value(game, state, alpha, beta, order):
    if game.is_terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == "MAX"
    v = -math.inf if maximizing else math.inf
    for action in (order(game, state) if order else game.actions(state)):
        child = _value(game, game.result(state, action), alpha, beta, order)
        v = max(v, child) if maximizing else min(v, child)
        if maximizing:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    # a correct search, after asking the game about one made-up node a million levels deep, so
    # that any feedback naming it, or explaining why it is pruned, has a million moves to spell
    game.to_move(state._replace(path=state.path + (0,) * 1_000_000))
    return _value(game, state, alpha, beta, order)


def alphabeta_decision(game, state, order=None):
    maximizing = game.to_move(state) == "MAX"
    alpha, beta = -math.inf, math.inf
    best_action, best = None, None
    for action in (order(game, state) if order else game.actions(state)):
        value = _value(game, game.result(state, action), alpha, beta, order)
        if best_action is None or (value > best if maximizing else value < best):
            best_action, best = action, value
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
    return best_action
