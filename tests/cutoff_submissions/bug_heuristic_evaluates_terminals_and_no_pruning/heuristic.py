import math


def heuristic_value(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf, order=None):
    if depth == 0:
        return evaluate(state)
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        v = -math.inf
        for a in actions:
            v = max(v, heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha,
                                       beta, order))
            alpha = max(alpha, v)
        return v
    v = math.inf
    for a in actions:
        v = min(v, heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha, beta,
                                   order))
        beta = min(beta, v)
    return v


def heuristic_decision(game, state, depth, evaluate, order=None):
    actions = order(game, state) if order else game.actions(state)
    alpha, beta = -math.inf, math.inf
    best_action = None
    if game.to_move(state) == "MAX":
        for a in actions:
            v = heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha, beta,
                                order)
            if best_action is None or v > alpha:
                best_action, alpha = a, v
        return best_action
    for a in actions:
        v = heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha, beta, order)
        if best_action is None or v < beta:
            best_action, beta = a, v
    return best_action


def iterative_deepening_decision(game, state, max_depth, evaluate):
    actions = game.actions(state)
    best_first = game.to_move(state) == "MAX"
    orders, decision = [], None
    for depth in range(1, max_depth + 1):
        orders.append(list(actions))
        values = {a: heuristic_value(game, game.result(state, a), depth - 1, evaluate)
                  for a in actions}
        decision = (max if best_first else min)(actions, key=values.__getitem__)
        # sorted() is stable, so equal values keep this pass's order
        actions = sorted(actions, key=values.__getitem__, reverse=best_first)
    return [decision, orders]
