"""The tree game: a game tree written as nested lists, the way the course texts draw them.

A list is a node whose children are its items and a number is a leaf whose utility it is. The root
is MAX (or MIN, when built so) and the levels alternate. The actions of a node are its child indices
0..k-1 in list order. `TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])` is the textbook tree.
"""
from typing import NamedTuple

OTHER = {"MAX": "MIN", "MIN": "MAX"}


class TreeState(NamedTuple):
    """A node of the tree, named by the child indices that lead to it from the root."""

    path: tuple = ()


class TreeGame:
    def __init__(self, tree, root_player="MAX"):
        if root_player not in OTHER:
            raise ValueError(f"root_player must be 'MAX' or 'MIN', not {root_player!r}")
        self.tree = tree
        self.root_player = root_player
        self.initial = TreeState()

    def node(self, state):
        """The nested list (or leaf number) that `state` stands for."""
        node = self.tree
        for index in state.path:
            node = node[index]
        return node

    def to_move(self, state):
        return self.root_player if len(state.path) % 2 == 0 else OTHER[self.root_player]

    def actions(self, state):
        node = self.node(state)
        return list(range(len(node))) if isinstance(node, list) else []

    def result(self, state, action):
        node = self.node(state)
        if not isinstance(node, list) or type(action) is not int or not 0 <= action < len(node):
            raise ValueError(f"{action!r} is not a legal action in the node at path {state.path}")
        return TreeState(state.path + (action,))

    def key(self, state):
        """The node itself: no two paths of a tree reach the same node."""
        return state.path

    def is_terminal(self, state):
        return not isinstance(self.node(state), list)

    def utility(self, state):
        node = self.node(state)
        if isinstance(node, list):
            raise ValueError(f"the node at path {state.path} is not a leaf, so it has no utility")
        return node
