"""Diagnosis: replay the course's common errors on a failing input and find those that match
what the student's code did, and those it contradicts (function_diagnosis.py names one per
function from them).

A match is claimed only when a variant with that one mistake returns exactly the student's answer
and, for the searches whose nodes are counted, examines exactly the student's nodes in the same
order, while the correct search does not: the sentence states what was observed, nothing more.

The variants run here when the working searches are at hand (replaying/replay.py), each stopped at
the first node where it departs from the student's search, which it then cannot reproduce; the
students' release, which leaves that package out, reads what they found on its games instead
(replaying/record.py), as answers and digests of traces.
"""
import hashlib
import math
from itertools import combinations

from autograder.language import N_
from autograder.runner.observations import exactly_equal, is_number

try:
    from autograder.feedback.replaying.replay import TooBig, replay
    from autograder.feedback.replaying.variants import Mistakes
except ImportError:  # the students' release: no working search, only what was recorded
    replay = Mistakes = TooBig = None  # replays() replays nothing here, so never catches TooBig

# mistake -> what a search with it does and the fix, translated where the diagnosis says them.
EXPLANATIONS = {
    "strict_pruning": (
        # TRANSLATORS: what a search with a common mistake does, ending "... a search that";
        # lower case, no full stop.
        N_("prunes only when alpha > beta"),
        # TRANSLATORS: the fix for it, after "The fix: "; lower case, no full stop.
        N_("equality must prune too: once alpha equals beta nothing below can change the answer")),
    "swapped_bounds": (
        N_("raises alpha at MIN nodes and lowers beta at MAX nodes"),
        N_("MAX raises alpha, MIN lowers beta, and both prune when alpha >= beta")),
    "stale_bounds": (
        N_("gives every child the node's original alpha and beta"),
        N_("pass the bounds as they stand after each child, so later children search a narrower "
           "window")),
    "children_first": (
        N_("examines every child before searching the first one"),
        N_("ask a child nothing (is_terminal, to_move, actions) until you search it; building "
           "them with result is fine")),
    "no_pruning": (
        N_("never prunes"),
        N_("stop a node's loop as soon as alpha >= beta")),
    "levels_from_root": (
        N_("assumes MAX at the root and alternates from there"),
        N_("ask game.to_move(state) who moves: the root may be MIN")),
    "starts_at_zero": (
        N_("starts v at 0"),
        N_("start v at -inf for MAX and +inf for MIN, or a node whose values are all below (or "
           "above) 0 gets 0")),
    "root_not_tightened": (
        N_("searches every root action with the full window (-inf, +inf)"),
        N_("the root is an alpha-beta node too: tighten its bound after each action and pass it "
           "on")),
    "last_of_ties": (
        N_("keeps the last of equally good actions"),
        N_("change the best action only for a strictly better value, so ties keep the first")),
    "cut_one_level_deep": (
        N_("evaluates a position one level below the cut-off (depth < 0), so it looks one move "
           "further than asked"),
        N_("the cut-off test is depth == 0: a position with no levels left is evaluated, and "
           "its children are never searched")),
    "evaluates_terminals": (
        N_("tests the cut-off before the end of the game, so a finished game at the cut-off is "
           "evaluated and never examined"),
        N_("ask is_terminal first: a terminal position is worth its utility at any depth, and "
           "only a position still in play is evaluated")),
    "children_at_full_depth": (
        N_("looks one move further than asked: it searches each root action's child depth more "
           "levels, not depth - 1 (or evaluates at depth < 0)"),
        N_("the root's move is one level: search each child depth - 1 levels further, so that "
           "depth 1 evaluates the children themselves")),
    "child_not_negated": (
        N_("takes each child's value as the child returns it"),
        N_("a child's value is for the player who moves there, the opponent: negate it "
           "(-negamax_value(...)) before comparing it with alpha")),
    "leaf_from_max_view": (
        N_("returns a leaf's utility from MAX's view even when MIN is to move there"),
        N_("negamax's values are the mover's: negate the utility when MIN is to move")),
    "window_not_swapped": (
        N_("passes the window down as (-alpha, -beta)"),
        N_("the child's window is the opponent's view of this one: negated and swapped, (-beta, "
           "-alpha)")),
    "keyed_by_path": (
        N_("keys the table by the path (the moves that led there), which no other path shares, "
           "so it never finds a position again"),
        N_("key the table by the position, game.key(state), which the same board reached by "
           "another order of moves shares")),
    "looked_up_after_asking": (
        N_("asks is_terminal before looking in the table, so a position reached again is "
           "examined again"),
        N_("look the position up first and ask the game nothing about a position found there")),
    "never_reorders": (
        N_("searches every pass in the game's order"),
        N_("rank the root's actions by each pass's values, best first, and search the next pass "
           "in that order")),
    "worst_first": (
        N_("ranks the root's actions worst first"),
        N_("best first: highest value first for MAX, lowest first for MIN")),
    "ties_by_action": (
        N_("ranks equal values by the action instead of keeping their order"),
        N_("sort by the value alone: a stable sort keeps equal values in the pass's order")),
    "ties_by_action_reversed": (
        N_("ranks the root's actions by (value, action), highest first for MAX, so equal values "
           "are ranked by the action instead of keeping their order"),
        N_("sort by the value alone: a stable sort keeps equal values in the pass's order")),
    "never_searches_on": (
        N_("evaluates every position at the cut-off, quiet or not"),
        N_("at the cut-off and past it, evaluate only a quiet position and search a noisy one "
           "on (is_quiet)")),
    "one_level_past": (
        N_("searches a noisy position at the cut-off one level on, then evaluates whatever is "
           "there"),
        N_("past the cut-off too, search on while the position is noisy: evaluate when depth <= "
           "0 and the position is quiet")),
    "depth_equals_zero": (
        N_("tests depth == 0, so past the cut-off nothing is evaluated again and the search runs "
           "on to the leaves"),
        N_("test depth <= 0: past the cut-off a quiet position is evaluated too")),
    # Made at one player's nodes only: each named only where the same mistake made at both
    # players' nodes does not explain as much (function_diagnosis.named_mistakes).
    "no_pruning_at_max": (
        N_("never prunes at MAX nodes"),
        N_("stop a MAX node's loop as soon as alpha >= beta, as a MIN node's")),
    "no_pruning_at_min": (
        N_("never prunes at MIN nodes"),
        N_("stop a MIN node's loop as soon as alpha >= beta, as a MAX node's")),
    "strict_pruning_at_max": (
        N_("prunes at MAX nodes only when alpha > beta"),
        N_("at MAX nodes as at MIN ones, equality must prune too: once alpha equals beta nothing "
           "below can change the answer")),
    "strict_pruning_at_min": (
        N_("prunes at MIN nodes only when alpha > beta"),
        N_("at MIN nodes as at MAX ones, equality must prune too: once alpha equals beta nothing "
           "below can change the answer")),
    "swapped_bounds_at_max": (
        N_("lowers beta at MAX nodes instead of raising alpha"),
        N_("a MAX node raises alpha (alpha = max(alpha, v)); only MIN nodes lower beta")),
    "swapped_bounds_at_min": (
        N_("raises alpha at MIN nodes instead of lowering beta"),
        N_("a MIN node lowers beta (beta = min(beta, v)); only MAX nodes raise alpha")),
    "starts_at_zero_at_max": (
        N_("starts v at 0 at MAX nodes"),
        N_("start v at -inf at a MAX node, or a MAX node whose values are all below 0 gets 0")),
    "starts_at_zero_at_min": (
        N_("starts v at 0 at MIN nodes"),
        N_("start v at +inf at a MIN node, or a MIN node whose values are all above 0 gets 0")),
    "root_not_tightened_at_max": (
        N_("searches every action of a MAX root with the full window (-inf, +inf)"),
        N_("a MAX root is an alpha-beta node too: raise alpha after each action and pass it on")),
    "root_not_tightened_at_min": (
        N_("searches every action of a MIN root with the full window (-inf, +inf)"),
        N_("a MIN root is an alpha-beta node too: lower beta after each action and pass it on")),
    "last_of_ties_at_max": (
        N_("keeps the last of equally good actions when MAX moves"),
        N_("at a MAX root as at a MIN one, change the best action only for a strictly better "
           "value, so ties keep the first")),
    "last_of_ties_at_min": (
        N_("keeps the last of equally good actions when MIN moves"),
        N_("at a MIN root as at a MAX one, change the best action only for a strictly better "
           "value, so ties keep the first")),
    # Not a search's mistake, so never replayed: named where a failing input, called again by a
    # worker of its own, is answered right (function_trial.py).
    "kept_between_calls": (
        N_("keeps something from one call to the next, such as a table made once at module level "
           "or as a default argument (table={}), which Python makes only once"),
        N_("make a new one at the start of each search and pass it down to the recursive calls")),
}
KEPT_BETWEEN_CALLS = "kept_between_calls"

# Replays are full searches (seconds each on the empty board): past this many nodes examined by the
# replays of one step of diagnosis (suspected, told_apart, together), the rest are not tried, so
# that an explanation never costs a check its time limit: about 45 s of CPU on this project's
# machine (2026-12-05). Nodes, not time, so that no machine, busy or slow, cuts a diagnosis short
# where another would not.
DIAGNOSIS_NODES = 10_000_000

SUSPECTS = {
    "minimax_value": ["starts_at_zero", "levels_from_root", "starts_at_zero_at_max",
                      "starts_at_zero_at_min"],
    "minimax_decision": ["last_of_ties", "starts_at_zero", "levels_from_root",
                         "last_of_ties_at_max", "last_of_ties_at_min", "starts_at_zero_at_max",
                         "starts_at_zero_at_min"],
    "alphabeta_value": ["strict_pruning", "swapped_bounds", "stale_bounds", "children_first",
                        "no_pruning", "levels_from_root", "starts_at_zero",
                        "no_pruning_at_max", "no_pruning_at_min", "strict_pruning_at_max",
                        "strict_pruning_at_min", "swapped_bounds_at_max", "swapped_bounds_at_min",
                        "starts_at_zero_at_max", "starts_at_zero_at_min"],
    "alphabeta_decision": ["root_not_tightened", "last_of_ties", "strict_pruning",
                           "swapped_bounds", "stale_bounds", "children_first", "no_pruning",
                           "levels_from_root", "root_not_tightened_at_max",
                           "root_not_tightened_at_min", "last_of_ties_at_max",
                           "last_of_ties_at_min", "no_pruning_at_max", "no_pruning_at_min",
                           "strict_pruning_at_max", "strict_pruning_at_min",
                           "swapped_bounds_at_max", "swapped_bounds_at_min"],
}
# Heuristic alpha-beta is alpha-beta cut off at a depth, and a student who wrote the window rule
# wrong in alphabeta_value carries it over: alpha-beta's mistakes about the window are suspected
# of it, and of the two searches that call it.
HEURISTIC_WINDOW = ["strict_pruning", "swapped_bounds", "stale_bounds", "swapped_bounds_at_max",
                    "swapped_bounds_at_min"]
# The second assignment's, apart since its functions take more arguments than the first's. A
# transposition table kept between searches does not show in one search, which is all a replay
# sees, so it is not suspected. In heuristic_decision a cut-off one level too deep is the same
# search as children searched at full depth: which one is named hangs on whether heuristic_value
# fails too (function_diagnosis.named_mistakes).
CUTOFF_SUSPECTS = {
    "heuristic_value": ["cut_one_level_deep", "evaluates_terminals", "no_pruning",
                        *HEURISTIC_WINDOW],
    "heuristic_decision": ["children_at_full_depth", "root_not_tightened", "last_of_ties",
                           "cut_one_level_deep", "evaluates_terminals", "no_pruning",
                           *HEURISTIC_WINDOW],
    "iterative_deepening_decision": ["never_reorders", "worst_first", "ties_by_action",
                                     "ties_by_action_reversed", "cut_one_level_deep",
                                     "evaluates_terminals", "no_pruning", *HEURISTIC_WINDOW],
    "negamax_value": ["child_not_negated", "leaf_from_max_view", "strict_pruning",
                      "window_not_swapped"],
    "transposition_value": ["keyed_by_path", "looked_up_after_asking"],
    "quiescence_value": ["never_searches_on", "one_level_past", "depth_equals_zero"],
}
EVERY_SUSPECT = {**SUSPECTS, **CUTOFF_SUSPECTS}
# A mistake's name ends so when it is made at one player's nodes only (as variants.py's switches).
SIDE_SUFFIXES = ("_at_max", "_at_min")
# A mistake that is another made for one player only: ranking by (value, action) reversed for MAX
# ranks a MIN root as ranking by (value, action) does.
ONE_PLAYERS = {"ties_by_action_reversed": "ties_by_action"}


def both_sides(mistake):
    """The mistake made for both players that `mistake` makes for one only (at its nodes, or at
    its root); itself for one made for both."""
    for suffix in SIDE_SUFFIXES:
        mistake = mistake.removesuffix(suffix)
    return ONE_PLAYERS.get(mistake, mistake)


def pairs_of(function):
    """The pairs of `function`'s suspects that together tries, in the order suspected: two
    different mistakes (the same one made at both players' nodes and at one player's, or at each
    player's, is one)."""
    return [pair for pair in combinations(EVERY_SUSPECT.get(function, ()), 2)
            if both_sides(pair[0]) != both_sides(pair[1])]


# Which graded function calls which, as the references do. A caller suspects its callee's mistakes
# too, since a search calling a wrong one is that wrong search.
CALLS = {"minimax_decision": "minimax_value", "alphabeta_decision": "alphabeta_value",
         "rational_decision": "rational_response", "heuristic_decision": "heuristic_value",
         "iterative_deepening_decision": "heuristic_value"}


def in_any_order(function):
    """Whether diagnosis compares `function`'s nodes as a set: minimax may examine them in any
    order."""
    return function == "minimax_value"


def digest(function, trace):
    """A trace as diagnosis compares it. Each path ends in a newline, so that no trace shares
    its digest with an empty one (the root's path is "")."""
    paths = sorted(trace) if in_any_order(function) else trace
    return hashlib.sha256("".join(f"{path}\n" for path in paths).encode()).hexdigest()


# Past this many nodes a replay on another call than the failing one is not tried (Untried):
# trying the suspects on the calls a student passed tells mistakes apart cheaply on small games,
# and the course's full searches (half a million nodes) would cost seconds each. Nodes, not time,
# so that the same submission is told the same on a quiet or a busy machine.
NODE_CAP = 100_000


# Pairs of mistakes are many (over a hundred for alphabeta_decision), and the students' release
# records each on every public game, from the empty board too, where a replay that does not follow
# a student's trace runs to its cap: they are tried on searches of at most this many nodes, half
# NODE_CAP, which the course's mistakes on the empty board mostly stay within (a decision that
# never tightens the root: 30,710 nodes).
PAIR_CAP = 50_000


class Untried(Exception):
    """A mistake could not be tried on a call: its replay was not recorded, or it would search
    more than NODE_CAP nodes, or more than its diagnosis has left. It neither reproduces nor
    contradicts the call."""


class Budget:
    """Nodes that replays may still examine between them; the replay that goes past stops
    (replay.py spends one node for each is_terminal it asks)."""

    def __init__(self, nodes):
        self.left = nodes

    def spend(self, nodes=1):
        self.left -= nodes
        if self.left < 0:
            raise TooBig

    @property
    def spent(self):
        return self.left < 0


def as_mistakes(mistake):
    """The Mistakes of a known mistake's name, "" for none, or of several at once: a tuple of
    names, or a name joined by "+" with its style (styled)."""
    names = mistake.split("+") if isinstance(mistake, str) else mistake
    return Mistakes(**{name: True for name in names if name})


# The style the contract allows besides the reference's, where a replay in one does not reproduce
# a search in the other, and the mistakes it is tried for (None: all): negamax's children's
# values, fail-soft, are not the window's ends, and a mistake such as a child not negated adds them
# up otherwise. Alpha-beta's fail-hard answers are its fail-soft ones clamped into the window
# (in_either_style), over the same nodes, but for a search that prunes only past a bound: there a
# child failing high answers exactly beta, which v > beta never prunes.
STRICT = ("strict_pruning", "strict_pruning_at_max", "strict_pruning_at_min")
STYLES = {"negamax_value": ("fail_soft", None),
          **dict.fromkeys(["alphabeta_value", "alphabeta_decision", "heuristic_value",
                           "heuristic_decision", "iterative_deepening_decision"],
                          ("fail_hard", STRICT))}


def styled(function, mistake):
    """The replays a mistake of `function` (a name, "" for none) is tried as: in the reference's
    style, and in the other one where the function has one it makes a difference for (STYLES)."""
    style, only = STYLES.get(function, (None, None))
    if not style or not isinstance(mistake, str) or (only is not None and mistake not in only):
        return [mistake]
    return [mistake, f"{mistake}+{style}"]


def replays(call, known=None, following=None, cap=None, budget=None):
    """A function of a mistake (as_mistakes): the answer and trace digest of the search `call`
    names with that mistake, from `known` (replaying/record.py) when given, else replayed,
    stopping where it departs from the trace `following` when given (then None), or past `cap`
    nodes or what is left of `budget` (a Budget shared by several replays), Untried; None when
    neither is at hand. What was not recorded is Untried; a pair recorded as too big to follow
    any trace of at most PAIR_CAP nodes gives None."""
    if known is not None:
        def recorded(mistake):
            if isinstance(mistake, str):
                if mistake not in known["replays"]:
                    raise Untried
                return tuple(known["replays"][mistake])
            return recorded_pair(call["function"], known, mistake)
        return recorded
    if replay is None:
        return None

    def replayed(mistake):
        try:
            # a replay following a trace stops where it departs from it: no cap of its own
            budgets = [b for b in (budget, following is None and cap and Budget(cap)) if b]
            found = replay(call, as_mistakes(mistake), following,
                           in_order=not in_any_order(call["function"]), budgets=budgets)
        except TooBig:
            raise Untried from None
        return found and (found[0], digest(call["function"], found[1]))
    return replayed


def pair_key(function, pair):
    """The key under which replaying/record.py records `pair`, two of `function`'s suspects in the
    order suspected (as pairs_of gives them): their places among them, "i,j"."""
    suspects = EVERY_SUSPECT[function]
    return ",".join(str(suspects.index(mistake)) for mistake in pair)


def recorded_pair(function, known, pair):
    """What replaying/record.py recorded of `pair` on a call of `function` (`known`): its answer
    and trace digest, which it gives as the place of the single replay among ["", *suspects]
    that it equals or else in full; None for a search too big to follow a student's trace of at
    most PAIR_CAP nodes; Untried where nothing is recorded (a call without a trace, too big to
    try)."""
    try:
        found = known.get("pairs", {})[pair_key(function, pair)]
    except (KeyError, ValueError):
        raise Untried from None
    if isinstance(found, int):
        return tuple(known["replays"][["", *EVERY_SUSPECT[function]][found]])
    return None if found is None else tuple(found)


# Where the window of the value functions that take one comes in a call's arguments. Within it
# a search answers its value, outside it only a bound on that side, which the contract lets a
# search choose (fail-soft, as the alpha-beta references, or fail-hard, as negamax's): the two
# examine the same nodes, so a replay in one style reproduces a student's search in the other.
WINDOW_AT = {"alphabeta_value": 0, "heuristic_value": 2, "negamax_value": 0}
FULL_WINDOW = (-math.inf, math.inf)


def window(call):
    """The window `call` searches in: FULL_WINDOW for a function that takes none."""
    at = WINDOW_AT.get(call["function"])
    given = [] if at is None else call.get("args", [])[at:at + 2]
    return tuple(given) if len(given) == 2 and all(map(is_number, given)) else FULL_WINDOW


def reproduces(mistake, function, got, examined, replayed, within):
    """Whether a search of `function` with `mistake`, in either style it is tried in (styled),
    does what the student's code did: matches, each style's replay given by `replayed(name)`
    (a function replays gives, or a record's dict.get)."""
    return any(matches(got, examined, replayed(name), within)
               for name in styled(function, mistake))


def matches(got, examined, replayed, within=FULL_WINDOW):
    """Whether a replay gives the student's answer and, where nodes count, `examined`, the digest
    of the student's trace; never one that departed from that trace (None). Answers are the same
    within the window `within`: inside it, equal; at or past one of its ends, both there, in
    either style."""
    if replayed is None:
        return False
    answer, trace = replayed
    return ((exactly_equal(got.answer, answer) or in_either_style(got.answer, answer, within))
            and (examined is None or examined == trace))


def in_either_style(mine, theirs, within):
    """Whether two values are the same search's in a window: equal once each is clamped into
    it (fail-hard returns the window's end where fail-soft returns a value past it)."""
    low, high = within
    if not (is_number(mine) and is_number(theirs)) or within == FULL_WINDOW:
        return False
    return min(max(mine, low), high) == min(max(theirs, low), high)


def suspected(call, got, known=None):
    """The common errors tried on the observation `got` of `call`, as two tuples of their names in
    the order suspected: those that reproduce it and those it contradicts; None when none can be
    tried (the function has no suspects, the call gave no answer, the correct search reproduces
    it, or nothing is known of the mistakes on this input). Every suspect is tried, not only up to
    the first match, so that a function's diagnosis (function_diagnosis.py) can weigh one failing
    input against another. `known` is what replaying/record.py recorded for `call`, if
    anything."""
    function = call["function"]
    if function not in EVERY_SUSPECT or call.get("game") is None or not got.answered:
        return None
    budget = Budget(DIAGNOSIS_NODES)
    replayed = replays(call, known, got.trace if call["trace"] else None, budget=budget)
    examined = digest(function, got.trace) if call["trace"] else None
    within = window(call)

    def alike(mistake):
        return reproduces(mistake, function, got, examined, replayed, within)
    try:
        if replayed is None or alike(""):
            return None
    except Untried:
        return None
    reproduce, contradicted = [], []
    for mistake in EVERY_SUSPECT[function]:
        try:
            found = alike(mistake)
        except Untried:
            break  # the rest untried too: neither reproduced nor contradicted
        (reproduce if found else contradicted).append(mistake)
    return tuple(reproduce), tuple(contradicted)


def told_apart(found, observations):
    """`found`, what suspected gave for a failing input, with the mistakes that reproduce it tried
    on `observations`, other calls of the function as (call, observation, known), passing ones
    too, and moved to the contradicted where the student's code did otherwise. The failing input
    shown is the smallest, where a mistake often agrees with another or with a different bug (a
    search that never prunes, one that passes stale bounds and one whose MIN nodes never lower
    beta examine the same nodes with the full window); other inputs tell them apart, those of
    at most NODE_CAP nodes. Within a budget of nodes of its own, as suspected."""
    if not found or not found[0]:
        return found
    reproduce, contradicted = list(found[0]), list(found[1])
    budget = Budget(DIAGNOSIS_NODES)
    for call, got, known in observations:
        if not reproduce or budget.spent:
            break
        for mistake in [m for m in reproduce if agrees(call, got, known, m, budget) is False]:
            reproduce.remove(mistake)
            contradicted.append(mistake)
    return tuple(reproduce), tuple(contradicted)


def agrees(call, got, known, mistake, budget=None, cap=None):
    """Whether a search with `mistake` (as_mistakes) does on `call` what the student's code did,
    `got`; None where it cannot be tried (Untried, or a student's search of more than `cap` nodes,
    NODE_CAP unless given), which neither reproduces nor contradicts. The replay spends from
    `budget`, if any."""
    cap = cap or NODE_CAP
    following = got.trace if call["trace"] else None
    if following is not None and len(following) > cap:
        return None
    replayed = replays(call, known, following, cap=cap, budget=budget)
    examined = digest(call["function"], got.trace) if call["trace"] else None
    if replayed is None:
        return None
    try:
        return reproduces(mistake, call["function"], got, examined, replayed, window(call))
    except Untried:
        return None


def together(function, failing, others):
    """The pairs of `function`'s suspects tried at once, where no single one explains its
    failures: two mistakes in one function, or one in it and one in a function it calls, show
    only together. `failing` are its failing inputs and `others` its other calls, each as
    (call, observation, known), the smallest first. Returns {failing input's index: the pairs
    that reproduce it} and the pairs some input contradicts. The pairs are replayed here when the
    working searches are, else (the students' release) read from what replaying/record.py
    recorded of each call (`known`), which on the public games gives the same. A pair that a call
    cannot try (past PAIR_CAP nodes, or nothing recorded) is neither; the failing inputs are
    tried first, so that most pairs are contradicted on small ones, within a budget of nodes of
    its own, as suspected."""
    alive = pairs_of(function)
    reproduced, contradicted = {}, []
    budget = Budget(DIAGNOSIS_NODES)
    inputs = [*enumerate(failing), *((None, observation) for observation in others)]
    for index, (call, got, known) in inputs:
        if not alive or budget.spent:
            break
        for pair in list(alive):
            agreed = agrees(call, got, None if replay else known, pair, budget, PAIR_CAP)
            if agreed is False:
                alive.remove(pair)
                contradicted.append(pair)
            elif agreed and index is not None:
                reproduced.setdefault(index, []).append(pair)
    return ({index: [pair for pair in pairs if pair in alive]
             for index, pairs in reproduced.items()}, tuple(contradicted))

