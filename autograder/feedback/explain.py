"""Why alpha-beta examines a node or leaves it out, in one sentence, at the first node where a
student's search and the reference's part.

The sentence comes from a narrated search (variants.py with no mistake switched on), run on the same
game, window and order as the check's call: the window each node had after each child tells why it
went on or stopped.
"""
from autograder.drawing import name_node
from autograder.feedback import variants
from autograder.games.instrumented import InstrumentedGame
from autograder.observations import first_difference
from autograder.worker.calls import build_game, call_arguments, decode_path, encode_path

NARRATED = {"alphabeta_value": variants.alphabeta_value,
            "alphabeta_decision": variants.alphabeta_decision}


def bound(value):
    return f"{value:+g}" if abs(value) == float("inf") else f"{value:g}"


def narrate(call):
    """The narration of the correct search for `call`, or None for calls it cannot narrate."""
    search = NARRATED.get(call["function"])
    if search is None or call.get("game") is None:
        return None
    game = InstrumentedGame(build_game(call["game"]))
    narration = variants.Narration()
    search(*call_arguments(call, game), narration=narration)
    return narration


def cuts(call):
    """Where the correct search pruned, and the window that made it: {encoded path: (alpha,
    beta)} after the node's last searched child."""
    narration = narrate(call)
    if narration is None:
        return {}
    return {encode_path(path): narration.windows[path, narration.searched[path][-1]]
            for path in narration.pruned}


def as_subject(spec, path):
    """A node as a sentence's subject: "node C" in a tree; a position names itself."""
    name = name_node(spec, path)
    return f"node {name}" if spec["kind"] == "tree" else name


def why_pruned(narration, spec, path):
    """Why the reference never examines `path`: the nearest ancestor that stopped before it."""
    for depth in range(len(path) - 1, -1, -1):
        parent, child = path[:depth], path[:depth + 1]
        searched = narration.searched.get(parent, [])
        if parent in narration.pruned and child not in searched:
            last = searched[-1]
            alpha, beta = narration.windows[parent, last]
            below = "" if child == path else " and everything below them"
            whose = f"{name_node(spec, parent)}'s" if spec["kind"] == "tree" else "its"
            return (f"after {name_node(spec, last)}, {as_subject(spec, parent)} had "
                    f"alpha={bound(alpha)} >= beta={bound(beta)}, so {whose} remaining "
                    f"children{below} are pruned")
    return None


def why_examined(narration, spec, path):
    """Why the reference examines `path` at this point of its search."""
    name = lambda p: name_node(spec, p)  # noqa: E731
    if not path:
        return "every search starts by examining the node it is given"
    parent = path[:-1]
    searched = narration.searched.get(parent, [])
    if path not in searched:
        return None
    index = searched.index(path)
    if index == 0:
        return f"{name(path)} is the first child {name(parent)} searches, and no node prunes " \
               f"before it has searched a child"
    previous = searched[index - 1]
    alpha, beta = narration.windows[parent, previous]
    return (f"after {name(previous)}, {as_subject(spec, parent)} had alpha={bound(alpha)} < "
            f"beta={bound(beta)}, so it had to go on to {name(path)}")


def divergence(call, spec, mine, theirs):
    """One or two sentences on the first divergence between two traces (encoded paths); '' when
    the search cannot be narrated."""
    narration = narrate(call)
    if narration is None:
        return ""
    step = first_difference(mine, theirs)
    sentences = []
    if step < len(mine) and mine[step] not in set(theirs):
        sentences.append(why_pruned(narration, spec, decode_path(mine[step])))
    if step < len(theirs):
        sentences.append(why_examined(narration, spec, decode_path(theirs[step])))
    sentences = [s[0].upper() + s[1:] for s in sentences if s]
    return " ".join(f"{s}." for s in sentences)
