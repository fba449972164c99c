"""A known mistake: whoever takes the last counter loses (misère Nim), the value turned over."""
import functools


def nim_value(heaps):
    return _value(tuple(sorted(heaps)))


def nim_decision(heaps):
    for index, size in enumerate(heaps):
        for taken in range(1, size + 1):
            after = list(heaps)
            after[index] -= taken
            if nim_value(after) == -1:
                return (index, taken)
    return None


@functools.cache
def _value(heaps):
    if not any(heaps):
        return 1  # the player to move did not take the last counter
    moves = [tuple(sorted(heaps[:i] + (heaps[i] - taken,) + heaps[i + 1:]))
             for i in range(len(heaps)) for taken in range(1, heaps[i] + 1)]
    return 1 if any(_value(after) == -1 for after in moves) else -1
