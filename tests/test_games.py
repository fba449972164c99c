"""The games and their instrumentation reproduce every figure the course texts give."""
import copy

import pytest

from autograder.drawing import draw_tree, node_names
from autograder.games import ConnectFour, TicTacToe, TreeGame
from autograder.games.connect_four import (WINDOWS, ConnectFourState, _children, _open_windows,
                                          open_windows)
from autograder.games.tictactoe import open_score
from autograder.games.instrumented import InstrumentedGame
from autograder.games.orders import build_order
from autograder.games.specs import shuffled_order
from autograder.games.tictactoe import open_lines
from reference.alphabeta import alphabeta_decision, alphabeta_value
from reference.minimax import minimax_value
from reference.ordering import center_first

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def examined(search, game, *args):
    instrumented = InstrumentedGame(game)
    answer = search(instrumented, instrumented.initial, *args)
    return answer, instrumented.trace


def test_the_textbook_tree():
    value, trace = examined(alphabeta_value, TreeGame(TEXTBOOK))
    names = node_names(TEXTBOOK)
    assert value == 3 and len(trace) == 11
    assert {names[p] for p in set(node_names(TEXTBOOK)) - set(trace)} == {"C2", "C3"}


def test_exercise_1_examines_7_of_9_leaves():
    value, trace = examined(alphabeta_value, TreeGame([[5, 9, 4], [2, 7, 8], [6, 11, 3]]))
    assert value == 4 and sum(len(path) == 2 for path in trace) == 7


@pytest.mark.parametrize("board, minimax_nodes, alphabeta_nodes, value", [
    ("         ", 549_946, 18_297, 0),
    ("XOX O    ", 206, 101, 0),
    ("XO  X   O", 238, 93, 1),
])
def test_tic_tac_toe_node_counts_are_the_courses_plus_the_root(board, minimax_nodes,
                                                               alphabeta_nodes, value):
    minimax_answer, minimax_trace = examined(minimax_value, TicTacToe(board))
    alphabeta_answer, alphabeta_trace = examined(alphabeta_value, TicTacToe(board))
    assert (minimax_answer, len(minimax_trace)) == (value, minimax_nodes)
    assert (alphabeta_answer, len(alphabeta_trace)) == (value, alphabeta_nodes)


def test_centre_first_examines_7275_nodes_and_opens_in_the_centre():
    action, trace = examined(alphabeta_decision, TicTacToe(), center_first)
    assert action == 4 and len(trace) == 7_275


def test_a_deep_copy_of_a_state_is_the_same_node():
    game = InstrumentedGame(TicTacToe())
    game.is_terminal(game.initial)
    game.actions(copy.deepcopy(game.initial))
    assert game.trace == [()]


def test_one_board_reached_by_two_paths_is_two_nodes():
    game = TicTacToe()
    a = game.result(game.result(game.result(game.initial, 0), 1), 2)
    b = game.result(game.result(game.result(game.initial, 2), 1), 0)
    assert a.board == b.board and a != b


def test_result_never_changes_its_state_and_refuses_occupied_cells():
    game = TicTacToe()
    after = game.result(game.initial, 4)
    assert game.initial.board == (" ",) * 9 and after.board[4] == "X"
    with pytest.raises(ValueError):
        game.result(after, 4)


@pytest.mark.parametrize("action", [9, -1, "4", 4.0, None, True])
def test_result_refuses_what_is_not_a_cell(action):
    game = TicTacToe()
    with pytest.raises(ValueError, match="is not an empty cell"):
        game.result(game.initial, action)


def test_each_call_of_actions_gets_a_list_of_its_own():
    """The game answers from what it worked out once per board: a search that sorts or empties
    the list it got must not change the next answer."""
    game = TicTacToe()
    mine = game.actions(game.initial)
    mine.reverse()
    mine.pop()
    assert game.actions(game.initial) == list(range(9))


def test_boards_that_cannot_happen_are_refused():
    with pytest.raises(ValueError, match="X moves first"):
        TicTacToe("OO       ")


def test_open_lines_scores_centre_4_corner_3_edge_2():
    game = TicTacToe()
    assert [open_lines(game.result(game.initial, cell)) for cell in (4, 0, 1)] == [4, 3, 2]


def test_shuffled_orders_are_fixed_per_seed_and_node():
    game = TreeGame([[1, 2, 3, 4], [5, 6, 7, 8]])
    order = build_order(shuffled_order(7))
    state = game.result(game.initial, 1)
    assert order(game, state) == build_order(shuffled_order(7))(game, state)
    assert sorted(order(game, state)) == [0, 1, 2, 3]


def test_the_textbook_tree_is_drawn_as_the_course_draws_it():
    drawing = draw_tree(TEXTBOOK)
    assert drawing.splitlines()[:3] == ["A (MAX)", "├── B (MIN)", "│   ├── B1 = 3"]
    assert drawing.splitlines()[-1] == "    └── D3 = 2"


def test_connect_four_drops_marks_finds_fours_and_refuses_what_play_cannot_reach():
    game = ConnectFour()
    state = game.initial
    for column in (3, 4, 3, 4, 3, 4):
        state = game.result(state, column)
    assert (game.to_move(state), game.is_terminal(state)) == ("MAX", False)
    assert state.board[3] == state.board[10] == state.board[17] == "X"  # stacked in column 3
    won = game.result(state, 3)
    assert (game.is_terminal(won), game.utility(won), game.actions(won)) == (True, 1, [])
    diagonal = game.initial
    for column in (0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3):  # X climbs 0, 1, 2, 3 diagonally
        diagonal = game.result(diagonal, column)
    assert game.utility(diagonal) == 1 and game.is_terminal(diagonal)
    full = game.initial
    for _ in range(6):
        full = game.result(full, 0)
    assert game.actions(full) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="not a column with room"):
        game.result(full, 0)
    with pytest.raises(ValueError, match="floats above an empty cell"):
        ConnectFour(" " * 7 + "X" + " " * 34)
    assert len(WINDOWS) == 69


def test_connect_four_open_windows_kept_per_board_is_the_open_score():
    """Kept per board (the release's replays evaluate the same positions over and over), and the
    same score, from a board string or from any other board a student's state holds."""
    board = "XO X   " + "O  X   " + " " * 28
    _open_windows.cache_clear()  # another test of this process may have scored the board
    for path in [(), (3,), (3, 4)]:
        assert open_windows(ConnectFourState(board, path)) == open_score(board, WINDOWS) == 11
    assert _open_windows.cache_info().hits == 2
    assert open_windows(ConnectFourState(list(board))) == 11


def test_connect_four_moves_kept_per_board_are_the_marks_dropped():
    """Each column with room and the board after a drop there, kept per board, as a drop written
    out finds them; a full column or an action that is no int refused."""
    game, state = ConnectFour(), ConnectFour().initial
    for column in (3, 3, 4, 0, 6, 3, 3, 3, 3, 2):
        before = _children.cache_info().hits
        room = [c for c in range(7) if state.board[35 + c] == " "]
        assert game.actions(state) == game.actions(state) == room
        assert _children.cache_info().hits > before
        mark = "X" if game.to_move(state) == "MAX" else "O"
        for action in room:
            cell = min(c for c in range(action, 42, 7) if state.board[c] == " ")
            assert game.result(state, action) == ConnectFourState(
                state.board[:cell] + mark + state.board[cell + 1:], state.path + (action,))
        state = game.result(state, column)
    with pytest.raises(ValueError, match="not a column with room"):
        game.result(state, 3)  # full
    with pytest.raises(ValueError, match="not a column with room"):
        game.result(state, True)
