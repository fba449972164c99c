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

from autograder.feedback.mistakes import EVERY_SUSPECT, pairs_of
from autograder.runner.observations import exactly_equal, is_number

try:
    from autograder.feedback.replaying.replay import TooBig, replay
    from autograder.feedback.replaying.variants import Mistakes
except ImportError:  # the students' release: no working search, only what was recorded
    replay = Mistakes = TooBig = None  # replays() replays nothing here, so never catches TooBig

# Replays are full searches (seconds each on the empty board): past this many nodes examined by the
# replays of one step of diagnosis (suspected, told_apart, together), the rest are not tried, so
# that an explanation never costs a check its time limit: about 45 s of CPU on this project's
# machine (2026-12-05). Nodes, not time, so that no machine, busy or slow, cuts a diagnosis short
# where another would not.
DIAGNOSIS_NODES = 10_000_000


def in_any_order(function):
    """Whether diagnosis compares `function`'s nodes as a set: minimax may examine them in any
    order."""
    return function == "minimax_value"


def digest(function, trace):
    """A trace as diagnosis compares it. Each path ends in a newline, so that no trace shares
    its digest with an empty one (the root's path is "")."""
    paths = sorted(trace) if in_any_order(function) else trace
    text = "\n".join(paths) + "\n" if paths else ""  # one join: traces of half a million paths
    return hashlib.sha256(text.encode()).hexdigest()


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

