import math


def heuristic_value(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf, order=None):
    """Evaluates every position on the way down, using the estimate only at the cut-off."""
    if game.is_terminal(state):
        return game.utility(state)
    estimate = evaluate(state)
    if depth == 0:
        return estimate
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        v = -math.inf
        for a in actions:
            v = max(v, heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha,
                                       beta, order))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = math.inf
    for a in actions:
        v = min(v, heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha, beta,
                                   order))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def heuristic_decision(game, state, depth, evaluate, order=None):
    """The best action for the player to move by heuristic_value: each action's child is searched
    depth - 1 levels further (so depth 1 evaluates the children themselves), in `order` as in
    heuristic_value, and the root's own bound tightens after each action as in alphabeta_decision.
    Ties go to the first action in search order.

    Textbook tree with the evaluation 5, 1, 7 for B, C, D: at depth 1 action 2 (D looks best to
    the evaluation), at depth 2 action 0, minimax's own decision. Tic-tac-toe from the empty board
    with the open-lines evaluation at depth 1: cell 4, the centre (worth 4, a corner 3, an edge 2).
    """
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
    """Heuristic decisions at depths 1, 2, ..., max_depth, each pass searching the root's actions
    in the order the pass before ranked them: best first by its values (highest for MAX, lowest
    for MIN), equal values keeping their order; the first pass takes game.actions(state) as given.
    Each root action's child is searched with heuristic_value, depth - 1 levels further, in the
    full window, so that every pass ranks the actions by exact values. Returns [decision, orders]:
    the last pass's best action (the first of ties in its order) and the root's order in each
    pass, a list of lists.

    Searched in the full window, later passes prune no more at the root than earlier ones; what
    the ordering buys is inside each child's search, whose bounds start from the best moves.
    Textbook tree with the evaluation 5, 1, 7 for B, C, D and max_depth 2: pass 1 searches 0, 1,
    2 and ranks them 2 (7), 0 (5), 1 (1); pass 2 searches 2, 0, 1, finds 2, 3, 2, and decides 0.
    """
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
