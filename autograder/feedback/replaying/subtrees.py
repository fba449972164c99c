"""Replaying a search on a game whose positions recur, each subtree searched once per window.

The students' release records, for every public game, each suspected mistake's answer and trace
digest and each pair's (record.py). On the empty tic-tac-toe board a replay examines up to 549,946
nodes, but they are 5,478 positions: alpha-beta's search below a child depends only on the child's
position (game.key), who moves there as levels_from_root counts (the parity of its depth), the
window and the depth it is searched with, and the replay's own search, mistakes, order and
evaluation, the same for the whole replay. So a replay that meets a position again, in a window
and at a depth it met it in before, takes the value found then, and the nodes examined then, as
paths relative to that child: the trace of the search is the same paths, in the same order, as
the plain replay's (tests/test_subtrees.py compares the two on trees and boards).

Only for searches without an order or an evaluation, which could tell positions apart by their
paths (orders.shuffled, orders.table). A search's subtree is asked about only itself below a
node, so the only node two parts of a trace can share is a child asked about by its parent before
it is searched (children_first), which is taken out of the child's part.

The replays of one call, and of the calls of its search, game, state and order (record.sharing),
share what they searched where their mistakes agree below the root (variants.below_root: a
decision's mistakes at its root only), and a replay that never prunes is known to go past a cap
from its tree's size, without being searched.
"""
import hashlib
import json
from functools import lru_cache

from autograder.contract import encode_path
from autograder.feedback.diagnosis import digest, in_any_order
from autograder.feedback.replaying.replay import SEARCHES, TooBig
from autograder.feedback.replaying.variants import below_root
from autograder.worker.calls import build_game, call_arguments

# The searches that take `subtrees` (variants.py): alpha-beta and those made of it
MEMOIZED = ("minimax_value", "minimax_decision", "alphabeta_value", "alphabeta_decision")


# Orders that rank a node's actions by its position alone (orders.py): not shuffled, by the path
BY_POSITION = ("priority", "reversed")


def memoizes(call):
    """Whether `digested` replays `call`: one of MEMOIZED, on a game whose positions recur (not a
    tree, where each node is a position of its own and recalling costs a third more than it
    spares), with no argument but alpha-beta's window and an order BY_POSITION (an evaluation
    or another order could tell positions apart by their paths)."""
    return (call.get("function") in MEMOIZED and call.get("game") is not None
            and call["game"].get("kind") != "tree"
            and all(not isinstance(arg, dict) or arg.get("$order", {}).get("kind") in BY_POSITION
                    for arg in call.get("args", [])))


def digested(call, mistakes, nodes=None, budgets=(), searched=None):
    """What diagnosis.replays(call) gives for `mistakes`, the answer and the trace's digest, as
    replay.replay would find them: with TooBig past `nodes` nodes examined, or past what is left
    of one of `budgets` (one node spent for each is_terminal asked). Only for calls it
    `memoizes`. Given `searched`, a dict kept for the replays of one call or of a group that
    shares (record.sharing), the subtrees one replay searched are recalled by the others whose
    mistakes are the same below the root (variants.below_root): the search of a subtree depends
    on the game, the order, the search and those mistakes alone, and the caps are counted as for
    a subtree recalled within one replay."""
    found = {} if searched is None else searched.setdefault(below_root(mistakes), {})
    game = SubtreeGame(build_game(call["game"]), nodes, budgets, found)
    arguments = call_arguments(call, game)
    if _never_prunes(call["function"], mistakes) and (nodes is not None or budgets):
        sizes = _sizes(json.dumps(call["game"], sort_keys=True))
        _past_caps(_tree_size(game.game, arguments[1], sizes), nodes, budgets)
    game.start(arguments[1])
    answer = SEARCHES[call["function"]](*arguments, mistakes=mistakes, subtrees=game)
    return answer, trace_digest(call["function"], game.trace_text())


def _never_prunes(function, mistakes):
    """Whether the search `function` names with `mistakes` searches every child of every node it
    searches: minimax always (variants._as_minimax), alpha-beta that never prunes whatever its
    other mistakes (none of them skips a child)."""
    return function.startswith("minimax") or mistakes.no_pruning


def _past_caps(size, nodes, budgets):
    """TooBig for a search that never prunes where its tree of `size` nodes is over a cap, as its
    replay would find node by node, without searching it: it examines each of the tree's nodes,
    and asks is_terminal of each of them but a decision's root (the budgets are left unspent).
    This is exact: the counts only grow, so the replay stops if and only if they go past."""
    if (nodes is not None and size > nodes) or any(budget.left < size - 1 for budget in budgets):
        raise TooBig


@lru_cache(maxsize=1)
def _sizes(game):
    """The sizes _tree_size found on `game` (its spec, as JSON), kept for the replays on that
    game, one after the other."""
    return {}


def _tree_size(game, state, sizes):
    """The number of nodes of the tree below `state`, `state` included; `sizes` keeps them by
    position (game.key), which the tree below depends on alone."""
    key = game.key(state)
    if key not in sizes:
        sizes[key] = 1 if game.is_terminal(state) else 1 + sum(
            _tree_size(game, game.result(state, action), sizes) for action in game.actions(state))
    return sizes[key]


@lru_cache(maxsize=2)
def trace_digest(function, text):
    """diagnosis.digest of the trace `text` (each encoded path followed by a newline). Kept for
    the last: minimax's replays examine the same nodes whatever their mistake, and a trace of
    the empty board (550,000 paths) takes a tenth of a second to sort."""
    if in_any_order(function):
        return digest(function, text.split("\n")[:-1])
    return hashlib.sha256(text.encode()).hexdigest()


class Irregular(Exception):
    """A search asked about a node that is neither the one it searches nor one of its children:
    what it examined could not be recalled by position. A defect of the search, never of a
    student's code."""


class _Part:
    """The trace of one subtree being searched: its paths relative to its root, each encoded and
    followed by a newline, in the order first examined."""

    def __init__(self, path, seen):
        self.path, self.depth = path, len(path)
        self.seen = seen  # the root was asked about by its parent already
        self.pieces, self.asked = [], set()  # paths this node's search asked about itself
        self.searched = set()  # its children searched below it
        self.nodes, self.is_terminal = 0, 0  # nodes examined, is_terminal asked


class SubtreeGame:
    """A game that records the nodes a search examines, as InstrumentedGame, and recalls the
    search of a subtree it saw before (value): variants.alphabeta_value calls it for each
    child. Spends as replay.NodesCappedGame (`nodes`) and replay.CappedGame (`budgets`) do."""

    def __init__(self, game, nodes=None, budgets=(), found=None):
        self.game, self.initial = game, game.initial
        self.result, self.key = game.result, game.key
        self._nodes, self._budgets = nodes, budgets
        # (position, depth's parity, window and depth) -> what its search found
        self._found = {} if found is None else found
        self._open = []  # the parts being searched, the root's first
        self._examined = 0

    def start(self, root):
        self._open = [_Part(root.path, False)]

    def trace_text(self):
        """The trace of the whole search, each encoded path followed by a newline."""
        (root,) = self._open
        return _prefixed("".join(root.pieces), encode_path(root.path))

    def value(self, child, window, search):
        """`search()`, alphabeta_value of `child` in `window` (its window and depth), or what it
        gave before for the same position, parity and window, its examined nodes added again."""
        parent, path = self._open[-1], child.path
        seen = path in parent.asked
        if path[:-1] != parent.path or path in parent.searched:
            raise Irregular
        key = (self.key(child), len(path) % 2, window, tuple(map(type, window)))
        found, part = self._found.get(key), None
        if found is None:
            part = _Part(path, seen)
            self._open.append(part)
            answer = search()
            self._open.pop()
            found = self._found[key] = (answer, "".join(part.pieces), part.nodes,
                                        part.is_terminal)
        answer, text, nodes, is_terminal = found
        if part is None:  # recalled: counted here, as a search counts the nodes it examines
            self._spend(nodes - (seen and text.startswith("\n")), is_terminal)
        if seen and text.startswith("\n"):  # examined by the parent: once in the trace
            text, nodes = text[1:], nodes - 1
        elif seen and "\n\n" in text:
            raise Irregular
        parent.searched.add(path)
        parent.pieces.append(_prefixed(text, _encoded(path[-1:])))
        parent.nodes += nodes
        parent.is_terminal += is_terminal
        return answer

    def _spend(self, nodes, is_terminal):
        """Count `nodes` more examined and `is_terminal` more asked, past a cap TooBig (a replay
        past it is abandoned; the counts only grow, so it stops if and only if the plain replay
        does)."""
        self._examined += nodes
        if self._nodes is not None and self._examined > self._nodes:
            raise TooBig
        if is_terminal:
            for budget in self._budgets:
                budget.spend(is_terminal)

    def _ask(self, state, is_terminal=0):
        # the hot path of the replays: _spend's counting written out
        part, path = self._open[-1], state.path
        if path not in part.asked:
            if path[:part.depth] != part.path or len(path) > part.depth + 1 or \
                    path in part.searched:
                raise Irregular
            part.asked.add(path)
            part.pieces.append(_encoded(path[part.depth:]) + "\n")
            part.nodes += 1
            if not (part.seen and len(path) == part.depth):
                self._examined += 1
                if self._nodes is not None and self._examined > self._nodes:
                    raise TooBig
        if is_terminal:
            part.is_terminal += 1
            for budget in self._budgets:
                budget.spend()

    def to_move(self, state):
        self._ask(state)
        return self.game.to_move(state)

    def actions(self, state):
        self._ask(state)
        return self.game.actions(state)

    def is_terminal(self, state):
        self._ask(state, is_terminal=1)
        return self.game.is_terminal(state)

    def utility(self, state):
        self._ask(state)
        return self.game.utility(state)


# encode_path of the paths of at most one action, kept once found: a replay encodes each path
# relative to the node it searches. Actions come from the reference's games (ints), never from a
# student, so no two actions equal as keys (1 and 1.0) are encoded apart.
_ENCODINGS = {}


def _encoded(path):
    encoded = _ENCODINGS.get(path)
    if encoded is None:
        encoded = _ENCODINGS[path] = encode_path(path)
    return encoded


def _prefixed(text, prefix):
    """Each line of `text` (each ending in a newline) with `prefix` before it."""
    if not text or not prefix:
        return text
    return prefix + text[:-1].replace("\n", "\n" + prefix) + "\n"
