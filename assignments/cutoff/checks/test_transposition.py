"""Checks of transposition.py: minimax's values, and each distinct position examined once (5,478
from the empty board), with feedback naming the first position examined twice."""
from hypothesis import example, given

from autograder.checks import check, course, judge
from autograder.checks.judge import CheckFailed
from autograder.drawing import name_node
from autograder.grading import strategies
from autograder.runner.observations import first_difference
from autograder.worker.calls import build_game, call, decode_path, state_at


def each_position_once(pair, spec, shown):
    """The examined nodes must be the reference's: each position once, the first time it is
    reached. The likeliest departure, a position examined again by another path, is named with
    the path it was first examined by."""
    judge.require_answer(pair.function, pair.got, shown, pair.call)
    mine, theirs = pair.got.trace, pair.want.trace
    if mine == theirs:
        return
    counts = (f"your search examined {len(mine):,} nodes where a search that examines each "
              f"position once examines {len(theirs):,}")
    game, first = build_game(spec), {}
    diagnosis = judge.diagnosed(pair)
    for key in mine:
        path = decode_path(key)
        position = game.key(state_at(game, path))
        if position in first:
            raise CheckFailed(f"{pair.function}: {counts}; it examined "
                              f"{name_node(spec, path)}, a position it had already examined as "
                              f"{name_node(spec, first[position])}: look each position up in the "
                              f"table before asking the game about it.", diagnosis, shown=shown,
                              cause=diagnosis)
        first[position] = path
    step = first_difference(mine, theirs)
    where = (f"then your search examined {name_node(spec, decode_path(mine[step]))}"
             if step < len(mine) else "then your search stopped")
    expected = (f" where the reference examines {name_node(spec, decode_path(theirs[step]))}"
                if step < len(theirs) else "")
    raise CheckFailed(f"{pair.function}: {counts}; the first {step:,} nodes agree; {where}"
                      f"{expected}.", diagnosis, shown=shown, cause=diagnosis)


@check("transposition_value: exact values on random trees")
@given(game=strategies.tree_games())
@example(game=course.TEXTBOOK)
def test_transposition_value_on_trees(caller, game):
    judge.same_answer(caller.both(call("transposition_value", game)), judge.shown(game),
                      "the minimax value")


@check("transposition_value: examines each position once, 5,478 from the empty board")
@given(game=strategies.board_games())
@example(game=course.EMPTY)
@example(game=course.BLOCK)
@example(game=course.DOUBLE_THREAT)
def test_transposition_value_nodes(caller, game):
    each_position_once(caller.both(call("transposition_value", game)), game,
                       judge.shown(game, smallest=game != course.EMPTY))
