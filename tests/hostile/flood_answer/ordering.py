CENTER_FIRST = [4, 0, 2, 6, 8, 1, 3, 5, 7]


def center_first(game, state):
    # "the more the better": three million actions (9 MB of JSON, under the reply's 256 MiB cap)
    return CENTER_FIRST[:1] * 3_000_000


def evaluation_order(game, state, evaluate):
    maximizing = game.to_move(state) == "MAX"
    return sorted(game.actions(state), key=lambda a: evaluate(game.result(state, a)),
                  reverse=maximizing)
