"""The course's searches with its common errors as switches, narrating as they search.

One search per family: alpha-beta (minimax is alpha-beta that never prunes; heuristic alpha-beta
is alpha-beta cut off at a depth), negamax, the quiescence search, the transposition table and
iterative deepening, whose passes are heuristic alpha-beta's. With no mistake switched on, each
examines exactly the reference's nodes and returns its values (tests/test_feedback.py and
tests/test_cutoff_feedback.py hold them to that on generated trees), so its narration (the window
at each node, where each node stopped, where the search was cut off) explains the reference's
search. With one mistake on, it reproduces what a student with that bug does, answer and trace,
which is how diagnosis works.
"""
import math
from dataclasses import dataclass, fields, replace
from functools import cached_property, lru_cache


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
    cut_one_level_deep: bool = False      # evaluates at depth < 0, a level past the cut-off
    evaluates_terminals: bool = False     # tests the cut-off before the end of the game
    children_at_full_depth: bool = False  # the decision searches each child `depth` levels more
    child_not_negated: bool = False       # negamax takes a child's value as it comes
    leaf_from_max_view: bool = False      # negamax takes a leaf's utility from MAX's view always
    window_not_swapped: bool = False      # negamax passes (-alpha, -beta) down
    keyed_by_path: bool = False           # the table is keyed by the moves that led there
    looked_up_after_asking: bool = False  # is_terminal is asked before the table is looked at
    never_reorders: bool = False          # every pass searches the root in the game's order
    worst_first: bool = False             # each pass ranks the root's actions worst first
    ties_by_action: bool = False          # equal values are ranked by action, not kept in order
    ties_by_action_reversed: bool = False  # sorted by (value, action), reversed for MAX
    never_searches_on: bool = False       # quiescence evaluates at the cut-off, quiet or not
    one_level_past: bool = False          # quiescence searches one level on, then evaluates
    depth_equals_zero: bool = False       # quiescence tests depth == 0, not depth <= 0
    # The same mistakes made at one player's nodes only (ONE_SIDED): a student who writes MAX's
    # branch and MIN's apart often gets one of them wrong, as the course texts warn ("Un error
    # habitual és actualitzar β a MAX").
    no_pruning_at_max: bool = False
    no_pruning_at_min: bool = False
    strict_pruning_at_max: bool = False
    strict_pruning_at_min: bool = False
    swapped_bounds_at_max: bool = False   # MAX lowers beta; MIN is right
    swapped_bounds_at_min: bool = False   # MIN raises alpha; MAX is right
    starts_at_zero_at_max: bool = False
    starts_at_zero_at_min: bool = False
    root_not_tightened_at_max: bool = False
    root_not_tightened_at_min: bool = False
    last_of_ties_at_max: bool = False
    last_of_ties_at_min: bool = False
    # Not a mistake: the style the contract allows besides the reference's, which diagnosis tries
    # each mistake in too (diagnosis.STYLES)
    fail_soft: bool = False               # negamax returns the best value found, not alpha or beta
    fail_hard: bool = False               # alpha-beta returns the window's end it passed, not v

    def at(self, maximizing):
        """The mistakes made at a node where MAX moves (`maximizing`) or MIN: those made
        everywhere and those made at that player's nodes only. Kept once made, since a replay
        asks at every node."""
        return self._at_max if maximizing else self._at_min

    @cached_property
    def _at_max(self):
        return _made_at(self, True)

    @cached_property
    def _at_min(self):
        return _made_at(self, False)


SIDES = {"_at_max": True, "_at_min": False}
# {mistake made at one player's nodes: (the mistake, whether that player is MAX)}
ONE_SIDED = {field.name: (field.name.removesuffix(suffix), maximizing)
             for field in fields(Mistakes) for suffix, maximizing in SIDES.items()
             if field.name.endswith(suffix)}


def _made_at(mistakes, maximizing):
    made = {mistake: True for name, (mistake, at_max) in ONE_SIDED.items()
            if at_max == maximizing and getattr(mistakes, name)}
    return replace(mistakes, **made) if made else mistakes


def _maximizing(game, state, mistakes):
    if mistakes.levels_from_root:
        return len(state.path) % 2 == 0
    return game.to_move(state) == "MAX"


def _prunes(alpha, beta, mistakes):
    if mistakes.no_pruning:
        return False
    return alpha > beta if mistakes.strict_pruning else alpha >= beta


def _cut_off(depth, mistakes):
    return depth < 0 if mistakes.cut_one_level_deep else depth == 0


def alphabeta_value(game, state, alpha=-math.inf, beta=math.inf, order=None,
                    mistakes=Mistakes(), narration=None, depth=math.inf, evaluate=None,
                    subtrees=None):
    """Alpha-beta, fail-soft; given a `depth` (levels left) and an `evaluate`, heuristic
    alpha-beta, which evaluates a position that is not terminal where no levels are left. Given
    `subtrees` (replaying/subtrees.py), each child is searched through it."""
    if mistakes.evaluates_terminals and _cut_off(depth, mistakes):
        return evaluate(state)
    if game.is_terminal(state):
        return game.utility(state)
    if _cut_off(depth, mistakes):
        if narration is not None:
            narration.cut[state.path] = (depth, None)
        return evaluate(state)
    actions = order(game, state) if order else game.actions(state)
    children = [game.result(state, a) for a in actions]
    if mistakes.children_first:
        for child in children:
            game.is_terminal(child)
    maximizing = _maximizing(game, state, mistakes)
    here = mistakes.at(maximizing)
    start = 0 if here.starts_at_zero else (-math.inf if maximizing else math.inf)
    v, low, high = start, alpha, beta
    for index, child in enumerate(children):
        window = (alpha, beta) if here.stale_bounds else (low, high)
        value = _searched(game, child, window, order, mistakes, narration, depth - 1, evaluate,
                          subtrees)
        v = max(v, value) if maximizing else min(v, value)
        if maximizing != here.swapped_bounds:
            low = max(low, v)
        else:
            high = min(high, v)
        if narration is not None:
            narration.after(state.path, child.path, (low, high))
        if _prunes(low, high, here):
            if narration is not None and index < len(children) - 1:
                narration.pruned.add(state.path)
            break
    return min(max(v, alpha), beta) if mistakes.fail_hard else v


def _searched(game, child, window, order, mistakes, narration, depth, evaluate, subtrees):
    """alphabeta_value of `child` in `window`; through `subtrees` where given, which answers a
    subtree it saw searched before in the same window and depth from what it found then."""
    if subtrees is None:
        return alphabeta_value(game, child, *window, order, mistakes, narration, depth, evaluate)
    return subtrees.value(child, (*window, depth), lambda: alphabeta_value(
        game, child, *window, order, mistakes, narration, depth, evaluate, subtrees))


def alphabeta_decision(game, state, order=None, mistakes=Mistakes(), narration=None,
                       depth=math.inf, evaluate=None, subtrees=None):
    actions = order(game, state) if order else game.actions(state)
    maximizing = _maximizing(game, state, mistakes)
    here = mistakes.at(maximizing)
    alpha, beta = -math.inf, math.inf
    best_action, best = None, None
    below = depth if mistakes.children_at_full_depth else depth - 1
    for action in actions:
        window = (-math.inf, math.inf) if here.root_not_tightened else (alpha, beta)
        child = game.result(state, action)
        value = _searched(game, child, window, order, mistakes, narration, below, evaluate,
                          subtrees)
        if (best_action is None or (value > best if maximizing else value < best)
                or (here.last_of_ties and value == best)):
            best_action, best = action, value
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if narration is not None:
            narration.after(state.path, child.path, (alpha, beta))
    return best_action


# The mistakes only alphabeta_decision reads, at its root: alphabeta_value reads none of them (nor
# Mistakes.at's versions of them), so the search below a root's child is the same with them or not.
ROOT_ONLY = ("root_not_tightened", "root_not_tightened_at_max", "root_not_tightened_at_min",
             "last_of_ties", "last_of_ties_at_max", "last_of_ties_at_min",
             "children_at_full_depth")


@lru_cache(maxsize=1024)
def below_root(mistakes):
    """`mistakes` without those made at a decision's root only (ROOT_ONLY): the same search below
    each of the root's children, in the same window and depth. Kept, as dataclasses.replace takes
    longer than a small replay."""
    return replace(mistakes, **dict.fromkeys(ROOT_ONLY, False))


# What minimax's searches can get wrong: alpha-beta's mistakes about the window do not apply.
MINIMAX_MISTAKES = ("levels_from_root", "starts_at_zero", "starts_at_zero_at_max",
                    "starts_at_zero_at_min", "last_of_ties", "last_of_ties_at_max",
                    "last_of_ties_at_min")


def _as_minimax(mistakes, **always):
    return Mistakes(no_pruning=True, **always,
                    **{name: getattr(mistakes, name) for name in MINIMAX_MISTAKES})


def minimax_value(game, state, mistakes=Mistakes(), subtrees=None):
    return alphabeta_value(game, state, mistakes=_as_minimax(mistakes), subtrees=subtrees)


def minimax_decision(game, state, mistakes=Mistakes(), subtrees=None):
    return alphabeta_decision(game, state, mistakes=_as_minimax(mistakes, root_not_tightened=True),
                              subtrees=subtrees)


def heuristic_value(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf, order=None,
                    mistakes=Mistakes(), narration=None):
    return alphabeta_value(game, state, alpha, beta, order, mistakes, narration, depth, evaluate)


def heuristic_decision(game, state, depth, evaluate, order=None, mistakes=Mistakes(),
                       narration=None):
    return alphabeta_decision(game, state, order, mistakes, narration, depth, evaluate)


def iterative_deepening_decision(game, state, max_depth, evaluate, mistakes=Mistakes()):
    """Heuristic decisions at depths 1 to max_depth, each pass's root in the order the pass before
    ranked it; each child searched in the full window, so that every value is exact."""
    actions = game.actions(state)
    best_first = game.to_move(state) == "MAX"
    orders, decision = [], None
    for depth in range(1, max_depth + 1):
        orders.append(list(actions))
        values = {a: alphabeta_value(game, game.result(state, a), mistakes=mistakes,
                                     depth=depth - 1, evaluate=evaluate) for a in actions}
        decision = (max if best_first else min)(actions, key=values.__getitem__)
        if not mistakes.never_reorders:
            actions = _ranked(actions, values, best_first, mistakes)
    return [decision, orders]


def _ranked(actions, values, best_first, mistakes):
    if mistakes.ties_by_action_reversed:
        return sorted(actions, key=lambda a: (values[a], a), reverse=best_first)
    if mistakes.ties_by_action:
        return sorted(actions, key=lambda a: (-values[a] if best_first else values[a], a))
    # sorted() is stable, reversed or not, so equal values keep this pass's order
    return sorted(actions, key=values.__getitem__, reverse=best_first != mistakes.worst_first)


def negamax_value(game, state, alpha=-math.inf, beta=math.inf, mistakes=Mistakes(),
                  narration=None):
    """Fail-hard negamax (fail-soft with `mistakes.fail_soft`): the value for the player to move,
    the window in that player's values. The narration keeps who moves at each node it searches,
    since its windows are that player's."""
    if game.is_terminal(state):
        utility = game.utility(state)
        return utility if mistakes.leaf_from_max_view or game.to_move(state) == "MAX" else -utility
    if narration is not None:
        narration.movers[state.path] = game.to_move(state)  # examined already: is_terminal
    actions = game.actions(state)
    best = -math.inf
    for index, action in enumerate(actions):
        child = game.result(state, action)
        window = (-alpha, -beta) if mistakes.window_not_swapped else (-beta, -alpha)
        value = negamax_value(game, child, *window, mistakes, narration)
        best = max(best, value if mistakes.child_not_negated else -value)
        alpha = max(alpha, best)
        if narration is not None:
            narration.after(state.path, child.path, (alpha, beta))
        if _prunes(alpha, beta, mistakes):
            if narration is not None and index < len(actions) - 1:
                narration.pruned.add(state.path)
            return best if mistakes.fail_soft else beta
    return best if mistakes.fail_soft else alpha


def quiescence_value(game, state, depth, evaluate, is_quiet, mistakes=Mistakes(),
                     narration=None):
    """Minimax cut off at `depth`, searching on past it while the position is not quiet."""
    if game.is_terminal(state):
        return game.utility(state)
    if _stops(state, depth, is_quiet, mistakes):
        if narration is not None:
            narration.cut[state.path] = (depth, True)
        return evaluate(state)
    if narration is not None and depth <= 0:
        narration.cut[state.path] = (depth, False)
    values = []
    for action in game.actions(state):
        child = game.result(state, action)
        values.append(quiescence_value(game, child, depth - 1, evaluate, is_quiet, mistakes,
                                       narration))
        if narration is not None:
            narration.after(state.path, child.path)
    return max(values) if game.to_move(state) == "MAX" else min(values)


def _stops(state, depth, is_quiet, mistakes):
    """Whether the quiescence search evaluates `state`, which is not terminal, `depth` levels
    from the cut-off."""
    if mistakes.never_searches_on:
        return depth <= 0
    if mistakes.one_level_past:
        return depth < 0 or (depth == 0 and is_quiet(state))
    if mistakes.depth_equals_zero:
        return depth == 0 and is_quiet(state)
    return depth <= 0 and is_quiet(state)


def transposition_value(game, state, mistakes=Mistakes()):
    """Minimax with one table for the search, each position looked up before the game is asked
    about it."""
    table = {}

    def value(state):
        key = state.path if mistakes.keyed_by_path else game.key(state)
        if mistakes.looked_up_after_asking and game.is_terminal(state):
            return game.utility(state)
        if key not in table:
            if game.is_terminal(state):
                table[key] = game.utility(state)
            else:
                values = [value(game.result(state, a)) for a in game.actions(state)]
                table[key] = max(values) if game.to_move(state) == "MAX" else min(values)
        return table[key]

    return value(state)
