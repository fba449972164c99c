"""A minimax that takes a short cut from tic-tac-toe: at a MAX node it stops at the first child
worth 1, as if 1 were the best any position could be worth. Its decision calls it."""


def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == "MAX"
    best = None
    for a in game.actions(state):
        value = minimax_value(game, game.result(state, a))
        if maximizing and value == 1:
            return value  # a win: nothing can be better (true in tic-tac-toe only)
        if best is None or (value > best if maximizing else value < best):
            best = value
    return best


def minimax_decision(game, state):
    best = max if game.to_move(state) == "MAX" else min
    return best(game.actions(state), key=lambda a: minimax_value(game, game.result(state, a)))
