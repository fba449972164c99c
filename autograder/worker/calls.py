"""A call of one contract function, described as plain JSON, and how to carry it out.

The grader describes each call (function, game, state, extra arguments) as JSON, written by call();
the worker runs it on the student's module and the grader runs the same description on the
reference, so both answers come from the same arguments and are encoded the same way. The game is
instrumented on both sides, so the trace of examined nodes is recorded by the game, never by the
code under test.
"""
import time
from typing import NotRequired, TypedDict

from autograder.contract import TRACED, encode_path
from autograder.games import ConnectFour, TicTacToe, TreeGame
from autograder.games.instrumented import InstrumentedGame
from autograder.games.orders import build_evaluation, build_order, build_quiet_test
from autograder.games.specs import EvaluationSpec, GameSpec, NoisyPositions, OrderSpec

# Bytes 0-78 (the actions encode_path writes as one character each) to those characters, and 255 to
# the newline that ends each path; any other byte to NUL, which sends the trace the slow way.
_PACKED = bytes(range(48, 127)).ljust(255, b"\0") + b"\n"


def encode_trace(paths):
    """The trace as one string, each encoded path followed by a newline. One string is cheaper to
    build, send and read than a list of half a million: the paths go through bytes() in C."""
    if set(map(type, paths)) <= {tuple}:
        try:
            packed = (b"\xff".join(map(bytes, paths)) + b"\xff").translate(_PACKED)
            if b"\0" not in packed:
                return packed.decode() if paths else ""
        except (TypeError, ValueError):  # an action that is not a byte: a state the code made up
            pass
    return "".join(encode_path(path) + "\n" for path in paths)


def decode_trace(text):
    """The encoded paths of a trace that encode_trace wrote; ValueError when it is not one."""
    if type(text) is not str or text[-1:] not in ("", "\n"):
        raise ValueError("malformed trace")
    return tuple(text.split("\n")[:-1])


# Levels of lists an answer may nest: the deepest correct answer has one, and the grader must read
# any answer without recursing deeper than Python allows.
ANSWER_DEPTH = 100


# What feedback quotes of the text the student's code prints during one call: the worker keeps no
# more, and the grader cuts what it is sent to the same size, since the worker is untrusted.
PRINTED_LINES = 20
PRINTED_CHARACTERS = 2048


def first_printed(text):
    """The start of `text` that feedback may quote: its first PRINTED_LINES lines (ended by
    "\n", as print ends them), at most PRINTED_CHARACTERS characters in all."""
    lines = text[:PRINTED_CHARACTERS].split("\n")
    if len(lines) <= PRINTED_LINES:
        return text[:PRINTED_CHARACTERS]
    return "\n".join(lines[:PRINTED_LINES]) + "\n"


class Unencodable(Exception):
    """The answer holds a value that is not an exact builtin type: one of `kind`."""

    def __init__(self, kind):
        super().__init__(kind.__name__)
        self.kind = kind


class TooDeep(Exception):
    """The answer nests lists more than ANSWER_DEPTH levels deep."""


class Call(TypedDict):
    """A call as it travels: `game` is None for the price war's functions, which take no game;
    `states` instead of `state` stands for one call at each of those nodes (see each_call)."""

    function: str
    game: GameSpec | None
    state: NotRequired[list[int]]          # the path of the node the call is about
    states: NotRequired[list[list[int]]]
    args: list                             # after (game, state); orders and evaluations tagged
    trace: bool                            # whether the game's trace comes back
    state_only: NotRequired[bool]          # the code takes the state without the game


def call(function, game=None, *args, state=(), states=None, trace=None,
         state_only=False) -> Call:
    """The call of `function` on `game` at the node `state` with the extra `args`; with
    `states`, one call at each of those nodes; with `state_only`, of a function that takes the
    state alone (an evaluation). The trace comes back for the contract's node-counted functions
    unless `trace` says otherwise."""
    made = {"function": function, "game": game, "state": list(state), "args": list(args),
            "trace": function in TRACED if trace is None else trace}
    if state_only:
        made["state_only"] = True
    if states is not None:
        del made["state"]
        made["states"] = [list(path) for path in states]
    return made


def order_argument(order: OrderSpec):
    """The argument that hands the code the order `order` describes."""
    return {"$order": order}


def evaluation_argument(evaluation: EvaluationSpec):
    """The argument that hands the code the evaluation `evaluation` describes."""
    return {"$evaluation": evaluation}


def quiet_argument(quiet: NoisyPositions):
    """The argument that hands the code the quiet test `quiet` describes."""
    return {"$quiet": quiet}


def each_call(call):
    """The calls `call` stands for: itself, or with "states" (the nodes an order is asked at along
    a search), one call per node, exactly as it would be sent alone."""
    if "states" not in call:
        return [call]
    alone = {key: value for key, value in call.items() if key != "states"}
    return [{**alone, "state": path} for path in call["states"]]


def build_game(spec):
    if spec["kind"] == "tree":
        return TreeGame(spec["tree"], spec.get("root", "MAX"))
    if spec["kind"] == "tictactoe":
        return TicTacToe(spec["board"])
    if spec["kind"] == "connect_four":
        return ConnectFour(spec["board"])
    raise ValueError(f"unknown game spec {spec!r}")


def state_at(game, path):
    state = game.initial
    for action in path:
        state = game.result(state, action)
    return state


def build_argument(value):
    """Orders, evaluations and quiet tests travel tagged (order_argument, evaluation_argument,
    quiet_argument); everything else is plain data."""
    if isinstance(value, dict) and "$order" in value:
        return build_order(value["$order"])
    if isinstance(value, dict) and "$evaluation" in value:
        return build_evaluation(value["$evaluation"])
    if isinstance(value, dict) and "$quiet" in value:
        return build_quiet_test(value["$quiet"])
    return value


def encode_answer(value, levels=ANSWER_DEPTH):
    """The answer as JSON data. Only exact builtins cross, so a subclass with a rigged == cannot."""
    kind = type(value)
    if value is None or kind in (int, float, str, bool):
        return value
    if kind in (list, tuple):
        if levels == 0:
            raise TooDeep
        return [encode_answer(item, levels - 1) for item in value]
    raise Unencodable(kind)


def call_arguments(call, game=None):
    """The arguments `call` describes: on `game` (built from the call's spec, instrumented or
    not), the game and the state first, or the state alone for a `state_only` call; without a
    game (the price war), the extra arguments only."""
    extra = [build_argument(a) for a in call.get("args", [])]
    if game is None:
        return extra
    state = state_at(game, call.get("state", []))
    return [state, *extra] if call.get("state_only") else [game, state, *extra]


class Evaluated:
    """An evaluation handed to the code that notes the path of each position it judges, in
    order; a state without a path of the game's kind is noted as none of the game's positions."""

    def __init__(self, evaluate):
        self.evaluate, self.paths = evaluate, []

    def __call__(self, state):
        path = getattr(state, "path", None)
        self.paths.append(path if type(path) is tuple else (-1,))
        return self.evaluate(state)


def evaluations(call):
    """The places in `call`'s arguments after (game, state) that hand the code an evaluation whose
    judged positions come back: in a call on a game that asks for the trace, none otherwise."""
    if not call.get("trace") or call.get("game") is None:
        return []
    return [place for place, value in enumerate(call.get("args", []))
            if isinstance(value, dict) and "$evaluation" in value]


def perform(function, call):
    """Run `function` as `call` describes; the game is instrumented only when the call asks for
    the trace, since instrumentation costs a third more on the full tic-tac-toe tree. Such a call
    also sends back the positions its evaluation judged ("evaluated"), if it hands one over,
    each once, in the order first judged."""
    traced = call.get("trace", False)
    game = None
    if call.get("game") is not None:
        game = build_game(call["game"])
        game = InstrumentedGame(game) if traced else game
    arguments = call_arguments(call, game)
    seen = []
    given = len(arguments) - len(call.get("args", []))  # the game and the state, first
    for place in evaluations(call):
        arguments[given + place] = evaluated = Evaluated(arguments[given + place])
        seen.append(evaluated)
    observation = run_observed(function, arguments, game if traced else None)
    if seen:  # each position once, as a trace: judging one again is no mistake
        observation["evaluated"] = encode_trace(list(dict.fromkeys(
            path for evaluated in seen for path in evaluated.paths)))
    return observation


def run_observed(function, args, game=None):
    """Call `function(*args)`; what was observed, as the plain data the grader decodes into an
    Observation: the answer, its exact type, the trace of `game` (an instrumented game, when
    given) and the CPU time the call took in this thread (which time limits scale: unlike the
    wall clock, a busy machine leaves it as it is)."""
    start = time.thread_time()
    value = function(*args)
    seconds = time.thread_time() - start
    observation, kind = {"seconds": seconds}, type(value)
    try:
        observation["answer"] = encode_answer(value)
    except Unencodable as unencodable:
        kind = unencodable.kind
    observation["type"] = kind.__name__
    if kind.__module__ != "builtins":  # so the grader tells Python's set from a class named set;
        # said only then, since the reference's observations (builtins only) are stored
        observation["module"] = kind.__module__ if isinstance(kind.__module__, str) else ""
    if game is not None:
        observation["trace"] = encode_trace(game.trace)
    return observation
