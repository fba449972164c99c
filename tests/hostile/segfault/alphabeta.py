import math
import sys

sys.setrecursionlimit(10**6)  # "deep trees need a deep stack"


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    best = max if game.to_move(state) == "MAX" else min
    # bug: searches `state` again instead of game.result(state, a), so the recursion never ends;
    # max() over a generator recurses through C, and the C stack overflows long before 10**6
    return best(alphabeta_value(game, state, alpha, beta, order) for a in actions)


def _search(game, state, alpha, beta, order):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        v = -math.inf
        for a in actions:
            v = max(v, _search(game, game.result(state, a), alpha, beta, order))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = math.inf
    for a in actions:
        v = min(v, _search(game, game.result(state, a), alpha, beta, order))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def alphabeta_decision(game, state, order=None):
    actions = order(game, state) if order else game.actions(state)
    alpha, beta = -math.inf, math.inf
    best_action = None
    if game.to_move(state) == "MAX":
        for a in actions:
            v = _search(game, game.result(state, a), alpha, beta, order)
            if best_action is None or v > alpha:
                best_action, alpha = a, v
        return best_action
    for a in actions:
        v = _search(game, game.result(state, a), alpha, beta, order)
        if best_action is None or v < beta:
            best_action, beta = a, v
    return best_action
