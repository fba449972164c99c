"""What the students' release carries for its explanations, since it holds no working search: for
each call its answers file holds, what replay.py finds on that call, as plain data.

Read back by feedback/explain.py and feedback/diagnosis.py through the reference's observation
(`explained`), the same failure gets the same sentences in the students' repository as in the
instructor's grader.
"""
import json
import os
from concurrent.futures import ProcessPoolExecutor

from autograder.feedback.diagnosis import EVERY_SUSPECT, replays, styled
from autograder.feedback.replaying.replay import narrate


def explained(call):
    """The correct search's narration, and the answer and trace digest of the correct search
    ("") and of each mistake diagnosis suspects, in each style it is tried in; None for a call
    no explanation reads."""
    if call.get("game") is None or call.get("function") not in EVERY_SUSPECT:
        return None
    replayed = replays(call)  # live: the working searches are here
    recorded = {name: list(replayed(name))
                for mistake in ["", *EVERY_SUSPECT[call["function"]]]
                for name in styled(call["function"], mistake)}
    narration = narrate(call)
    return {"replays": recorded, **({"narration": narration.as_data()} if narration else {})}


def explained_key(key):
    call = json.loads(key)
    return explained(call) if "function" in call else None


def explain_answers(answers):
    """`answers` (call key -> the reference's observation as data), each with what its
    explanations need added as "explained": on every core, since the searches of the full
    tic-tac-toe tree take a minute. The calls are handed out one at a time, the longest first
    (heaviest_first), so that the cores end together rather than one of them searching the empty
    board alone at the end; each call's explanations are found by its key, in any order."""
    order = heaviest_first(answers)
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        found = dict(zip(order, pool.map(explained_key, order, chunksize=1)))
    for key, data in answers.items():
        if found[key] is not None:
            data["explained"] = found[key]
    return answers


def heaviest_first(answers):
    """The keys of `answers`, those the reference took longest over first (its "seconds", which
    the explanations' searches take a multiple of), ties in the order given."""
    def seconds(key):
        data = answers[key]
        return data.get("seconds", 0) if isinstance(data, dict) else 0
    return sorted(answers, key=seconds, reverse=True)
