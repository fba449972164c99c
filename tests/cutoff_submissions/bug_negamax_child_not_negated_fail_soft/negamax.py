import math


def negamax_value(game, state, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        sign = 1 if game.to_move(state) == "MAX" else -1
        return sign * game.utility(state)
    best = -math.inf
    for action in game.actions(state):
        best = max(best, negamax_value(game, game.result(state, action), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best
