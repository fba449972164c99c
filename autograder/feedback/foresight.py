"""Foresight: which known mistakes reproduce a function's search on the calls its checks made, so
that a check only the instructor's grading runs can warn beforehand that it will likely fail.

A mistake reproduces a function when, on every call of it whose replays were recorded
(replaying/record.py: the students' release holds them for the public games), a search with that
mistake gives the student's answer and, where nodes count, examines the student's nodes, while on
at least one of them the correct search does not. Only recorded replays are read, nothing is
searched: where none were recorded (the instructor's grader, on games of its own) nothing is
found. The calls are those the checks that ran made, which a student sees: what a warning says is
drawn from no input of a check that did not run.
"""
from autograder.feedback.diagnosis import digest, reproduces, window
from autograder.feedback.mistakes import EVERY_SUSPECT, EXPLANATIONS
from autograder.language import _


def reproducing(pairs):
    """{function: the known mistakes, in the order diagnosis tries them, that reproduce its search
    on every call of `pairs` (checks/calling.py's Pair) with recorded replays}; a function whose
    calls the correct search reproduces, or one that drew random numbers or gave no answer
    somewhere, has none."""
    recorded = {}
    for pair in pairs:
        known = pair.want.explained
        if pair.call is not None and known and "replays" in known:
            recorded.setdefault(pair.function, []).append(pair)
    found = {}
    for function, calls in recorded.items():
        if any(pair.got.used_random or not pair.got.answered for pair in calls):
            continue
        seen = [(pair.got, student_digest(pair), pair.want.explained["replays"],
                 window(pair.call)) for pair in calls]

        def everywhere(mistake):
            return all(reproduces(mistake, function, got, examined, replays.get, within)
                       for got, examined, replays, within in seen)
        if everywhere(""):
            continue
        mistakes = [mistake for mistake in EVERY_SUSPECT.get(function, ()) if everywhere(mistake)]
        if mistakes:
            found[function] = mistakes
    return found


def entering(pairs):
    """{function: the other graded functions its calls in `pairs` entered, in the order met}: a
    check of it that only the instructor's grading runs will likely fail where one of them
    fails."""
    found = {}
    for pair in pairs:
        for name in pair.got.entered:
            found.setdefault(pair.function, {})[name] = None
    return {function: list(names) for function, names in found.items()}


def student_digest(pair):
    """The digest of the student's nodes, as diagnosis compares them; None where nodes do not
    count."""
    return digest(pair.function, pair.got.trace) if pair.call["trace"] else None


def warning(function, mistake, traced):
    """The sentence beside a check run only when graded, which a search with `mistake` fails,
    when the student's `function` matches that search on the games it was tried on here."""
    does, fix = (_(phrase) for phrase in EXPLANATIONS[mistake])
    if traced:
        # TRANSLATORS: beside a check that runs only when the instructor grades; {function} is the
        # student's function (code), {does} what a search with a common mistake does ("prunes only
        # when alpha > beta"), {fix} its fix, each lower case.
        sentence = _("Warning: on the games tried here your {function} gives the same answers and "
                     "examines the same nodes as a search that {does}, which fails this check: it "
                     "will likely fail when graded. The fix: {fix}.")
    else:
        # TRANSLATORS: beside a check that runs only when the instructor grades; {function} is the
        # student's function (code), {does} what a search with a common mistake does ("prunes only
        # when alpha > beta"), {fix} its fix, each lower case.
        sentence = _("Warning: on the games tried here your {function} gives the same answers as "
                     "a search that {does}, which fails this check: it will likely fail when "
                     "graded. The fix: {fix}.")
    return sentence.format(function=function, does=does, fix=fix)


def relying(function, callee):
    """The sentence beside a check run only when graded, when the student's `function` calls
    their `callee`, which fails here."""
    # TRANSLATORS: beside a check that runs only when the instructor grades; {function} and
    # {callee} are two of the student's functions (code)
    return _("Warning: your {function} calls your {callee}, which fails here: this check will "
             "likely fail when graded too. Fix {callee} first.").format(function=function,
                                                                        callee=callee)


def failing(function):
    """The sentence beside a check run only when graded, when the student's `function` itself
    fails checks here: what they do not test may be wrong too, and cost points unannounced."""
    # TRANSLATORS: beside a check that runs only when the instructor grades; {function} is the
    # student's function (code)
    return _("Warning: your {function} fails checks here, so this check may fail when graded "
             "too. Fix those failures first.").format(function=function)
