"""What the student's code did on one call, decoded from the worker's JSON and checked for shape.

Nothing from the worker is trusted: a reply of the wrong shape is treated as a crash of that call,
and answers keep the exact builtin types that json gives them, so comparing them runs no student
code.
"""
import math
from dataclasses import dataclass, replace
from functools import lru_cache

from autograder.drawing import moves
from autograder.games.connect_four import CELLS, ConnectFour
from autograder.games.tictactoe import LINES, parse_board, winner
from autograder.worker.calls import (ANSWER_DEPTH, PATH_CHARACTERS, decode_path, decode_trace,
                                     evaluations, first_printed)

NO_ANSWER = object()
QUOTE_LIMIT = 300  # characters of anything the student's code controls that feedback quotes
TOO_DEEP = (f"returned a value nested too deeply (more than {ANSWER_DEPTH} levels of lists); "
            f"return a plain value")


class TraceRejected(ValueError):
    """A trace the instrumented game could not have recorded; the message, for the student, says
    why."""


def brief(text):
    """`text` cut short: feedback quotes answers, messages and names the student's code chose, and
    any of them can be megabytes long."""
    text = str(text)
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:QUOTE_LIMIT]}... ({len(text):,} characters)"


def quoted(value):
    return brief(repr(value))


def escaped(text):
    """`text` with every character that is not printable (an escape sequence, a carriage return,
    a lone surrogate) shown as its Python escape, so no terminal or spreadsheet acts on it."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))


@dataclass(frozen=True)
class Observation:
    """What one side's code did on one call: the student's, decoded from the worker's reply
    (from_reply), or the reference's (checks/calling.py). The judge compares a Pair of them."""

    answer: object = NO_ANSWER   # JSON data: int, float, str, bool, None or lists of them
    answer_type: str = ""        # the exact type the function returned, by name
    trace: tuple | None = None   # the examined nodes' encoded paths, in order
    evaluated: tuple | None = None  # the positions its evaluation judged, each once, likewise
    problem: str | None = None   # why there is no usable answer, in words for the student
    seconds: float = 0.0         # as measured by whoever ran the call
    printed: str = ""            # the start of what the student's code printed during the call
    printed_lines: int = 0       # how many lines it printed in all
    used_random: bool = False    # whether the student's code drew numbers from `random`
    explained: dict | None = None  # the reference's: what feedback/replaying/record.py recorded

    @property
    def answered(self):
        return self.problem is None and self.answer is not NO_ANSWER


def describe_exception(info):
    text = f"raised {brief(info.get('exception', 'an exception'))}"
    if info.get("message"):
        text += f": {brief(info['message'])}"
    where = info.get("where")
    if where:
        text += (f"\n  at {brief(where.get('file'))}, line {brief(where.get('line'))}: "
                 f"{brief(where.get('code', ''))}")
    return text


def describe_problem(problem):
    if "too_deep" in problem:
        return TOO_DEEP
    if "missing_module" in problem:
        return f"is missing: the submission has no {brief(problem['missing_module'])}"
    if "missing_function" in problem:
        return (f"is missing: {brief(problem['module'])} defines no function "
                f"{brief(problem['missing_function'])}")
    if "import_error" in problem:
        return f"could not run: {brief(problem['module'])} failed to import, it " + \
            describe_exception(problem["import_error"])
    if "raised" in problem:
        info = problem["raised"]
        if info.get("exception") == "NotImplementedError":
            return "is not implemented yet (it raised NotImplementedError)"
        return describe_exception(info)
    raise ValueError("unknown problem")


def from_reply(reply, seconds, call, known_trace=None):
    """Decode the worker's reply to `call`; any surprise in its shape becomes a problem, never an
    exception. A trace is read only for a call that asked for one, and only if it is one the
    instrumented game could have recorded (see checked_trace for `known_trace`)."""
    try:
        printed = printed_output(reply.get("printed", {"text": "", "lines": 0}))
        observation = _from_reply(reply, seconds, call, known_trace)
        return replace(observation, printed=printed[0], printed_lines=printed[1],
                       used_random=reply.get("used_random") is True)
    except (KeyError, TypeError, ValueError, AttributeError):
        return Observation(problem="sent the grader a reply it could not read", seconds=seconds)


def printed_output(printed):
    """(the start that feedback may quote, how many lines) of a reply's "printed": cut again to
    what the worker may send, since the worker is untrusted."""
    text, lines = printed["text"], printed["lines"]
    if type(text) is not str or type(lines) is not int or lines < 0:
        raise ValueError("malformed printed output")
    text = first_printed(text)
    return text, max(lines, text.count("\n") + (text[-1:] not in ("", "\n")))


def describe_printed(observation):
    """What the student's code printed during the call, line by line, each escaped and marked as
    printed, for the message of a failure; "" when it printed nothing."""
    total = observation.printed_lines
    if not total:
        return ""
    lines = observation.printed.removesuffix("\n").split("\n")
    heading = f"Your code printed {total:,} line{'s' if total != 1 else ''} during this call"
    if len(lines) < total:
        heading += f"; here are the first {len(lines)} ({total - len(lines):,} more not shown)"
    return heading + ":\n" + "\n".join(f"  | {escaped(line)}" for line in lines)


def _from_reply(reply, seconds, call, known_trace):
    try:
        if "problem" in reply:
            return Observation(problem=describe_problem(reply["problem"]), seconds=seconds)
        data = reply["observation"]
        if ("trace" in data) != bool(call.get("trace")):
            raise ValueError("a trace where none was asked for, or none where one was")
        if ("evaluated" in data) != bool(evaluations(call)):
            raise ValueError("evaluations where none were handed over, or none where one was")
        answer = data.get("answer", NO_ANSWER)
        if depth(answer) > ANSWER_DEPTH:
            return Observation(problem=TOO_DEEP, seconds=seconds)
        return Observation(answer=answer, answer_type=brief(data["type"]),
                           trace=checked_trace(data["trace"], call["game"], known_trace)
                           if "trace" in data else None,
                           evaluated=checked_trace(data["evaluated"], call["game"])
                           if "evaluated" in data else None,
                           seconds=seconds)
    except TraceRejected as rejected:
        return Observation(problem=str(rejected), seconds=seconds)


def depth(value):
    """How many levels of lists `value` nests, counted without recursion: the worker is untrusted
    and may send lists a thousand deep, which repr() and == would recurse through."""
    levels, level = 0, [value]
    while True:
        level = [inner for inner in level if type(inner) is list]
        if not level:
            return levels
        levels += 1
        level = [item for inner in level for item in inner]


# ---------------------------------------------------------------- traces the game could record


def checked_trace(text, spec, known=None):
    """The encoded paths of a trace, checked against the game `spec` describes: the instrumented
    game records each node once, the first time it is asked about, and a node is a path from the
    game's root through legal moves. So a trace that repeats a node, names a node the game does not
    have, or has more entries than the game has nodes was forged, or made up with states no game
    returned. Checked in time linear in the trace, counted before it is split, so a forged trace
    of millions of entries never becomes millions of strings. `known`, the reference's trace of
    the same call, holds only real nodes: a trace equal to it is it, and is kept only once."""
    if type(text) is not str:
        raise ValueError("malformed trace")
    nodes, entries = _node_count(spec), text.count("\n")
    if entries > nodes:
        raise TraceRejected(f"sent a trace of {entries:,} nodes, more than the game has ({nodes:,} "
                            f"at most): the game records each node once, so this trace did not "
                            f"come from it")
    trace = decode_trace(text)
    if trace == known:
        return known
    if len(set(trace)) != len(trace):
        raise TraceRejected("sent a trace that lists a node twice; the game records each node "
                            "once, so this trace did not come from it")
    if known is None or not set(trace) <= set(known):
        bad = _first_stranger(spec, trace)
        if bad is not None:
            raise TraceRejected(f"asked the game about a state that is not a node of the game "
                                f"(the path {moves(decode_path(bad))}); use only the states that "
                                f"game.initial and game.result give")
    return trace


def _tree_paths(tree):
    """Every node of a tree game, by encoded path."""
    paths, stack = set(), [("", tree)]
    while stack:
        key, node = stack.pop()
        paths.add(key)
        if type(node) is list:
            stack.extend((key + PATH_CHARACTERS[i], child) for i, child in enumerate(node))
    return paths


CONNECT_FOUR_MOVES = 6  # the checks search Connect Four 5 levels deep at most
CONNECT_FOUR_NODES = sum(7 ** moves for moves in range(CONNECT_FOUR_MOVES + 1))  # 137,257
# For each set of cells as a bit mask, whether it holds a whole line.
_HOLDS_A_LINE = [any(all(cells >> cell & 1 for cell in line) for line in LINES)
                 for cells in range(1 << 9)]


@lru_cache(maxsize=8)
def _board_paths(board):
    """Every node of tic-tac-toe from `board`, by encoded path: its moves are distinct empty cells
    and the game went on before each of them. Worked out once per board and process (from the
    empty board, 549,946 paths in half a second and 50 MB), since a search that examines more
    nodes than the reference's sends the whole tree in several checks. The players' cells are bit
    masks. The set is shared: read it, never change it."""
    free = [cell for cell in range(9) if board[cell] == " "]
    first = "X" if board.count("X") == board.count("O") else "O"
    mine, theirs = (sum(1 << cell for cell in range(9) if board[cell] == mark)
                    for mark in (first, "O" if first == "X" else "X"))
    paths = {""}
    stack = [] if winner(board) else [("", mine, theirs)]  # a node where the game goes on
    while stack:
        path, mover, other = stack.pop()
        for cell in free:
            bit = 1 << cell
            if (mover | other) & bit:
                continue
            child, moved = path + PATH_CHARACTERS[cell], mover | bit
            paths.add(child)
            if len(child) < len(free) and not _HOLDS_A_LINE[moved]:
                stack.append((child, other, moved))
    return paths


def _first_stranger(spec, trace):
    """The first entry of `trace` that is not a node of the game, or None."""
    if spec["kind"] == "connect_four":
        return _connect_four_stranger(spec["board"], trace)
    nodes = (_tree_paths(spec["tree"]) if spec["kind"] == "tree" else
             _board_paths(parse_board(spec["board"])))
    return next((key for key in trace if key not in nodes), None)


def _connect_four_stranger(board, trace):
    """The first entry of `trace` that is no sequence of legal moves from `board`, or None: each
    path is replayed from the longest of its beginnings already replayed, so a trace costs one
    move per distinct beginning (at most CONNECT_FOUR_NODES of them, _node_count having
    counted)."""
    game = ConnectFour(board)
    states = {"": game.initial}
    for key in trace:
        if len(key) > CELLS:  # longer than any game: never replayed
            return key
        known = max((len(key) - cut for cut in range(len(key) + 1)
                     if key[:len(key) - cut] in states), default=0)
        state = states[key[:known]]
        for index in range(known, len(key)):
            column = PATH_CHARACTERS.find(key[index])
            if column not in game.actions(state):
                return key
            state = states[key[:index + 1]] = game.result(state, column)
    return None


def _node_count(spec):
    """How many nodes the game has at most: a tree's exactly; for tic-tac-toe, every ordering of
    every subset of the empty cells (wins only end lines early); for Connect Four, which no search
    finishes, the positions up to CONNECT_FOUR_MOVES moves on, deeper than any check searches."""
    if spec["kind"] == "connect_four":
        return CONNECT_FOUR_NODES
    if spec["kind"] == "tree":
        return len(_tree_paths(spec["tree"]))
    empty, count, orderings = parse_board(spec["board"]).count(" "), 1, 1
    for taken in range(empty):
        orderings *= empty - taken
        count += orderings
    return count


# ---------------------------------------------------------------- comparing


def first_difference(mine, theirs):
    """Where two traces part: the first index at which they differ, or the shorter one's length
    when it is the start of the other."""
    return next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b),
                min(len(mine), len(theirs)))


def is_number(value):
    return type(value) in (int, float) and not math.isnan(value)


def exactly_equal(got, want):
    if is_number(want):
        return is_number(got) and got == want
    if type(want) is list:
        return type(got) is list and len(got) == len(want) and all(map(exactly_equal, got, want))
    return type(got) is type(want) and got == want
