"""Checks of evaluation.py, judged by the properties the lesson gives the open-lines evaluation
rather than against one answer: its figures after X's first move, the board's symmetries, the
players' symmetry, and a finished game's scale above every position still in play; and, as the
docstring promises, a finished game's exact score: +100, -100 or 0."""
from hypothesis import example, given

from autograder.checks import check, judge
from autograder.checks.judge import CheckFailed, as_returned
from autograder.games import TicTacToe
from autograder.games.specs import board_spec
from autograder.games.tictactoe import open_lines
from autograder.grading import strategies
from autograder.language import N_, _, value
from autograder.runner.observations import is_number
from autograder.worker.calls import call

FIRST_MOVES = {4: 4, 0: 3, 2: 3, 6: 3, 8: 3, 1: 2, 3: 2, 5: 2, 7: 2}  # the lesson's figures
TURN = (6, 3, 0, 7, 4, 1, 8, 5, 2)      # a quarter turn: the new cell i holds the old TURN[i]
MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)    # left and right swapped


def symmetries(board):
    """The board's 8 images under turns and reflections, itself first."""
    images = []
    for mirrored in (board, "".join(board[i] for i in MIRROR)):
        for _turn in range(4):
            images.append(mirrored)
            mirrored = "".join(mirrored[i] for i in TURN)
    return images


def swapped(board):
    return board.translate(str.maketrans("XO", "OX"))


def reachable():
    """The 5,478 positions that legal play reaches, each once, finished games included, in the
    order a depth-first search meets them."""
    game, pending, seen = TicTacToe(), [TicTacToe().initial], {}
    while pending:
        state = pending.pop()
        if state.board in seen:
            continue
        seen[state.board] = state
        if not game.is_terminal(state):
            pending += [game.result(state, action) for action in game.actions(state)]
    return list(seen.values())


def most_promising(player):
    """The position still in play that the open-lines score rates best for `player`, of the
    5,478 that legal play reaches."""
    sign = 1 if player == "X" else -1
    playing = [state for state in reachable() if not TicTacToe().is_terminal(state)]
    return "".join(max(playing, key=lambda state: sign * open_lines(state)).board)


def finished_games():
    """(board, its utility) for every game legal play finishes: 958, 16 of them drawn; the
    fewest marks first (then by board), so that the first one a check fails on is small."""
    game = TicTacToe()
    return sorted((("".join(state.board), game.utility(state)) for state in reachable()
                   if game.is_terminal(state)), key=lambda pair: (-pair[0].count(" "), pair[0]))


def scored(caller, board):
    """The student's evaluation of `board`, a number, or CheckFailed."""
    game = board_spec(board)
    pair = caller.both(call("open_lines_evaluation", game, state_only=True))
    shown = judge.shown(game, smallest=False)
    judge.require_answer(pair.function, pair.got, shown, pair.call)
    if not is_number(pair.got.answer):
        raise CheckFailed(_("open_lines_evaluation returned {answer}, not a number").format(
            answer=as_returned(pair.got)), shown=shown)
    return pair.got.answer


@check("open_lines_evaluation: centre 4, corner 3, edge 2 after X's first move")
def test_open_lines_after_the_first_move(caller):
    for cell, score in FIRST_MOVES.items():
        board = " " * cell + "X" + " " * (8 - cell)
        mine = scored(caller, board)
        if mine != score:
            # TRANSLATORS: {cell} is a cell's number, 0 to 8; {score} the lesson's figure for it
            raise CheckFailed(_("open_lines_evaluation returned {answer} after X plays cell "
                                "{cell}, where the lesson's figure is {score}").format(
                answer=value(mine), cell=cell, score=score),
                shown=judge.shown(board_spec(board), smallest=False))


@check("open_lines_evaluation: the same under the board's 8 symmetries")
@given(board=strategies.positions() | strategies.won_positions())
def test_open_lines_symmetries(caller, board):
    mine = scored(caller, board)
    for image in symmetries(board)[1:]:
        theirs = scored(caller, image)
        if theirs != mine:
            raise CheckFailed(_("open_lines_evaluation gives this position {mine} but its "
                                "turned or mirrored image {theirs}: the same position, seen "
                                "otherwise, must score the same").format(
                mine=value(mine), theirs=value(theirs)), shown=judge.shown(
                    board_spec(board), note=_("Its image: {board}.").format(board=repr(image))))


@check("open_lines_evaluation: negated when X and O swap")
@given(board=strategies.positions().filter(lambda b: b.count("X") == b.count("O")))
def test_open_lines_players_swapped(caller, board):
    mine, theirs = scored(caller, board), scored(caller, swapped(board))
    if theirs != -mine:
        raise CheckFailed(_("open_lines_evaluation gives this position {mine} and the same "
                            "position with X and O swapped {theirs}, not {negated}").format(
            mine=value(mine), theirs=value(theirs), negated=value(-mine)),
            shown=judge.shown(board_spec(board),
                              note=_("Swapped: {board}.").format(board=repr(swapped(board)))))


@check("open_lines_evaluation: every won game beyond every position still in play")
@given(won=strategies.won_positions(), playing=strategies.positions())
@example(won="XXXOO    ", playing=most_promising("X"))
@example(won="XX OOOX  ", playing=most_promising("O"))
def test_open_lines_scale(caller, won, playing):
    winner = "X" if TicTacToe(won).utility(TicTacToe(won).initial) > 0 else "O"
    win, other = scored(caller, won), scored(caller, playing)
    if (win <= other) if winner == "X" else (win >= other):
        rule = (_("open_lines_evaluation scores a game {winner} has won {win}, and a position "
                  "still in play {other}: a won game must score above every position still in "
                  "play, or the search prefers a promise to a win; scale the finished games' "
                  "utility (e.g. +100 and -100)") if winner == "X" else
                _("open_lines_evaluation scores a game {winner} has won {win}, and a position "
                  "still in play {other}: a won game must score below every position still in "
                  "play, or the search prefers a promise to a win; scale the finished games' "
                  "utility (e.g. +100 and -100)"))
        raise CheckFailed(
            rule.format(winner=winner, win=value(win), other=value(other)),
            shown=judge.shown(board_spec(won), smallest=False,
                              note=_("The position still in play: {board}.").format(
                                  board=repr(playing))))


# The docstring's exact scores of a finished game, part of the contract as the lesson's figures are:
# the properties above hold on other scales too, and a draw worth 1 would be preferred to an even
# position in play, worth 0.
SCALED = {1: 100, -1: -100, 0: 0}
FINISHED = {1: N_("open_lines_evaluation scores this game, which X has won, {answer}; a game X "
                  "has won is worth exactly +100"),
            -1: N_("open_lines_evaluation scores this game, which O has won, {answer}; a game O "
                   "has won is worth exactly -100"),
            0: N_("open_lines_evaluation scores this full board, a draw, {answer}; a drawn game "
                  "is worth exactly 0")}


@check("open_lines_evaluation: every finished game exactly +100, -100 or 0")
def test_open_lines_finished_games(caller):
    for board, utility in finished_games():
        mine = scored(caller, board)
        if mine != SCALED[utility]:
            raise CheckFailed(_(FINISHED[utility]).format(answer=value(mine)),
                              shown=judge.shown(board_spec(board), smallest=False))
