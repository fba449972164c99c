"""The mutation score (benchmarks/mutation.py): its mutants, its verdicts, and its quick mode, for
both assignments' references.

The generator's tests are cheap: the list of mutants is the same on every run, each mutant changes
one point of one function (its code, never its docstring) and every family and module of each
assignment has mutants. The classifier is tested on a small pool against mutants whose behaviour
is known by reading them, the second assignment's among them (an order ignored, a won game worth
101, positions evaluated on the way down, a horizon example changed and still one).

The end-to-end test runs `benchmarks/mutation.py --quick --assignment A` for each assignment (40
and 20 mutants, each run on the whole pool, then each module's mutants graded as a class on its
functions: minutes, so it is marked `slow`) and asserts what the grader promises: no equivalent
mutant loses points, no mutant costs a function of its module that behaves the same any points,
and every mutant that behaves differently loses points in the function it breaks, in a check of
the kind that differs, except those listed below with the reason each survives today.
"""
import ast
import json
import subprocess
import sys
import pytest

from support.paths import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

import mutation  # noqa: E402
from autograder.worker.calls import perform  # noqa: E402

# Mutants of the quick sample that behave differently but keep their points in their function
# today, id -> why. None since the checks draw MIN roots and root ties (issue 11 item 1): the
# MIN-root tie (alphabeta-107) lost 8 points in the full run of 2026-11-30.
KNOWN_SURVIVORS = {"search": {}, "cutoff": {}}

# Mutants of the quick sample caught, but not by a check of every kind in which they differ, id ->
# why.
KNOWN_MISSED_IN_KIND = {"search": {}, "cutoff": {}}


@pytest.fixture(scope="module")
def mutants():
    return mutation.all_mutants()


def test_the_mutants_are_the_same_on_every_run(mutants):
    again = mutation.all_mutants()
    assert [(m.id, m.source) for m in again] == [(m.id, m.source) for m in mutants]
    assert len({m.id for m in mutants}) == len({m.source for m in mutants}) == len(mutants)
    assert mutation.quick_sample(again) == mutation.quick_sample(mutants)


# Operators and contexts are shared objects with no place in the source: a change to one is a
# change to the node that holds it.
HELD = (ast.expr_context, ast.operator, ast.boolop, ast.cmpop, ast.unaryop)


def differences(reference, mutant):
    """The smallest pairs of nodes in which two syntax trees differ: a node is a difference when
    its type differs, or its own fields (a name, an operator, the length of a list), or when more
    than one of its fields holds a difference (an expression wrapped in a call)."""
    if ast.dump(reference) == ast.dump(mutant):
        return []
    if type(reference) is not type(mutant):
        return [(reference, mutant)]
    by_field = {}
    for name, value in ast.iter_fields(reference):
        other = getattr(mutant, name)
        same_length = isinstance(value, list) and len(value) == len(other)
        for a, b in zip(value, other) if same_length else [(value, other)]:
            if isinstance(a, ast.AST) and not isinstance(a, HELD) and isinstance(b, ast.AST):
                by_field.setdefault(name, []).extend(differences(a, b))
            elif (ast.dump(a) if isinstance(a, ast.AST) else a) != (
                    ast.dump(b) if isinstance(b, ast.AST) else b):
                return [(reference, mutant)]
    changed = [pairs for pairs in by_field.values() if pairs]
    return changed[0] if len(changed) == 1 else [(reference, mutant)]


def enclosing_function(tree, node):
    return next(f.name for f in tree.body if isinstance(f, ast.FunctionDef)
                and any(n is node for n in ast.walk(f)))


def test_each_mutant_changes_one_node_of_one_function(mutants):
    for mutant in mutants:
        reference = ast.parse(mutation.reference_path(mutant.module).read_text())
        changed = ast.parse(mutant.source)
        pairs = differences(reference, changed)
        if mutant.family == "alpha/beta" and len(pairs) == 2:  # both bounds of one call swapped
            assert [(a.id, b.id) for a, b in pairs] == [("alpha", "beta"), ("beta", "alpha")], \
                mutant.diff
        else:
            assert len(pairs) == 1, mutant.diff
        assert {enclosing_function(reference, a) for a, _ in pairs} == {mutant.function}, \
            mutant.diff
        for before, after in zip(reference.body, changed.body):  # the docstrings are kept
            if isinstance(before, ast.FunctionDef):
                assert ast.get_docstring(before) == ast.get_docstring(after), mutant.diff


def of(assignment, mutants):
    return [m for m in mutants if mutation.assignment_of(m.module).name == assignment]


@pytest.mark.parametrize("assignment", ["search", "cutoff"])
def test_every_family_and_module_has_mutants(mutants, assignment):
    theirs, contract = of(assignment, mutants), mutation.ASSIGNMENTS[assignment]
    assert {m.family for m in theirs} == set(mutation.FAMILIES)
    assert {m.module for m in theirs} == set(contract.modules.values())
    assert {m.function for m in theirs} == set(contract.modules)
    assert mutation.all_mutants((assignment,)) == theirs


def test_the_issues_mutants_are_whole_numbers_and_constants_one_off(mutants):
    """Issue 29: a won game worth 101, a drawn full board worth 1."""
    by_id = {m.id: m for m in mutants}
    assert by_id["evaluation-008"].diff.endswith("return WIN  ->  return (WIN + 1)")
    assert by_id["evaluation-018"].diff.endswith("return 0  ->  return 1")


@pytest.mark.parametrize("assignment", ["search", "cutoff"])
def test_the_quick_sample_spans_the_families_and_modules(mutants, assignment):
    sample = of(assignment, mutation.quick_sample(mutants))
    assert len(sample) == mutation.QUICK_SAMPLES[assignment] == len(set(sample))
    assert {m.family for m in sample} == set(mutation.FAMILIES)
    assert {m.module for m in sample} == set(mutation.ASSIGNMENTS[assignment].modules.values())
    assert set(mutation.NAMED[assignment]) <= {m.id for m in sample}


@pytest.fixture(scope="module")
def small_pool():
    """A tenth of the pool, without the empty board (549,946 nodes for minimax)."""
    cases = mutation.pool_cases(trees=300, boards=10, wars=100)
    return mutation.answered([c for c in cases if c.call["game"] != mutation.course.EMPTY])


def test_the_pool_reaches_min_roots_ties_and_o_to_move(small_pool):
    figures = mutation.pool_summary(small_pool)
    assert abs(figures["MIN roots"] - figures["trees"] / 2) <= 3
    assert figures["root ties at MIN"] >= figures["trees"] / 10
    assert figures["root ties at MAX"] >= figures["trees"] / 10
    assert figures["boards with O to move"] >= figures["boards"] / 3
    assert figures["windows"] >= 3 * figures["trees"]


def test_the_cutoff_pool_scores_every_position_and_every_finished_game(small_pool):
    figures = mutation.pool_summary(small_pool)
    # every position legal play reaches but the empty board, which the small pool leaves out
    assert (figures["evaluated boards"], figures["finished games"]) == (5478 - 1, 958)
    assert figures["cutoff windows"] >= 6 * figures["cutoff trees"]
    assert {case.function for case in small_pool["horizon_example"]} == {"horizon_example"}


def reference_as_mutant(module, **changes):
    """The reference's module, with the text changes given (old=new), as a Mutant."""
    source = mutation.reference_path(module).read_text()
    for old, new in changes.values():
        assert source.count(old) == 1, old
        source = source.replace(old, new)
    return mutation.Mutant("test", module, "", "", 0, "", "", source)


def limits_of(module):
    policy = mutation.assignment_of(module).policy
    return mutation.grading_config.load(policy).limits


def test_the_reference_behaves_as_itself(small_pool):
    for module in mutation.MUTATED_MODULES:
        assert mutation.behaviour(reference_as_mutant(module), small_pool, limits_of(module)) == {}


def kinds(mutant, pool):
    found = mutation.behaviour(mutant, pool, limits_of(mutant.module))
    return {function: set(found_kinds) for function, found_kinds in found.items()}


def test_the_classifier_sees_the_cutoff_assignments_differences(small_pool):
    ignores_order = reference_as_mutant("heuristic", change=(
        "    actions = order(game, state) if order else game.actions(state)\n    if game.to_move",
        "    actions = game.actions(state)\n    if game.to_move"))
    assert kinds(ignores_order, small_pool) == {"heuristic_value": {"nodes"},
                                                "heuristic_decision": {"nodes"}}
    win_101 = reference_as_mutant("evaluation", change=("            return WIN\n",
                                                        "            return WIN + 1\n"))
    assert kinds(win_101, small_pool) == {"open_lines_evaluation": {"answer"}}
    evaluates_on_the_way = reference_as_mutant("heuristic", change=(
        "    if depth == 0:\n", "    evaluate(state)\n    if depth == 0:\n"))
    assert kinds(evaluates_on_the_way, small_pool)["heuristic_value"] == {"evaluations"}
    another_horizon = reference_as_mutant("horizon", change=("[[[[-9]]", "[[[[-10]]"))
    assert kinds(another_horizon, small_pool) == {}, "any tree that shows the effect will do"
    no_horizon = reference_as_mutant("horizon", change=("[[[[-9]]", "[[[[9]]"))
    assert kinds(no_horizon, small_pool) == {"horizon_example": {"answer"}}


def test_the_classifier_sees_answers_nodes_and_window_rule(small_pool):
    limits = mutation.grading_config.load().limits
    last_tie_at_min_root = reference_as_mutant(
        "alphabeta", change=("or v < beta:", "or v <= beta:"))
    found = mutation.behaviour(last_tie_at_min_root, small_pool, limits)
    assert {function: set(kinds) for function, kinds in found.items()} == {
        "alphabeta_decision": {"answer"}}
    fail_hard = reference_as_mutant("alphabeta", change=(
        "        return v  # fail-soft", "        return min(v, beta)  # fail-hard"))
    assert mutation.behaviour(fail_hard, small_pool, limits) == {}, \
        "a fail-hard MAX node meets the window rule: no difference"
    search = mutation._loaded(fail_hard).alphabeta_value
    assert any(perform(search, case.call)["answer"] != case.want["answer"]
               for case in small_pool["alphabeta_value"] if case.window), \
        "fail-hard answers differ from fail-soft ones in some window"
    children_reversed = reference_as_mutant("minimax", change=(
        "for a in game.actions(state)]", "for a in reversed(game.actions(state))]"))
    assert mutation.behaviour(children_reversed, small_pool, limits) == {}, \
        "minimax may examine every node in any order"
    no_pruning_at_max = reference_as_mutant("alphabeta", change=(
        "break  # MIN, higher up", "pass  # MIN, higher up"))
    found = mutation.behaviour(no_pruning_at_max, small_pool, limits)
    assert set(found["alphabeta_value"]) == {"answer", "nodes"}  # answer: the window rule
    assert set(found["alphabeta_decision"]) == {"nodes"}


@pytest.mark.slow
@pytest.mark.timeout(2400)
@pytest.mark.parametrize("assignment", ["search", "cutoff"])
def test_the_quick_mutation_score(tmp_path, assignment):
    """End to end, as a user runs it: 40 mutants of the first assignment, run on the pool and
    graded as four classes; 20 of the second's, graded as six."""
    figures = tmp_path / "figures.json"
    completed = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "mutation.py"), "--quick", "--assignment",
         assignment, "--jobs", "2", "--output", str(tmp_path / "results"), "--json",
         str(figures)], capture_output=True, text=True, cwd=ROOT)
    assert completed.returncode == 0, completed.stderr[-3000:]
    verdicts = json.loads(figures.read_text())["verdicts"]
    assert len(verdicts) == mutation.QUICK_SAMPLES[assignment]
    assert [(v["id"], v["problem"]) for v in verdicts if v["problem"]] == [], "not graded"
    equivalent = [v for v in verdicts if not v["behaviour"]]
    assert [v["id"] for v in equivalent if v["lost"]] == [], "equivalent mutants lost points"
    assert [v["id"] for v in verdicts if not v["spared_elsewhere"]] == [], \
        "mutants cost points in a function that behaves the same"
    different = [v for v in verdicts if v["behaviour"]]
    survivors = {v["id"] for v in different if not v["caught"]}
    known = KNOWN_SURVIVORS[assignment]
    assert survivors == set(known), (
        f"survivors {sorted(survivors)}; known {sorted(known)}: add a new survivor "
        f"with its reason, or remove one the grader now catches")
    missed = {v["id"] for v in different if v["caught"] and not v["caught_in_kind"]}
    known = KNOWN_MISSED_IN_KIND[assignment]
    assert missed == set(known), f"caught but not in kind {sorted(missed)}; known {sorted(known)}"
