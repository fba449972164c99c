import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    if order is None:
        actions = game.actions(state)
    else:
        actions = order(game, state)
    # result() examines nothing, so all the children can be made up front
    children = [game.result(state, action) for action in actions]
    if game.to_move(state) == "MAX":
        best = -math.inf
        for child in children:
            value = alphabeta_value(game, child, alpha, beta, order)
            if value > best:
                best = value
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        return best
    else:
        best = math.inf
        for child in children:
            value = alphabeta_value(game, child, alpha, beta, order)
            if value < best:
                best = value
            if best < beta:
                beta = best
            if alpha > beta:
                break
        return best


def alphabeta_decision(game, state, order=None):
    if order is None:
        actions = game.actions(state)
    else:
        actions = order(game, state)
    children = [game.result(state, action) for action in actions]
    maximizing = game.to_move(state) == "MAX"
    alpha = -math.inf
    beta = math.inf
    best_action = None
    for action, child in zip(actions, children):
        value = alphabeta_value(game, child, alpha, beta, order)
        if maximizing:
            if best_action is None or value >= alpha:
                best_action = action
                alpha = value
        else:
            if best_action is None or value < beta:
                best_action = action
                beta = value
    return best_action
