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
from autograder.contract import decode_path, encode_path
from autograder.drawing import draw_board, draw_connect_four, moves, name_node
from autograder.feedback.narration import Narration
from autograder.language import N_, _, ngettext, value
from autograder.runner.observations import first_difference
from autograder.worker.calls import build_game, state_at

try:
    from autograder.feedback.replaying.replay import narrate as narrate_live
except ImportError:  # the students' release: no working search, only what was recorded
    narrate_live = None


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
        """A node deciding, as a sentence names it: "node C", or "position P (after moves 0, 4)"
        the first time and "position P" after."""
        if not self.board:
            # TRANSLATORS: {name} is a node of a tree, by its name in the drawing: A, C, B1.
            return _("node {name}").format(name=name_node(self.spec, path))
        first = path not in self.positions
        label = self.label(path)
        if not first:
            # TRANSLATORS: {label} is a letter (P, Q...) naming a board drawn after the sentences.
            return _("position {label}").format(label=label)
        if not path:
            # TRANSLATORS: {label} is a letter (P, Q...) naming a board drawn after the sentences;
            # the given position is the one the search was called on.
            return _("position {label} (the given position)").format(label=label)
        # TRANSLATORS: {moves} are the moves played from the given position to reach it: "0, 4".
        return ngettext("position {label} (after move {moves})",
                        "position {label} (after moves {moves})",
                        len(path)).format(label=label, moves=moves(path)[1:-1])

    def name(self, path):
        """A node by its bare name, as in "the remaining children of C": "C", "P"."""
        return self.label(path) if self.board else name_node(self.spec, path)

    def child(self, path):
        """A child as the sentence names it: "C1", or "move 6"."""
        if not self.board:
            return name_node(self.spec, path)
        # TRANSLATORS: {move} is a move's number: a cell in tic-tac-toe, a column in Connect Four.
        return _("move {move}").format(move=path[-1])

    def drawings(self):
        """Each labelled position, drawn as a board after its label: tic-tac-toe's or Connect
        Four's."""
        game = build_game(self.spec) if self.board else None
        draw = draw_connect_four if self.spec["kind"] == "connect_four" else draw_board
        # TRANSLATORS: {label} is a letter (P, Q...) the sentences name a position by.
        heading = _("Position {label}:")
        return "".join(f"\n{heading.format(label=self.label(path))}\n"
                       f"{draw(state_at(game, path).board)}" for path in self.positions)


# The sentences, each in full for a tree's nodes (False) and for positions (True): a language may
# agree "it" and its other words with "node" or "position". {node} is Names.subject's, {child}
# and {next} Names.child's, {name} Names.name's, {values} in_values', {cut} at_the_cut_off's.
PRUNED = {  # (board, whether the node explained lies below the children pruned)
    # TRANSLATORS: {child} is a child (C1, or "move 6"), {node} the node ("node C", or "position
    # P (after moves 0, 4)"), {name} its bare name (C, P); {values} is empty, or a space and a
    # parenthesis saying whose values alpha and beta are.
    (False, False): N_("After {child}, {node} had alpha={alpha} >= beta={beta}{values}, so the "
                       "remaining children of {name} are pruned."),
    # TRANSLATORS: as the one before; the node explained lies below the children pruned.
    (False, True): N_("After {child}, {node} had alpha={alpha} >= beta={beta}{values}, so the "
                      "remaining children of {name} and everything below them are pruned."),
    # TRANSLATORS: {child} is a move ("move 6"), {node} a position ("position P (after moves 0,
    # 4)"), {name} its label (P); {values} is empty, or a space and a parenthesis saying whose
    # values alpha and beta are.
    (True, False): N_("After {child}, {node} had alpha={alpha} >= beta={beta}{values}, so the "
                      "remaining moves from {name} are pruned."),
    # TRANSLATORS: as the one before; the position explained lies below the moves pruned.
    (True, True): N_("After {child}, {node} had alpha={alpha} >= beta={beta}{values}, so the "
                     "remaining moves from {name} and everything below them are pruned."),
}
EVALUATED = {  # (board, whether the node is quiet; None where the search asks no quiet test)
    # TRANSLATORS: {node} is "node C"; {cut} says where it lies: "at the cut-off", "past the
    # cut-off".
    (False, None): N_("{node} is {cut}, so the search evaluates it and examines none of its "
                      "children."),
    # TRANSLATORS: {node} is "node C"; {cut} is "at the cut-off" or "past the cut-off".
    (False, True): N_("{node} is {cut} and quiet, so the search evaluates it and examines none "
                      "of its children."),
    # TRANSLATORS: {node} is "position P (after moves 0, 4)"; {cut} is "at the cut-off" or
    # "past the cut-off".
    (True, None): N_("{node} is {cut}, so the search evaluates it and examines none of its "
                     "moves."),
    # TRANSLATORS: {node} is "position P (after moves 0, 4)"; {cut} is "at the cut-off" or
    # "past the cut-off".
    (True, True): N_("{node} is {cut} and quiet, so the search evaluates it and examines none "
                     "of its moves."),
}
GOES_ON = {  # board: a noisy node at or past the cut-off, which quiescence searches on from
    # TRANSLATORS: {node} is "node C"; {cut} is "at the cut-off" or "past the cut-off".
    False: N_("{node} is {cut} but not quiet, so the search goes on to its children."),
    # TRANSLATORS: {node} is "position P (after moves 0, 4)"; {cut} is "at the cut-off" or
    # "past the cut-off".
    True: N_("{node} is {cut} but not quiet, so the search goes on to its moves."),
}
FIRST = {  # board: the first child searched, before which nothing prunes
    # TRANSLATORS: {child} is a child (C1), {name} the node's bare name (C).
    False: N_("{child} is the first child {name} searches, and no node prunes before it has "
              "searched a child."),
    # TRANSLATORS: {child} is a move ("move 6"), {node} a position ("position P (after moves 0,
    # 4)").
    True: N_("{child} is the first move searched from {node}, and no node prunes before it has "
             "searched one."),
}
EVERY = {  # board: a search that never prunes
    # TRANSLATORS: {node} is "node C", {next} a child (C2).
    False: N_("{node} searches every one of its children, since this search never prunes, so "
              "it goes on to {next}."),
    # TRANSLATORS: {node} is "position P (after moves 0, 4)", {next} a move ("move 7").
    True: N_("{node} searches every one of its moves, since this search never prunes, so it "
             "goes on to {next}."),
}
VALUES = {  # who moves at a negamax node -> whose values its window holds
    # TRANSLATORS: said after alpha and beta, in negamax, whose values they are.
    "MAX": N_("(in the values of MAX, who moves there)"),
    # TRANSLATORS: said after alpha and beta, in negamax, whose values they are.
    "MIN": N_("(in the values of MIN, who moves there: MAX's values negated)"),
}


def in_values(narration, path):
    """Whose values a negamax node's window holds, said after it with a space before; '' for
    alpha-beta's, which are MAX's as always."""
    mover = narration.movers.get(path)
    return "" if mover is None else f" {_(VALUES[mover])}"


def at_the_cut_off(narration, path):
    """Where a node the search was cut off at lies: "at the cut-off", or "past the cut-off" (a
    quiescence search gone on)."""
    levels = narration.cut[path][0]
    if levels == 0:
        # TRANSLATORS: where a node lies, after "is": at the depth where the search is cut off.
        return _("at the cut-off")
    # TRANSLATORS: where a node lies, after "is": deeper than the search's cut-off, where a
    # quiescence search goes on from a noisy position.
    return _("past the cut-off")


def window(narration, parent, child):
    """The bounds `parent` had after `child`, as the sentences write them."""
    alpha, beta = narration.windows[parent, child]
    return {"alpha": value(alpha), "beta": value(beta), "values": in_values(narration, parent)}


def why_pruned(narration, names, path):
    """Why the reference never examines `path`: the nearest ancestor that stopped before it,
    pruning or evaluated at the cut-off."""
    for depth in range(len(path) - 1, -1, -1):
        parent, child = path[:depth], path[:depth + 1]
        searched = narration.searched.get(parent, [])
        if parent in narration.cut and narration.cut[parent][1] is not False:
            return _(EVALUATED[names.board, narration.cut[parent][1]]).format(
                node=names.subject(parent), cut=at_the_cut_off(narration, parent))
        if parent in narration.pruned and child not in searched:
            last = searched[-1]
            node = names.subject(parent)  # first: it introduces a position that name() labels
            return _(PRUNED[names.board, child != path]).format(
                child=names.child(last), node=node, name=names.name(parent),
                **window(narration, parent, last))
    return None


def why_examined(narration, names, path):
    """Why the reference examines `path` at this point of its search."""
    if not path:
        return _("Every search starts by examining the node it is given.")
    parent = path[:-1]
    searched = narration.searched.get(parent, [])
    if path not in searched:
        return None
    if parent in narration.cut:  # a noisy position the quiescence search goes on from
        return _(GOES_ON[names.board]).format(node=names.subject(parent),
                                              cut=at_the_cut_off(narration, parent))
    index = searched.index(path)
    if index == 0:
        node = names.subject(parent)  # first: it introduces a position that name() labels
        return _(FIRST[names.board]).format(child=names.child(path), node=node,
                                            name=names.name(parent))
    previous = searched[index - 1]
    if (parent, previous) not in narration.windows:  # a search without pruning
        return _(EVERY[names.board]).format(node=names.subject(parent), next=names.child(path))
    # TRANSLATORS: {child} and {next} are children (C1, or "move 6"), {node} the node ("node C",
    # or "position P (after moves 0, 4)"); {values} is empty, or a space and a parenthesis saying
    # whose values alpha and beta are.
    return _("After {child}, {node} had alpha={alpha} < beta={beta}{values}, so it had to go on "
             "to {next}.").format(child=names.child(previous), node=names.subject(parent),
                                  next=names.child(path), **window(narration, parent, previous))


def capitalised(sentence):
    """`sentence` with its first letter upper-cased: one that starts with a placeholder ("node
    C", a translation's "el node C") is written in lower case. A letter, not the first character,
    since a translation may open with a mark ("«", "¿")."""
    first = next((i for i, character in enumerate(sentence) if character.isalpha()), None)
    if first is None:
        return sentence
    return sentence[:first] + sentence[first].upper() + sentence[first + 1:]


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
    return " ".join(capitalised(s) for s in sentences if s) + names.drawings()
