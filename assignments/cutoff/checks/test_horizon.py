"""Checks of horizon.py, a construction exercise: the tree, evaluation and depth the student builds
must be a horizon example's form, small enough to draw, and show the effect: the cut-off search's
decision differs from minimax's on the whole tree (both worked out by the reference)."""

from autograder.checks import check, judge
from autograder.checks.judge import CheckFailed
from autograder.drawing import name_node
from autograder.games import TreeGame
from autograder.games.specs import tree_spec
from autograder.language import _, ngettext, number
from autograder.runner.observations import is_finite
from autograder.worker.calls import call

MOST_NODES, MOST_LEVELS = 40, 6  # a tree the feedback can draw, as the generated ones are


def tree_paths(tree):
    """Every node's path and whether it is a leaf; CheckFailed for what is no tree of the course's
    form or is larger than MOST_NODES nodes or MOST_LEVELS levels below the root."""
    found, pending = [], [((), tree)]
    while pending:
        path, node = pending.pop()
        found.append((path, type(node) is not list))
        if len(found) > MOST_NODES or len(path) > MOST_LEVELS:
            raise CheckFailed(_("horizon_example's tree has more than {nodes} nodes or {levels} "
                                "levels below the root; a smaller one shows the effect as "
                                "well").format(nodes=number(MOST_NODES),
                                               levels=number(MOST_LEVELS)))
        if type(node) is list and node:
            pending += [(path + (index,), child) for index, child in reversed(list(
                enumerate(node)))]
        elif not is_finite(node):
            raise CheckFailed(_("horizon_example's tree must be nested lists, each non-empty, "
                                "whose leaves are numbers"))
    return found


def built(answer):
    """The game spec, the scores by path and the depth `answer` describes; CheckFailed, saying
    what to fix, for anything else."""
    if type(answer) is not list or len(answer) != 3:
        raise CheckFailed(_("horizon_example must return [tree, evaluation, depth]"))
    tree, evaluation, depth = answer
    nodes = dict(tree_paths(tree))
    height = max(len(path) for path, leaf in nodes.items() if leaf)
    if type(evaluation) is not list or not all(
            type(entry) is list and len(entry) == 2 and type(entry[0]) is list
            and tuple(entry[0]) in nodes and is_finite(entry[1]) for entry in evaluation):
        raise CheckFailed(_("horizon_example's evaluation must be a list of [path, score] pairs, "
                            "each path a list of child indices naming a node of the tree"))
    if type(depth) is not int or not 1 <= depth < height:
        # TRANSLATORS: {most} is one less than {height}, the tree's levels
        raise CheckFailed(ngettext("horizon_example's depth must be a whole number from 1 to "
                                   "{most} (below the tree's {height} level), not {depth}",
                                   "horizon_example's depth must be a whole number from 1 to "
                                   "{most} (below the tree's {height} levels), not {depth}",
                                   height).format(most=height - 1, height=height,
                                                  depth=repr(depth)))
    return tree_spec(tree), {tuple(path): score for path, score in evaluation}, depth, height


# The reference searches the student's own tree, which no answers file can hold ahead: the
# students' release, which has no reference, names this check as checked when graded.
@check("horizon_example: a tree on which the cut-off search decides otherwise than minimax",
       needs_reference=True)
def test_horizon_example(caller):
    pair = caller.both(call("horizon_example", None))
    judge.require_answer("horizon_example", pair.got, None, pair.call)
    game, scores, depth, height = built(pair.got.answer)
    decide = caller.solution("heuristic_decision")
    tree = TreeGame(game["tree"])
    evaluate = lambda state: scores.get(state.path, 0)  # noqa: E731
    cut, whole = (decide(tree, tree.initial, levels, evaluate) for levels in (depth, height))
    if cut == whole:
        # TRANSLATORS: {node} is the child of the root the search decides on
        raise CheckFailed(_(
            "horizon_example: cut off at depth {depth}, the search decides {node}, as minimax "
            "does on the whole tree, so it shows no horizon effect: let the evaluation at the "
            "cut-off favour a move whose loss comes only after it.").format(
                depth=depth, node=name_node(game, (cut,))),
            shown=judge.shown(game, smallest=False, note=evaluated(game, scores)))


def evaluated(game, scores):
    named = judge.named_scores(game, scores.items())
    if not named:
        return _("The evaluation gives no node a score (0 for any other).")
    # TRANSLATORS: {scores} is a list such as "B 5, C 1"
    return _("The evaluation gives {scores} (0 for any other).").format(scores=named)
