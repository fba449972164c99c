"""Minimax, one student's answer (a similarity fixture: the original that renamed/ copies)."""


def minimax_value(game, state):
    # A leaf is worth its utility; otherwise back up the children's values.
    if game.is_terminal(state):
        return game.utility(state)
    player = game.to_move(state)
    scores = []
    for action in game.actions(state):
        child = game.result(state, action)
        scores.append(minimax_value(game, child))
    if player == "MAX":
        return max(scores)
    return min(scores)


def minimax_decision(game, state):
    # Keep the first of equal actions: only a strictly better one replaces it.
    player = game.to_move(state)
    best_action, best_score = None, None
    for action in game.actions(state):
        score = minimax_value(game, game.result(state, action))
        better = (best_score is None
                  or (score > best_score if player == "MAX" else score < best_score))
        if better:
            best_action, best_score = action, score
    return best_action
