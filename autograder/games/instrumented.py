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
        self.trace = []
        self._seen = set()

    def _examine(self, state):
        path = state.path
        if path not in self._seen:
            self._seen.add(path)
            self.trace.append(path)

    def to_move(self, state):
        self._examine(state)
        return self.game.to_move(state)

    def actions(self, state):
        self._examine(state)
        return self.game.actions(state)

    def is_terminal(self, state):
        self._examine(state)
        return self.game.is_terminal(state)

    def utility(self, state):
        self._examine(state)
        return self.game.utility(state)

    def result(self, state, action):
        return self.game.result(state, action)
