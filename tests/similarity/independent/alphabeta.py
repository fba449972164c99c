"""Alpha-beta written independently (a similarity fixture): a while loop over an iterator, with the
window kept in a small dictionary."""
from math import inf


def alphabeta_value(game, state, alpha=-inf, beta=inf, order=None):
    if game.is_terminal(state):
        return game.utility(state)
    is_max = game.to_move(state) == "MAX"
    todo = iter(game.actions(state) if order is None else order(game, state))
    window = {"lo": alpha, "hi": beta}
    result = -inf if is_max else inf
    while window["lo"] < window["hi"]:
        nxt = next(todo, None)
        if nxt is None:
            break
        got = alphabeta_value(game, game.result(state, nxt), window["lo"], window["hi"], order)
        if is_max and got > result:
            result = got
            window["lo"] = max(window["lo"], got)
        if not is_max and got < result:
            result = got
            window["hi"] = min(window["hi"], got)
    return result


def alphabeta_decision(game, state, order=None):
    candidates = list(game.actions(state) if order is None else order(game, state))
    lo, hi, best = -inf, inf, candidates[0]
    for index, candidate in enumerate(candidates):
        got = alphabeta_value(game, game.result(state, candidate), lo, hi, order)
        if game.to_move(state) == "MAX":
            if index == 0 or got > lo:
                lo, best = got, candidate
        elif index == 0 or got < hi:
            hi, best = got, candidate
    return best
