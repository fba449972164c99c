"""The course texts' own examples, which every relevant check tries before its generated games."""
from autograder.games.price_war import OUR_MARGIN, PRICE_WAR_TREE, THEIR_MARGIN


def tree(nested, root="MAX"):
    return {"kind": "tree", "tree": nested, "root": root}


def board(cells):
    return {"kind": "tictactoe", "board": cells}


# The A/B/C/D tree: value 3, action 0; alpha-beta examines 11 of its 13 nodes.
TEXTBOOK = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
# Exercise 1: value 4, action 0 (E); alpha-beta examines 7 of the 9 leaves.
EXERCISE_1 = tree([[5, 9, 4], [2, 7, 8], [6, 11, 3]])
TREES = [TEXTBOOK, EXERCISE_1]

# The empty board (value 0), O threatening the middle column (X must block at 7, value 0) and X
# able to make a double threat at 3 (value +1). Alpha-beta examines 18,297, 101 and 93 nodes.
EMPTY = board("         ")
BLOCK = board("XOX O    ")
DOUBLE_THREAT = board("XO  X   O")
POSITIONS = [EMPTY, BLOCK, DOUBLE_THREAT]

# Exercise 2's order: centre, corners, edges (alpha-beta from the empty board: 7,275 nodes).
CENTER_CORNERS_EDGES = [4, 0, 2, 6, 8, 1, 3, 5, 7]

# The price war: guaranteed baixar_5 (floor 5); rational responses m_comp_baixa5, b5_comp_iguala,
# b10_comp_iguala, so the rational decision is baixar_5 too (margin 8).
PRICE_WAR = {"tree": PRICE_WAR_TREE, "ours": OUR_MARGIN, "theirs": THEIR_MARGIN, "root": "inici"}

NAMES = [(TEXTBOOK, "the course's textbook tree"),
         (EXERCISE_1, "the tree of the course's exercise 1"),
         (EMPTY, "the empty board"), (BLOCK, "the course's blocking position"),
         (DOUBLE_THREAT, "the course's double-threat position"),
         (PRICE_WAR, "the course's price war")]


def name_of(example):
    """What the course calls this input, or None for a generated one."""
    return next((name for known, name in NAMES if known == example), None)
