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
    actions = game.actions(state)
    values = [minimax_value(game, game.result(state, action)) for action in actions]
    if game.to_move(state) == "MAX":
        best = max(values)
    else:
        best = min(values)
    return actions[values.index(best)]
