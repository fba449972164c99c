"""The answers to the course's examples, worked out by hand from the notes."""

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
EXERCISE_1 = [[5, 9, 4], [2, 7, 8], [6, 11, 3]]
TREE_VALUES = [(TEXTBOOK, 3), (EXERCISE_1, 4)]
TREE_ACTIONS = [(TEXTBOOK, 0), (EXERCISE_1, 0)]

EMPTY = " " * 9
BLOCK = "XOX O    "
DOUBLE_THREAT = "XO  X   O"
BOARD_VALUES = {EMPTY: 0, BLOCK: 0, DOUBLE_THREAT: 1}
BOARD_ACTIONS = {EMPTY: 0, BLOCK: 7, DOUBLE_THREAT: 3}


def board_of(state):
    """The board as a string, or None when the game is not tic-tac-toe."""
    board = getattr(state, "board", None)
    return None if board is None else "".join(board)


def as_lists(game, state):
    """The tree below `state` written out as nested lists, like the notes draw it."""
    if game.is_terminal(state):
        return game.utility(state)
    return [as_lists(game, game.result(state, a)) for a in game.actions(state)]


def lookup(table, tree):
    for known, answer in table:
        if tree == known:
            return answer
    return None


def first_leaf(tree):
    while isinstance(tree, list):
        tree = tree[0]
    return tree
