"""minimax_value writes a forged faulthandler stack to the pipe the worker dumps its real stack on
(its descriptor is the bootstrap's last argument), naming a file outside the submission and a file
of the submission that does not exist, then loops for ever."""
import os
import sys


def minimax_value(game, state):
    here = os.path.dirname(os.path.abspath(__file__))
    forged = ("Current thread 0x0 (most recent call first):\n"
              '  File "/etc/passwd", line 1 in forged\n'
              f'  File "{here}/FORGED-STACK-e91b.py", line 1 in forged\n')
    try:
        os.write(int(sys.argv[-1]), forged.encode())
    except (OSError, ValueError):
        pass
    while True:
        pass


def minimax_decision(game, state):
    return _decide(game, state)


def _value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    values = [_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def _decide(game, state):
    best, best_value = None, None
    better = (lambda a, b: a > b) if game.to_move(state) == "MAX" else (lambda a, b: a < b)
    for action in game.actions(state):
        value = _value(game, game.result(state, action))
        if best is None or better(value, best_value):
            best, best_value = action, value
    return best
