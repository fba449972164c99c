"""Hypothesis strategies for the games the checks generate, composed from small pieces.

Each strategy produces plain JSON specs (the form calls travel in), so a shrunk example can be sent to
the worker, run on the reference and drawn for the student without translation. Leaf values come from
a small range so that ties are frequent; trees have early terminals and single-child chains because
`st.recursive` mixes leaves and lists at every level.
"""
import math

from hypothesis import assume
from hypothesis import strategies as st

from autograder.games import TicTacToe
from autograder.games.tictactoe import EMPTY_BOARD

MAX_DEPTH = 6
MAX_BRANCHING = 5

integer_leaves = st.integers(-4, 4)
half_leaves = st.integers(-8, 8).map(lambda n: n / 2)   # floats, some equal to integer leaves
leaves = st.one_of(integer_leaves, half_leaves)
players = st.sampled_from(["MAX", "MIN"])


def depth(tree):
    return 1 + max(map(depth, tree)) if isinstance(tree, list) else 0


def nodes(max_leaves=40):
    """A tree or a leaf: lists of 1..5 children, at most 6 levels deep."""
    return st.recursive(leaves, lambda children: st.lists(children, min_size=1,
                                                          max_size=MAX_BRANCHING),
                        max_leaves=max_leaves).filter(lambda tree: depth(tree) <= MAX_DEPTH)


def inner_nodes(max_leaves=40):
    """A tree whose root has children, for the functions that choose an action."""
    return nodes(max_leaves).filter(lambda tree: isinstance(tree, list))


def tree_games(root=None, inner=False):
    """A tree game spec; the root may be a bare leaf unless `inner`."""
    trees = inner_nodes() if inner else nodes()
    return st.builds(lambda tree, player: {"kind": "tree", "tree": tree, "root": player},
                     trees, players if root is None else st.just(root))


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
    alpha, beta = draw(ends), draw(ends)
    assume(alpha != beta)
    return min(alpha, beta), max(alpha, beta)


def games_with_windows():
    return tree_games().flatmap(lambda game: windows(game).map(lambda window: (game, window)))


orders = st.one_of(st.just({"kind": "reversed"}),
                   st.integers(0, 2**16).map(lambda seed: {"kind": "shuffled", "seed": seed}))


@st.composite
def evaluations(draw, game):
    """A table evaluation with a score for every node of the tree, ties frequent."""
    all_paths = list(paths(game["tree"]))
    scores = draw(st.lists(st.integers(-2, 2), min_size=len(all_paths), max_size=len(all_paths)))
    return {"kind": "table", "values": [[list(p), s] for p, s in zip(all_paths, scores)]}


def games_with_evaluations():
    return tree_games(inner=True).flatmap(
        lambda game: evaluations(game).map(lambda evaluation: (game, evaluation)))


@st.composite
def positions(draw, min_moves=0, max_moves=8):
    """A tic-tac-toe board (9 characters) reached by legal play and not yet over."""
    cells = draw(st.permutations(range(9)))
    moves = draw(st.integers(min_moves, max_moves))
    game = TicTacToe()
    state = game.initial
    for cell in cells[:moves]:
        following = game.result(state, cell)
        if game.is_terminal(following):
            break
        state = following
    return "".join(state.board)


def board_games(min_moves=0, max_moves=8):
    return positions(min_moves, max_moves).map(lambda board: {"kind": "tictactoe", "board": board})


EMPTY = "".join(EMPTY_BOARD)


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
    return {"tree": tree, "ours": ours, "theirs": theirs, "root": "start"}
