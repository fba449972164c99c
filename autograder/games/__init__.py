"""The course's games; the grader's instrumented copies record examined nodes.

Students use them locally; the grader uses instrumented copies.

Every state is an immutable named tuple with a `path`: the actions that led to it from the game's
initial state. Two copies of a state are therefore the same node, which is what the node counts
count.

May import: nothing of the grader.
"""
from autograder.games.connect_four import ConnectFour, ConnectFourState
from autograder.games.tictactoe import TicTacToe, TicTacToeState
from autograder.games.tree import TreeGame, TreeState

__all__ = ["ConnectFour", "ConnectFourState", "TicTacToe", "TicTacToeState", "TreeGame",
           "TreeState"]
