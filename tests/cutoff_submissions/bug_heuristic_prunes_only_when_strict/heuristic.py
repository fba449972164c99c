"""Heuristic alpha-beta, fail-soft, that prunes only when alpha > beta (the Italian lesson: equality must
prune); its decision and iterative deepening are right and call it."""
import math


def heuristic_value(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return evaluate(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        best = -math.inf
        for m in actions:
            val = heuristic_value(game, game.result(state, m), depth - 1, evaluate, alpha, beta, order)
            best = max(best, val)
            alpha = max(alpha, best)
            if alpha > beta:
                break
        return best
    best = math.inf
    for m in actions:
        val = heuristic_value(game, game.result(state, m), depth - 1, evaluate, alpha, beta, order)
        best = min(best, val)
        beta = min(beta, best)
        if alpha > beta:
            break
    return best


def heuristic_decision(game, state, depth, evaluate, order=None):
    actions = order(game, state) if order else game.actions(state)
    alpha, beta = -math.inf, math.inf
    choice = None
    for m in actions:
        val = heuristic_value(game, game.result(state, m), depth - 1, evaluate, alpha, beta, order)
        if game.to_move(state) == "MAX":
            if choice is None or val > alpha:
                choice, alpha = m, val
        else:
            if choice is None or val < beta:
                choice, beta = m, val
    return choice


def iterative_deepening_decision(game, state, max_depth, evaluate):
    order_now = list(game.actions(state))
    maximizing = game.to_move(state) == "MAX"
    orders, decision = [], None
    for d in range(1, max_depth + 1):
        orders.append(list(order_now))
        values = [heuristic_value(game, game.result(state, m), d - 1, evaluate) for m in order_now]
        pairs = list(zip(order_now, values))
        pairs.sort(key=lambda p: p[1], reverse=maximizing)
        decision = pairs[0][0]
        order_now = [m for m, _ in pairs]
    return [decision, orders]
