"""Observations: what a call of the student's code sends back and how the grader reads it. Answers
compared as exact builtin values, replies of the wrong shape read as a problem (never an
exception), the positions an evaluation judged and what the code printed, cut again by the grader,
and the compact encoding paths and traces travel in, held to the nodes the game has."""
import pytest

from autograder.checks.course import TEXTBOOK
from autograder.contract import decode_path, encode_path
from autograder.games import TicTacToe
from autograder.runner.observations import _first_stranger, board_paths, exactly_equal, from_reply
from autograder.worker.calls import (PRINTED_LINES, call, decode_trace, encode_trace, perform,
                                     state_at)


@pytest.mark.parametrize("got, want, equal", [
    (3, 3, True), (3.0, 3, True), (True, 1, False), ("3", 3, False), (None, 3, False),
    ([4, 0, 2], [4, 0, 2], True), ([4, 0], [4, 0, 2], False), ([True], [1], False),
    ("baixar_5", "baixar_5", True), (float("nan"), float("nan"), False),
])
def test_answers_are_compared_as_exact_builtin_values(got, want, equal):
    assert exactly_equal(got, want) is equal


EVALUATED_CALL = call("heuristic_value", TEXTBOOK, 1,
                      {"$evaluation": {"kind": "table", "values": []}}, trace=True)


def test_a_traced_call_sends_back_each_position_its_evaluation_judged_once_in_order():
    def search(game, state, depth, evaluate):
        d, b = (game.result(state, action) for action in (2, 0))
        return evaluate(d) + evaluate(b) + evaluate(d)

    assert perform(search, EVALUATED_CALL)["evaluated"] == encode_trace([(2,), (0,)])
    assert "evaluated" not in perform(search, {**EVALUATED_CALL, "trace": False})


@pytest.mark.parametrize("observation, problem", [
    ({"answer": 3, "type": "int", "trace": ""}, "sent the grader a reply it could not read"),
    ({"answer": 3, "type": "int", "trace": "", "evaluated": "1\n1\n"},
     "sent a trace that lists a node twice"),
    ({"answer": 3, "type": "int", "trace": "", "evaluated": "7\n"},
     "asked the game about a state that is not a node of the game"),
])
def test_the_positions_evaluated_come_back_only_when_asked_and_only_as_the_game_has_them(
        observation, problem):
    assert from_reply({"observation": observation}, 0.0,
                      EVALUATED_CALL).problem.startswith(problem)
    assert from_reply({"observation": {**observation, "evaluated": ""}}, 0.0,
                      call("minimax_value", TEXTBOOK)).problem == \
        "sent the grader a reply it could not read"


@pytest.mark.parametrize("reply", [
    {"observation": {"answer": 3, "type": "int", "trace": "x"}},
    {"observation": {"answer": 3, "type": "int", "trace": [[0, 1]]}},
    {"observation": {"answer": 3}},
    {"problem": {"something": "else"}},
    [],
    {"observation": {"answer": 3, "type": "int", "trace": ""}, "printed": {"text": 3, "lines": 1}},
    {"observation": {"answer": 3, "type": "int", "trace": ""},
     "printed": {"text": "", "lines": -1}},
    {"observation": {"answer": 3, "type": "int", "trace": ""}, "printed": "x"},
])
def test_a_reply_of_the_wrong_shape_is_a_problem_never_an_exception(reply):
    assert from_reply(reply, 0.0, call("minimax_value", TEXTBOOK)).problem == \
        "sent the grader a reply it could not read"


@pytest.mark.parametrize("path", [(), (0,), (4, 0, 2, 6, 8), (78, 79, 1000)])
def test_paths_survive_their_compact_encoding(path):
    assert decode_path(encode_path(path)) == path


@pytest.mark.parametrize("paths", [[], [()], [(), (0,), (0, 8)], [(3,), (78, 79, 1000), ()],
                                   [(), (2, -1)], [(0,), ("a", 1.5, True)]])
def test_a_trace_travels_as_one_string_of_its_paths(paths):
    assert decode_trace(encode_trace(paths)) == tuple(map(encode_path, paths))


def test_what_the_worker_says_was_printed_is_cut_again_by_the_grader():
    reply = {"observation": {"answer": 3, "type": "int"},
             "printed": {"text": "x\n" * 10_000, "lines": 3}}
    got = from_reply(reply, 0.0, call("minimax_decision"))
    assert got.answer == 3
    assert got.printed == "x\n" * PRINTED_LINES and got.printed_lines == PRINTED_LINES


def game_paths(game, state):
    """Every node below `state`, by encoded path, walked with the game's own methods."""
    paths = [encode_path(state.path)]
    if not game.is_terminal(state):
        for action in game.actions(state):
            paths += game_paths(game, game.result(state, action))
    return paths


@pytest.mark.parametrize("board", ["    X    ", "X   O    ", "XO X O   ", "XXOOX    ",
                                   "XXXOO    ", "XOXXOOOXX"])
def test_a_board_trace_is_checked_against_every_node_the_game_has(board):
    """The grader's own set of a board's nodes is the game's, and a trace is refused at its
    first entry outside it: a repeated move, an occupied cell, a move after a win or a cell
    that is not one."""
    game = TicTacToe(board)
    nodes = game_paths(game, game.initial)
    assert board_paths(tuple(board)) == set(nodes)
    spec = {"kind": "tictactoe", "board": board}
    assert _first_stranger(spec, nodes) is None
    free = [str(cell) for cell in range(9) if board[cell] == " "]
    occupied = [str(cell) for cell in range(9) if board[cell] != " "]
    strangers = ["9", "?", *occupied] + ([free[0] * 2] if free else [])
    strangers += [path + free_cell for path in nodes if len(path) < len(free)
                  and game.is_terminal(state_at(game, decode_path(path)))
                  for free_cell in free if free_cell not in path][:3]
    for stranger in strangers:
        assert _first_stranger(spec, [*nodes[:5], stranger, *nodes[5:]]) == stranger, stranger
