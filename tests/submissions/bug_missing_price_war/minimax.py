"""Minimax: the value of a position when both players play perfectly from there on."""


def minimax_value(game, state):
    """MINIMAX(s) is UTILITY(s) at a terminal state, else the max (MAX to move) or the min (MIN to
    move) of MINIMAX(RESULT(s, a)) over the actions a of s."""
    if game.is_terminal(state):
        return game.utility(state)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def minimax_decision(game, state):
    """The action with the best minimax value for the player to move; the first of ties."""
    best = max if game.to_move(state) == "MAX" else min
    return best(game.actions(state), key=lambda a: minimax_value(game, game.result(state, a)))
