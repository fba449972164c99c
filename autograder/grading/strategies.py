"""Hypothesis strategies for the games the checks generate, composed from small pieces.

Each strategy produces plain JSON specs (games/specs.py: the form calls travel in), so a shrunk
example can be sent to the worker, run on the reference and drawn for the student without
translation. Leaf values come from a small range so that ties are frequent; trees have early
terminals and single-child chains.
Trees are drawn node by node rather than with `st.recursive`, which costs twice as much per game,
and each strategy is made once (lru_cache) rather than at each draw: hypothesis checks every new
strategy it is given, which took as long as the draws themselves.
"""
import math
from functools import lru_cache

from hypothesis import strategies as st

from autograder.games import TicTacToe
from autograder.games.specs import (board_spec, noisy_positions, price_war_spec, reversed_order,
                                    shuffled_order, table_evaluation, tree_spec)

MAX_DEPTH = 6
MAX_NODES = 40

integer_leaves = st.integers(-4, 4)
# Integers and halves, 2 and 2.0 both among them: one draw per leaf, shrinking towards 0.
LEAF_VALUES = sorted([*range(-4, 5), *(n / 2 for n in range(-8, 9))],
                     key=lambda value: (abs(value), type(value) is float, value < 0))
leaves = st.sampled_from(LEAF_VALUES)
players = st.sampled_from(["MAX", "MIN"])
has_children = st.booleans()  # shrinks to False: a leaf
# Below the root, at most this many children by level: bushy near the root, chains below.
most_children = dict(zip(range(MAX_DEPTH), (5, 5, 3, 2, 2, 2)))
more_children = st.booleans()
node_scores = st.integers(-2, 2)  # a table evaluation's, ties frequent


@lru_cache(maxsize=None)  # one strategy per place in a tree: hypothesis checks each new one
@st.composite
def subtrees(draw, level, drawn, scored):
    """A node `level` moves below the root, drawn after `drawn` nodes of its tree, and its subtree:
    the subtree, how many nodes the tree has then, and with `scored` the score of each of its nodes
    for a table evaluation, by its path from this node, else None. Each node is a draw of its own,
    which hypothesis's shrinker can put in its parent's place or delete whole: a failing tree
    shrinks to the few nodes that show the failure, not to a bushy tree of zeros. A node's score
    is drawn with it, so that it shrinks with its node."""
    drawn += 1
    scores = {(): draw(node_scores)} if scored else None
    if level == MAX_DEPTH or drawn >= MAX_NODES or not draw(has_children):
        return draw(leaves), drawn, scores
    children, drawn = draw_children(draw, level, drawn, scores)
    return children, drawn, scores


def draw_children(draw, level, drawn, scores):
    """The children of a node `level` moves deep, drawn after `drawn` nodes of its tree, and how
    many nodes the tree has then: one, then each next one while a drawn flag says so, up to the
    level's most. A flag and its child go together, so the shrinker deletes any one child, not
    only the last. Their scores, with `scores` (a dict), are added to it by their paths."""
    children = []
    while not children or (len(children) < most_children[level] and draw(more_children)):
        child, drawn, below = draw(subtrees(level + 1, drawn, scores is not None))
        if scores is not None:
            scores.update({(len(children), *path): score for path, score in below.items()})
        children.append(child)
    return children, drawn


@st.composite
def trees(draw, inner=False, scored=False):
    """A tree as nested lists, at most 6 levels and about 40 nodes, and with `scored` the score of
    each of its nodes for a table evaluation by its path, drawn with its node (subtrees), else
    None. The root has 0-5 children (1-5 when `inner`); any other node is a leaf about half the
    time, which gives early terminals. Every value drawn shows in the tree, so hypothesis spends no
    example on a tree it has already tried, and every draw shrinks towards a smaller tree."""
    scores = {(): draw(node_scores)} if scored else None
    if not inner and not draw(has_children):
        return draw(leaves), scores
    return draw_children(draw, 0, 1, scores)[0], scores


@st.composite
def tied_trees(draw, scored=False):
    """A tree whose root's children come twice, the second time in a drawn order: whatever they
    are worth, the root's best action has an equal one after it, which only a search that keeps
    the first of equally good actions answers right. No value is computed to make the tie. With
    `scored`, as trees: the copied half is not scored."""
    tree, scores = draw(trees(inner=True, scored=scored))
    return tree + draw(st.permutations(tree)), scores


@lru_cache(maxsize=None)  # games_with_evaluations asks for it at every draw
def tree_games(inner=False, scored=False):
    """A tree game spec; the root may be a bare leaf unless `inner`. An inner tree is drawn either
    as it comes or with its root's best action tied (tied_trees), at MAX and MIN roots alike.
    With `scored`, the spec and its scores (trees)."""
    shapes = (st.one_of(trees(inner, scored), tied_trees(scored)) if inner else
              trees(inner, scored))
    # The player first: drawn after the tree, MIN came up in a quarter of the games, since
    # hypothesis's draws lean to the simplest value, and the tree's draws come first.
    def game(player, shape):
        tree, scores = shape
        return (tree_spec(tree, player), scores) if scored else tree_spec(tree, player)
    return st.builds(game, players, shapes)


def both_roots(game):
    """A tree game, then the same tree with the other player to move: the checks whose answer
    turns on who moves at the root judge both, so MIN roots are exactly half of their games
    (drawn, the root's player leans to MAX, the simpler draw: a fifth of a check's games, at
    worst)."""
    return [game, tree_spec(game["tree"], "MIN" if game["root"] == "MAX" else "MAX")]


def leaf_values(tree):
    if not isinstance(tree, list):
        return [tree]
    return [value for child in tree for value in leaf_values(child)]


def paths(tree, prefix=()):
    """Every node's path, root first, depth first."""
    yield prefix
    if isinstance(tree, list):
        for index, child in enumerate(tree):
            yield from paths(child, prefix + (index,))


@st.composite
def windows(draw, game):
    """An open window alpha < beta whose ends are often leaf values or infinities.

    Closed windows (alpha == beta) are left out: with one, a fail-soft search that follows the
    pruning rule returns its first child's value, which the window rule does not allow, so
    checking them would fail correct code (docs/student-api.md, last section)."""
    ends = st.one_of(st.sampled_from(sorted(set(leaf_values(game["tree"])))),
                     st.sampled_from([-math.inf, math.inf]), integer_leaves)
    alpha = draw(ends)
    beta = draw(ends.filter(lambda end: end != alpha))  # redrawn in place: no game is wasted
    return min(alpha, beta), max(alpha, beta)


@st.composite
def games_with_windows(draw):
    game = draw(tree_games())
    return game, draw(windows(game))


orders = st.one_of(st.just(reversed_order()), st.integers(0, 2**16).map(shuffled_order))


@st.composite
def games_with_evaluations(draw):
    """A tree game with a table evaluation that scores its every node, ties frequent. Each score
    is drawn with its node (subtrees), so that it leaves with the node when a failure shrinks;
    the copied half of a tied tree is scored after it."""
    game, scores = draw(tree_games(inner=True, scored=True))
    unscored = [path for path in paths(game["tree"]) if path not in scores]
    scores.update(zip(unscored, draw(st.lists(node_scores, min_size=len(unscored),
                                              max_size=len(unscored)))))
    return game, table_evaluation((path, scores[path]) for path in paths(game["tree"]))


@st.composite
def cut_off_games(draw):
    """A tree game, a table evaluation of its every node and a depth to cut the search at, from
    the root alone (0) to past the deepest leaves, where nothing is evaluated. The depth is drawn
    first: drawn after the tree, it would be read from another draw whenever the shrinker made
    the tree smaller, and a failure that needs its depth would not shrink."""
    depth = draw(st.integers(0, MAX_DEPTH))
    game, evaluation = draw(games_with_evaluations())
    return game, evaluation, depth


@st.composite
def quiescent_games(draw):
    """A cut-off game (cut_off_games) and its noisy positions: any node may be one, about half of
    them are, those past the cut-off among them."""
    game, evaluation, depth = draw(cut_off_games())
    all_paths = list(paths(game["tree"]))
    noisy = draw(st.lists(st.booleans(), min_size=len(all_paths), max_size=len(all_paths)))
    return game, evaluation, depth, noisy_positions(p for p, n in zip(all_paths, noisy) if n)


@st.composite
def cut_off_games_with_windows(draw):
    """A cut-off game (cut_off_games) and an open window (windows)."""
    game, evaluation, depth = draw(cut_off_games())
    return game, evaluation, depth, draw(windows(game))


@st.composite
def positions(draw):
    """A tic-tac-toe board (9 characters) reached by legal play and not yet over."""
    cells = draw(st.permutations(range(9)))
    moves = draw(st.integers(0, 8))
    game = TicTacToe()
    state = game.initial
    for cell in cells[:moves]:
        following = game.result(state, cell)
        if game.is_terminal(following):
            break
        state = following
    return "".join(state.board)


def board_games():
    return positions().map(board_spec)


@st.composite
def won_positions(draw):
    """A tic-tac-toe board (9 characters) reached by legal play where one side has just won."""
    game, state = TicTacToe(), None
    while state is None or not game.is_terminal(state) or not game.utility(state):
        state = game.initial
        for cell in draw(st.permutations(range(9))):
            state = game.result(state, cell)
            if game.is_terminal(state):
                break
    return "".join(state.board)


@st.composite
def price_wars(draw):
    """A general-sum game of two moves: 1-4 options, 1-4 responses each, payoffs with ties."""
    payoffs = st.integers(-3, 3)
    tree = {"start": []}
    ours, theirs = {}, {}
    for i in range(1, draw(st.integers(1, 4)) + 1):
        option = f"option_{i}"
        tree["start"].append(option)
        tree[option] = []
        for j in range(1, draw(st.integers(1, 4)) + 1):
            leaf = f"option_{i}_reply_{j}"
            tree[option].append(leaf)
            ours[leaf], theirs[leaf] = draw(payoffs), draw(payoffs)
    return price_war_spec(tree, ours, theirs, "start")
