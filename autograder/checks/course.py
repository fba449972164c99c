"""The course texts' own examples, which every relevant check tries before its generated games."""
from autograder.games.price_war import OUR_MARGIN, PRICE_WAR_TREE, THEIR_MARGIN
# Short names, so that each example below reads as the course writes it.
from autograder.games.specs import board_spec, price_war_spec, tree_spec
from autograder.language import N_, _

# The A/B/C/D tree: value 3, action 0; alpha-beta examines 11 of its 13 nodes.
TEXTBOOK = tree_spec([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
# Exercise 1: value 4, action 0 (E); alpha-beta examines 7 of the 9 leaves.
EXERCISE_1 = tree_spec([[5, 9, 4], [2, 7, 8], [6, 11, 3]])
# The same tree with MIN to move (value 6, action 1), and the smallest tie at a MIN root: a search
# that keeps the last of equally good actions answers 1 instead of 0.
TEXTBOOK_MIN = tree_spec([[3, 12, 8], [2, 4, 6], [14, 5, 2]], "MIN")
MIN_TIE = tree_spec([1, 1], "MIN")
# The same tree in MIN's utilities, each leaf's opposite (the course: MIN's utility is exactly
# MAX's opposite), with MAX to move: value -6, action 1. Every value below 0, so a search whose
# alpha starts anywhere but -inf (0, say) prunes where it must not and answers -2.
TEXTBOOK_NEGATED = tree_spec([[-3, -12, -8], [-2, -4, -6], [-14, -5, -2]])
# A MAX node worth 3 whose first child is worth 1, under a MIN root whose other action is worth 2:
# a search that stops at the first child worth 1 (a win, in tic-tac-toe) decides 0 instead of 1.
WIN_NOT_BEST = tree_spec([[1, 3], [2]], "MIN")

# The empty board (value 0), O threatening the middle column (X must block at 7, value 0) and X
# able to make a double threat at 3 (value +1). Alpha-beta examines 18,297, 101 and 93 nodes.
EMPTY = board_spec("         ")
BLOCK = board_spec("XOX O    ")
DOUBLE_THREAT = board_spec("XO  X   O")
POSITIONS = [EMPTY, BLOCK, DOUBLE_THREAT]
# O to move: each of those positions one move on, X having played as the course says (the centre,
# the block at 7, the double threat at 3).
AFTER_CENTRE = board_spec("    X    ")
BLOCKED = board_spec("XOX O  X ")
THREAT_MADE = board_spec("XO XX   O")
O_POSITIONS = [AFTER_CENTRE, BLOCKED, THREAT_MADE]

# Exercise 2's order: centre, corners, edges (alpha-beta from the empty board: 7,275 nodes).
CENTER_CORNERS_EDGES = [4, 0, 2, 6, 8, 1, 3, 5, 7]

# The price war: guaranteed baixar_5 (floor 5); rational responses m_comp_baixa5, b5_comp_iguala,
# b10_comp_iguala, so the rational decision is baixar_5 too (margin 8).
PRICE_WAR = price_war_spec(PRICE_WAR_TREE, OUR_MARGIN, THEIR_MARGIN, "inici")
# Two replies the competitor values alike under option_1, the first leaving us 0 and the second 2,
# and option_2's one reply leaving us 1: a response that keeps the last of equal replies decides
# option_1 instead of option_2.
TIED_REPLIES = price_war_spec(
    {"start": ["option_1", "option_2"], "option_1": ["option_1_reply_1", "option_1_reply_2"],
     "option_2": ["option_2_reply_1"]},
    {"option_1_reply_1": 0, "option_1_reply_2": 2, "option_2_reply_1": 1},
    {"option_1_reply_1": 1, "option_1_reply_2": 1, "option_2_reply_1": 0}, "start")

NAMES = [(TEXTBOOK, N_("the course's textbook tree")),
         (EXERCISE_1, N_("the tree of the course's exercise 1")),
         (TEXTBOOK_MIN, N_("the course's textbook tree with MIN to move")),
         (MIN_TIE, N_("a MIN node with two equal leaves")),
         (TEXTBOOK_NEGATED, N_("the course's textbook tree with each leaf's opposite")),
         (EMPTY, N_("the empty board")), (BLOCK, N_("the course's blocking position")),
         (DOUBLE_THREAT, N_("the course's double-threat position")),
         (AFTER_CENTRE, N_("the empty board after X takes the centre")),
         (BLOCKED, N_("the course's blocking position after X blocks at 7")),
         (THREAT_MADE, N_("the course's double-threat position after X plays 3")),
         (PRICE_WAR, N_("the course's price war"))]


def name_of(example):
    """What the course calls this input, in the language spoken, or None for a generated one."""
    return next((_(name) for known, name in NAMES if known == example), None)
