def transposition_value(game, state, table=None):
    table = {} if table is None else table
    key = state.path  # the moves that led here, which no other path shares
    if key in table:
        return table[key]
    if game.is_terminal(state):
        value = game.utility(state)
    else:
        children = [transposition_value(game, game.result(state, a), table)
                    for a in game.actions(state)]
        value = max(children) if game.to_move(state) == "MAX" else min(children)
    table[key] = value
    return value
