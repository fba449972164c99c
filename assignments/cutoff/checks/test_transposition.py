"""Checks of transposition.py: minimax's values, and each distinct position examined once (5,478
from the empty board), with feedback naming the first position examined twice."""
from hypothesis import example, given

from autograder.checks import check, course, judge
from autograder.checks.judge import CheckFailed
from autograder.contract import decode_path
from autograder.drawing import name_node
from autograder.grading import strategies
from autograder.language import _, ngettext, number
from autograder.runner.observations import first_difference
from autograder.worker.calls import build_game, call, state_at


def each_position_once(pair, spec, shown):
    """The examined nodes must be the reference's: each position once, the first time it is
    reached. The likeliest departure, a position examined again by another path, is named with
    the path it was first examined by."""
    judge.require_answer(pair.function, pair.got, shown, pair.call)
    mine, theirs = pair.got.trace, pair.want.trace
    if mine == theirs:
        return
    counts = ngettext("your search examined {count} node where a search that examines each "
                      "position once examines {theirs}",
                      "your search examined {count} nodes where a search that examines each "
                      "position once examines {theirs}", len(mine)).format(
        count=number(len(mine)), theirs=number(len(theirs)))
    game, first = build_game(spec), {}
    part, diagnosis = judge.diagnosed(pair)
    for key in mine:
        path = decode_path(key)
        position = game.key(state_at(game, path))
        if position in first:
            # TRANSLATORS: {node} and {first} are two nodes' names, the same position
            again = _("it examined {node}, a position it had already examined as {first}: look "
                      "each position up in the table before asking the game about it").format(
                node=name_node(spec, path), first=name_node(spec, first[position]))
            raise CheckFailed(f"{pair.function}: {counts}; {again}.", part, shown=shown,
                              **diagnosis)
        first[position] = path
    step = first_difference(mine, theirs)
    raise CheckFailed(f"{pair.function}: {counts}; {parted(spec, step, mine, theirs)}.",
                      part, shown=shown, **diagnosis)


def parted(spec, step, mine, theirs):
    """Where the two traces part, at `step`: one of them may stop there."""
    if step == len(mine) == 0:
        # TRANSLATORS: {theirs} is a node's name ("the given position"); "your search examined 0
        # nodes" comes before it, so no count of nodes that agree
        return _("it never examined {theirs}, where the reference starts").format(
            theirs=name_node(spec, decode_path(theirs[0])))
    if step == len(mine):
        detail = ngettext("the first {count} node agrees; then your search stopped where the "
                          "reference examines {theirs}",
                          "the first {count} nodes agree; then your search stopped where the "
                          "reference examines {theirs}", step)
    elif step == len(theirs):
        detail = ngettext("the first {count} node agrees; then your search examined {mine}",
                          "the first {count} nodes agree; then your search examined {mine}", step)
    else:
        detail = ngettext("the first {count} node agrees; then your search examined {mine} where "
                          "the reference examines {theirs}",
                          "the first {count} nodes agree; then your search examined {mine} where "
                          "the reference examines {theirs}", step)
    mine, theirs = (name_node(spec, decode_path(trace[step])) if step < len(trace) else ""
                    for trace in (mine, theirs))
    return detail.format(count=number(step), mine=mine, theirs=theirs)


@check("transposition_value: exact values on random trees")
@given(game=strategies.tree_games())
@example(game=course.TEXTBOOK)
def test_transposition_value_on_trees(caller, game):
    judge.same_answer(caller.both(call("transposition_value", game)), judge.shown(game),
                      _("the minimax value"))


@check("transposition_value: examines each position once, 5,478 from the empty board")
@given(game=strategies.board_games())
@example(game=course.EMPTY)
@example(game=course.BLOCK)
@example(game=course.DOUBLE_THREAT)
def test_transposition_value_nodes(caller, game):
    each_position_once(caller.both(call("transposition_value", game)), game,
                       judge.shown(game, smallest=game != course.EMPTY))
