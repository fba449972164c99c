import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    moves = order(game, state) if order is not None else game.actions(state)
    if game.to_move(state) == "MAX":
        value = -math.inf
        for move in moves:
            value = max(value, alphabeta_value(game, game.result(state, move), alpha, beta, order))
            beta = min(beta, value)      # (the bounds are the wrong way round)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for move in moves:
        value = min(value, alphabeta_value(game, game.result(state, move), alpha, beta, order))
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return value


def alphabeta_decision(game, state, order=None):
    moves = order(game, state) if order is not None else game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    alpha, beta = -math.inf, math.inf
    best_move, best_value = None, None
    for move in moves:
        value = alphabeta_value(game, game.result(state, move), alpha, beta, order)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_move, best_value = move, value
            if maximizing:
                beta = value
            else:
                alpha = value
    return best_move
