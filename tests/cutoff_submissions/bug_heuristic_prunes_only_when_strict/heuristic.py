"""Heuristic alpha-beta: the search stops before the leaves and judges positions instead.

No interesting game is searched to its end. The search is cut off at a depth, and a position
there is judged by an evaluation: a cheap estimate of its utility for MAX, as material and
mobility are in chess. With k the levels descended so far (0 at the root, one more at each move
played), the utility test becomes a cut-off test:

    H-MINIMAX(s, k) = UTILITY(s)                          if s is terminal
                      EVAL(s)                             if k == depth
                      max over a of H-MINIMAX(RESULT(s, a), k + 1)   if MAX moves
                      min over a of H-MINIMAX(RESULT(s, a), k + 1)   if MIN moves

A terminal position keeps its exact utility at any depth. Pruning works as in alpha-beta and loses
nothing; the evaluation is what makes the answer approximate, and its price has a name: the horizon
effect, a loss pushed just past the cut-off where the search cannot see it.

Common errors: cutting one level too deep or too shallow (at depth 1 the root's children are
evaluated, never their children); evaluating a terminal position instead of taking its utility;
evaluating every node on the way down; an evaluation on a different scale from the utilities.

Run the checks with `python -m autograder grade assignments/cutoff`.
"""
import math


def heuristic_value(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf, order=None):
    """The heuristic minimax value of `state` searched `depth` levels down: at that depth a
    position that is not terminal is worth evaluate(position), a number from MAX's view; a
    terminal position is worth its utility at any depth. Alpha-beta inside (alpha, beta), with
    the window rule and pruning rule of alphabeta_value (fail-soft or fail-hard), and `order` as
    there. depth 0 evaluates `state` itself, unless it is terminal.

    Examined nodes: as in alphabeta_value, a node is examined the first time you ask the game
    about it; evaluating a position is not asking the game. Ask is_terminal first: a cut-off
    position is examined, then evaluated.

    Textbook tree [[3, 12, 8], [2, 4, 6], [14, 5, 2]] with the evaluation 5, 1, 7 for B, C, D:
    at depth 1 the root is worth 7 (max of the evaluations, with only B, C and D examined after
    the root); at depth 2 it is the minimax value 3, the leaves being terminal.
    """
    ### BEGIN SOLUTION
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return evaluate(state)
    actions = order(game, state) if order else game.actions(state)
    if game.to_move(state) == "MAX":
        v = -math.inf
        for a in actions:
            v = max(v, heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha,
                                       beta, order))
            alpha = max(alpha, v)
            if alpha > beta:
                break
        return v
    v = math.inf
    for a in actions:
        v = min(v, heuristic_value(game, game.result(state, a), depth - 1, evaluate, alpha, beta,
                                   order))
        beta = min(beta, v)
        if alpha > beta:
            break
    return v
    ### END SOLUTION


def heuristic_decision(game, state, depth, evaluate, order=None):
    """The best action for the player to move by heuristic_value: each action's child is searched
    depth - 1 levels further (so depth 1 evaluates the children themselves), in `order` as in
    heuristic_value, and the root's own bound tightens after each action as in alphabeta_decision.
    Ties go to the first action in search order.

    Textbook tree with the evaluation 5, 1, 7 for B, C, D: at depth 1 action 2 (D looks best to
    the evaluation), at depth 2 action 0, minimax's own decision. Tic-tac-toe from the empty board
    with the open-lines evaluation at depth 1: cell 4, the centre (worth 4, a corner 3, an edge 2).
    """
    ### BEGIN SOLUTION
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
    ### END SOLUTION


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
    ### BEGIN SOLUTION
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
    ### END SOLUTION
