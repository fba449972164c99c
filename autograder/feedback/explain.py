"""Why a search examines a node or leaves it out, in one sentence, at the first node where a
student's search and the reference's part: alpha-beta, negamax, and the searches cut off at a
depth (heuristic alpha-beta, quiescence).

The sentence comes from a narrated search (replaying/variants.py with no mistake switched on), run
on the same game, window and order as the check's call, or in the students' release read back from
what was recorded for it (replaying/record.py): the window each node had after each child tells why
it went on or stopped, and where the search was cut off, why it went no deeper (or, in quiescence,
why it did). Negamax's windows are in the values of the player to move, which the sentence says.
In a tree the sentence names nodes by their letters; in tic-tac-toe and Connect Four it names the
positions where the searches decided by short labels (P, Q) and draws each one as a board after
it, and a child of a position by the move that makes it.
"""
from autograder.drawing import draw_board, draw_connect_four, moves, name_node
from autograder.feedback.narration import Narration
from autograder.runner.observations import first_difference
from autograder.worker.calls import build_game, decode_path, encode_path, state_at

try:
    from autograder.feedback.replaying.replay import narrate as narrate_live
except ImportError:  # the students' release: no working search, only what was recorded
    narrate_live = None


def bound(value):
    return f"{value:+g}" if abs(value) == float("inf") else f"{value:g}"


def narrate(call, known=None):
    """The narration of the correct search for `call`: from `known`, what replaying/record.py
    recorded for it, when given, else narrated here; None for calls it cannot narrate, or when
    neither is at hand."""
    if known is not None:
        return Narration.from_data(known["narration"]) if "narration" in known else None
    return narrate_live(call) if narrate_live else None


def cuts(call, known=None):
    """Where the correct search pruned, and the window that made it: {encoded path: (alpha,
    beta)} after the node's last searched child."""
    narration = narrate(call, known)
    if narration is None:
        return {}
    return {encode_path(path): narration.windows[path, narration.searched[path][-1]]
            for path in narration.pruned}


class Names:
    """How the sentences on one game name its nodes: in a tree by their letters; in tic-tac-toe a
    position that decides by a label (P, then Q...), given the first time it is named, and its
    children by their moves. `positions` keeps the labelled positions' paths, in order."""

    LABELS = "PQRSTUVW"

    def __init__(self, spec):
        self.spec, self.positions = spec, []

    @property
    def board(self):
        return self.spec["kind"] != "tree"

    def label(self, path):
        if path not in self.positions:
            self.positions.append(path)
        return self.LABELS[self.positions.index(path) % len(self.LABELS)]

    def subject(self, path):
        """A node deciding as a sentence's subject: "node C", or "position P (after moves 0,
        4)" the first time and "position P" after."""
        if not self.board:
            return f"node {name_node(self.spec, path)}"
        first = path not in self.positions
        label = self.label(path)
        if not first:
            return f"position {label}"
        where = (f"after move{'s' * (len(path) > 1)} {moves(path)[1:-1]}" if path else
                 "the given position")
        return f"position {label} ({where})"

    def owner(self, path):
        """Whose remaining children: "C's", "P's"."""
        return f"{name_node(self.spec, path) if not self.board else self.label(path)}'s"

    def child(self, path):
        """A child as the sentence names it: "C1", or "move 6"."""
        return f"move {path[-1]}" if self.board else name_node(self.spec, path)

    def children(self):
        return "moves" if self.board else "children"

    def drawings(self):
        """Each labelled position, drawn as a board after its label: tic-tac-toe's or Connect
        Four's."""
        game = build_game(self.spec) if self.board else None
        draw = draw_connect_four if self.spec["kind"] == "connect_four" else draw_board
        return "".join(f"\nPosition {self.label(path)}:\n{draw(state_at(game, path).board)}"
                       for path in self.positions)


def in_values(narration, path):
    """Whose values a negamax node's window holds, said after it; '' for alpha-beta's, which are
    MAX's as always."""
    mover = narration.movers.get(path)
    if mover is None:
        return ""
    negated = ": MAX's values negated" if mover == "MIN" else ""
    return f" (in the values of {mover}, who moves there{negated})"


def at_the_cut_off(narration, path):
    """Where a node the search was cut off at lies: "at the cut-off", or "past the cut-off" (a
    quiescence search gone on)."""
    levels, _ = narration.cut[path]
    return "at the cut-off" if levels == 0 else "past the cut-off"


def why_pruned(narration, names, path):
    """Why the reference never examines `path`: the nearest ancestor that stopped before it,
    pruning or evaluated at the cut-off."""
    for depth in range(len(path) - 1, -1, -1):
        parent, child = path[:depth], path[:depth + 1]
        searched = narration.searched.get(parent, [])
        below = "" if child == path else " and everything below them"
        if parent in narration.cut and narration.cut[parent][1] is not False:
            quiet = " and quiet" if narration.cut[parent][1] else ""
            return (f"{names.subject(parent)} is {at_the_cut_off(narration, parent)}{quiet}, so "
                    f"the search evaluates it and examines none of its "
                    f"{names.children()}{below}")
        if parent in narration.pruned and child not in searched:
            last = searched[-1]
            alpha, beta = narration.windows[parent, last]
            return (f"after {names.child(last)}, {names.subject(parent)} had "
                    f"alpha={bound(alpha)} >= beta={bound(beta)}{in_values(narration, parent)}, "
                    f"so {names.owner(parent)} remaining {names.children()}{below} are pruned")
    return None


def why_examined(narration, names, path):
    """Why the reference examines `path` at this point of its search."""
    if not path:
        return "every search starts by examining the node it is given"
    parent = path[:-1]
    searched = narration.searched.get(parent, [])
    if path not in searched:
        return None
    if parent in narration.cut:  # a noisy position the quiescence search goes on from
        return (f"{names.subject(parent)} is {at_the_cut_off(narration, parent)} but not quiet, "
                f"so the search goes on to its {names.children()}")
    index = searched.index(path)
    if index == 0:
        return (f"{names.child(path)} is the first of {names.subject(parent)}'s "
                f"{names.children()} searched, and no node prunes before it has searched one"
                if names.board else
                f"{names.child(path)} is the first child {names.child(parent)} searches, and no "
                f"node prunes before it has searched a child")
    previous = searched[index - 1]
    if (parent, previous) not in narration.windows:  # a search without pruning
        return (f"{names.subject(parent)} searches every one of its {names.children()}, since "
                f"this search never prunes, so it goes on to {names.child(path)}")
    alpha, beta = narration.windows[parent, previous]
    return (f"after {names.child(previous)}, {names.subject(parent)} had alpha={bound(alpha)} < "
            f"beta={bound(beta)}{in_values(narration, parent)}, so it had to go on to "
            f"{names.child(path)}")


def divergence(call, spec, mine, theirs, known=None):
    """One or two sentences on the first divergence between two traces (encoded paths), and in
    tic-tac-toe the positions they name, drawn; '' when the search cannot be narrated."""
    narration = narrate(call, known)
    if narration is None:
        return ""
    names = Names(spec)
    step = first_difference(mine, theirs)
    sentences = []
    if step < len(mine) and mine[step] not in set(theirs):
        sentences.append(why_pruned(narration, names, decode_path(mine[step])))
    if step < len(theirs):
        sentences.append(why_examined(narration, names, decode_path(theirs[step])))
    sentences = [s[0].upper() + s[1:] for s in sentences if s]
    return " ".join(f"{s}." for s in sentences) + names.drawings()
