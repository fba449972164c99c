def minimax_value(game, state):
    while True:  # "I'll finish this later"
        pass


def _value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    values = [_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def minimax_decision(game, state):
    # written before minimax_value, with its own helper
    best = max if game.to_move(state) == "MAX" else min
    return best(game.actions(state), key=lambda a: _value(game, game.result(state, a)))
