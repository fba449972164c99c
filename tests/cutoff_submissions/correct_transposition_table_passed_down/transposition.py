def transposition_value(game, state, table=None):
    # One table per search: a new one unless a recursive call hands its own down.
    table = {} if table is None else table
    key = game.key(state)
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
