"""What the students' release carries for its explanations, since it holds no working search: for
each call its answers file holds, what replay.py finds on that call, as plain data: the single
suspected mistakes' replays, and their pairs' (diagnosis.together reads them where no single
mistake explains a function's failures).

Read back by feedback/explain.py and feedback/diagnosis.py through the reference's observation
(`explained`), the same failure gets the same sentences in the students' repository as in the
instructor's grader.
"""
import json
import os
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache

from autograder.feedback.diagnosis import (PAIR_CAP, Budget, as_mistakes, digest, pair_key,
                                           replays, styled)
from autograder.feedback.mistakes import EVERY_SUSPECT, pairs_of
from autograder.feedback.replaying.replay import TooBig, narrate, replay
from autograder.feedback.replaying.subtrees import digested, memoizes


def explained(call, searched=None):
    """The correct search's narration, and the answer and trace digest of the correct search
    ("") and of each mistake diagnosis suspects, in each style it is tried in, and of each pair
    of them (paired); None for a call no explanation reads. Its replays share the subtrees'
    searches in `searched` (subtrees.digested): a dict of their own, or one kept for the calls
    of a `sharing` group."""
    if call.get("game") is None or call.get("function") not in EVERY_SUSPECT:
        return None
    searched = {} if searched is None else searched
    replayed = replayer(call, searched)
    recorded = {name: list(replayed(name))
                for mistake in ["", *EVERY_SUSPECT[call["function"]]]
                for name in styled(call["function"], mistake)}
    pairs = paired(call, recorded, searched)
    narration = narrate(call)
    return {"replays": recorded, **({"pairs": pairs} if pairs else {}),
            **({"narration": narration.as_data()} if narration else {})}


def replayer(call, searched):
    """diagnosis.replays(call), live (the working searches are here): on a game whose
    positions recur, each subtree searched once per window (subtrees.py, sharing `searched`),
    which finds the same."""
    if memoizes(call):
        return lambda name: digested(call, mistakes_of(name), searched=searched)
    return replays(call)


def paired(call, recorded, searched):
    """{diagnosis.pair_key: what diagnosis.together finds replaying that pair of suspects on
    `call`}, given the single replays `recorded`: where it finds the answer and trace digest of
    one of them ("" first), that one's place among ["", *suspects], else the two in full; for a
    call with a trace, None where the pair examines more than PAIR_CAP nodes (it follows no
    student's trace of at most that many, and a longer one is not tried); for one without, the
    pair left out where it asks is_terminal more than PAIR_CAP times (Untried), as a replay
    capped there stops. Memoized replays share `searched` (subtrees.digested): a pair's
    searches below the root are another call's of its group (sharing), or a pair's of the same
    mistakes below the root."""
    function = call["function"]
    singles = [json.dumps(recorded[mistake]) for mistake in ["", *EVERY_SUSPECT[function]]]
    found = {}
    for pair in pairs_of(function):
        cap = {"nodes": PAIR_CAP} if call["trace"] else {"budgets": [Budget(PAIR_CAP)]}
        try:
            both = list(digested(call, mistakes_of(pair), **cap, searched=searched)
                        if memoizes(call) else replayed_pair(call, pair, cap))
        except TooBig:
            if call["trace"]:
                found[pair_key(function, pair)] = None
            continue
        same = json.dumps(both)
        found[pair_key(function, pair)] = singles.index(same) if same in singles else both
    return found


@lru_cache(maxsize=1024)
def mistakes_of(name):
    """as_mistakes(`name`), one Mistakes for each: it keeps what it makes at each player's nodes
    (Mistakes.at), which a small replay takes longer to make than to search."""
    return as_mistakes(name)


def replayed_pair(call, pair, cap):
    answer, trace = replay(call, mistakes_of(pair), **cap)
    return answer, digest(call["function"], trace)


def explained_keys(keys):
    """explained() of each call of `keys`, a group whose replays share their subtrees' searches
    (sharing)."""
    searched = {}
    return [explained(call, searched) if "function" in call else None
            for call in map(json.loads, keys)]


def sharing(key):
    """What the calls whose replays may share the subtrees' searches have alike, or None for a
    call that shares with none: a memoized search (subtrees.memoizes) below a root's children
    depends on the game, the order, the search (minimax is alpha-beta made never to prune, from
    the same mistakes, which key the searches: variants._as_minimax), the mistakes below the
    root, and the child's position, parity (counted from the game's start), window and depth,
    which the searches' keys hold. So the value and the decision of the same search, game, state
    and order share all but their roots."""
    call = json.loads(key)
    if "function" not in call or not memoizes(call):
        return None
    return json.dumps([call["function"].split("_")[0], call["game"], call.get("state"),
                       [arg for arg in call.get("args", []) if isinstance(arg, dict)]],
                      sort_keys=True)


def explain_answers(answers):
    """`answers` (call key -> the reference's observation as data), each with what its
    explanations need added as "explained": on every core, since the searches of the full
    tic-tac-toe tree take a minute. The calls are handed out a group at a time (sharing), the
    longest first (heaviest_first), so that the cores end together rather than one of them
    searching the empty board alone at the end; each call's explanations are found by its key,
    in any order."""
    groups = heaviest_first(answers)
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        found = {key: explanation for group, explanations in
                 zip(groups, pool.map(explained_keys, groups, chunksize=1))
                 for key, explanation in zip(group, explanations)}
    for key, data in answers.items():
        if found[key] is not None:
            data["explained"] = found[key]
    return answers


def heaviest_first(answers):
    """The keys of `answers` in groups that share their searches (sharing; a call alone where it
    shares with none), the groups the reference took longest over first (its "seconds", which
    the explanations' searches take a multiple of), ties in the order given."""
    def seconds(key):
        data = answers[key]
        return data.get("seconds", 0) if isinstance(data, dict) else 0
    groups = {}
    for key in answers:
        groups.setdefault(sharing(key) or key, []).append(key)
    return sorted(groups.values(), key=lambda group: sum(map(seconds, group)), reverse=True)
