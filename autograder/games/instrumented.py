"""A game that records which nodes a search examines, in the order it first examines them.

The contract counts a node as examined the first time the search asks `to_move`, `actions`,
`is_terminal` or `utility` about it; `result` examines nothing, so building all children before the
loop costs nothing, while asking about a child that the search then prunes does. Nodes are told apart
by their `path`, so a deep copy of a state is the same node and a board reached twice is two nodes.
"""


class InstrumentedGame:
    def __init__(self, game):
        self.game = game
        self.initial = game.initial
        self._examined = {}  # path -> None, in the order first examined (dicts keep order)

    @property
    def trace(self):
        return list(self._examined)

    # Each query records its node inline: on the full tic-tac-toe tree a helper call per query
    # would be two million more calls.
    def to_move(self, state):
        if state.path not in self._examined:
            self._examined[state.path] = None
        return self.game.to_move(state)

    def actions(self, state):
        if state.path not in self._examined:
            self._examined[state.path] = None
        return self.game.actions(state)

    def is_terminal(self, state):
        if state.path not in self._examined:
            self._examined[state.path] = None
        return self.game.is_terminal(state)

    def utility(self, state):
        if state.path not in self._examined:
            self._examined[state.path] = None
        return self.game.utility(state)

    def result(self, state, action):
        return self.game.result(state, action)
