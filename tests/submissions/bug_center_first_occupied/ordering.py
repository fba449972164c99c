"""Move ordering for alpha-beta."""

CENTRE = [4]
CORNERS = [0, 2, 6, 8]
EDGES = [1, 3, 5, 7]


def center_first(game, state):
    # the centre, then the corners, then the edges
    return CENTRE + CORNERS + EDGES


def evaluation_order(game, state, evaluate):
    actions = game.actions(state)
    scores = {a: evaluate(game.result(state, a)) for a in actions}
    if game.to_move(state) == "MAX":
        return sorted(actions, key=lambda a: -scores[a])
    return sorted(actions, key=lambda a: scores[a])
