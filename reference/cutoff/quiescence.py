"""Quiescence search: do not stop where the position is still moving.

Cutting the search off at a fixed depth judges a position in the middle of an exchange as if it
were settled: the evaluation counts a piece just captured and not the recapture one move later.
That is the horizon effect, and the lessons' half remedy is quiescence: at the cut-off, a position
that is not quiet (captures pending, a check) is searched on, level after level, until the
positions are quiet, and only quiet positions are evaluated. The horizon moves to where it does
less harm; it does not go away.

Common errors: evaluating every position at the cut-off, quiet or not (no quiescence at all);
searching one level past the cut-off and then evaluating whatever is there; testing depth == 0,
which is true at the cut-off only, so that past it nothing is ever evaluated again.

Run the checks with `python -m autograder grade assignments/cutoff`.
"""


def quiescence_value(game, state, depth, evaluate, is_quiet):
    """The minimax value of `state` cut off at `depth`, with quiescence: a terminal position is
    worth its utility; a position at the cut-off or below it (depth <= 0 levels left) is worth
    evaluate(position) if is_quiet(position), and is searched on, level after level, if not; any
    other position is worth the max (MAX to move) or min (MIN to move) of its children. No pruning.

    Examined nodes: as in minimax_value; evaluating a position and asking whether it is quiet are
    not asking the game. Ask is_terminal first.

    Textbook tree [[3, 12, 8], [2, 4, 6], [14, 5, 2]] cut off at depth 1, the evaluation giving B 5,
    C 9 and D 1, with C noisy: B and D are evaluated, C is searched on to its leaves (2), and the
    root is worth 5 where the cut-off alone would take C's 9: the exchange under C was not over.
    """
    ### BEGIN SOLUTION
    if game.is_terminal(state):
        return game.utility(state)
    if depth <= 0 and is_quiet(state):
        return evaluate(state)
    values = [quiescence_value(game, game.result(state, a), depth - 1, evaluate, is_quiet)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)
    ### END SOLUTION
