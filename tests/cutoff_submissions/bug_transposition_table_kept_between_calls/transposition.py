TABLE = {}


def transposition_value(game, state):
    key = game.key(state)
    if key in TABLE:
        return TABLE[key]
    if game.is_terminal(state):
        value = game.utility(state)
    else:
        children = [transposition_value(game, game.result(state, a)) for a in game.actions(state)]
        value = max(children) if game.to_move(state) == "MAX" else min(children)
    TABLE[key] = value
    return value
