import signal
import sys


def _value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    values = [_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def _interrupt(number, frame):
    raise KeyboardInterrupt(f"signal {number}")


def minimax_value(game, state):
    # "My code must never crash": every signal Python can catch becomes an exception, and every
    # exception, SystemExit and KeyboardInterrupt included, is swallowed and the search retried.
    for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGALRM", "SIGQUIT", "SIGUSR1", "SIGUSR2",
                 "SIGXCPU", "SIGPIPE"):
        try:
            signal.signal(getattr(signal, name), _interrupt)
        except (OSError, ValueError, AttributeError):
            pass
    sys.exit = lambda *args: None
    while True:
        try:
            value = _value(game, state)
            raise SystemExit(value)  # "return" the value through the handler below
        except BaseException:
            continue


def minimax_decision(game, state):
    # written first, with its own helper: it never calls minimax_value
    best = max if game.to_move(state) == "MAX" else min
    return best(game.actions(state), key=lambda a: _value(game, game.result(state, a)))
