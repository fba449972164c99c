def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    if game.to_move(state) == "MAX":
        v = 0
        for action in game.actions(state):
            value = minimax_value(game, game.result(state, action))
            if value > v:
                v = value
        return v
    else:
        v = 0
        for action in game.actions(state):
            value = minimax_value(game, game.result(state, action))
            if value < v:
                v = value
        return v


def minimax_decision(game, state):
    maximizing = game.to_move(state) == "MAX"
    best_action, best_value = None, None
    for a in game.actions(state):
        value = minimax_value(game, game.result(state, a))
        if best_action is None or (value >= best_value if maximizing else value <= best_value):
            best_action, best_value = a, value
    return best_action
