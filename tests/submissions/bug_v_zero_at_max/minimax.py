import math


def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    children = [game.result(state, action) for action in game.actions(state)]
    if game.to_move(state) == "MAX":
        best = 0
        for child in children:
            value = minimax_value(game, child)
            if value > best:
                best = value
    else:
        best = math.inf
        for child in children:
            value = minimax_value(game, child)
            if value < best:
                best = value
    return best


def minimax_decision(game, state):
    actions = game.actions(state)
    children = [game.result(state, action) for action in actions]
    maximizing = game.to_move(state) == "MAX"
    best_action = None
    best_value = None
    for i in range(len(actions)):
        value = minimax_value(game, children[i])
        if best_action is None:
            best_action, best_value = actions[i], value
        elif maximizing and value > best_value:
            best_action, best_value = actions[i], value
        elif not maximizing and value < best_value:
            best_action, best_value = actions[i], value
    return best_action
