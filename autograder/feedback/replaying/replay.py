"""Running the searches the explanations need: the narrated correct search, and the course's
common errors replayed on a check's input.

These are working searches, so the students' release leaves this package out; for the games its
answers file holds, it carries what they found instead (record.py), which the explanations read
back (feedback/explain.py, feedback/diagnosis.py).
"""
from functools import partial

from autograder.contract import encode_path
from autograder.feedback.narration import Narration
from autograder.feedback.replaying import variants
from autograder.games.instrumented import InstrumentedGame
from autograder.worker.calls import build_game, call_arguments

NARRATED = {name: getattr(variants, name) for name in [
    "alphabeta_value", "alphabeta_decision", "heuristic_value", "heuristic_decision",
    "negamax_value", "quiescence_value"]}
SEARCHES = {name: getattr(variants, name) for name in [
    "minimax_value", "minimax_decision", "alphabeta_value", "alphabeta_decision",
    "heuristic_value", "heuristic_decision", "iterative_deepening_decision", "negamax_value",
    "quiescence_value", "transposition_value"]}


def narrate(call):
    """The narration of the correct search for `call`, or None for calls it cannot narrate."""
    search = NARRATED.get(call["function"])
    if search is None or call.get("game") is None:
        return None
    game = InstrumentedGame(build_game(call["game"]))
    narration = Narration()
    search(*call_arguments(call, game), narration=narration)
    return narration


def replay(call, mistakes, following=None, in_order=True, budgets=(), nodes=None):
    """The answer and encoded trace of the search `call` names, with `mistakes`. Given
    `following`, a student's trace, the search stops at the first node it examines that the
    student's search did not examine (in that place, unless not `in_order`), or ends with fewer,
    and None is returned: it cannot end with the student's trace. Each node it examines is spent
    from each of `budgets` (diagnosis.Budget): past one of them the search stops with TooBig,
    not tried, rather than slow; given `nodes`, so does one that examines more nodes than that
    (so it can follow no trace of that many)."""
    if following is None:
        game = (partial(NodesCappedGame, nodes=nodes) if nodes is not None else
                partial(CappedGame, budgets=budgets) if budgets else
                InstrumentedGame)(build_game(call["game"]))
    else:
        game = FollowingGame(build_game(call["game"]), following, in_order, budgets)
    try:
        answer = SEARCHES[call["function"]](*call_arguments(call, game), mistakes=mistakes)
    except Departed:
        return None
    if following is None:
        return answer, tuple(map(encode_path, game.trace))
    return (answer, game.encoded_trace()) if game.followed_to_the_end() else None


class Departed(Exception):
    """The replayed search examined a node the student's search did not."""


class TooBig(Exception):
    """The replayed search went past one of its budgets: it was not tried."""


class CappedGame(InstrumentedGame):
    """An instrumented game that spends a node from each of `budgets` each time the search asks
    is_terminal: every search asks it of each node it examines, so the budgets bound the nodes,
    counted alike on a quiet or a busy machine."""

    def __init__(self, game, budgets):
        super().__init__(game)
        self._budgets = budgets

    def is_terminal(self, state):
        for budget in self._budgets:
            budget.spend()
        return super().is_terminal(state)


class NodesCappedGame(InstrumentedGame):
    """An instrumented game that stops the search (TooBig) at the first node it examines past
    `nodes` of them: such a search can end with no student's trace of at most that many, which
    FollowingGame would find by departing from it, with the student's trace at hand. Like
    FollowingGame's, its queries repeat InstrumentedGame's with a check added."""

    def __init__(self, game, nodes):
        super().__init__(game)
        self._nodes = nodes
        self._examined = {}  # path -> None, in the order first examined

    @property
    def trace(self):
        return list(self._examined)

    def _examine(self, path):
        if path not in self._examined:
            if len(self._examined) == self._nodes:
                raise TooBig
            self._examined[path] = None

    def to_move(self, state):
        self._examine(state.path)
        return self._to_move(state)

    def actions(self, state):
        self._examine(state.path)
        return self._actions(state)

    def is_terminal(self, state):
        self._examine(state.path)
        return self._is_terminal(state)

    def utility(self, state):
        self._examine(state.path)
        return self._utility(state)


class FollowingGame(InstrumentedGame):
    """An instrumented game that stops the search (Departed) at its first examined node that is
    not the next one of a student's `trace` (or, not `in_order`, not one of them): a replay that
    departs from the student's search cannot reproduce it, and stopping there spares the rest of
    a search that on the empty board is half a million nodes.

    Its four queries repeat InstrumentedGame's with a check added, rather than both calling one
    hook, because InstrumentedGame's are the hot path of every graded search."""

    def __init__(self, game, trace, in_order, budgets=()):
        super().__init__(game)
        self._expected = tuple(trace) if in_order else frozenset(trace)
        self._in_order = in_order
        self._budgets = budgets
        self._examined = {}  # path -> its encoding, in the order first examined

    @property
    def trace(self):
        return list(self._examined)

    def encoded_trace(self):
        return tuple(self._examined.values())

    def followed_to_the_end(self):
        return len(self._examined) == len(self._expected)

    def _examine(self, path):
        if path in self._examined:
            return
        index = len(self._examined)
        if index == len(self._expected):
            raise Departed
        encoded = encode_path(path)
        if not (encoded == self._expected[index] if self._in_order else
                encoded in self._expected):
            raise Departed
        self._examined[path] = encoded

    def to_move(self, state):
        self._examine(state.path)
        return self._to_move(state)

    def actions(self, state):
        self._examine(state.path)
        return self._actions(state)

    def is_terminal(self, state):
        self._examine(state.path)
        for budget in self._budgets:
            budget.spend()
        return self._is_terminal(state)

    def utility(self, state):
        self._examine(state.path)
        return self._utility(state)
