"""Alpha-beta as negamax: one search for both players.

negamax(state) is the value of `state` for the player to move there, so a parent's value is the
maximum of its children's values negated. The window travels negated and swapped. This version is
fail-hard: whatever it returns lies inside the window it was given.
"""
import math


def _sign(game, state):
    return 1 if game.to_move(state) == "MAX" else -1


def _negamax(game, state, alpha, beta, order):
    if game.is_terminal(state):
        score = _sign(game, state) * game.utility(state)
        return min(max(score, alpha), beta)  # clamp into the window (fail-hard)
    moves = order(game, state) if order is not None else game.actions(state)
    for move in moves:
        score = -_negamax(game, game.result(state, move), -beta, -alpha, order)
        if score >= beta:
            return beta  # cut-off: the opponent will never let play come here
        if score > alpha:
            alpha = score
    return alpha


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if _sign(game, state) == 1:
        return _negamax(game, state, alpha, beta, order)
    return -_negamax(game, state, -beta, -alpha, order)


def alphabeta_decision(game, state, order=None):
    moves = order(game, state) if order is not None else game.actions(state)
    alpha, beta = -math.inf, math.inf  # from the point of view of the player to move
    best_move = None
    for move in moves:
        score = -_negamax(game, game.result(state, move), -beta, -alpha, order)
        if best_move is None or score > alpha:
            best_move, alpha = move, score
    return best_move
