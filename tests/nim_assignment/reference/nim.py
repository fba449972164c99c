"""Nim: players take turns removing one or more counters from one heap; whoever takes the last
counter wins. A position is a list of heap sizes, the player to move about to play."""
import functools


def nim_value(heaps):
    """+1 when the player to move wins with perfect play, -1 when they lose, found by searching
    the game tree (minimax in its negamax form: a position is won when some move leaves the other
    player in a lost one)."""
    ### BEGIN SOLUTION
    return _value(tuple(sorted(heaps)))
    ### END SOLUTION


def nim_decision(heaps):
    """The first winning move as (heap index, counters taken), heaps in order and fewest counters
    first; None when every move loses (or none is left)."""
    ### BEGIN SOLUTION
    for index, size in enumerate(heaps):
        for taken in range(1, size + 1):
            after = list(heaps)
            after[index] -= taken
            if nim_value(after) == -1:
                return (index, taken)
    return None
    ### END SOLUTION


### BEGIN SOLUTION
@functools.cache
def _value(heaps):
    moves = [tuple(sorted(heaps[:i] + (heaps[i] - taken,) + heaps[i + 1:]))
             for i in range(len(heaps)) for taken in range(1, heaps[i] + 1)]
    return 1 if any(_value(after) == -1 for after in moves) else -1
### END SOLUTION
