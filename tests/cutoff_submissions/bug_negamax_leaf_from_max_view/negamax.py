import math


def negamax_value(game, state, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state)
    for a in game.actions(state):
        alpha = max(alpha, -negamax_value(game, game.result(state, a), -beta, -alpha))
        if alpha >= beta:
            return beta
    return alpha
