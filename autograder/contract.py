"""The contract: the functions students write, their modules, whose nodes are counted.

Every other list is derived from this one: the files a submission holds, the notebook's answer
cells, the order reports follow, the module the worker imports for a call. The prose contract is
docs/student-api.md. The worker's runtime copy holds this module too, which is why a node's path
is encoded here: the worker sends paths so, the checks read them, and the reporters draw the nodes
they name, none of them importing another for it.

May import: nothing of the grader.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Function:
    name: str
    module: str
    traced: bool = False  # the checks compare the nodes it examines, so its calls send the trace


FUNCTIONS = (
    Function("minimax_value", "minimax", traced=True),
    Function("minimax_decision", "minimax"),
    Function("alphabeta_value", "alphabeta", traced=True),
    Function("alphabeta_decision", "alphabeta", traced=True),
    Function("center_first", "ordering"),
    Function("evaluation_order", "ordering"),
    Function("rational_response", "price_war"),
    Function("rational_decision", "price_war"),
    Function("guaranteed_decision", "price_war"),
)

MODULES = {function.name: function.module for function in FUNCTIONS}  # in the contract's order
MODULE_NAMES = tuple(dict.fromkeys(MODULES.values()))
FILES = tuple(f"{module}.py" for module in MODULE_NAMES)
TRACED = frozenset(function.name for function in FUNCTIONS if function.traced)


def judged_function(check):
    """The contract function the check called `check` ("minimax_value: ...") judges."""
    return check.split(":")[0]


# A node's path travels as one character per action, which is five times cheaper to send and
# compare than a list of lists on the 549,946-node minimax trace.
PATH_CHARACTERS = "".join(map(chr, range(48, 127)))


def encode_path(path):
    try:
        return "".join([PATH_CHARACTERS[action] for action in path])
    except (IndexError, TypeError):
        return "".join(chr(48 + action) if type(action) is int and action >= 0 else "?"
                       for action in path)


def decode_path(key):
    return tuple(ord(character) - 48 for character in key)
