def quiescence_value(game, state, depth, evaluate, is_quiet):
    if game.is_terminal(state):
        return game.utility(state)
    if depth < 0 or (depth == 0 and is_quiet(state)):  # one level past the cut-off, then stop
        return evaluate(state)
    values = [quiescence_value(game, game.result(state, a), depth - 1, evaluate, is_quiet)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)
