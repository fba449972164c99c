"""A game that records which nodes a search examines, in the order it first examines them.

The contract counts a node as examined the first time the search asks `to_move`, `actions`,
`is_terminal` or `utility` about it; `result` and `key` examine nothing, so building all children
before the loop costs nothing, nor does looking a position up in a transposition table, while asking
about a child that the search then prunes does. Nodes are told apart by their `path`, so a deep
copy of a state is the same node and a board reached twice is two nodes.
"""


class InstrumentedGame:
    def __init__(self, game):
        self.game = game
        self.initial = game.initial
        self.result = game.result  # examines nothing, so it is the game's own
        self.key = game.key  # nor does looking a position up in a table
        # Every query's path, repeats included: on the full tic-tac-toe tree (1.7 million queries)
        # appending and removing repeats once at the end is a tenth cheaper than a check per query,
        # as are the game's methods looked up once here.
        self._queried = []
        self._to_move, self._actions = game.to_move, game.actions
        self._is_terminal, self._utility = game.is_terminal, game.utility

    @property
    def trace(self):
        """The examined nodes' paths, each once, in the order first examined."""
        return list(dict.fromkeys(self._queried))

    def to_move(self, state):
        self._queried.append(state.path)
        return self._to_move(state)

    def actions(self, state):
        self._queried.append(state.path)
        return self._actions(state)

    def is_terminal(self, state):
        self._queried.append(state.path)
        return self._is_terminal(state)

    def utility(self, state):
        self._queried.append(state.path)
        return self._utility(state)
