"""What the student's code did on one call, decoded from the worker's JSON and checked for shape.

Nothing from the worker is trusted: a reply of the wrong shape is treated as a crash of that call,
and answers keep the exact builtin types that json gives them, so comparing them runs no student
code.
"""
import builtins
import math
import sys
import types
from dataclasses import dataclass, replace
from functools import lru_cache

from autograder.contract import PATH_CHARACTERS, decode_path
from autograder.drawing import moves
from autograder.games.connect_four import CELLS, ConnectFour
from autograder.games.tictactoe import LINES, parse_board, winner
from autograder.language import N_, _, ngettext, number
from autograder.language.escaping import brief, escaped
from autograder.worker.calls import ANSWER_DEPTH, decode_trace, evaluations, first_printed

NO_ANSWER = object()
# The kinds of problem that stop every call of a function alike, whatever its input: reports say
# them once per function (results.CheckResult.whole_function). Kept apart from the sentence, which
# reads otherwise in every language.
MISSING, UNIMPORTABLE, NOT_IMPLEMENTED = "missing", "unimportable", "not implemented"


# What a hidden check says of any trace checked_trace refuses: the refusal names a count or a path
# that the student's code chose.
FORGED_TRACE = N_("sent a trace that did not come from the game")


class TraceRejected(ValueError):
    """A trace the instrumented game could not have recorded; the message, for the student, says
    why."""


@dataclass(frozen=True)
class Observation:
    """What one side's code did on one call: the student's, decoded from the worker's reply
    (from_reply), or the reference's (checks/calling.py). The judge compares a Pair of them."""

    answer: object = NO_ANSWER   # JSON data: int, float, str, bool, None or lists of them
    answer_type: str = ""        # the exact type the function returned, by name
    builtin_type: str = ""       # that name when the grader knows it as Python's own, else ""
    trace: tuple | None = None   # the examined nodes' encoded paths, in order
    evaluated: tuple | None = None  # the positions its evaluation judged, each once, likewise
    problem: str | None = None   # why there is no usable answer, in words for the student
    whole_function: str = ""     # the problem's kind when it stops every call (MISSING...)
    raised: str = ""             # the exception the call raised, when one of Python's own
    unquoted: str | None = None  # the problem as a hidden check may say it (see describe_problem),
                                 # when it differs: the problem then quotes the student's code
    seconds: float = 0.0         # as measured by whoever ran the call
    printed: str = ""            # the start of what the student's code printed during the call
    printed_lines: int = 0       # how many lines it printed in all
    used_random: bool = False    # whether the student's code drew numbers from `random`
    entered: tuple = ()          # the assignment's other functions the call entered, by name
    explained: dict | None = None  # the reference's: what feedback/replaying/record.py recorded

    @property
    def answered(self):
        return self.problem is None and self.answer is not NO_ANSWER


def too_deep():
    return ngettext("returned a value nested too deeply (more than {count} level of lists); "
                    "return a plain value",
                    "returned a value nested too deeply (more than {count} levels of lists); "
                    "return a plain value", ANSWER_DEPTH).format(count=number(ANSWER_DEPTH))


# The classes Python itself defines, by name, as the grader knows them: only these may a hidden
# check name, since a class the student's code makes may be named anything, its input included.
BUILTIN_EXCEPTIONS = frozenset(name for name, value in vars(builtins).items()
                               if isinstance(value, type) and issubclass(value, BaseException))
BUILTIN_TYPES = frozenset(
    [name for name, value in vars(builtins).items() if isinstance(value, type)]
    + [value.__name__ for value in vars(types).values()
       if isinstance(value, type) and value.__module__ == "builtins"])
# TRANSLATORS: follows the function's name, in a hidden check's feedback
OWN_EXCEPTION = N_("raised an exception that is not one of Python's built-in exceptions (a hidden "
                   "check names no other class)")


def builtin_name(name, module, known):
    """`name`, as a worker reported a class, when it is in the grader's own `known` names of
    Python's built-in classes and its module is builtins, else None. The worker is untrusted: at
    most it makes one known name stand for another."""
    return name if module == "builtins" and type(name) is str and name in known else None


def raised_builtin(info):
    """The name of the exception a worker reported, when it is one of Python's own, else None."""
    return builtin_name(info.get("exception"), info.get("module"), BUILTIN_EXCEPTIONS)


def where_raised(info, sources):
    """"at FILE, line N: CODE" for where the student's code raised, the code read from the
    grader's copy of the staged file (runner/sources.py), never from the worker; "" when the
    worker names no line of a staged file."""
    where = info.get("where")
    if type(where) is not dict or sources is None:
        return ""
    file, line = where.get("file"), where.get("line")
    code = sources.line(file, line)
    if code is None:
        return ""
    # TRANSLATORS: {file} and {code} are the student's file and the line of code itself
    return _("at {file}, line {line}: {code}").format(file=brief(file), line=line, code=brief(code))


def describe_exception(info, sources=None, quoting=True):
    """The exception a worker reported and where it was raised, as the grader reads the staged
    `sources`. With `quoting`, as a visible check says it: its class by name, its message and
    its line, all the student's own. Without, as a hidden check may: Python's own class by name,
    any other in fixed words, no message and no line, since the student's code makes all three
    and may put the check's input in them (a line number too: code compiled or padded to raise
    at line N)."""
    name = info.get("exception") if quoting else raised_builtin(info)
    if name:
        # TRANSLATORS: {exception} is the exception's type, as Python names it (ValueError)
        text = _("raised {exception}").format(exception=brief(name))
    elif quoting:
        text = _("raised an exception")
    else:
        text = _(OWN_EXCEPTION)
    if not quoting:
        return text
    if info.get("message"):
        text += f": {brief(info['message'])}"
    where = where_raised(info, sources)
    return f"{text}\n  {where}" if where else text


def module_file(function, sources=None):
    """The file the assignment of the staged `sources` puts `function` in; "" without them."""
    modules = sources.modules if sources is not None else {}
    return f"{modules[function]}.py" if function in modules else ""


def describe_problem(problem, sources=None, quoting=True, function=None):
    """The problem a worker reported about `function`, as a sentence that follows its name, with
    the lines it names read from the staged `sources` (runner/sources.py). Without `quoting`, as a
    hidden check may say it: nothing the student's code made (the worker is theirs, and may send
    any reply), only what the grader knows: the module is the one the assignment names, an
    exception as describe_exception says it."""
    module = problem.get("module") if quoting else module_file(function, sources)
    if "too_deep" in problem:
        return too_deep()
    if "missing_module" in problem:
        # TRANSLATORS: follows the function's name; {module} is a file, such as minimax.py
        return _("is missing: the submission has no {module}").format(
            module=brief(problem["missing_module"] if quoting else module))
    if "missing_function" in problem:
        # TRANSLATORS: follows the function's name; {module} is a file, such as minimax.py
        return _("is missing: {module} defines no function {function}").format(
            module=brief(module),
            function=brief(problem["missing_function"] if quoting else function))
    if "import_error" in problem:
        # TRANSLATORS: follows the function's name; {exception} is "raised ValueError: ..."
        return _("could not run: {module} failed to import, it {exception}").format(
            module=brief(module),
            exception=describe_exception(problem["import_error"], sources, quoting))
    if "raised" in problem:
        info = problem["raised"]
        if raised_builtin(info) == "NotImplementedError":
            # TRANSLATORS: follows the function's name
            return _("is not implemented yet (it raised NotImplementedError)")
        return describe_exception(info, sources, quoting)
    raise ValueError("unknown problem")


def problem_kind(problem):
    """MISSING, UNIMPORTABLE or NOT_IMPLEMENTED for a problem a worker reported that stops every
    call of the function, else ""."""
    if "missing_module" in problem or "missing_function" in problem:
        return MISSING
    if "import_error" in problem:
        return UNIMPORTABLE
    if raised_builtin(problem.get("raised", {})) == "NotImplementedError":
        return NOT_IMPLEMENTED
    return ""


def from_reply(reply, seconds, call, known_trace=None, sources=None):
    """Decode the worker's reply to `call`; any surprise in its shape becomes a problem, never an
    exception. A trace is read only for a call that asked for one, and only if it is one the
    instrumented game could have recorded (see checked_trace for `known_trace`). A line of the
    student's code it names is read from the staged `sources` (runner/sources.py)."""
    try:
        printed = printed_output(reply.get("printed", {"text": "", "lines": 0}))
        observation = _from_reply(reply, seconds, call, known_trace, sources)
        return replace(observation, printed=printed[0], printed_lines=printed[1],
                       used_random=reply.get("used_random") is True,
                       entered=entered_functions(reply.get("entered", []), call, sources))
    except (KeyError, TypeError, ValueError, AttributeError):
        return Observation(problem=_("sent the grader a reply it could not read"),
                           seconds=seconds)


def entered_functions(names, call, sources=None):
    """The contract functions a reply says the call entered, other than the one called, in the
    contract's order: only names the grader knows (the staged `sources`' assignment's; none
    without them), since the worker is untrusted and the names reach feedback."""
    if type(names) is not list:
        raise ValueError("malformed entered functions")
    modules = sources.modules if sources is not None else {}
    return tuple(function for function in modules
                 if function in names and function != call.get("function"))


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
    if len(lines) < total:
        # TRANSLATORS: {shown} lines are quoted below, {left} are not
        heading = ngettext("Your code printed {count} line during this call; here are the first "
                           "{shown} ({left} more not shown):",
                           "Your code printed {count} lines during this call; here are the first "
                           "{shown} ({left} more not shown):", total).format(
            count=number(total), shown=number(len(lines)), left=number(total - len(lines)))
    else:
        heading = ngettext("Your code printed {count} line during this call:",
                           "Your code printed {count} lines during this call:", total).format(
            count=number(total))
    return heading + "\n" + "\n".join(f"  | {escaped(line)}" for line in lines)


def _from_reply(reply, seconds, call, known_trace, sources):
    try:
        if "problem" in reply:
            problem = reply["problem"]
            return Observation(problem=describe_problem(problem, sources),
                               unquoted=describe_problem(problem, sources, quoting=False,
                                                         function=call.get("function")),
                               whole_function=problem_kind(problem),
                               raised=raised_builtin(problem.get("raised", {})) or "",
                               seconds=seconds)
        data = reply["observation"]
        if ("trace" in data) != bool(call.get("trace")):
            raise ValueError("a trace where none was asked for, or none where one was")
        if ("evaluated" in data) != bool(evaluations(call)):
            raise ValueError("evaluations where none were handed over, or none where one was")
        answer = data.get("answer", NO_ANSWER)
        if depth(answer) > ANSWER_DEPTH:
            return Observation(problem=too_deep(), seconds=seconds)
        return Observation(answer=answer, answer_type=brief(data["type"]),
                           builtin_type=builtin_name(data["type"], data.get("module", "builtins"),
                                                     BUILTIN_TYPES) or "",
                           trace=checked_trace(data["trace"], call["game"], known_trace)
                           if "trace" in data else None,
                           evaluated=checked_trace(data["evaluated"], call["game"])
                           if "evaluated" in data else None,
                           seconds=seconds)
    except TraceRejected as rejected:
        return Observation(problem=str(rejected), unquoted=_(FORGED_TRACE), seconds=seconds)


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
        # TRANSLATORS: {nodes} is how many nodes the game has at most
        raise TraceRejected(ngettext(
            "sent a trace of {count} node, more than the game has ({nodes} at most): the game "
            "records each node once, so this trace did not come from it",
            "sent a trace of {count} nodes, more than the game has ({nodes} at most): the game "
            "records each node once, so this trace did not come from it", entries).format(
                count=number(entries), nodes=number(nodes)))
    trace = decode_trace(text)
    if trace == known:
        return known
    nodes = set(trace)
    if len(nodes) != len(trace):
        raise TraceRejected(_("sent a trace that lists a node twice; the game records each node "
                              "once, so this trace did not come from it"))
    if known is None or not nodes <= set(known):
        bad = _first_stranger(spec, trace, nodes)
        if bad is not None:
            # TRANSLATORS: {path} is the moves from the root, such as [0, 2]
            raise TraceRejected(_("asked the game about a state that is not a node of the game "
                                  "(the path {path}); use only the states that game.initial and "
                                  "game.result give").format(path=moves(decode_path(bad))))
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
def board_paths(board):
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


def _first_stranger(spec, trace, entries=None):
    """The first entry of `trace` (whose entries, as a set, are `entries` when given) that is not
    a node of the game, or None. The sets are compared whole first, without a loop in Python over
    a trace of up to 549,946 entries; the trace is looked through only when one is a stranger."""
    if spec["kind"] == "connect_four":
        return _connect_four_stranger(spec["board"], trace)
    nodes = (_tree_paths(spec["tree"]) if spec["kind"] == "tree" else
             board_paths(parse_board(spec["board"])))
    if (set(trace) if entries is None else entries) <= nodes:
        return None
    return next(key for key in trace if key not in nodes)


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
    """Whether `value` is an exact int or float, not NaN. An int may have as many digits as the
    worker's JSON carries (4,300), too many for math's functions (OverflowError): none reads it."""
    return type(value) is int or (type(value) is float and not math.isnan(value))


def is_finite(value):
    """Whether `value` is a number (is_number) a float holds finitely: not an infinity, nor an
    int past the largest float."""
    return is_number(value) and abs(value) <= sys.float_info.max


def exactly_equal(got, want):
    if is_number(want):
        return is_number(got) and got == want
    if type(want) is list:
        return type(got) is list and len(got) == len(want) and all(map(exactly_equal, got, want))
    return type(got) is type(want) and got == want
