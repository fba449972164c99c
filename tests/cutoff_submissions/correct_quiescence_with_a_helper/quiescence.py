def quiescence_value(game, state, depth, evaluate, is_quiet):
    if game.is_terminal(state):
        return game.utility(state)
    if depth > 0:
        return best(game, state, depth, evaluate, is_quiet)
    # past the cut-off: a quiet position is judged, a noisy one searched on
    return evaluate(state) if is_quiet(state) else best(game, state, 0, evaluate, is_quiet)


def best(game, state, depth, evaluate, is_quiet):
    values = [quiescence_value(game, game.result(state, action), depth - 1, evaluate, is_quiet)
              for action in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)
