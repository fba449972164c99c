"""Running the searches the explanations need: the narrated correct search, and the course's
common errors replayed on a check's input.

These are working searches, so the students' release leaves this package out; for the games its
answers file holds, it carries what they found instead (record.py), which the explanations read
back (feedback/explain.py, feedback/diagnosis.py).
"""
from autograder.feedback.narration import Narration
from autograder.feedback.replaying import variants
from autograder.games.instrumented import InstrumentedGame
from autograder.worker.calls import build_game, call_arguments, encode_path

NARRATED = {"alphabeta_value": variants.alphabeta_value,
            "alphabeta_decision": variants.alphabeta_decision}
SEARCHES = {"minimax_value": variants.minimax_value,
            "minimax_decision": variants.minimax_decision,
            "alphabeta_value": variants.alphabeta_value,
            "alphabeta_decision": variants.alphabeta_decision}


def narrate(call):
    """The narration of the correct search for `call`, or None for calls it cannot narrate."""
    search = NARRATED.get(call["function"])
    if search is None or call.get("game") is None:
        return None
    game = InstrumentedGame(build_game(call["game"]))
    narration = Narration()
    search(*call_arguments(call, game), narration=narration)
    return narration


def replay(call, mistakes):
    """The answer and encoded trace of the search `call` names, with `mistakes`."""
    game = InstrumentedGame(build_game(call["game"]))
    answer = SEARCHES[call["function"]](*call_arguments(call, game), mistakes=mistakes)
    return answer, tuple(map(encode_path, game.trace))
