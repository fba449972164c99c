"""Move ordering: search the promising actions first, so that alpha-beta prunes more."""

CENTER_FIRST = [4, 0, 2, 6, 8, 1, 3, 5, 7]  # centre, corners, edges


def center_first(game, state):
    """Tic-tac-toe's legal actions: the centre, then the corners, then the edges."""
    legal = game.actions(state)
    return [cell for cell in CENTER_FIRST if cell in legal]


def evaluation_order(game, state, evaluate):
    """The legal actions sorted by the evaluation of the state each leads to, best first for the
    player to move; the sort is stable, so equal scores keep the game's order."""
    maximizing = game.to_move(state) == "MAX"
    return sorted(game.actions(state), key=lambda a: evaluate(game.result(state, a)),
                  reverse=maximizing)
