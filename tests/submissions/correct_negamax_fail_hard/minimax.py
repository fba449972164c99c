"""Minimax as negamax: the value for the player to move is the best of the children's values negated."""


def _negamax(game, state):
    if game.is_terminal(state):
        sign = 1 if game.to_move(state) == "MAX" else -1
        return sign * game.utility(state)
    best = None
    for action in game.actions(state):
        score = -_negamax(game, game.result(state, action))
        if best is None or score > best:
            best = score
    return best


def minimax_value(game, state):
    sign = 1 if game.to_move(state) == "MAX" else -1
    return sign * _negamax(game, state)


def minimax_decision(game, state):
    best_action, best_score = None, None
    for action in game.actions(state):
        score = -_negamax(game, game.result(state, action))
        if best_action is None or score > best_score:
            best_action, best_score = action, score
    return best_action
