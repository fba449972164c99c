"""Nim: players take turns removing one or more counters from one heap; whoever takes the last
counter wins. A position is a list of heap sizes, the player to move about to play."""
import functools


def nim_value(heaps):
    """+1 when the player to move wins with perfect play, -1 when they lose, found by searching
    the game tree (minimax in its negamax form: a position is won when some move leaves the other
    player in a lost one)."""
    # YOUR CODE HERE
    raise NotImplementedError


def nim_decision(heaps):
    """The first winning move as (heap index, counters taken), heaps in order and fewest counters
    first; None when every move loses (or none is left)."""
    # YOUR CODE HERE
    raise NotImplementedError
