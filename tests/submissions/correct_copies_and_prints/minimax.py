"""Minimax, being careful: every state is deep-copied before use, and every node is logged."""
import copy


def minimax_value(game, state):
    state = copy.deepcopy(state)  # never touch the caller's state
    print("minimax_value: visiting", state)
    if game.is_terminal(state):
        return game.utility(state)
    values = []
    for action in game.actions(state):
        values.append(minimax_value(game, game.result(state, action)))
    if game.to_move(state) == "MAX":
        return max(values)
    return min(values)


def minimax_decision(game, state):
    state = copy.deepcopy(state)
    print("minimax_decision from", state)
    scored = []
    for action in game.actions(state):
        scored.append((action, minimax_value(game, game.result(state, action))))
    if game.to_move(state) == "MAX":
        best = max(value for _, value in scored)
    else:
        best = min(value for _, value in scored)
    for action, value in scored:
        if value == best:
            print("decision:", action)
            return action
