"""The grader's mutation score: does every bug that shows cost points, and only where it shows?

    .venv/bin/python benchmarks/mutation.py [--assignment search|cutoff] [--quick] [--jobs 2]
                                            [--output DIR]

Both assignments' references are mutated (the course's first, reference/, and the second,
cutoff, reference/cutoff/), each scored on its own; --assignment takes one of them.

1. Mutants. Each is the reference with one point of one function changed, made by transforming its
   syntax tree: a comparison swapped, max and min swapped, a boolean operator changed, a constant
   changed (a number, or a module's numeric constant, one up or down), a statement removed, alpha
   and beta exchanged, a loop reversed, a condition altered. The list is the same, in the same
   order, on every run; --quick takes a fixed sample of each assignment's (40 of the first's, 20
   of the second's) spread over the families and modules.
2. Behaviour. Each mutant's module is run in-process, beside the reference, on a fixed pool of
   games far larger than the checks draw (thousands of seeded random trees with MIN roots, root
   ties, windows and orders, with evaluations, cut-off depths and noisy positions for the second
   assignment; tic-tac-toe positions with X and with O to move, every finished game among them;
   Connect Four openings; price wars). A function behaves differently when one call's answer
   differs as the grader compares answers (a value in a narrowed window: when it breaks the window
   rule; horizon_example: when its tree shows no horizon effect, the one property it is graded
   by), when its examined nodes differ (minimax_value: the set of nodes, since minimax may search
   in any order), when the positions it evaluates differ (as a set, for a function a check judges
   so, heuristic_value, and where the nodes it examines are the same), or when a call raises, or
   runs ten times past the grader's time limit ("hangs").
3. Grading. The mutants of each module, each a complete submission (the mutated module and the
   reference's others), are graded as one class on that module's functions:
   `python -m autograder grade CLASS --assignment NAME --jobs N --output DIR/MODULE --only
   FUNCTION ...`. The other modules are the reference's own code, which no check of theirs could
   tell from it; that a mistake in one module costs no other module's points is what
   tests/submissions and tests/cutoff_submissions hold, each known mistake graded on every
   function.
4. Score. A behaviour-different mutant is caught when it loses points in the function it mutated,
   and caught in kind when each kind of difference (answers, nodes, evaluations) costs it a check
   of that kind (a check whose name says "nodes" or "examines" is a node check, one that says
   "evaluates" an evaluations check, any other an answer check). An equivalent mutant must lose
   nothing, and no mutant may cost a function of its module that behaves the same any points.
   Survivors are the mutants that break one of these rules, printed with their diffs.
"""
import argparse
import ast
import copy
import csv
import dataclasses
import functools
import importlib
import json
import math
import multiprocessing
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402
from rich.markup import escape  # noqa: E402
from rich.progress import Progress  # noqa: E402
from rich.table import Table  # noqa: E402

from autograder import assignments, policy as grading_config  # noqa: E402
from autograder.checks import course  # noqa: E402
from autograder.checks.calling import Pair, reference as reference_solution  # noqa: E402
from autograder.checks.judge import CheckFailed, window_rule  # noqa: E402
from autograder.games import TicTacToe, TreeGame  # noqa: E402
from autograder.games.connect_four import EMPTY_BOARD as EMPTY_COLUMNS  # noqa: E402
from autograder.games.specs import (board_spec, connect_four_spec, noisy_positions,  # noqa: E402
                                    open_lines_evaluation, open_windows_evaluation, tree_spec)
from autograder.grading.strategies import LEAF_VALUES, leaf_values, paths  # noqa: E402
from autograder.results import load_report  # noqa: E402
from autograder.runner.observations import NO_ANSWER, Observation, exactly_equal  # noqa: E402
from autograder.worker.calls import call, perform  # noqa: E402

# The assignments whose references are mutated, by --assignment's names: the course's first
# (search) and its second (cutoff). Their modules' and functions' names are distinct, so a
# module's name says which assignment it belongs to.
ASSIGNMENTS = {assignment.name: assignment for assignment in assignments.built_in()
               if assignment.name in ("search", "cutoff")}
MODULES = {function: module for assignment in ASSIGNMENTS.values()
           for function, module in assignment.modules.items()}
MUTATED_MODULES = tuple(dict.fromkeys(MODULES.values()))
TRACED = frozenset().union(*(assignment.traced for assignment in ASSIGNMENTS.values()))
FAMILIES = ("comparison", "max/min", "boolean", "constant", "statement removed", "alpha/beta",
            "loop reversed", "condition")
QUICK_SAMPLES = {"search": 40, "cutoff": 20}


def assignment_of(module_or_function):
    """The assignment a module or a function (of either) belongs to."""
    module = MODULES.get(module_or_function, module_or_function)
    return next(a for a in ASSIGNMENTS.values() if module in a.modules.values())


def reference_path(module):
    """The reference's source of `module`, in its assignment's reference folder."""
    return assignment_of(module).reference / f"{module}.py"


def reference(function):
    """The reference solution of `function`, of either assignment."""
    home = assignment_of(function)
    return reference_solution(function, home.modules, home.reference_package())


# ================================================================ mutants


@dataclass(frozen=True)
class Mutant:
    id: str          # its submission's name in the class, e.g. alphabeta-017
    module: str      # the reference module it changes
    function: str    # the function whose code it changes
    family: str
    line: int        # the first line of the changed code, in the reference
    before: str      # the changed line(s) of the reference, stripped
    after: str       # the same line(s) in the mutant
    source: str      # the whole mutated module

    @property
    def diff(self):
        return f"{self.module}.py:{self.line}: {self.before}  ->  {self.after}"


ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)
OPPOSITE = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
            ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Or: ast.And, ast.And: ast.Or}
BOUNDS = {"alpha": "beta", "beta": "alpha"}
REMOVABLE = (ast.Assign, ast.AugAssign, ast.Break, ast.Continue, ast.Return, ast.Expr, ast.If)
ATOMS = (ast.Name, ast.Constant, ast.Attribute, ast.Call, ast.Subscript, ast.Tuple, ast.List)


def _expression(text):
    return ast.parse(text, mode="eval").body


def _is_infinity(node):
    return (isinstance(node, ast.Attribute) and node.attr == "inf"
            and isinstance(node.value, ast.Name) and node.value.id == "math")


def _with(node, **fields):
    """A copy of `node` with some fields replaced."""
    changed = copy.deepcopy(node)
    for name, value in fields.items():
        setattr(changed, name, value)
    return changed


def _negated(node):
    return ast.UnaryOp(op=ast.Not(), operand=copy.deepcopy(node))


def _reversed(node):
    return ast.Call(func=ast.Name(id="reversed", ctx=ast.Load()), args=[copy.deepcopy(node)],
                    keywords=[])


def _swapped_bounds(items):
    """`items` with the Names alpha and beta exchanged, or None when they do not hold both."""
    names = [item.id if isinstance(item, ast.Name) else None for item in items]
    if "alpha" not in names or "beta" not in names:
        return None
    return [ast.Name(id=BOUNDS[name], ctx=item.ctx) if name in BOUNDS else copy.deepcopy(item)
            for name, item in zip(names, items)]


def _comparison_changes(node):
    if len(node.ops) != 1:
        return
    op = type(node.ops[0])
    if op in (ast.Is, ast.IsNot):
        yield "condition", _with(node, ops=[OPPOSITE[op]()])
    elif op in (ast.Eq, ast.NotEq, ast.In, ast.NotIn) and not (
            op in (ast.Eq, ast.NotEq) and isinstance(node.comparators[0], ast.Name)):
        yield "comparison", _with(node, ops=[OPPOSITE[op]()])
    else:  # an ordering, or == between two variables: every other comparison
        for other in ORDERINGS:
            if other is not op:
                yield "comparison", _with(node, ops=[other()])


def _expression_changes(node, parent, numbers):
    """(family, replacement) for an expression node of a function's code; `numbers` are the
    names of the module's numeric constants."""
    if isinstance(node, ast.Compare):
        yield from _comparison_changes(node)
    if isinstance(node, ast.Name) and node.id in ("max", "min"):
        yield "max/min", _with(node, id="min" if node.id == "max" else "max")
    if isinstance(node, ast.Name) and node.id in BOUNDS:
        yield "alpha/beta", _with(node, id=BOUNDS[node.id])
    if isinstance(node, ast.Call) and _swapped_bounds(node.args):
        yield "alpha/beta", _with(node, args=_swapped_bounds(node.args))
    if isinstance(node, ast.Tuple) and _swapped_bounds(node.elts):
        yield "alpha/beta", _with(node, elts=_swapped_bounds(node.elts))
    if isinstance(node, ast.BoolOp):
        yield "boolean", _with(node, op=OPPOSITE[type(node.op)]())
        for operand in node.values:  # the condition without one of its parts
            yield "condition", copy.deepcopy(operand)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "boolean", copy.deepcopy(node.operand)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _is_infinity(
            node.operand):
        yield "constant", _expression("math.inf")
        yield "constant", _expression("0")
    if _is_infinity(node) and not isinstance(parent, ast.UnaryOp):
        yield "constant", _expression("-math.inf")
        yield "constant", _expression("0")
    if isinstance(node, ast.Constant) and not (
            isinstance(parent, ast.Compare) and isinstance(parent.ops[0], (ast.Is, ast.IsNot))):
        yield from (("constant", _expression(text)) for text in _other_constants(node.value))
    if isinstance(node, ast.Name) and node.id in numbers and isinstance(node.ctx, ast.Load):
        yield from (("constant", _expression(f"{node.id} {sign} 1")) for sign in "+-")
    if isinstance(node, ast.Call) and any(k.arg == "key" for k in node.keywords) and node.args:
        yield "loop reversed", _with(node, args=[_reversed(node.args[0]), *node.args[1:]])


def _other_constants(value):
    """The code's constants: None, the players' names, and whole numbers (a depth, a draw's
    score, one level less), each one up and one down."""
    if value is None:
        return ["0"]
    if value in ("MAX", "MIN"):
        return [repr("MIN" if value == "MAX" else "MAX")]
    if type(value) is int:
        return [str(value + 1), str(value - 1)]
    return []


def _numeric_constants(tree):
    """The names a module binds, at its top level, to a number (such as WIN = 100)."""
    return {target.id for statement in tree.body if isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Constant) and type(statement.value.value) is int
            for target in statement.targets if isinstance(target, ast.Name)}


def _negatable(test):
    """Whether negating a condition makes a new mutant: a single comparison's negation is
    already one of its swapped operators."""
    return not (isinstance(test, ast.Compare) and len(test.ops) == 1)


def _changes(node, parent, numbers):
    """Every (family, changed node, replacement) of one node of a function's code. A compound
    statement is changed through its condition or its iterable, whose text is on one line, so
    that its body keeps its indentation."""
    if isinstance(node, ast.stmt):
        if isinstance(node, REMOVABLE):
            yield "statement removed", node, ast.Pass()
        if isinstance(node, ast.If) and _negatable(node.test):
            yield "condition", node.test, _negated(node.test)
        if isinstance(node, ast.For):
            yield "loop reversed", node.iter, _reversed(node.iter)
        return
    if isinstance(node, ast.comprehension):
        yield "loop reversed", node.iter, _reversed(node.iter)
        return
    if isinstance(node, ast.IfExp) and _negatable(node.test):
        yield "condition", node.test, _negated(node.test)
    if isinstance(node, ast.keyword) and node.arg == "reverse":
        yield "boolean", node.value, _negated(node.value)
        return
    if isinstance(node, ast.expr):
        yield from ((family, node, new) for family, new in _expression_changes(node, parent,
                                                                               numbers))


def _function_nodes(function):
    """(node, parent) for every node of a function's code, in source order: its defaults and its
    body, without the docstring."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    found = []
    for root in [*function.args.defaults, *body]:
        found.append((root, function))
        for parent in ast.walk(root):
            found += [(child, parent) for child in ast.iter_child_nodes(parent)]
    return sorted(found, key=lambda pair: _position(pair[0]))


def _position(node):
    """Source order; a node without a position of its own (a comprehension, an operator) sorts
    by its first child's."""
    while not hasattr(node, "lineno"):
        children = list(ast.iter_child_nodes(node))
        if not children:
            return (0, 0, 0, 0)
        node = children[0]
    return _span(node)


def _span(node):
    """Where a node's text lies, as the parser counts: lines from 1, columns in UTF-8 bytes."""
    return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)


def _replacement_text(node, new):
    text = ast.unparse(new)
    if isinstance(node, ast.expr) and not isinstance(new, ATOMS):
        return f"({text})"
    return text


def _spliced(lines, span, text):
    """The source `lines` (bytes, as the parser counts columns) with `span` replaced by `text`."""
    first, start, last, end = span
    head = b"".join(lines[:first - 1]) + lines[first - 1][:start]
    tail = lines[last - 1][end:] + b"".join(lines[last:])
    return (head + text.encode() + tail).decode()


def _module_mutants(module):
    source = reference_path(module).read_text()
    tree = ast.parse(source)
    lines = source.encode().splitlines(keepends=True)
    numbers = _numeric_constants(tree)
    found = []
    for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
        for node, parent in _function_nodes(function):
            for family, target, new in _changes(node, parent, numbers):
                span = _span(target)
                mutated = _spliced(lines, span, _replacement_text(target, new))
                found.append(_described(module, function.name, family, span, source, mutated))
    return found


def _described(module, function, family, span, source, mutated):
    first, last = span[0], span[2]
    grown = len(mutated.splitlines()) - len(source.splitlines())
    return Mutant("", module, function, family, first,
                  _lines(source.splitlines()[first - 1:last]),
                  _lines(mutated.splitlines()[first - 1:last + grown]), mutated)


def _lines(lines):
    """Changed lines for a one-line diff: the first, and how many more there are."""
    more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
    return lines[0].strip() + more


def all_mutants(chosen=tuple(ASSIGNMENTS)):
    """Every single-point mutant of the references of the assignments named `chosen` (both by
    default), in a fixed order, each source once."""
    seen, unique = set(), []
    for module in (m for m in MUTATED_MODULES if assignment_of(m).name in chosen):
        reference_source = reference_path(module).read_text()
        count = 0
        for mutant in _module_mutants(module):
            # Two changes can make the same program (parentheses aside), which is one mutant.
            program = ast.dump(ast.parse(mutant.source))
            if program in seen or program == ast.dump(ast.parse(reference_source)):
                continue
            seen.add(program)
            count += 1
            unique.append(dataclasses.replace(mutant, id=f"{module}-{count:03d}"))
    return unique


# The four mutants issue 11 names, always in the quick sample, with the change each must show:
# alphabeta_decision keeping the last of tied actions at a MIN root, MIN nodes pruning only when
# alpha > beta, MIN nodes never pruning, and MIN's bound raised with max (no pruning, 25 times
# slower).
ISSUE_MUTANTS = {"alphabeta-107": "(v <= beta)", "alphabeta-054": "(alpha > beta)",
                 "alphabeta-058": "pass  # MAX, higher up", "alphabeta-048": "beta = max(beta, v)"}


# Issue 29's mutants of the second assignment, always in its quick sample: a won game worth 101
# instead of +100, a drawn full board worth 1 instead of 0 (no check scored either before).
CUTOFF_ISSUE_MUTANTS = {"evaluation-008": "(WIN + 1)", "evaluation-018": "return 1"}
NAMED = {"search": ISSUE_MUTANTS, "cutoff": CUTOFF_ISSUE_MUTANTS}


def quick_sample(mutants):
    """Each assignment's fixed sample (QUICK_SAMPLES) of `mutants`, in their order."""
    chosen = []
    for name, size in QUICK_SAMPLES.items():
        theirs = [m for m in mutants if assignment_of(m.module).name == name]
        chosen += _sample(theirs, size, NAMED[name]) if theirs else []
    return sorted(chosen, key=mutants.index)


def _sample(mutants, size, named):
    """A fixed sample of `size` mutants: the `named` ones, then one of each (family, module)
    group, then the rest evenly spaced through the list, so every family and module is
    represented and the large ones most."""
    by_id = {m.id: m for m in mutants}
    for mutant_id, change in named.items():
        if change not in by_id[mutant_id].after:
            raise ValueError(f"{mutant_id} is no longer `{change}`: update NAMED")
    chosen = [by_id[i] for i in named]
    groups = {}
    for mutant in mutants:
        groups.setdefault((mutant.family, mutant.module), []).append(mutant)
    for group in _covering_first(groups):
        if not any(m in chosen for m in group):
            chosen.append(group[len(group) // 2])
    rest = [m for m in mutants if m not in chosen]
    wanted = size - len(chosen)
    chosen += [rest[i * len(rest) // wanted] for i in range(wanted)] if wanted > 0 else []
    return sorted(chosen[:size], key=mutants.index)


def _covering_first(groups):
    """The (family, module) groups, those that bring a family or a module not yet met first, so
    that a sample smaller than the groups still holds every family and module."""
    families, modules, first, then = set(), set(), [], []
    for (family, module), group in groups.items():
        new = family not in families or module not in modules
        (first if new else then).append(group)
        families.add(family)
        modules.add(module)
    return first + then


# ================================================================ the pool of games

SEED = 20261130
POOL_TREES = 3000
POOL_BOARDS = 240
POOL_WARS = 2000
MAX_DEPTH, MAX_NODES = 6, 40
WIDTHS = (5, 3, 2, 2, 2)  # at most this many children per level below the root
TIE_LEAVES = (-1, 0, 1)   # a third of the trees draw from these, so ties are everywhere
ORDERS = [None, {"kind": "reversed"}]


def random_tree(rng, leaves, inner):
    drawn = 0

    def node(level):
        nonlocal drawn
        drawn += 1
        if level == 0:
            count = rng.randint(1 if inner else 0, 5)
        elif level == MAX_DEPTH or drawn >= MAX_NODES or rng.random() < 0.5:
            count = 0
        else:
            count = rng.randint(1, WIDTHS[level - 1])
        return [node(level + 1) for _ in range(count)] if count else rng.choice(leaves)
    return node(0)


def minimax(tree, player):
    game = TreeGame(tree, player)
    return reference("minimax_value")(game, game.initial)


def with_root_tie(rng, tree, player):
    """`tree` with a copy of its root's best child inserted after it: a tie at the root."""
    child = "MIN" if player == "MAX" else "MAX"
    values = [minimax(c, child) for c in tree]
    best = values.index(max(values) if player == "MAX" else min(values))
    return [*tree[:best + 1], *rng.sample([copy.deepcopy(tree[best]), *tree[best + 1:]],
                                          len(tree) - best)]


def pool_trees(rng, count):
    """Seeded trees: roots alternately MAX and MIN, a third with leaves in -1..1, a quarter of the
    inner ones with a tie forced at the root, plus the course's trees at both roots."""
    specs = []
    for index in range(count):
        player = ("MAX", "MIN")[index % 2]
        leaves = TIE_LEAVES if index % 3 == 2 else LEAF_VALUES
        tree = random_tree(rng, leaves, inner=index % 5 != 0)
        if isinstance(tree, list) and index % 8 in (1, 2):  # as many at MIN roots as at MAX
            tree = with_root_tie(rng, tree, player)
        specs.append(tree_spec(tree, player))
    specs += [tree_spec(t["tree"], player) for t in (course.TEXTBOOK, course.EXERCISE_1) for player in ("MAX", "MIN")]
    specs += [tree_spec([1, 1], "MIN"), tree_spec([1, 1], "MAX")]
    return specs


def windows(rng, spec, value):
    """Windows around the root's value (the value at either end, or inside) and one drawn from
    the leaf values, the integers and the infinities; all open, as the checks'."""
    ends = sorted({*leaf_values(spec["tree"]), *range(-4, 5), -math.inf, math.inf},
                  key=lambda end: (end, type(end) is float))
    alpha, beta = sorted(rng.sample(ends, 2))
    chosen = [(value - 1, value), (value, value + 1), (value - 0.5, value + 0.5)]
    return chosen + ([(alpha, beta)] if alpha != beta else [])


def evaluation_table(rng, spec):
    return {"kind": "table",
            "values": [[list(p), rng.randint(-2, 2)] for p in paths(spec["tree"])]}


def tree_cases(rng, spec):
    """The calls on one tree: every function on it, alpha-beta in windows and in orders."""
    value = minimax(spec["tree"], spec["root"])
    shuffled = {"kind": "shuffled", "seed": rng.randint(0, 2**16)}
    cases = [Case(call("minimax_value", spec)),
             *[Case(call("alphabeta_value", spec, -math.inf, math.inf, {"$order": order}))
               for order in (ORDERS[1], shuffled)],
             Case(call("alphabeta_value", spec))]
    cases += [Case(call("alphabeta_value", spec, alpha, beta), (alpha, beta), value)
              for alpha, beta in windows(rng, spec, value)]
    if isinstance(spec["tree"], list):
        evaluation = {"$evaluation": evaluation_table(rng, spec)}
        cases += [Case(call("minimax_decision", spec)),
                  Case(call("evaluation_order", spec, evaluation))]
        cases += [Case(call("alphabeta_decision", spec, *([{"$order": o}] if o else [])))
                  for o in (*ORDERS, shuffled)]
    return cases


def pool_boards(rng, count):
    """The course's positions with X and with O to move, X in a corner with O to move, and
    seeded positions of 2 to 8 moves reached by legal play, half of them with O to move."""
    boards = [p["board"] for p in course.POSITIONS + course.O_POSITIONS] + ["X        "]
    game = TicTacToe()
    while len(boards) < count + 7:
        moves = 2 + len(boards) % 7
        state = game.initial
        for cell in rng.sample(range(9), moves):
            following = game.result(state, cell)
            if game.is_terminal(following):
                break
            state = following
        board = "".join(state.board)
        if board not in boards and board.count(" ") <= 7:
            boards.append(board)
    return [board_spec(board) for board in boards]


CENTER_FIRST_ORDER = {"$order": {"kind": "priority", "cells": course.CENTER_CORNERS_EDGES}}


def board_cases(spec):
    return [Case(call("minimax_value", spec)), Case(call("minimax_decision", spec)),
            Case(call("alphabeta_value", spec)),
            Case(call("alphabeta_value", spec, -math.inf, math.inf, CENTER_FIRST_ORDER)),
            Case(call("alphabeta_decision", spec)),
            Case(call("alphabeta_decision", spec, CENTER_FIRST_ORDER)),
            Case(call("center_first", spec)),
            Case(call("evaluation_order", spec, {"$evaluation": {"kind": "open_lines"}}))]


def random_war(rng):
    tree, ours, theirs = {"start": []}, {}, {}
    for i in range(1, rng.randint(1, 4) + 1):
        option = f"option_{i}"
        tree["start"].append(option)
        tree[option] = [f"{option}_reply_{j}" for j in range(1, rng.randint(1, 4) + 1)]
        for leaf in tree[option]:
            ours[leaf], theirs[leaf] = rng.randint(-3, 3), rng.randint(-3, 3)
    return {"tree": tree, "ours": ours, "theirs": theirs, "root": "start"}


def war_cases(war):
    cases = [Case(call("rational_response", None, war["tree"], war["theirs"], option))
             for option in war["tree"][war["root"]]]
    return cases + [
        Case(call("rational_decision", None, war["tree"], war["ours"], war["theirs"], war["root"])),
        Case(call("guaranteed_decision", None, war["tree"], war["ours"], war["root"]))]


@dataclass
class Case:
    call: dict
    window: tuple | None = None  # a value in a narrowed window: judged by the rule
    value: float | None = None   # the true value, for the window rule
    want: dict = field(default_factory=dict)  # the reference's observation
    holds: object = None  # for an answer graded by a property alone: whether an answer has it

    @property
    def function(self):
        return self.call["function"]


# ---------------------------------------------------------------- the second assignment's calls

CUTOFF_TREES = POOL_TREES // 2  # each makes about twice the calls of a first assignment's tree
CONNECT_FOUR = [connect_four_spec(EMPTY_COLUMNS), connect_four_spec(" " * 3 + "X" + " " * 38)]
OPEN_LINES = {"$evaluation": open_lines_evaluation()}


def traced_call(function, game, *args, **options):
    """call(), bringing back the trace of the second assignment's node-counted functions, which
    call() knows nothing of (the checks' caller adds it as this does)."""
    return call(function, game, *args, trace=function in TRACED, **options)


def _answer(function, made):
    return perform(reference(function), made)["answer"]


def _windowed(rng, function, spec, args):
    """`function` on `spec` in the full window and in windows around its value, judged by the
    window rule."""
    value = _answer(function, traced_call(function, spec, *args))
    return [Case(traced_call(function, spec, *args)), *[
        Case(traced_call(function, spec, *args, alpha, beta), (alpha, beta), value)
        for alpha, beta in windows(rng, spec, value)]]


def cutoff_tree_cases(rng, spec):
    """The second assignment's calls on one tree: negamax in windows; the heuristic value at a
    drawn depth, in windows and in orders; quiescence with noisy positions; transpositions; and on
    trees with moves, the decisions, in orders, and iterative deepening."""
    evaluation = {"$evaluation": evaluation_table(rng, spec)}
    depth = rng.randint(0, MAX_DEPTH)
    shuffled = {"kind": "shuffled", "seed": rng.randint(0, 2**16)}
    orders = [{"$order": ORDERS[1]}, {"$order": shuffled}]
    every = list(paths(spec["tree"]))
    noisy = {"$quiet": noisy_positions(rng.sample(every, rng.randint(0, len(every))))}
    cases = [*_windowed(rng, "negamax_value", spec, []),
             Case(traced_call("transposition_value", spec)),
             *_windowed(rng, "heuristic_value", spec, [depth, evaluation]),
             *[Case(traced_call("heuristic_value", spec, depth, evaluation, -math.inf, math.inf,
                                order)) for order in orders],
             Case(traced_call("quiescence_value", spec, depth, evaluation, noisy))]
    if isinstance(spec["tree"], list):
        ahead = max(depth, 1)  # a decision looks at least one move ahead
        cases += [Case(traced_call("heuristic_decision", spec, ahead, evaluation, *order))
                  for order in ([], *([o] for o in orders))]
        cases.append(Case(traced_call("iterative_deepening_decision", spec, ahead, evaluation)))
    return cases


def cutoff_checks(name):
    """A module of the second assignment's checks, whose helpers judge here as they do there."""
    folder = str(ASSIGNMENTS["cutoff"].checks)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(name)


def reachable_boards():
    """Every tic-tac-toe position legal play reaches (5,478), finished games included, in a fixed
    order."""
    return sorted("".join(state.board) for state in cutoff_checks("test_evaluation").reachable())


def cutoff_board_cases(spec):
    cases = [Case(traced_call("transposition_value", spec))]
    for depth in (1, 2, 3):
        cases += [Case(traced_call("heuristic_value", spec, depth, OPEN_LINES)),
                  Case(traced_call("heuristic_decision", spec, depth, OPEN_LINES)),
                  Case(traced_call("iterative_deepening_decision", spec, depth, OPEN_LINES))]
    return cases


def _shows_the_horizon(answer):
    """The grader's own verdict on horizon_example's answer: a tree of the allowed size on which
    the search cut off at its depth decides otherwise than minimax (see its check)."""
    try:
        game, scores, depth, height = cutoff_checks("test_horizon").built(answer)
    except CheckFailed:
        return False
    tree, decide = TreeGame(game["tree"]), reference("heuristic_decision")
    evaluate = lambda state: scores.get(state.path, 0)  # noqa: E731
    return decide(tree, tree.initial, depth, evaluate) != decide(tree, tree.initial, height,
                                                                  evaluate)


def cutoff_cases(rng, trees, boards):
    """The second assignment's pool: seeded trees, every reachable tic-tac-toe position for the
    evaluation, searches from the pool's positions and Connect Four's openings, and the horizon
    example, judged by its property."""
    cases = [c for spec in pool_trees(rng, trees) for c in cutoff_tree_cases(rng, spec)]
    cases += [Case(call("open_lines_evaluation", board_spec(board), state_only=True))
              for board in reachable_boards()]
    cases.append(Case(call("horizon_example", None), holds=_shows_the_horizon))
    cases += [c for spec in pool_boards(rng, boards) for c in cutoff_board_cases(spec)]
    return cases + [Case(traced_call("heuristic_value", spec, depth, {
        "$evaluation": open_windows_evaluation()})) for spec in CONNECT_FOUR for depth in (2, 3)]


def pool_cases(trees=POOL_TREES, boards=POOL_BOARDS, wars=POOL_WARS, chosen=tuple(ASSIGNMENTS)):
    """Every call of the pool for the assignments named `chosen`, the cheap ones first, so that a
    mutant's first difference is found quickly. (Smaller pools are for testing this module.) Each
    assignment draws from its own seeded generator, so one's pool is the same alone or beside the
    other's."""
    cases = []
    if "search" in chosen:
        rng = random.Random(SEED)
        cases += [c for spec in pool_trees(rng, trees) for c in tree_cases(rng, spec)]
        cases += [c for war in [course.PRICE_WAR] + [random_war(rng) for _ in range(wars)]
                  for c in war_cases(war)]
        cases += [c for spec in pool_boards(rng, boards) for c in board_cases(spec)]
    if "cutoff" in chosen:
        cases += cutoff_cases(random.Random(SEED + 1), trees * CUTOFF_TREES // POOL_TREES,
                              boards)
    return cases


def answered(cases):
    """The cases by function, each with the reference's observation."""
    by_function = {}
    for case in cases:
        case.want = perform(reference(case.function), case.call)
        by_function.setdefault(case.function, []).append(case)
    return by_function


def pool_summary(pool):
    """The pool's figures, for each assignment it holds."""
    figures = {}
    if "minimax_value" in pool:
        figures.update(_search_summary(pool))
    if "negamax_value" in pool:
        figures.update(_cutoff_summary(pool))
    return figures


def _cutoff_summary(pool):
    trees = {json.dumps(c.call["game"]) for c in pool["transposition_value"]
             if c.call["game"]["kind"] == "tree"}
    return {"cutoff calls": sum(len(cases) for function, cases in pool.items()
                                if assignment_of(function).name == "cutoff"),
            "cutoff trees": len(trees),
            "cutoff windows": sum(c.window is not None for function in ("negamax_value",
                                                                       "heuristic_value")
                                  for c in pool[function]),
            "evaluated boards": len(pool["open_lines_evaluation"]),
            "finished games": sum(TicTacToe(c.call["game"]["board"]).is_terminal(
                TicTacToe(c.call["game"]["board"]).initial) for c in pool["open_lines_evaluation"])}


def _search_summary(pool):
    trees = {json.dumps(c.call["game"]) for c in pool["minimax_value"] if c.call["game"]["kind"]
             == "tree"}
    specs = [json.loads(t) for t in trees]
    inner = [s for s in specs if isinstance(s["tree"], list)]
    tied = [s for s in inner if _root_tied(s)]
    boards = [c.call["game"]["board"] for c in pool["minimax_value"]
              if c.call["game"]["kind"] == "tictactoe"]
    return {"calls": sum(map(len, pool.values())), "trees": len(specs),
            "MIN roots": sum(s["root"] == "MIN" for s in specs),
            "root ties at MAX": sum(s["root"] == "MAX" for s in tied),
            "root ties at MIN": sum(s["root"] == "MIN" for s in tied),
            "windows": sum(c.window is not None for c in pool["alphabeta_value"]),
            "boards": len(boards), "boards with O to move": sum(
                b.count("X") > b.count("O") for b in boards),
            "price wars": len(pool["guaranteed_decision"])}


def _root_tied(spec):
    child = "MIN" if spec["root"] == "MAX" else "MAX"
    values = [minimax(c, child) for c in spec["tree"]]
    best = max(values) if spec["root"] == "MAX" else min(values)
    return values.count(best) > 1


# ================================================================ behaviour on the pool


# A call hangs when it runs this many times longer than the grader would let it: only code that
# never finishes does, whatever the machine's load, so the pool's verdicts do not depend on it.
HANG_FACTOR = 10


class Hang(BaseException):
    """A call ran past its time limit; a BaseException, so no `except Exception` swallows it."""


def _alarm(signum, frame):
    raise Hang


def _loaded(mutant):
    module = types.ModuleType(f"mutant_{mutant.module}")
    exec(compile(mutant.source, f"{mutant.id}/{mutant.module}.py", "exec"), module.__dict__)
    return module


def _differences(case, got):
    """The kinds of difference between the mutant's observation `got` and the reference's."""
    want, kinds = case.want, set()
    if case.holds is not None:
        if "answer" not in got or not case.holds(got["answer"]):
            kinds.add("answer")
    elif case.window is not None:
        if _breaks_window_rule(case, got):
            kinds.add("answer")
    elif "answer" not in got or not exactly_equal(got["answer"], want["answer"]):
        kinds.add("answer")
    if "trace" in want:
        if case.function == "minimax_value":  # minimax must examine every node, in any order
            if set(got["trace"].split("\n")) != set(want["trace"].split("\n")):
                kinds.add("nodes")
        elif got["trace"] != want["trace"]:
            kinds.add("nodes")
    if "evaluated" in want and case.function in evaluations_judged() and "nodes" not in kinds:
        # the positions evaluated, each as often as the code likes; where the nodes examined
        # differ, so do the positions evaluated among them, which is no difference of its own
        if set(got.get("evaluated", "").split("\n")) != set(want["evaluated"].split("\n")):
            kinds.add("evaluations")
    return kinds


def _breaks_window_rule(case, got):
    """The grader's own verdict on the window rule."""
    answer = Observation(answer=got.get("answer", NO_ANSWER), answer_type=got["type"])
    try:
        window_rule(Pair(case.function, answer, None, case.call), case.value, *case.window,
                    shown=None)
    except CheckFailed:
        return True
    return False


def _describe(case, kinds, got):
    args = json.dumps(case.call["args"])[:120]
    game = json.dumps(case.call["game"])[:160]
    want = case.want.get("answer")
    return (f"{'/'.join(sorted(kinds))}: {case.function} on {game} args {args}: "
            f"got {str(got.get('answer', got.get('raised')))[:80]}, reference {str(want)[:80]}")


def behaviour(mutant, pool, limits):
    """For each function of the mutated module that behaves differently on the pool: the kinds
    of difference ('answer', 'nodes', 'hangs') and the first call that shows each."""
    module = _loaded(mutant)
    previous = signal.signal(signal.SIGALRM, _alarm)
    found = {}
    try:
        for function, module_name in MODULES.items():
            if module_name == mutant.module:
                kinds = _function_behaviour(getattr(module, function), pool[function], limits)
                if kinds:
                    found[function] = kinds
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return found


def _function_behaviour(function, cases, limits):
    found = {}
    most = ({"answer"} | ({"nodes"} if function.__name__ in TRACED else set())
            | ({"evaluations"} if function.__name__ in evaluations_judged() else set()))
    for case in cases:
        budget = HANG_FACTOR * limits.call_seconds(case.want["seconds"])
        signal.setitimer(signal.ITIMER_REAL, budget)
        try:
            got = perform(function, case.call)
        except Hang:
            found["hangs"] = (f"hangs: {function.__name__} ran past {budget:.0f} s on "
                              f"{json.dumps(case.call['game'])[:160]}")
            return found
        except Exception as error:  # the mutant's own exception (RecursionError too): no answer
            got = {"raised": type(error).__name__}
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        kinds = {"answer"} if "raised" in got else _differences(case, got)
        for kind in kinds - found.keys():
            found[kind] = _describe(case, {kind}, got)
        if found.keys() >= most:
            break
    return found


# Set in each worker process by fork: the pool, computed once in the parent.
_POOL = None
_LIMITS = None


def _behaviour_of(mutant):
    start = time.perf_counter()
    found = behaviour(mutant, _POOL, _LIMITS[assignment_of(mutant.module).name])
    return mutant.id, found, time.perf_counter() - start


def all_behaviour(mutants, pool, limits, jobs, console):
    """Each mutant's behaviour, in `jobs` processes forked from this one, and its seconds;
    `limits` are each assignment's, by name."""
    global _POOL, _LIMITS
    _POOL, _LIMITS = pool, limits
    results, seconds = {}, {}
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(jobs, mp_context=context) as executor, Progress(
            console=console, transient=True) as progress:
        task = progress.add_task("Running the mutants on the pool", total=len(mutants))
        for mutant_id, found, spent in executor.map(_behaviour_of, mutants):
            results[mutant_id], seconds[mutant_id] = found, spent
            progress.advance(task)
    return results, seconds


# ================================================================ grading


def write_class(mutants, folder):
    """One submission folder per mutant: its mutated module and its reference's others."""
    for mutant in mutants:
        target, home = folder / mutant.id, assignment_of(mutant.module)
        target.mkdir(parents=True)
        for name in home.files:
            shutil.copy(home.reference / name, target / name)
        (target / f"{mutant.module}.py").write_text(mutant.source)


def grade_class(folder, output, jobs, module):
    """Grade the class as an instructor would, as its assignment, on `module`'s functions, every
    mutant afresh (--force)."""
    only = [option for function, name in MODULES.items() if name == module
            for option in ("--only", function)]
    completed = subprocess.run(
        [sys.executable, "-m", "autograder", "grade", str(folder), "--assignment",
         assignment_of(module).name, "--jobs", str(jobs), "--output", str(output), "--force",
         *only],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if completed.returncode != 0:
        raise SystemExit(f"grading the mutants failed: {completed.stderr.strip()[-2000:]}")


def grade_by_module(mutants, output, jobs, console):
    """Each module's mutants graded as one class into output/MODULE (see the docstring, 3)."""
    for module in MUTATED_MODULES:
        theirs = [mutant for mutant in mutants if mutant.module == module]
        if not theirs:
            continue
        folder = output.parent / f"{output.name}-class" / module
        shutil.rmtree(folder, ignore_errors=True)
        write_class(theirs, folder)
        console.print(f"Grading the {len(theirs)} mutants of {module}.py as a class into "
                      f"{output / module}...")
        grade_class(folder, output / module, jobs, module)


def grading_problem(output, mutant):
    """Why the batch has no result for the mutant (its gradebook status), or None."""
    if result_path(output, mutant).exists():
        return None
    with open(output / mutant.module / "gradebook.csv", newline="") as gradebook:
        return next((row["status"] for row in csv.DictReader(gradebook)
                     if row["id"] == mutant.id), "not graded")


def result_path(output, mutant):
    return output / mutant.module / f"{mutant.id}.json"


def lost_points(output, mutant):
    """The mutant's failed checks: function -> {check name: points lost}. The checks of the
    other modules' functions are not run, and lose nothing."""
    if grading_problem(output, mutant):
        return {}
    lost = {}
    for check in load_report(result_path(output, mutant)).checks:
        if check.ran and check.points < check.max_points:
            lost.setdefault(check.function, {})[check.name] = check.max_points - check.points
    return lost


# ================================================================ the score


def check_kind(name):
    if "nodes" in name or "examines" in name:
        return "nodes"
    return "evaluations" if "evaluates" in name else "answer"


@functools.cache
def evaluations_judged():
    """The functions a check of the evaluations kind judges (heuristic_value). Another function's
    evaluated positions follow from the nodes it examines, which its node checks judge; like
    nodes for the untraced functions, they are no difference of their own."""
    return frozenset(name.split(":")[0] for assignment in ASSIGNMENTS.values()
                     for name in grading_config.load(assignment.policy).checks
                     if check_kind(name) == "evaluations")


@dataclass
class Verdict:
    mutant: Mutant
    behaviour: dict   # function -> {kind: first call that shows it}
    lost: dict        # function -> {check: points lost}
    seconds: float    # spent running it on the pool
    problem: str | None = None  # why the batch could not grade it

    @property
    def different(self):
        return bool(self.behaviour)

    @property
    def primary(self):
        """The function the mutant breaks: the mutated one, unless only a caller of it shows."""
        if self.mutant.function in self.behaviour or not self.behaviour:
            return self.mutant.function
        return sorted(self.behaviour)[0]

    @property
    def caught(self):
        return self.different and self.primary in self.lost and not self.problem

    @property
    def caught_in_kind(self):
        """Every kind of difference in the broken function costs a check of that kind; a hang
        costs the whole function, so any check will do."""
        if not self.caught:
            return False
        failed = {check_kind(name) for name in self.lost[self.primary]}
        kinds = set(self.behaviour[self.primary]) - {"hangs"}
        return kinds <= failed

    @property
    def spared_elsewhere(self):
        """No points lost in any function of its module that behaves the same as the
        reference's (the only functions its class is graded on)."""
        return set(self.lost) <= set(self.behaviour)

    @property
    def survives(self):
        if self.problem:
            return True
        if self.different:
            return not self.caught or not self.spared_elsewhere
        return bool(self.lost)

    @property
    def difference_kind(self):
        kinds = set(self.behaviour.get(self.primary, ()))
        if "hangs" in kinds:
            return "hangs"
        return "both" if kinds == {"answer", "nodes"} else "/".join(sorted(kinds)) or "none"

    @property
    def assignment(self):
        return assignment_of(self.mutant.module).name


def score(verdicts):
    different = [v for v in verdicts if v.different]
    equivalent = [v for v in verdicts if not v.different]
    return {"mutants": len(verdicts), "behaviour-different": len(different),
            "caught": sum(v.caught for v in different),
            "caught in kind": sum(v.caught_in_kind for v in different),
            "equivalent": len(equivalent),
            "equivalent spared": sum(not v.lost for v in equivalent),
            "unaffected functions spared": sum(v.spared_elsewhere for v in verdicts),
            "survivors": [v for v in verdicts if v.survives],
            "missed in kind": [v for v in different if v.caught and not v.caught_in_kind]}


def print_score(console, scores, pool_figures, stages, sandbox_mode):
    """The pool, then each assignment's score (`scores`, by name) and its survivors."""
    console.print(f"Pool: {', '.join(f'{n:,} {what}' for what, n in pool_figures.items())}")
    console.print("Wall time " + f"{stages['total']:.0f} s: " + ", ".join(
        f"{stage} {seconds:.0f} s" for stage, seconds in stages.items() if stage != "total")
        + f" (sandbox {sandbox_mode})")
    for name, figures in scores.items():
        _print_figures(console, name, figures)


def _print_figures(console, name, figures):
    table = Table(title=f"Mutation score of {name}'s reference")
    table.add_column("measure")
    table.add_column("figure", justify="right")
    different, equivalent = figures["behaviour-different"], figures["equivalent"]
    table.add_row("mutants", str(figures["mutants"]))
    table.add_row("behaviour-different mutants caught (lost points in their function)",
                  f"{figures['caught']} of {different}")
    table.add_row("... caught by a check of the same kind",
                  f"{figures['caught in kind']} of {different}")
    table.add_row("equivalent mutants spared (lost no points)",
                  f"{figures['equivalent spared']} of {equivalent}")
    table.add_row("mutants that cost no unaffected function of their module points",
                  f"{figures['unaffected functions spared']} of {figures['mutants']}")
    console.print(table)
    _print_list(console, f"Survivors ({name})", figures["survivors"])
    _print_list(console, f"Caught, but not by a check of the kind that differs ({name})",
                figures["missed in kind"])


def _print_list(console, title, verdicts):
    if not verdicts:
        console.print(f"{title}: none")
        return
    table = Table(title=title, show_lines=True)
    for column in ("mutant", "diff", "differs", "lost points"):
        table.add_column(column)
    for v in verdicts:
        lost = v.problem or "; ".join(f"{name} (-{points:g})" for checks in v.lost.values()
                                      for name, points in checks.items()) or "none"
        shows = "\n".join(v.behaviour.get(v.primary, {}).values()) or "equivalent"
        table.add_row(v.mutant.id, escape(v.mutant.diff), escape(f"{v.difference_kind}\n{shows}"),
                      escape(lost))
    console.print(table)


def measure(mutants, jobs, output, console, chosen=tuple(ASSIGNMENTS)):
    """Run, grade and score `mutants`, of the assignments named `chosen`; returns (each
    assignment's figures by name, verdicts, pool figures, stage seconds)."""
    stages, start = {}, time.perf_counter()
    limits = {name: grading_config.load(ASSIGNMENTS[name].policy).limits for name in chosen}
    pool = answered(pool_cases(chosen=chosen))
    pool_figures = pool_summary(pool)
    stages["pool"] = time.perf_counter() - start
    console.print(f"Running {len(mutants)} mutants on the pool of "
                  f"{sum(map(len, pool.values())):,} calls...")
    found, seconds = all_behaviour(mutants, pool, limits, jobs, console)
    stages["mutants on the pool"] = time.perf_counter() - start - stages["pool"]
    grade_by_module(mutants, output, jobs, console)
    stages["grading"] = time.perf_counter() - start - sum(stages.values())
    verdicts = [Verdict(m, found[m.id], lost_points(output, m), seconds[m.id],
                        grading_problem(output, m)) for m in mutants]
    scores = {name: score([v for v in verdicts if v.assignment == name]) for name in chosen}
    return scores, verdicts, pool_figures, stages


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", choices=list(ASSIGNMENTS),
                        help="mutate this assignment's reference only (default: both)")
    parser.add_argument("--quick", action="store_true",
                        help="a fixed sample of each assignment's mutants ("
                        + ", ".join(f"{n} of {name}'s" for name, n in QUICK_SAMPLES.items())
                        + "), for the test suite")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run and graded at once")
    parser.add_argument("--output", help="keep the gradings here (default: a temporary folder)")
    parser.add_argument("--json", help="write the figures and verdicts here as JSON")
    args = parser.parse_args()
    console = Console(highlight=False, width=shutil.get_terminal_size((120, 24)).columns)
    start = time.perf_counter()
    chosen = (args.assignment,) if args.assignment else tuple(ASSIGNMENTS)
    mutants = all_mutants(chosen)
    mutants = quick_sample(mutants) if args.quick else mutants
    with tempfile.TemporaryDirectory(prefix="autograder-mutants-") as scratch:
        output = Path(args.output).resolve() if args.output else Path(scratch) / "results"
        scores, verdicts, pool_figures, stages = measure(mutants, args.jobs, output, console,
                                                         chosen)
        sandbox_mode = load_report(result_path(output, mutants[0])).sandbox
    stages["total"] = time.perf_counter() - start
    print_score(console, scores, pool_figures, stages, sandbox_mode)
    if args.json:
        Path(args.json).write_text(json.dumps(as_json(scores, verdicts, stages), indent=1))


def as_json(scores, verdicts, stages):
    return {"assignments": {name: {
                **{k: v for k, v in figures.items() if not isinstance(v, list)},
                "survivors": [v.mutant.id for v in figures["survivors"]],
                "missed in kind": [v.mutant.id for v in figures["missed in kind"]]}
                for name, figures in scores.items()},
            "seconds": stages,
            "verdicts": [{"id": v.mutant.id, "assignment": v.assignment,
                          "function": v.mutant.function,
                          "family": v.mutant.family, "diff": v.mutant.diff,
                          "behaviour": v.behaviour, "lost": v.lost, "caught": v.caught,
                          "caught_in_kind": v.caught_in_kind,
                          "spared_elsewhere": v.spared_elsewhere, "survives": v.survives,
                          "problem": v.problem,
                          "seconds on the pool": round(v.seconds, 2)}
                         for v in verdicts]}


if __name__ == "__main__":
    main()
