def transposition_value(game, state, table=None):
    table = {} if table is None else table
    if game.is_terminal(state):  # asked before the table is looked at
        return game.utility(state)
    key = game.key(state)
    if key in table:
        return table[key]
    children = [transposition_value(game, game.result(state, a), table)
                for a in game.actions(state)]
    table[key] = max(children) if game.to_move(state) == "MAX" else min(children)
    return table[key]
