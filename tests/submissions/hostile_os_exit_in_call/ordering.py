import os

ORDER = [4, 0, 2, 6, 8, 1, 3, 5, 7]


def center_first(game, state):
    os._exit(3)


def evaluation_order(game, state, evaluate):
    actions = game.actions(state)
    sign = 1 if game.to_move(state) == "MAX" else -1
    return sorted(actions, key=lambda a: -sign * evaluate(game.result(state, a)))
