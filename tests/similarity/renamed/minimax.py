"""My minimax (a similarity fixture: original/ with names, comments and order changed)."""


def minimax_decision(g, s):
    # ties: the earliest move wins, so replace only on strict improvement
    who = g.to_move(s)
    pick, pick_val = None, None
    for mv in g.actions(s):
        val = minimax_value(g, g.result(s, mv))
        improves = (pick_val is None
                    or (val > pick_val if who == "MAX" else val < pick_val))
        if improves:
            pick, pick_val = mv, val
    return pick


def minimax_value(g, s):
    # terminal positions score themselves
    if g.is_terminal(s):
        return g.utility(s)
    who = g.to_move(s)
    vals = []
    for mv in g.actions(s):
        nxt = g.result(s, mv)
        vals.append(minimax_value(g, nxt))
    if who == "MAX":
        return max(vals)
    return min(vals)
