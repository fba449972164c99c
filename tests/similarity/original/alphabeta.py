"""Alpha-beta, one student's answer (a similarity fixture: the original that renamed/ copies)."""
import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    # Leaves end the search.
    if game.is_terminal(state):
        return game.utility(state)
    moves = order(game, state) if order is not None else game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    best = -math.inf if maximizing else math.inf
    for move in moves:
        score = alphabeta_value(game, game.result(state, move), alpha, beta, order)
        if maximizing:
            best = max(best, score)
            alpha = max(alpha, best)
        else:
            best = min(best, score)
            beta = min(beta, best)
        # The window closed: the rest cannot matter.
        if alpha >= beta:
            break
    return best


def alphabeta_decision(game, state, order=None):
    moves = order(game, state) if order is not None else game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    alpha, beta = -math.inf, math.inf
    chosen = None
    for move in moves:
        score = alphabeta_value(game, game.result(state, move), alpha, beta, order)
        if maximizing and (chosen is None or score > alpha):
            chosen, alpha = move, score
        elif not maximizing and (chosen is None or score < beta):
            chosen, beta = move, score
    return chosen
