import math


def negamax_value(game, state, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        utility = game.utility(state)
        return utility if game.to_move(state) == "MAX" else -utility
    for a in game.actions(state):
        alpha = max(alpha, negamax_value(game, game.result(state, a), -beta, -alpha))
        if alpha >= beta:
            return beta
    return alpha
