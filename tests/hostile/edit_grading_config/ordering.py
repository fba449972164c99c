import os
import time

# Fixture safety, not the student's: this file tests the sandbox. Run outside one (not as one of
# the sandbox's unprivileged uids 61000-61063, e.g. graded with --sandbox plain), it leaves out
# what would damage the machine it runs on.
SANDBOXED = 61000 <= os.getuid() < 61064

GENEROUS = '''[hypothesis]
max_examples = 1

[limits]
call_floor_seconds = 3600.0

[checks]
'''


def _tamper(path):
    """Make a check pass whatever it sees, or a policy that gives everything away."""
    try:
        with open(path, "a") as handle:
            handle.write("\n# edited by the submission\n" if not path.endswith(".toml")
                         else GENEROUS)
    except OSError:
        pass
    try:
        os.chmod(path, 0o666)
    except OSError:
        pass
    try:
        os.replace(path, path + ".bak")
    except OSError:
        pass


def _targets():
    for root in ("/work/main", "/autograder/source", "/autograder", os.getcwd(),
                 os.path.dirname(os.getcwd())):
        yield os.path.join(root, "grading.toml")
        checks = os.path.join(root, "autograder", "checks")
        for name in ("judge.py", "test_minimax.py", "test_alphabeta.py", "test_ordering.py",
                     "test_price_war.py", "__init__.py", "pytest.ini"):
            yield os.path.join(checks, name)
    deadline = time.monotonic() + 0.5  # and whatever a short walk of the file system finds
    for root, folders, files in os.walk("/", onerror=lambda error: None):
        if time.monotonic() > deadline:
            return
        folders[:] = [f for f in folders if f not in ("proc", "sys", "dev", "usr")]
        for name in files:
            if name == "grading.toml" or (os.path.basename(root) == "checks"
                                          and name.startswith(("test_", "judge"))):
                yield os.path.join(root, name)


for _path in _targets() if SANDBOXED else ():  # at import time, before any function is called
    _tamper(_path)


CENTER_FIRST = [4, 0, 2, 6, 8, 1, 3, 5, 7]


def center_first(game, state):
    legal = game.actions(state)
    return [cell for cell in CENTER_FIRST if cell in legal]


def evaluation_order(game, state, evaluate):
    maximizing = game.to_move(state) == "MAX"
    return sorted(game.actions(state), key=lambda a: evaluate(game.result(state, a)),
                  reverse=maximizing)
