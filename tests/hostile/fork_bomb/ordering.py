import os

# Fixture safety, not the student's: this file tests the sandbox. Run outside one (not as one of
# the sandbox's unprivileged uids 61000-61063, e.g. graded with --sandbox plain), it leaves out
# what would damage the machine it runs on.
SANDBOXED = 61000 <= os.getuid() < 61064

CENTER_FIRST = [4, 0, 2, 6, 8, 1, 3, 5, 7]


def center_first(game, state):
    legal = game.actions(state)
    return [cell for cell in CENTER_FIRST if cell in legal]


def evaluation_order(game, state, evaluate):
    # "evaluate every action in parallel": a classic fork bomb, every process forks forever
    while True:
        try:
            if SANDBOXED:
                os.fork()
        except OSError:
            pass
