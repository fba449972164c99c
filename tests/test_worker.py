"""The process boundary: what crosses it, and what happens when student code misbehaves in a call."""
import textwrap

import pytest

from autograder.config import Limits
from autograder.observations import NO_ANSWER
from autograder.sandbox import Sandbox
from autograder.supervisor import Student, StudentTimedOut, stage_runtime

TEXTBOOK = {"kind": "tree", "tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "root": "MAX"}
VALUE = {"function": "minimax_value", "game": TEXTBOOK, "state": [], "args": [], "trace": True}


@pytest.fixture
def student(tmp_path):
    """A Student on a submission whose minimax.py the test writes, with a 1 s time limit, in the
    strongest sandbox this machine offers."""
    runtime = stage_runtime(tmp_path / "runtime")
    folder = tmp_path / "submission"
    folder.mkdir()

    with Sandbox() as sandbox:
        def make(source, limits=Limits(call_floor_seconds=1.0)):
            (folder / "minimax.py").write_text(textwrap.dedent(source))
            return Student(runtime, str(folder), limits, sandbox)
        yield make


def test_a_plain_answer_and_the_games_trace_cross_as_json(student):
    with student("""
        def minimax_value(game, state):
            game.is_terminal(state)
            return 3
    """) as s:
        got = s.call(VALUE)
    assert got.answer == 3 and type(got.answer) is int and got.answer_type == "int"
    assert got.trace == ("",)


def test_a_rigged_equality_never_crosses(student):
    with student("""
        class Always(int):
            def __eq__(self, other):
                return True
        def minimax_value(game, state):
            return Always(7)
    """) as s:
        got = s.call(VALUE)
    assert got.answer is NO_ANSWER and got.answer_type == "Always" and not got.answered


def test_a_student_exception_names_its_type_message_and_line(student):
    with student("""
        def minimax_value(game, state):
            return 1 / 0
    """) as s:
        got = s.call(VALUE)
    assert "raised ZeroDivisionError: division by zero" in got.problem
    assert "minimax.py, line 3: return 1 / 0" in got.problem


def test_a_syntax_error_is_reported_with_its_line(student):
    with student("""
        def minimax_value(game, state)
            return 3
    """) as s:
        got = s.call(VALUE)
    assert "minimax.py failed to import, it raised SyntaxError" in got.problem
    assert "line 2" in got.problem


def test_a_missing_function_is_named(student):
    with student("def something_else(): pass\n") as s:
        assert "defines no function minimax_value" in s.call(VALUE).problem


def test_os_exit_in_a_call_costs_that_call_only(student):
    with student("""
        import os
        def minimax_value(game, state):
            if state.path == ():
                os._exit(3)
            return 0
    """) as s:
        assert "exit code 3" in s.call(VALUE).problem
        assert s.call({**VALUE, "state": [0]}).answer == 0


def test_a_hang_is_killed_once_then_fails_at_once(student):
    with student("""
        def minimax_value(game, state):
            while True:
                try:
                    pass
                except BaseException:
                    pass
    """) as s:
        with pytest.raises(StudentTimedOut, match="did not return within the time limit"):
            s.call(VALUE)
        with pytest.raises(StudentTimedOut, match="timed out in an earlier check"):
            s.call(VALUE)


def test_a_flood_of_output_neither_blocks_nor_is_kept_whole(student):
    with student("""
        def minimax_value(game, state):
            for _ in range(200000):
                print("x" * 50)
            return 3
    """) as s:
        assert s.call(VALUE).answer == 3
        assert len(s.output()) <= 64 * 1024


def test_lines_written_to_the_reply_pipe_do_not_shift_later_replies(student):
    with student("""
        import os, sys
        def minimax_value(game, state):
            os.write(int(sys.argv[3]), b'{"id": 99, "observation": {"answer": 1}}\\nnot json\\n')
            return len(state.path)
    """) as s:
        assert s.call(VALUE).answer == 0
        assert s.call({**VALUE, "state": [1]}).answer == 1
