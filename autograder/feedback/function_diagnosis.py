"""One diagnosis per function, from all its failing checks, visible and hidden.

Each failing check records which common errors reproduce its failing input and which that input
contradicts (diagnosis.suspected). Diagnosed check by check, one bug was told a different mistake
in each check, some wrong (a search that never prunes is also, on one small tree, a search that
passes on stale bounds). Here a mistake is named only when no failing input contradicts it; of
those, the one that reproduces the most failing inputs, or all that reproduce as many, together.
What is named is the mistake and its fix, never an input, so a hidden check's failures count as a
visible one's, and a hidden check the named mistake reproduces says that the diagnosis explains it
in place of its fixed hint.

Where no single mistake is left, two at once may be (function_trial.py tries pairs of them): a
pair is named when it reproduces the failing inputs and none contradicts it. When one of the two is
the mistake named for a failing function this one calls, that one is the callee's, and this
function is told only its own, over its callee's search: a decision that keeps the last of ties,
calling a minimax_value that starts v at 0, is told of its ties, and its minimax_value of v.

With it, the graded functions a failing function's calls entered (the worker notes them) that fail
too: a failure there explains one here, so it is said first.

A hidden check that nothing named explains, and whose input the grader tried its known mistakes on,
shows its fixed hint only as a frequent cause, since no known mistake reproduced its input: the
hint may be about a mistake the code does not make.

Reads results as plain data (function, failed, suspects, calls), so that it needs no report.
"""
from dataclasses import replace
from typing import NamedTuple

from autograder.feedback.mistakes import (CALLS, EVERY_SUSPECT, EXPLANATIONS, KEPT_BETWEEN_CALLS,
                                          both_sides)
from autograder.language import _


def reproduced(suspects, contradicted=frozenset()):
    """{mistake: how many of `suspects` (CheckResult.suspects, None where nothing was tried)
    it reproduces}, leaving out the mistakes in `contradicted`."""
    counts = {}
    for found in filter(None, suspects):
        for name in found["reproduce"]:
            if name not in contradicted:
                counts[name] = counts.get(name, 0) + 1
    return counts


def most(counts, names):
    """Those of `names` that `counts` gives the most."""
    top = max((counts.get(name, 0) for name in names), default=0)
    return [name for name in names if counts.get(name, 0) == top]


def both_sides_first(found):
    """`found`, mistakes or pairs of them, less each that makes a mistake at one player's nodes
    where the same made at both players' nodes is found too: what was seen does not tell them
    apart, and the one the course texts warn about is the latter."""
    def names(item):
        return frozenset([item] if isinstance(item, str) else item)

    def at_both(item):
        return frozenset(map(both_sides, names(item)))
    kept = set(map(names, found))
    return [item for item in found if at_both(item) == names(item) or at_both(item) not in kept]


def named_mistakes(function, suspects, elsewhere=(), beneath=()):
    """The names of the mistakes to name for `function`, given `suspects`, its failing checks'
    CheckResult.suspects: those that reproduce some failing input and that none contradicts, nor
    any failing input of the failing functions it calls (`beneath`: their searches are part of
    its own, so a mistake that does not explain theirs does not explain its), keeping those that
    reproduce the most inputs, then of those the ones the failing checks of other functions,
    `elsewhere`, confirm the most; in the order suspected. Its own mistakes go before its callee's
    that nothing else confirms (no failing function it calls, no other function's failure): a
    search calling a right callee does not make those (a heuristic_decision that searches its
    children a level too deep is the same search as one calling a heuristic_value that cuts off
    a level too deep, but only one of them is the code's). Names the grader does not suspect are
    ignored; something kept between calls is suspected of every function."""
    contradicted = {name for found in filter(None, [*suspects, *beneath])
                    for name in found["contradicted"]}
    counts = reproduced(suspects, contradicted)
    confirmed = reproduced(elsewhere)
    candidates = [name for name in (*EVERY_SUSPECT.get(function, ()), KEPT_BETWEEN_CALLS)
                  if name in counts]
    if not beneath:
        unconfirmed = set(EVERY_SUSPECT.get(CALLS.get(function), ())) - set(confirmed)
        candidates = [name for name in candidates if name not in unconfirmed] or candidates
    if not candidates:
        return ()
    return tuple(both_sides_first(most(confirmed, most(counts, candidates))))


def named_together(function, suspects, elsewhere=(), beneath=(), named_elsewhere=()):
    """The pair of mistakes to name for `function` where named_mistakes names none: of the pairs
    its failing checks' `suspects` record "together" (function_trial.py), those that reproduce
    some failing input and that none contradicts, nor any failing input of the failing
    functions it calls (`beneath`) one of, keeping those that reproduce the most inputs, then
    those with the most mistakes the failing checks of other functions (`elsewhere`) confirm,
    alone or in a pair (a heuristic_decision and a heuristic_value sharing a helper that cuts off
    a level too deep and never prunes: the decision's pair is also a search of its children at
    full depth that never prunes, which the value function's pair tells apart), then of those the
    one named for another function (`named_elsewhere`, pairs: its inputs told the rest apart);
    () unless exactly one is left, since two pairs are no one story."""
    contradicted = {name for found in filter(None, beneath) for name in found["contradicted"]}
    counts = unrefuted_pairs(suspects, contradicted)
    confirmed = {*reproduced(elsewhere), *(name for pair in unrefuted_pairs(elsewhere)
                                           for name in pair)}
    pairs = both_sides_first(most(counts, list(counts)))
    score = {pair: sum(name in confirmed for name in pair) for pair in pairs}
    kept = most(score, pairs)
    named = {frozenset(pair) for pair in named_elsewhere}
    kept = [pair for pair in kept if frozenset(pair) in named] or kept
    return kept[0] if len(kept) == 1 else ()


def unrefuted_pairs(suspects, contradicted=frozenset()):
    """{pair: how many of `suspects` (CheckResult.suspects) record it "together" as reproducing
    their input}, for the pairs none of them contradicts and that hold none of the mistakes in
    `contradicted`."""
    tried = [found["together"] for found in filter(None, suspects) if "together" in found]
    refuted = {tuple(pair) for found in tried for pair in found["contradicted"]}
    counts = {}
    for found in tried:
        for pair in map(tuple, found["reproduce"]):
            if pair not in refuted and not set(pair) & contradicted:
                counts[pair] = counts.get(pair, 0) + 1
    return counts


class Named(NamedTuple):
    """What is said of a function before its failures: `mistakes`, the known mistakes it is told
    (any one of them, or, with `pair`, what it does over its callees'), `callees`, the failing
    graded functions it calls, and `pair`, when two mistakes at once reproduce its failures,
    those two (some of them its callees')."""
    mistakes: tuple
    callees: tuple
    pair: tuple = ()


def failing_callees(function, checks):
    """The other graded functions that `function`'s failing checks entered and that fail too, in
    the order their checks come."""
    failing = dict.fromkeys(check.function for check in checks if check.failed)
    entered = {name for check in checks if check.function == function and check.failed
               for name in check.calls}
    return tuple(name for name in failing if name in entered and name != function)


def diagnoses(checks):
    """{function: Named} for every function with a failing check and something to say, from
    `checks` (results.CheckResult). Of a pair, a function is told the mistakes that are not those
    named for a failing function it calls, or both when both are."""
    failing = [check for check in checks if check.failed]
    found, arguments = {}, {}
    for function in dict.fromkeys(check.function for check in failing):
        callees = failing_callees(function, checks)
        arguments[function] = (
            [check.suspects for check in failing if check.function == function],
            [check.suspects for check in failing if check.function != function],
            [check.suspects for check in failing if check.function in callees])
        mistakes = named_mistakes(function, *arguments[function])
        found[function] = Named(mistakes, callees, () if mistakes else
                                named_together(function, *arguments[function]))
    # Two pairs a function's inputs reproduce alike may be told apart by another function's
    # inputs only (a decision and a value function sharing a helper): the pair named there.
    named_pairs = [named.pair for named in found.values() if named.pair]
    for function, named in found.items():
        if not named.mistakes and not named.pair and named_pairs:
            found[function] = named._replace(pair=named_together(
                function, *arguments[function], named_elsewhere=named_pairs))
    alone = dict(found)
    for function, named in alone.items():
        beneath = {name for callee in named.callees if callee in alone
                   for name in alone[callee].mistakes or alone[callee].pair}
        own = tuple(name for name in named.pair if name not in beneath)
        if named.pair:
            found[function] = named._replace(mistakes=own or named.pair)
    return {function: named for function, named in found.items()
            if named.mistakes or named.callees}


def cascade(function, callee):
    # TRANSLATORS: {function} and {callee} are two of the student's functions (code)
    return _("Your {function} calls your {callee}, which fails: fix that first.").format(
        function=function, callee=callee)


def told(function, mistakes, pair=(), callees=()):
    """The sentences naming `mistakes` as what `function`'s search did, with their fixes: any
    one of them, or with `pair`, the two at once, or the one of them that is `function`'s own
    over its first failing callee's search."""
    if mistakes == (KEPT_BETWEEN_CALLS,):
        does, fix = (_(phrase) for phrase in EXPLANATIONS[KEPT_BETWEEN_CALLS])
        # TRANSLATORS: {function} is the student's function (code); {does} what it does ("keeps
        # something from one call to the next, ..."), {fix} the fix, each lower case
        return _("Diagnosis: on a failing input, your {function} behaves as a search that "
                 "{does}: called again by a process of its own, with no call before, it answers "
                 "that input right. The fix: {fix}.").format(function=function, does=does, fix=fix)
    if len(mistakes) == 1 and pair and callees:
        does, fix = (_(phrase) for phrase in EXPLANATIONS[mistakes[0]])
        # TRANSLATORS: {function} and {callee} are the student's functions (code); {does} what a
        # search with a common mistake does ("keeps the last of equally good actions"), {fix} its
        # fix, each lower case. The callee's own mistake is told in its own diagnosis.
        return _("Diagnosis: on every failing input tried, your {function} behaves exactly as a "
                 "search that {does}, one of the common errors the course texts warn about, over "
                 "the search your {callee} does. The fix: {fix}.").format(
            function=function, callee=callees[0], does=does, fix=fix)
    if len(mistakes) == 1:
        does, fix = (_(phrase) for phrase in EXPLANATIONS[mistakes[0]])
        # TRANSLATORS: {function} is the student's function (code); {does} what a search with a
        # common mistake does ("prunes only when alpha > beta"), {fix} its fix, each lower case.
        return _("Diagnosis: on every failing input tried, your {function} behaves exactly as a "
                 "search that {does}, one of the common errors the course texts warn about. The "
                 "fix: {fix}.").format(function=function, does=does, fix=fix)
    if pair:
        # TRANSLATORS: {function} is the student's function (code); a list of two common
        # mistakes follows, which its search makes both, and neither alone explains
        lines = [_("Diagnosis: on every failing input tried, your {function} behaves exactly as "
                   "a search with both of these common errors at once (neither alone does "
                   "that):").format(function=function)]
    else:
        # TRANSLATORS: {function} is the student's function (code); a list of common mistakes
        # follows
        lines = [_("Diagnosis: on every failing input tried, your {function} behaves exactly as "
                   "a search with any one of these common errors:").format(function=function)]
    for mistake in mistakes:
        does, fix = (_(phrase) for phrase in EXPLANATIONS[mistake])
        # TRANSLATORS: one of a list of common mistakes: {does} what a search with it does, {fix}
        # its fix, each lower case
        lines.append("- " + _("a search that {does} (the fix: {fix})").format(does=does, fix=fix))
    return "\n".join(lines)


def said(function, mistakes, callees, pair=()):
    """What a report says of `function` before its failures: the failing functions it calls,
    then its diagnosis (told)."""
    lines = [cascade(function, callee) for callee in callees]
    if mistakes:
        lines.append(told(function, mistakes, pair, callees))
    return "\n".join(lines)


def explains(named, suspects):
    """Whether what is named of a function (Named) reproduces a check's input, by its
    `suspects`."""
    if named.pair:
        return list(named.pair) in (suspects or {}).get("together", {}).get("reproduce", ())
    return bool(set(named.mistakes) & set((suspects or {}).get("reproduce", ())))


def with_causes(checks, found):
    """`checks`, where a failed hidden check with no cause of its own is given one from its
    function's entry in `found` (as diagnoses gives it): that the diagnosis explains it, when
    what is named reproduces its input, else that a failing function it calls comes first, when
    there is one, else, when known mistakes were tried on its input and none is named, its hint
    as only a frequent cause. Its fixed hint would name a mistake the code may not make, and its
    input may not be said; what is said is the function's, the same for each of its hidden
    checks."""
    def explained(check):
        named = found.get(check.function, Named((), ()))
        if check.visibility != "hidden" or not check.failed or check.cause:
            return check
        if named.mistakes and explains(named, check.suspects):
            # TRANSLATORS: a hidden check's feedback; {function} is the student's function
            # (code), whose diagnosis the report gives before its failures
            return replace(check, cause=_("The diagnosis of your {function} explains this "
                                          "failure.").format(function=check.function))
        if named.callees:
            return replace(check, cause=cascade(check.function, named.callees[0]))
        if check.suspects is not None and check.hint:
            # TRANSLATORS: a hidden check's feedback; {hint} is the check's fixed hint, a
            # sentence or more, which the grader could not confirm of this student's code
            return replace(check, cause=_("The grader could not match what your code did here "
                                          "to one of the common errors it knows, so this hint is "
                                          "a frequent cause, which your code may or may not "
                                          "have: {hint}").format(hint=check.hint))
        return check
    return [explained(check) for check in checks]
