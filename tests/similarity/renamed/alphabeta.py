"""My alpha-beta (a similarity fixture: original/ with names, comments and order changed)."""
import math


def alphabeta_decision(g, s, order=None):
    options = order(g, s) if order is not None else g.actions(s)
    is_max = g.to_move(s) == "MAX"
    lo, hi = -math.inf, math.inf
    answer = None
    for opt in options:
        val = alphabeta_value(g, g.result(s, opt), lo, hi, order)
        if is_max and (answer is None or val > lo):
            answer, lo = opt, val
        elif not is_max and (answer is None or val < hi):
            answer, hi = opt, val
    return answer


def alphabeta_value(g, s, alpha=-math.inf, beta=math.inf, order=None):
    # stop at the bottom of the tree
    if g.is_terminal(s):
        return g.utility(s)
    options = order(g, s) if order is not None else g.actions(s)
    is_max = g.to_move(s) == "MAX"
    v = -math.inf if is_max else math.inf
    for opt in options:
        val = alphabeta_value(g, g.result(s, opt), alpha, beta, order)
        if is_max:
            v = max(v, val)
            alpha = max(alpha, v)
        else:
            v = min(v, val)
            beta = min(beta, v)
        # prune once alpha meets beta
        if alpha >= beta:
            break
    return v
