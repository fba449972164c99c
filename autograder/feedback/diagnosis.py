"""Diagnosis: replay the course's common errors on the failing input and name the one that
matches what the student's code did.

A match is claimed only when a variant with that one mistake returns exactly the student's answer
and, for the searches whose nodes are counted, examines exactly the student's nodes in the same
order, while the correct search does not: the sentence states what was observed, nothing more.
"""
import time

from autograder.feedback import variants
from autograder.feedback.variants import Mistakes
from autograder.games.instrumented import InstrumentedGame
from autograder.observations import exactly_equal
from autograder.worker.calls import TRACED, build_game, call_arguments, encode_path

EXPLANATIONS = {
    "strict_pruning": ("prunes only when alpha > beta", "equality must prune too: once alpha "
                       "equals beta nothing below can change the answer"),
    "swapped_bounds": ("raises alpha at MIN nodes and lowers beta at MAX nodes", "MAX raises "
                       "alpha, MIN lowers beta, and both prune when alpha >= beta"),
    "stale_bounds": ("gives every child the node's original alpha and beta", "pass the bounds "
                     "as they stand after each child, so later children search a narrower window"),
    "children_first": ("examines every child before searching the first one", "ask a child "
                       "nothing (is_terminal, to_move, actions) until you search it; building "
                       "them with result is fine"),
    "no_pruning": ("never prunes", "stop a node's loop as soon as alpha >= beta"),
    "levels_from_root": ("assumes MAX at the root and alternates from there", "ask "
                         "game.to_move(state) who moves: the root may be MIN"),
    "starts_at_zero": ("starts v at 0", "start v at -inf for MAX and +inf for MIN, or a "
                       "node whose values are all below (or above) 0 gets 0"),
    "root_not_tightened": ("searches every root action with the full window (-inf, +inf)",
                           "the root is an alpha-beta node too: tighten its bound after each "
                           "action and pass it on"),
    "last_of_ties": ("keeps the last of equally good actions", "change the best action only "
                     "for a strictly better value, so ties keep the first"),
}

# Replays are full searches (seconds each on the empty board): past this, the rest are not tried,
# so that an explanation never costs a check its time limit.
DIAGNOSIS_SECONDS = 60.0

SUSPECTS = {
    "minimax_value": ["starts_at_zero", "levels_from_root"],
    "minimax_decision": ["last_of_ties", "starts_at_zero", "levels_from_root"],
    "alphabeta_value": ["strict_pruning", "swapped_bounds", "stale_bounds", "children_first",
                        "no_pruning", "levels_from_root", "starts_at_zero"],
    "alphabeta_decision": ["root_not_tightened", "last_of_ties", "strict_pruning",
                           "swapped_bounds", "stale_bounds", "children_first", "no_pruning",
                           "levels_from_root"],
}
SEARCHES = {"minimax_value": variants.minimax_value,
            "minimax_decision": variants.minimax_decision,
            "alphabeta_value": variants.alphabeta_value,
            "alphabeta_decision": variants.alphabeta_decision}


def replay(call, mistakes):
    """The answer and encoded trace of the search `call` names, with `mistakes`."""
    game = InstrumentedGame(build_game(call["game"]))
    answer = SEARCHES[call["function"]](*call_arguments(call, game), mistakes=mistakes)
    return answer, tuple(map(encode_path, game.trace))


def matches(call, got, mistakes):
    answer, trace = replay(call, mistakes)
    if not exactly_equal(got.answer, answer):
        return False
    if call["function"] == "minimax_value":  # minimax may examine its nodes in any order
        return set(got.trace) == set(trace)
    return call["function"] not in TRACED or got.trace == trace


def diagnose(call, got):
    """A sentence naming the common error the observation matches, or '' when none does."""
    function = call["function"]
    if function not in SUSPECTS or call.get("game") is None or not got.answered:
        return ""
    if matches(call, got, Mistakes()):
        return ""
    deadline = time.monotonic() + DIAGNOSIS_SECONDS
    for mistake in SUSPECTS[function]:
        if time.monotonic() > deadline:
            return ""
        if matches(call, got, Mistakes(**{mistake: True})):
            does, fix = EXPLANATIONS[mistake]
            seen = "answer and examined nodes" if function in TRACED else "answer"
            return (f"Diagnosis: on this input your {function} gives the same {seen} as a search "
                    f"that {does}, one of the common errors the course texts warn about. "
                    f"The fix: {fix}.")
    return ""
