"""Alpha-beta, being careful: every state is deep-copied before use, and every node is logged."""
import copy
import math


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    state = copy.deepcopy(state)  # never touch the caller's state
    print(f"alphabeta_value: visiting {state} with alpha={alpha}, beta={beta}")
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        v = -math.inf
        for a in actions:
            v = max(v, alphabeta_value(game, game.result(state, a), alpha, beta, order))
            alpha = max(alpha, v)
            if alpha >= beta:
                print("  pruned the rest")
                break
        return v
    v = math.inf
    for a in actions:
        v = min(v, alphabeta_value(game, game.result(state, a), alpha, beta, order))
        beta = min(beta, v)
        if alpha >= beta:
            print("  pruned the rest")
            break
    return v


def alphabeta_decision(game, state, order=None):
    state = copy.deepcopy(state)
    print("alphabeta_decision from", state)
    actions = order(game, state) if order else game.actions(state)
    maximizing = game.to_move(state) == "MAX"
    alpha, beta = -math.inf, math.inf
    best = None
    for a in actions:
        v = alphabeta_value(game, game.result(state, a), alpha, beta, order)
        print("  action", a, "value", v)
        if maximizing and (best is None or v > alpha):
            best, alpha = a, v
        elif not maximizing and (best is None or v < beta):
            best, beta = a, v
    return best
