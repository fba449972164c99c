"""One diagnosis per function, from all its failing checks, visible and hidden.

Each failing check records which common errors reproduce its failing input and which that input
contradicts (diagnosis.suspected). Diagnosed check by check, one bug was told a different mistake
in each check, some wrong (a search that never prunes is also, on one small tree, a search that
passes on stale bounds). Here a mistake is named only when no failing input contradicts it; of
those, the one that reproduces the most failing inputs, or all that reproduce as many, together.
What is named is the mistake and its fix, never an input, so a hidden check's failures count as a
visible one's, and a hidden check the named mistake reproduces says that the diagnosis explains it
in place of its fixed hint.

With it, the graded functions a failing function's calls entered (the worker notes them) that fail
too: a failure there explains one here, so it is said first.

Reads results as plain data (function, failed, suspects, calls), so that it needs no report.
"""
from dataclasses import replace

from autograder.feedback.diagnosis import EVERY_SUSPECT, EXPLANATIONS
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


def named_mistakes(function, suspects, elsewhere=(), beneath=()):
    """The names of the mistakes to name for `function`, given `suspects`, its failing checks'
    CheckResult.suspects: those that reproduce some failing input and that none contradicts, nor
    any failing input of the failing functions it calls (`beneath`: their searches are part of
    its own, so a mistake that does not explain theirs does not explain its), keeping those that
    reproduce the most inputs, then of those the ones the failing checks of other functions,
    `elsewhere`, confirm the most; in the order suspected. Names the grader does not suspect are
    ignored."""
    contradicted = {name for found in filter(None, [*suspects, *beneath])
                    for name in found["contradicted"]}
    counts = reproduced(suspects, contradicted)
    candidates = [name for name in EVERY_SUSPECT.get(function, ()) if name in counts]
    if not candidates:
        return ()
    return tuple(most(reproduced(elsewhere), most(counts, candidates)))


def failing_callees(function, checks):
    """The other graded functions that `function`'s failing checks entered and that fail too, in
    the order their checks come."""
    failing = dict.fromkeys(check.function for check in checks if check.failed)
    entered = {name for check in checks if check.function == function and check.failed
               for name in check.calls}
    return tuple(name for name in failing if name in entered and name != function)


def diagnoses(checks):
    """{function: (mistakes named, failing functions it calls)} for every function with a failing
    check and something to say, from `checks` (results.CheckResult)."""
    found = {}
    for function in dict.fromkeys(check.function for check in checks if check.failed):
        failing = [check for check in checks if check.failed]
        callees = failing_callees(function, checks)
        mistakes = named_mistakes(
            function, [check.suspects for check in failing if check.function == function],
            [check.suspects for check in failing if check.function != function],
            [check.suspects for check in failing if check.function in callees])
        if mistakes or callees:
            found[function] = (mistakes, callees)
    return found


def cascade(function, callee):
    # TRANSLATORS: {function} and {callee} are two of the student's functions (code)
    return _("Your {function} calls your {callee}, which fails: fix that first.").format(
        function=function, callee=callee)


def told(function, mistakes):
    """The sentences naming `mistakes` as what `function`'s search did, with their fixes."""
    if len(mistakes) == 1:
        does, fix = (_(phrase) for phrase in EXPLANATIONS[mistakes[0]])
        # TRANSLATORS: {function} is the student's function (code); {does} what a search with a
        # common mistake does ("prunes only when alpha > beta"), {fix} its fix, each lower case.
        return _("Diagnosis: on every failing input tried, your {function} behaves exactly as a "
                 "search that {does}, one of the common errors the course texts warn about. The "
                 "fix: {fix}.").format(function=function, does=does, fix=fix)
    # TRANSLATORS: {function} is the student's function (code); a list of common mistakes follows
    lines = [_("Diagnosis: on every failing input tried, your {function} behaves exactly as a "
               "search with any one of these common errors:").format(function=function)]
    for mistake in mistakes:
        does, fix = (_(phrase) for phrase in EXPLANATIONS[mistake])
        # TRANSLATORS: one of a list of common mistakes: {does} what a search with it does, {fix}
        # its fix, each lower case
        lines.append("- " + _("a search that {does} (the fix: {fix})").format(does=does, fix=fix))
    return "\n".join(lines)


def said(function, mistakes, callees):
    """What a report says of `function` before its failures: the failing functions it calls,
    then its diagnosis."""
    lines = [cascade(function, callee) for callee in callees]
    if mistakes:
        lines.append(told(function, mistakes))
    return "\n".join(lines)


def with_causes(checks, found):
    """`checks`, where a failed hidden check with no cause of its own is given one from its
    function's entry in `found` (as diagnoses gives it): that the diagnosis explains it, when a
    mistake named reproduces its input, else that a failing function it calls comes first, when
    there is one. Its fixed hint would name a mistake the code may not make, and its input may
    not be said; what is said is the function's, the same for each of its hidden checks."""
    def explained(check):
        mistakes, callees = found.get(check.function, ((), ()))
        if check.visibility != "hidden" or not check.failed or check.cause:
            return check
        if set(mistakes) & set((check.suspects or {}).get("reproduce", ())):
            # TRANSLATORS: a hidden check's feedback; {function} is the student's function
            # (code), whose diagnosis the report gives before its failures
            return replace(check, cause=_("The diagnosis of your {function} explains this "
                                          "failure.").format(function=check.function))
        if callees:
            return replace(check, cause=cascade(check.function, callees[0]))
        return check
    return [explained(check) for check in checks]
