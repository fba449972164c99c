import math


def heuristic_value(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf, order=None):
    return search(game, state, 0, depth, evaluate, alpha, beta, order)


def search(game, state, k, depth, evaluate, alpha, beta, order):
    # k counts the levels descended, as the lesson writes it; fail-hard, as 003 does. It never
    # prunes (the test below is switched off).
    if game.is_terminal(state):
        return game.utility(state)
    if k == depth:
        return evaluate(state)
    maximizing = game.to_move(state) == "MAX"
    for action in (order(game, state) if order else game.actions(state)):
        value = search(game, game.result(state, action), k + 1, depth, evaluate, alpha, beta,
                       order)
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if False and alpha >= beta:
            return beta if maximizing else alpha
    return alpha if maximizing else beta


def heuristic_decision(game, state, depth, evaluate, order=None):
    maximizing = game.to_move(state) == "MAX"
    alpha, beta = -math.inf, math.inf
    best = None
    for action in (order(game, state) if order else game.actions(state)):
        value = search(game, game.result(state, action), 1, depth, evaluate, alpha, beta, order)
        if best is None or (value > alpha if maximizing else value < beta):
            best = action
            alpha, beta = (value, beta) if maximizing else (alpha, value)
    return best


def iterative_deepening_decision(game, state, max_depth, evaluate):
    actions = game.actions(state)
    best_first = game.to_move(state) == "MAX"
    orders, decision = [], None
    for depth in range(1, max_depth + 1):
        orders.append(list(actions))
        values = {a: heuristic_value(game, game.result(state, a), depth - 1, evaluate)
                  for a in actions}
        decision = (max if best_first else min)(actions, key=values.__getitem__)
        # equal values ranked by the action: highest first for MAX, as the values
        actions = sorted(actions, key=lambda a: (values[a], a), reverse=best_first)
    return [decision, orders]
