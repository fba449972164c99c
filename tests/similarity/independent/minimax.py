"""Minimax written independently (a similarity fixture): one helper per player, recursion by
mutual calls, and the decision sorted out with enumerate."""

MAX_PLAYER = "MAX"


def _max_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    return max(_min_value(game, game.result(state, a)) for a in game.actions(state))


def _min_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    return min(_max_value(game, game.result(state, a)) for a in game.actions(state))


def minimax_value(game, state):
    helper = _max_value if game.to_move(state) == MAX_PLAYER else _min_value
    return helper(game, state)


def minimax_decision(game, state):
    sign = 1 if game.to_move(state) == MAX_PLAYER else -1
    ranked = [(-sign * minimax_value(game, game.result(state, a)), i, a)
              for i, a in enumerate(game.actions(state))]
    return min(ranked)[2]
