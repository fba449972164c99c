"""The contract: the functions students write, their modules, whose nodes are counted.

Every other list is derived from this one: the files a submission holds, the notebook's answer
cells, the order reports follow, the module the worker imports for a call. The prose contract is
docs/student-api.md. The worker's runtime copy holds this module too.

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
