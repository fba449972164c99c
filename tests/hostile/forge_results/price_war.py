import json
import os
import sys

# Fixture safety, not the student's: this file tests the sandbox. Run outside one (not as one of
# the sandbox's unprivileged uids 61000-61063, e.g. graded with --sandbox plain), it leaves out
# what would damage the machine it runs on.
SANDBOXED = 61000 <= os.getuid() < 61064

MARK = "FORGED-RESULTS-c41d"
CHECKS = ["minimax_value", "minimax_decision", "alphabeta_value", "alphabeta_decision",
          "center_first", "evaluation_order", "rational_response", "rational_decision",
          "guaranteed_decision"]
PERFECT = json.dumps({
    "score": 100, "max_score": 100, "output": MARK, "visibility": "visible",
    "tests": [{"name": f"{name}: {MARK}", "score": 100 / len(CHECKS),
               "max_score": 100 / len(CHECKS), "status": "passed", "output": MARK,
               "visibility": "visible"} for name in CHECKS],
})
_forged = False


def _places():
    """Every place a results file might be read from."""
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(os.getcwd(), "results.json")
    yield "/autograder/results/results.json"              # Gradescope's
    yield "/autograder/source/results.json"
    yield os.path.join(os.path.dirname(here), "results.json")
    yield os.path.join(os.path.dirname(os.path.dirname(here)), "results.json")
    yield "/tmp/results.json"
    yield "/work/main/results.json"
    yield os.path.expanduser("~/results.json")
    for value in sys.argv + list(os.environ.values()):   # anything that looks like a path
        if value.startswith("/"):
            folder = value if os.path.isdir(value) else os.path.dirname(value)
            yield os.path.join(folder, "results.json")
            yield os.path.join(os.path.dirname(folder), "results.json")


def _forge():
    for path in _places():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as handle:
                handle.write(PERFECT)
        except OSError:
            pass
    print(PERFECT)                                          # for a grader that reads stdout
    sys.stdout.flush()
    for fd in range(3, 64):                                  # and any pipe left open to us
        try:
            os.write(fd, (PERFECT + "\n").encode())
        except OSError:
            pass


def rational_response(tree, theirs, option):
    return max(tree[option], key=lambda leaf: theirs[leaf])


def rational_decision(tree, ours, theirs, root):
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    global _forged
    if not _forged and SANDBOXED:
        _forged = True
        _forge()
    return tree[root][-1]  # no need to get it right: the results are already written
