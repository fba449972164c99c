"""Minimax and alpha-beta with the course's common errors as switches, narrating as they search.

With no mistake switched on, `alphabeta_value` examines exactly the reference's nodes and returns
its values (tests/test_feedback.py holds it to that on generated trees), so its narration (the
window at each node, and where each node stopped) explains the reference's search. With one mistake
on, it reproduces what a student with that bug does, answer and trace, which is how diagnosis works.
"""
import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Mistakes:
    strict_pruning: bool = False          # prunes only when alpha > beta
    swapped_bounds: bool = False          # MAX lowers beta and MIN raises alpha
    stale_bounds: bool = False            # every child gets the node's original window
    children_first: bool = False          # asks each child is_terminal before the loop
    no_pruning: bool = False              # never stops early
    levels_from_root: bool = False        # assumes MAX at the root and alternates, ignoring to_move
    starts_at_zero: bool = False          # v starts at 0 instead of -inf or +inf
    root_not_tightened: bool = False      # the decision searches every root action in (-inf, +inf)
    last_of_ties: bool = False            # the decision keeps the last of equally good actions


def _maximizing(game, state, mistakes):
    if mistakes.levels_from_root:
        return len(state.path) % 2 == 0
    return game.to_move(state) == "MAX"


def _prunes(alpha, beta, mistakes):
    if mistakes.no_pruning:
        return False
    return alpha > beta if mistakes.strict_pruning else alpha >= beta


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None,
                    mistakes=Mistakes(), narration=None):
    if game.is_terminal(state):
        return game.utility(state)
    actions = order(game, state) if order else game.actions(state)
    children = [game.result(state, a) for a in actions]
    if mistakes.children_first:
        for child in children:
            game.is_terminal(child)
    maximizing = _maximizing(game, state, mistakes)
    start = 0 if mistakes.starts_at_zero else (-math.inf if maximizing else math.inf)
    v, low, high = start, alpha, beta
    for index, child in enumerate(children):
        window = (alpha, beta) if mistakes.stale_bounds else (low, high)
        value = alphabeta_value(game, child, *window, order, mistakes, narration)
        v = max(v, value) if maximizing else min(v, value)
        if maximizing != mistakes.swapped_bounds:
            low = max(low, v)
        else:
            high = min(high, v)
        if narration is not None:
            narration.after(state.path, child.path, low, high)
        if _prunes(low, high, mistakes):
            if narration is not None and index < len(children) - 1:
                narration.pruned.add(state.path)
            break
    return v


def alphabeta_decision(game, state, order=None, mistakes=Mistakes(), narration=None):
    actions = order(game, state) if order else game.actions(state)
    maximizing = _maximizing(game, state, mistakes)
    alpha, beta = -math.inf, math.inf
    best_action, best = None, None
    for action in actions:
        window = (-math.inf, math.inf) if mistakes.root_not_tightened else (alpha, beta)
        child = game.result(state, action)
        value = alphabeta_value(game, child, *window, order, mistakes, narration)
        if (best_action is None or (value > best if maximizing else value < best)
                or (mistakes.last_of_ties and value == best)):
            best_action, best = action, value
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if narration is not None:
            narration.after(state.path, child.path, alpha, beta)
    return best_action


def minimax_value(game, state, mistakes=Mistakes()):
    return alphabeta_value(game, state, mistakes=Mistakes(
        no_pruning=True, levels_from_root=mistakes.levels_from_root,
        starts_at_zero=mistakes.starts_at_zero))


def minimax_decision(game, state, mistakes=Mistakes()):
    return alphabeta_decision(game, state, mistakes=Mistakes(
        no_pruning=True, root_not_tightened=True, levels_from_root=mistakes.levels_from_root,
        starts_at_zero=mistakes.starts_at_zero, last_of_ties=mistakes.last_of_ties))
