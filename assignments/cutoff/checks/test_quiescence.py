"""Checks of quiescence.py: values and nodes of a cut-off search that goes on while the position
is noisy, on random trees whose every node may be noisy."""
from hypothesis import example, given

from autograder.checks import check, course, judge
from autograder.drawing import name_node
from autograder.games.specs import noisy_positions, table_evaluation, tree_spec
from autograder.grading import strategies
from autograder.language import N_, _
from autograder.worker.calls import call, evaluation_argument, quiet_argument

# The textbook tree cut off at depth 1, judged 5, 9, 1 at B, C, D, with C noisy: worth 5, not 9.
TEXTBOOK_CASE = (course.TEXTBOOK, table_evaluation([((0,), 5), ((1,), 9), ((2,), 1)]), 1,
                 noisy_positions([(1,)]))
# Past the cut-off, level after level: B noisy at depth 1 is searched on, and its child B1, judged
# 0, is evaluated when quiet (the root worth 3, C's leaf) and searched on to its leaves when noisy
# too (the root worth 10).
CHAIN = tree_spec([[[10, 10]], 3])
CHAIN_EVALUATION = table_evaluation([((0,), 8), ((0, 0), 0)])
QUIET_BELOW = (CHAIN, CHAIN_EVALUATION, 1, noisy_positions([(0,)]))
NOISY_BELOW = (CHAIN, CHAIN_EVALUATION, 1, noisy_positions([(0,), (0, 0)]))


def searched(case):
    """The call of quiescence_value on `case`, and the input a failure shows."""
    game, evaluation, depth, noisy = case
    scores = judge.named_scores(game, evaluation["values"])
    named = ", ".join(name_node(game, path) for path in noisy["paths"])
    # TRANSLATORS: {scores} is a list such as "B 5, C 9", {noisy} one of nodes such as "C, D"
    note = (_("The search is cut off at depth {depth}; the evaluation gives {scores} (0 for any "
              "other); the noisy positions: {noisy}.") if named else
            _("The search is cut off at depth {depth}; the evaluation gives {scores} (0 for any "
              "other); the noisy positions: none."))
    shown = judge.shown(game, note=note.format(depth=depth, scores=scores, noisy=named))
    return call("quiescence_value", game, depth, evaluation_argument(evaluation),
                quiet_argument(noisy)), shown


@check("quiescence_value: values on random trees with noisy positions")
@given(case=strategies.quiescent_games())
@example(case=TEXTBOOK_CASE)
@example(case=QUIET_BELOW)
@example(case=NOISY_BELOW)
def test_quiescence_value_on_trees(caller, case):
    made, shown = searched(case)
    judge.same_answer(caller.both(made), shown, _("the value searched on while noisy"))


@check("quiescence_value: examines the reference's nodes, on past the cut-off while noisy")
@given(case=strategies.quiescent_games())
@example(case=TEXTBOOK_CASE)
def test_quiescence_value_nodes(caller, case):
    made, shown = searched(case)
    judge.same_trace(caller.both(made), case[0], shown, N_("the quiescence search"))
