"""Inputs drawn for people: trees as the course draws them, boards as a 3x3 grid.

Inner nodes are lettered breadth first (A is the root, then B, C, D...), and a leaf is named after
its parent and its position (B1, B2, B3), so the textbook tree reads exactly as in the course texts.

May import: language.
"""
import itertools
import math
import string
from collections import deque

from autograder.language import N_, _, ngettext, number, value

OTHER = {"MAX": "MIN", "MIN": "MAX"}
# Who examined a node (examined_by's answer) -> what every legend says of it, in the legends'
# order, translated where it is shown. The reference is named as the feedback names it: alpha-beta.
EXAMINED = {
    # TRANSLATORS: a legend of the tree drawn for a failure: how the nodes are coloured.
    "both": N_("examined by both searches"),
    "extra": N_("examined only by your search"),
    "missed": N_("examined only by alpha-beta"),
    "pruned": N_("pruned by both"),
}


def examined_by(key, student, reference):
    """Who examined a node (by encoded path) of two searches: both, pruned (neither), extra (only
    the student's) or missed (only the reference's), the keys of EXAMINED."""
    return {(True, True): "both", (False, False): "pruned", (True, False): "extra",
            (False, True): "missed"}[key in student, key in reference]


def bound(end):
    """An alpha or beta as the pictures' legends show it: as the language writes a game's values
    (2,5 in Catalan; :g wrote 2.5 there, and 1234567 as 1.23457e+06), an infinity as ∞."""
    if math.isinf(end):
        return "+∞" if end > 0 else "-∞"
    return value(end)


def _letters():
    for size in itertools.count(1):
        for letters in itertools.product(string.ascii_uppercase, repeat=size):
            yield "".join(letters)


def node_names(tree):
    """A dict from each node's path to its name."""
    names, leaves = {}, []
    letters = _letters()
    queue = deque([((), tree)])
    while queue:
        path, node = queue.popleft()
        if isinstance(node, list) or not path:
            names[path] = next(letters)
        else:
            leaves.append(path)
        if isinstance(node, list):
            queue.extend((path + (i,), child) for i, child in enumerate(node))
    for path in leaves:
        names[path] = f"{names[path[:-1]]}{path[-1] + 1}"
    return names


def draw_tree(tree, root="MAX"):
    names = node_names(tree)
    lines = []

    def walk(node, path, player, prefix, last):
        branch = "" if not path else ("└── " if last else "├── ")
        label = (f"{names[path]} ({player})" if isinstance(node, list)
                 else f"{names[path]} = {value(node)}")
        lines.append(prefix + branch + label)
        if isinstance(node, list):
            inner = prefix + ("" if not path else ("    " if last else "│   "))
            for i, child in enumerate(node):
                walk(child, path + (i,), OTHER[player], inner, i == len(node) - 1)

    walk(tree, (), root, "", True)
    return "\n".join(lines)


def draw_board(board):
    rows = [" " + " | ".join(board[i:i + 3]) for i in (0, 3, 6)]
    to_move = "X" if board.count("X") == board.count("O") else "O"
    # TRANSLATORS: {player} is X or O.
    legend = _("({player} to move; cells are numbered 0-8 row by row)").format(player=to_move)
    return "\n---+---+---\n".join(rows) + f"\n{legend}"


def draw_connect_four(board):
    """Rows top first, as the board stands, with the columns numbered below."""
    rows = ["|" + "|".join(board[7 * row:7 * row + 7]) + "|" for row in reversed(range(6))]
    to_move = "X" if board.count("X") == board.count("O") else "O"
    # TRANSLATORS: {player} is X or O.
    legend = _("({player} to move; a move names its column)").format(player=to_move)
    return "\n".join([*rows, " " + " ".join("0123456"), legend])


def draw_example(example):
    """A game spec or a price war, as text."""
    if "tree" in example and "ours" in example:
        return draw_price_war(example["tree"], example["ours"], example["theirs"], example["root"])
    if example["kind"] == "tree":
        return draw_tree(example["tree"], example.get("root", "MAX"))
    if example["kind"] == "connect_four":
        return draw_connect_four(example["board"])
    return draw_board(example["board"])


def draw_input(shown):
    """A failure's input as the text reports show it: heading, drawing, note."""
    note = f"\n{shown['note']}" if shown.get("note") else ""
    return f"{shown['heading']}:\n{draw_example(shown['example'])}{note}"


def name_node(spec, path):
    if spec["kind"] == "tree":
        names = node_names(spec["tree"])
        if tuple(path) in names:
            return names[tuple(path)]
        # TRANSLATORS: {path} is a list of child indices: [0, 2].
        return _("the node at path {path}").format(path=moves(path))
    if not path:
        # TRANSLATORS: the position a search was called on, before any move.
        return _("the given position")
    # TRANSLATORS: {moves} are the moves played from the given position: "0, 4".
    return ngettext("the position after move {moves}", "the position after moves {moves}",
                    len(path)).format(moves=moves(path)[1:-1])


MOVES_SHOWN = 24  # a longer path is named by its length and its first and last moves


def moves(path):
    """A path's moves as feedback spells them: in full when short, else briefly (a made-up state
    may be a million moves deep)."""
    if len(path) <= MOVES_SHOWN:
        return f"[{', '.join(map(str, path))}]"
    half = MOVES_SHOWN // 2
    left_out = len(path) - MOVES_SHOWN
    # TRANSLATORS: how many moves of a long path are left out between its first and last ones.
    more = ngettext("{count} more", "{count} more", left_out).format(count=number(left_out))
    return (f"[{', '.join(map(str, path[:half]))}, ... {more} ..., "
            f"{', '.join(map(str, path[-half:]))}]")


def draw_price_war(tree, ours, theirs, root):
    lines = [f"{root}"]
    for i, option in enumerate(tree[root]):
        last_option = i == len(tree[root]) - 1
        lines.append(("└── " if last_option else "├── ") + option)
        for j, leaf in enumerate(tree[option]):
            bar = "    " if last_option else "│   "
            corner = "└── " if j == len(tree[option]) - 1 else "├── "
            # TRANSLATORS: {leaf} is an outcome's name (code); {ours} and {theirs} the two
            # firms' profits there.
            outcome = _("{leaf}: ours {ours}, theirs {theirs}").format(
                leaf=leaf, ours=value(ours[leaf]), theirs=value(theirs[leaf]))
            lines.append(f"{bar}{corner}{outcome}")
    return "\n".join(lines)


def layout(tree):
    """Where each node goes in a picture: leaves one unit apart, left to right in order, each
    parent centred over its children; the second coordinate is the depth."""
    positions = {}
    leaves = iter(range(10**9))

    def place(node, path):
        if isinstance(node, list):
            xs = [place(child, path + (i,)) for i, child in enumerate(node)]
            x = (xs[0] + xs[-1]) / 2
        else:
            x = next(leaves)
        positions[path] = (x, len(path))
        return x

    place(tree, ())
    return positions


def draw_mermaid(spec):
    """A tree game as a Mermaid `graph TD`, the way the course texts draw their trees."""
    names = node_names(spec["tree"])
    root = spec.get("root", "MAX")

    def label(node, path, player):
        return (f"{player} {names[path]}" if isinstance(node, list)
                else f"{names[path]} = {value(node)}")

    lines = ["graph TD", f'    {names[()]}["{label(spec["tree"], (), root)}"]']

    def walk(node, path, player):
        for i, child in enumerate(node if isinstance(node, list) else []):
            child_path = path + (i,)
            lines.append(f'    {names[path]} --> {names[child_path]}'
                         f'["{label(child, child_path, OTHER[player])}"]')
            walk(child, child_path, OTHER[player])

    walk(spec["tree"], (), root)
    return "\n".join(lines)
