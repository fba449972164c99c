"""The process boundary: what crosses it, and what happens when student code misbehaves in a
call."""
import json
import random
import os
import textwrap
import time

import pytest

from autograder.assignments import SEARCH
from autograder.runner import supervisor, worker_process
from autograder.checks import calling
from autograder.checks.calling import Caller
from autograder.checks.course import TEXTBOOK
from autograder.contract import MODULES
from autograder.games.connect_four import EMPTY_BOARD
from autograder.games.specs import connect_four_spec, tree_spec
from autograder.policy import Limits
from autograder.runner.observations import NO_ANSWER, describe_printed, from_reply, too_deep
from autograder.runner.sandbox import MODES, Sandbox, probe, works
from autograder.runner.sources import SourceFiles
from autograder.runner.stacks import STACK_HEADER, stopped_at
from autograder.runner.supervisor import Student, StudentTimedOut
from autograder.runner.worker_process import stage_runtime
from autograder.worker.calls import PRINTED_CHARACTERS, PRINTED_LINES, call
from support.inprocess import solution

VALUE = call("minimax_value", TEXTBOOK)


@pytest.fixture
def student(tmp_path):
    """A Student on a submission whose minimax.py the test writes, with a 1 s time limit, in the
    strongest sandbox this machine offers."""
    runtime = stage_runtime(tmp_path / "runtime", MODULES)
    folder = tmp_path / "submission"
    folder.mkdir()

    with Sandbox(probe()) as sandbox:
        def make(source, limits=Limits(call_floor_seconds=1.0)):
            (folder / "minimax.py").write_text(textwrap.dedent(source))
            return Student(runtime, str(folder), limits, sandbox, MODULES)
        make.folder = folder
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


def test_a_hidden_check_names_a_class_the_code_made_in_fixed_words(student):
    """A class made on the spot may be named with the input; a visible check names it, a hidden
    one only says it is none of Python's own, even when it calls itself KeyError."""
    with student("""
        def minimax_value(game, state):
            if state.path:
                raise type("KeyError", (LookupError,), {})()
            tree = game.game.tree
            raise type("LEAK" + repr(tree), (Exception,), {})("message " + repr(tree))
    """) as s:
        got = s.call(VALUE)
        forged = s.call(call("minimax_value", TEXTBOOK, state=[0]))
    line = "\n  at minimax.py, line 6: raise type("
    assert got.problem.startswith("raised LEAK[[3, 12, 8]") and line in got.problem
    assert got.unquoted == ("raised an exception that is not one of Python's built-in "
                            "exceptions (a hidden check names no other class)")
    assert "[3, 12, 8]" not in got.unquoted and got.raised == ""
    assert forged.problem.startswith("raised KeyError")
    assert forged.unquoted.startswith("raised an exception that is not one of Python's built-in")


def test_python_s_own_exception_is_named_in_a_hidden_check_without_its_message(student):
    with student("""
        def minimax_value(game, state):
            raise KeyError(game.game.tree)
    """) as s:
        got = s.call(VALUE)
    assert got.problem == "raised KeyError: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n  at " \
        "minimax.py, line 3: raise KeyError(game.game.tree)"
    # no line either: code may be padded or compiled to raise at a line that encodes the input
    assert got.unquoted == "raised KeyError"
    assert got.raised == "KeyError"


def test_the_quoted_line_is_read_by_the_grader_not_from_the_worker_s_linecache(student):
    """The worker sends a file name and a line number; the line is the staged file's."""
    with student("""
        import linecache
        def minimax_value(game, state):
            leak = "LEAK" + repr(game.game.tree) + "\\n"
            linecache.cache[__file__] = (len(leak), None, [leak] * 99, __file__)
            linecache.getline = lambda *args, **kwargs: leak
            raise ValueError("no")
    """) as s:
        got = s.call(VALUE)
    line = "\n  at minimax.py, line 7: raise ValueError(\"no\")"
    assert got.problem == "raised ValueError: no" + line
    assert got.unquoted == "raised ValueError"


def test_a_reply_naming_a_file_or_line_the_submission_lacks_quotes_no_line(student):
    """The worker may send anything: a line is quoted only from a staged file, within it."""
    for where in ({"file": "LEAK.py", "line": 1}, {"file": "minimax.py", "line": 99}):
        with student(f"""
            import json, os, sys
            def minimax_value(game, state):
                raised = {{"exception": "ValueError", "module": "builtins", "message": "LEAK",
                          "where": {where!r}}}
                reply = {{"id": 1, "problem": {{"raised": raised}}}}
                os.write(int(sys.argv[3]), (json.dumps(reply) + "\\n").encode())
                os._exit(0)
        """) as s:
            got = s.call(VALUE)
        assert got.problem == "raised ValueError: LEAK" and got.unquoted == "raised ValueError"


def test_a_hidden_check_quotes_no_import_error_message_which_may_hold_the_first_call(student):
    """Importing happens inside the first call, whose input the module can find on the stack."""
    with student("""
        import sys
        frame = sys._getframe()
        while "call" not in frame.f_locals:
            frame = frame.f_back
        raise ValueError("LEAK" + repr(frame.f_locals["call"]["game"]))
    """) as s:
        got = s.call(VALUE)
    assert "LEAK" in got.problem and got.whole_function == "unimportable"
    assert got.unquoted == "could not run: minimax.py failed to import, it raised ValueError"


def test_a_hidden_check_names_the_module_the_assignment_gives_whatever_the_worker_says(student):
    with student("""
        import os, sys, json
        def minimax_value(game, state):
            reply = {"id": 1, "problem": {"missing_function": "LEAK", "module": "LEAK.py"}}
            os.write(int(sys.argv[3]), (json.dumps(reply) + "\\n").encode())
            os._exit(0)
    """) as s:
        got = s.call(VALUE)
    assert got.problem == "is missing: LEAK.py defines no function LEAK"
    assert got.unquoted == "is missing: minimax.py defines no function minimax_value"


def test_a_returned_class_is_named_in_a_hidden_check_only_when_python_s_own(student):
    with student("""
        def minimax_value(game, state):
            return type("LEAK" + repr(state.path), (), {})() if state.path == () else {1}
    """) as s:
        made, builtin = s.call(VALUE), s.call(call("minimax_value", TEXTBOOK, state=[0]))
    assert made.answer_type.startswith("LEAK") and made.builtin_type == ""
    assert builtin.answer_type == builtin.builtin_type == "set"


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
        got = s.call(VALUE)
        assert "exit code 3" in got.problem
        assert s.call(call("minimax_value", TEXTBOOK, state=[0])).answer == 0
    # the code chose that number, and might choose it from a hidden input: a hidden check says
    # neither it nor a signal the code sent itself
    assert "3" not in got.unquoted
    assert got.unquoted.startswith("ended the worker process instead of returning")


def test_a_signal_the_code_sends_itself_is_not_named_in_a_hidden_check(student):
    with student("""
        import os, signal
        def minimax_value(game, state):
            os.kill(os.getpid(), signal.SIGUSR2)
    """) as s:
        got = s.call(VALUE)
    assert "SIGUSR2" in got.problem and "SIGUSR2" not in got.unquoted


def never_starting(monkeypatch, failures):
    """Workers whose first `failures` end before their READY line, as a sandbox that failed to
    set up ends them; the list of every worker started."""
    started, launch = [], worker_process.Worker.__init__

    def first_fail(worker, *args):
        launch(worker, *args)
        started.append(worker)
        if len(started) <= failures:
            worker.sandbox.cleanup(worker.process)
            ended, writer = os.pipe()
            os.close(writer)
            os.close(worker.replies)
            worker.replies = ended
    monkeypatch.setattr(worker_process.Worker, "__init__", first_fail)
    return started


@pytest.mark.e2e
def test_a_worker_that_ends_before_it_starts_is_replaced(student, monkeypatch):
    """Nothing of the student's ran, so the verdict must not depend on it: the call is made
    again."""
    started = never_starting(monkeypatch, failures=2)
    with student("""
        def minimax_value(game, state):
            return 3
    """) as s:
        assert s.call(VALUE).answer == 3 and len(started) == 3


def test_the_codes_own_exit_at_its_first_call_is_met_once(student, monkeypatch):
    started = never_starting(monkeypatch, failures=0)
    with student("""
        import os
        def minimax_value(game, state):
            os._exit(3)
    """) as s:
        assert "exit code 3" in s.call(VALUE).problem and len(started) == 1


@pytest.mark.e2e
def test_a_sandbox_that_never_starts_is_the_graders_error(student, monkeypatch):
    started = never_starting(monkeypatch, failures=3)
    with student("""
        def minimax_value(game, state):
            return 3
    """) as s:
        with pytest.raises(supervisor.WorkerNeverStarted,
                           match="ended 3 workers in a row before they started") as stopped:
            s.call(VALUE)
    from autograder.engine.plugin import verdict
    assert verdict(stopped.value, Limits()) is None  # the grader's error, not the student's
    assert len(started) == 3


WALK = call("minimax_value", TEXTBOOK, states=[[0], [1], [2]], trace=False)


@pytest.mark.e2e
def test_a_walk_is_answered_node_by_node_as_calls_alone_would_be(student):
    """One request for the nodes of a walk, and each answer what the same call alone gets, random
    draws included; each node has its own time limit (three times 0.6 s, with a limit of 1 s)."""
    with student("""
        import random, time
        def minimax_value(game, state):
            begun = time.thread_time()
            while time.thread_time() - begun < 0.6:  # CPU time, which the limit counts
                pass
            return [list(state.path), random.random()]
    """) as s:
        walked = [got.answer for got in s.each(WALK)]
        alone = [s.call(call("minimax_value", TEXTBOOK, state=path, trace=False)).answer
                 for path in WALK["states"]]
    assert walked == alone and [answer[0] for answer in walked] == WALK["states"]


def test_a_walk_stops_at_its_first_problem(student):
    with student("""
        def minimax_value(game, state):
            if state.path == (1,):
                raise KeyError("no")
            return 5
    """) as s:
        walked = list(s.each(WALK))
        assert [got.answer for got in walked[:1]] == [5] and len(walked) == 2
        assert "raised KeyError" in walked[1].problem
        assert s.call(call("minimax_value", TEXTBOOK, state=[2])).answer == 5  # the worker goes on


def test_a_walk_left_before_its_end_closes_its_worker(student):
    with student("""
        def minimax_value(game, state):
            return 5
    """) as s:
        walk = s.each(WALK)
        assert next(walk).answer == 5
        walk.close()
        assert s.worker is None


def test_a_node_is_asked_once_however_many_walks_pass_it(student):
    """The code answers each node with the actions turned by how many nodes it was asked before:
    the second walk gets the first walk's answers back, and only its new node is asked."""
    with student("""
        asked = []
        def minimax_decision(game, state):
            asked.append(state.path)
            actions = game.actions(state)
            turn = (len(asked) - 1) % len(actions)
            return actions[turn:] + actions[:turn]
    """) as s:
        orders = Caller(s, solution=solution, traced=SEARCH.traced).student_orders(
            "minimax_decision", TEXTBOOK)
        first = list(orders([(), (0,)]))
        second = list(orders([(), (0,), (1,)]))
    assert first == [[0, 1, 2], [1, 2, 0]] and second == [*first, [2, 0, 1]]


def test_a_walk_whose_worker_never_started_is_asked_again_whole(student, monkeypatch):
    started = never_starting(monkeypatch, failures=1)
    with student("""
        def minimax_value(game, state):
            return len(state.path) + state.path[0]
    """) as s:
        assert [got.answer for got in s.each(WALK)] == [1, 2, 3] and len(started) == 2


@pytest.mark.e2e
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


@pytest.mark.e2e
def test_a_call_that_waits_without_computing_is_stopped_by_the_wall_clock(student, monkeypatch):
    """Time limits count CPU time, so a sleeping call is stopped by the wall clock's backstop,
    and told why."""
    monkeypatch.setattr(supervisor, "WALL_FLOOR_SECONDS", 2)
    with student("""
        import time

        def minimax_value(game, state):
            time.sleep(3600)
    """) as s:
        with pytest.raises(StudentTimedOut, match=r"did not return within 10 s, using 0\.\d s of "
                                                  r"CPU time, so it waited without computing"):
            s.call(VALUE)


@pytest.mark.e2e
def test_a_call_is_held_to_its_limit_however_long_the_reference_takes(student, monkeypatch):
    """A busy machine can slow the reference's answer on the wall clock far past the student's
    limit; a call that finished meanwhile unwatched would pass whatever CPU time it used."""
    def slow_reference(function, call):
        time.sleep(4)
        return {"answer": 4, "type": "int", "seconds": 0.0}
    monkeypatch.setattr(calling, "perform", slow_reference)
    with student("""
        import time

        def minimax_value(game, state):
            until = time.process_time() + 2.5
            while time.process_time() < until:
                pass
            return 4
    """) as s:
        with pytest.raises(StudentTimedOut, match="did not return within the time limit of 1.0 s"):
            Caller(s, solution=solution, traced=SEARCH.traced).both(VALUE)


def test_a_flood_of_output_neither_blocks_nor_is_kept_whole(student):
    """Printed in a call, it is counted and its start kept; written past print, to the process's
    own stdout, it is drained and capped."""
    with student("""
        import sys
        def minimax_value(game, state):
            for _ in range(200000):
                print("x" * 50)
                sys.__stdout__.write("y" * 50 + "\\n")
            return 3
    """) as s:
        got = s.call(VALUE)
        assert got.answer == 3 and got.printed_lines == 200000
        assert got.printed == ("x" * 50 + "\n") * PRINTED_LINES
        assert 0 < len(s.output()) <= 64 * 1024


def test_random_is_seeded_from_the_call_so_the_same_call_gets_the_same_answer(student):
    """The seed is the call's JSON: the same call meets the same numbers in any worker and however
    often it comes, and another call other numbers."""
    other = call("minimax_value", TEXTBOOK, state=[0])
    with student("""
        import random
        def minimax_value(game, state):
            return random.random()
    """) as s:
        first, second = s.call(VALUE).answer, s.call(VALUE).answer
        s.close()  # a fresh worker
        fresh, elsewhere = s.call(VALUE).answer, s.call(other).answer
    expected = random.Random(json.dumps(VALUE, sort_keys=True)).random()
    assert first == second == fresh == expected
    assert elsewhere == random.Random(json.dumps(other, sort_keys=True)).random() != expected


def test_what_a_call_prints_is_kept_briefly_counted_and_quoted_escaped(student):
    with student("""
        import sys
        def minimax_value(game, state):
            print("\\x1b[2J cleared", file=sys.stderr)
            for i in range(25):
                print("line", i)
            return 3
    """) as s:
        got = s.call(VALUE)
    shown = ["\x1b[2J cleared", *(f"line {i}" for i in range(PRINTED_LINES - 1))]
    assert got.answer == 3 and got.printed_lines == 26
    assert got.printed == "".join(line + "\n" for line in shown)
    assert describe_printed(got) == (
        f"Your code printed 26 lines during this call; here are the first {PRINTED_LINES} "
        f"({26 - PRINTED_LINES} more not shown):\n  | \\x1b[2J cleared\n"
        + "".join(f"  | line {i}\n" for i in range(PRINTED_LINES - 1)).rstrip("\n"))


def test_a_long_line_is_cut_and_a_call_that_prints_nothing_says_nothing(student):
    with student("""
        def minimax_value(game, state):
            if state.path:
                print("x" * 100_000, end="")
            return 3
    """) as s:
        quiet, long_line = s.call(VALUE), s.call({**VALUE, "state": [1]})
    assert quiet.printed_lines == 0 and describe_printed(quiet) == ""
    assert long_line.printed == "x" * PRINTED_CHARACTERS and long_line.printed_lines == 1
    assert describe_printed(long_line).startswith(
        "Your code printed 1 line during this call:\n  | x")


HANG = """
    def minimax_value(game, state):
        return spin()

    def spin():
        while True: pass
"""


@pytest.mark.e2e
@pytest.mark.parametrize("mode", [mode for mode in MODES if works(mode)])
def test_a_time_out_names_the_students_line_where_it_was_stopped(tmp_path, mode):
    """Before the kill the worker's Python dumps its stack (SIGUSR1), found below bwrap or the
    unshare init; the innermost frame in the submission's own files is quoted."""
    runtime = stage_runtime(tmp_path / "runtime", MODULES)
    folder = tmp_path / "submission"
    folder.mkdir()
    source = textwrap.dedent(HANG)
    (folder / "minimax.py").write_text(source)
    line = source.splitlines().index("    while True: pass") + 1
    with Sandbox(mode) as sandbox, \
            Student(runtime, str(folder), Limits(call_floor_seconds=1.0), sandbox,
                    MODULES) as s:
        with pytest.raises(StudentTimedOut) as stopped:
            s.call(VALUE)
    assert str(stopped.value).endswith(f"again and again\n  stopped in the loop at minimax.py, "
                                       f"line {line}: while True: pass")
    assert stopped.value.call == VALUE


def test_a_time_out_in_a_loop_names_the_loop_whichever_line_it_was_stopped_on(tmp_path):
    """Where a loop is stopped is a matter of timing: the same submission names the same line."""
    (tmp_path / "minimax.py").write_text("def f():\n    for i in range(9):\n        while True:\n"
                                         "            i += 1\n\n    return i\n")
    path = tmp_path / "minimax.py"

    def dump(line):
        return f'{STACK_HEADER}\n  File "{path}", line {line} in f\n'
    sources = SourceFiles(tmp_path, MODULES)
    assert {stopped_at(dump(line), sources) for line in (3, 4)} == {
        "stopped in the loop at minimax.py, line 3: while True:"}
    assert stopped_at(dump(2), sources) == "stopped in the loop at minimax.py, line 2: for i in " \
        "range(9):"
    assert stopped_at(dump(6), sources) == "stopped at minimax.py, line 6: return i"


def test_lines_written_to_the_reply_pipe_do_not_shift_later_replies(student):
    with student("""
        import os, sys
        def minimax_value(game, state):
            os.write(int(sys.argv[3]), b'{"id": 99, "observation": {"answer": 1}}\\nnot json\\n')
            return len(state.path)
    """) as s:
        assert s.call(VALUE).answer == 0
        assert s.call(call("minimax_value", TEXTBOOK, state=[1])).answer == 1


def test_a_forged_trace_is_refused_before_it_costs_the_grader_memory(student):
    """Correct answers with forged traces: millions of entries (more than the game has nodes),
    and one path longer than a reply may be. Each is refused unsplit, so the grader's own Python
    allocations for the whole exchange stay under 32 MB (read as before, the four million entries
    alone made a tuple of 32 MB; a 16M-entry trace cost 128 MB a call)."""
    import tracemalloc
    with student("""
        def minimax_value(game, state):
            entries = [()] * 4_000_000 if game.game.tree[0] == [3, 12, 8] else [(0,) * 20_000_000]
            type(game).trace = property(lambda self: entries)
            return 3
    """, Limits(call_floor_seconds=30.0)) as s:
        tracemalloc.start()
        try:
            counted = s.call(VALUE)
            too_large = s.call(call("minimax_value", tree_spec([[3, 12, 9], 2])))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert counted.problem.startswith("sent a trace of 4,000,000 nodes, more than the game has "
                                      "(13 at most)")
    assert too_large.problem.startswith("sent the grader a reply of more than 16 MiB")
    assert peak < 32 * 2**20, f"{peak / 2**20:.0f} MB"


@pytest.mark.parametrize("forged, problem", [
    ("game.to_move(state._replace(path=(0,) * 1_000_000))",
     "asked the game about a state that is not a node of the game (the path [0, 0, 0, 0, 0, 0, "
     "0, 0, 0, 0, 0, 0, ... 999,976 more ..., 0, 0"),
    ("game.to_move(state._replace(path=(1, 5)))", "(the path [1, 5]); use only the states"),
    ("game._queried += [(0,), (0,)]; type(game).trace = property(lambda self: self._queried)",
     "sent a trace that lists a node twice"),
])
def test_a_trace_holds_only_nodes_of_the_game_each_once(student, forged, problem):
    with student(f"""
        def minimax_value(game, state):
            {forged}
            return 3
    """) as s:
        got = s.call(VALUE)
    assert problem in got.problem and got.answer is NO_ANSWER


def test_a_trace_on_a_call_that_asked_for_none_is_a_wrong_shaped_reply():
    reply = {"observation": {"answer": 0, "type": "int", "trace": "\n"}}
    assert from_reply(reply, 0.0, call("minimax_decision", TEXTBOOK)).problem == \
        "sent the grader a reply it could not read"
    assert from_reply(reply, 0.0, VALUE).trace == ("",)


@pytest.mark.parametrize("source", [
    """
    def minimax_value(game, state):
        answer = 3
        for _ in range(100_000):
            answer = [answer]
        return answer
    """,
    """
    import os, sys
    def minimax_value(game, state):  # past the worker's own check, straight to the reply pipe
        os.write(int(sys.argv[3]), b'{"id": 1, "observation": {"type": "list", "answer": '
                 + b"[" * 100_000 + b"]" * 100_000 + b'}}\\n')
        return 3
    """,
    """
    import os, sys
    def minimax_value(game, state):  # spaced out, deeper than json decodes
        os.write(int(sys.argv[3]), b'{"id": 1, "observation": {"type": "list", "answer": '
                 + b"[ " * 3000 + b"]" * 3000 + b'}}\\n')
        return 3
    """,
])
def test_an_answer_nested_too_deeply_is_the_students_problem(student, source):
    with student(source) as s:
        assert s.call(VALUE).problem == too_deep()


@pytest.mark.e2e
@pytest.mark.parametrize("stopped, shown, message", [
    (call("minimax_value", tree_spec([[1, 2], 3]), state=[0]),
     {"heading": "The input", "example": tree_spec([[1, 2], 3]),
      "note": "It was called on B."}, ""),
    (call("rational_response", None, {"a": ["b"]}, {"b": 1}, "b"), None,
     "\nIt was called with [{'a': ['b']}, {'b': 1}, 'b']."),
])
def test_a_check_whose_call_timed_out_shows_that_calls_input(student, stopped, shown, message):
    (student.folder / "price_war.py").write_text(
        "def rational_response(*args):\n    while True: pass\n")
    with student(HANG) as s:
        with pytest.raises(StudentTimedOut) as timed_out:
            Caller(s, answers={json.dumps(stopped, sort_keys=True): {
                "answer": 0, "type": "int", "seconds": 0.0}}, solution=solution,
                traced=SEARCH.traced).both(stopped)
    assert (timed_out.value.shown.as_dict() if shown else None) == shown
    assert str(timed_out.value).endswith(f"while True: pass{message}")


@pytest.mark.parametrize("forged, problem", [
    ("(7,)", "(the path [7]); use only the states"),
    ("(3,) * 7", "(the path [3, 3, 3, 3, 3, 3, 3]); use only the states"),
    ("(0,) * 100_000", "asked the game about a state that is not a node of the game"),
])
def test_a_connect_four_trace_holds_only_legal_moves(student, forged, problem):
    """Connect Four has too many nodes to list, so each path of a trace is replayed move by move
    (a path longer than any game refused unreplayed): a column off the board, a full column and
    a path of 100,000 moves are each refused."""
    with student(f"""
        def minimax_value(game, state):
            game.to_move(state._replace(path={forged}))
            return 0
    """) as s:
        got = s.call(call("minimax_value", connect_four_spec(EMPTY_BOARD)))
    assert problem in got.problem


@pytest.mark.e2e
def test_calls_that_each_sleep_under_the_wall_floor_stop_within_the_functions_budget(student):
    """Each call waits less than one call's wall-clock limit, but a function's calls together may
    take only half a check's time (Limits.function_seconds): the call in which they reach it is
    stopped there, and the function's later calls fail at once."""
    limits = Limits(call_floor_seconds=1.0, check_seconds=4.0)
    started = time.monotonic()
    with student("""
        import time

        def minimax_value(game, state):
            time.sleep(0.7)
            return 3
    """, limits) as s:
        answered = []
        with pytest.raises(StudentTimedOut, match=r"^minimax_value used up its 2 s on the wall "
                                                  r"clock, the time all its calls together may "
                                                  r"take across its checks: look for a sleep"):
            for _ in range(10):  # 7 s of sleep: past any budget of 2 s
                answered.append(s.call(VALUE).answer)
        stopped = time.monotonic() - started
        with pytest.raises(StudentTimedOut, match=r"timed out in an earlier check \(limit 2\.0 s"):
            s.call(VALUE)
    assert answered in ([], [3], [3, 3])  # 0.7 s each, of 2 s
    assert stopped < limits.function_seconds() + worker_process.STACK_WAIT_SECONDS + 1


def test_a_time_out_s_cause_names_no_line_it_stopped_at(student):
    """A hidden check shows a time-out's cause: the line the call was stopped at is one the code
    may choose (padded or compiled to loop at line N), so only the visible message names it."""
    with student("""
        def minimax_value(game, state):
            while True:
                pass
    """) as s:
        with pytest.raises(StudentTimedOut) as stopped:
            s.call(VALUE)
    assert "minimax.py, line 3" in str(stopped.value)
    assert "line" not in stopped.value.cause and "minimax.py" not in stopped.value.cause


def test_a_later_check_s_time_out_names_the_line_too_but_not_in_its_cause(student):
    """A function that timed out fails its later checks at once: their message names where its
    call was stopped, as the first one's does; their cause, which a hidden check shows, does
    not."""
    with student("""
        def minimax_value(game, state):
            while True:
                pass
    """) as s:
        with pytest.raises(StudentTimedOut):
            s.call(VALUE)
        with pytest.raises(StudentTimedOut) as later:
            s.call(VALUE)
    assert str(later.value).endswith(
        "timed out in an earlier check (limit 1.0 s), so this one was not run\n"
        "  stopped in the loop at minimax.py, line 3: while True:")
    assert "line" not in later.value.cause and "minimax.py" not in later.value.cause


def test_a_call_that_returns_after_its_limit_names_where_it_was_when_the_limit_ran_out(student):
    with student("""
        import time
        def minimax_value(game, state):
            end = time.process_time() + 1.5
            while time.process_time() < end:
                pass
            return 0
    """) as s:
        with pytest.raises(StudentTimedOut) as slow:
            s.call(VALUE)
    assert str(slow.value).endswith(
        "a search repeated)\n  when its time ran out it was in the loop at minimax.py, line 5: "
        "while time.process_time() < end:")
    assert "line" not in slow.value.cause and "minimax.py" not in slow.value.cause


def test_a_wait_s_cause_names_no_cpu_time_the_code_chose_to_use(student, monkeypatch):
    """The CPU time a call used before it waited is measured, and chosen by the code: the message
    names it, the cause a hidden check shows does not."""
    monkeypatch.setattr(supervisor, "WALL_FLOOR_SECONDS", 2)
    monkeypatch.setattr(supervisor, "WALL_FACTOR", 1)
    with student("""
        import time
        def minimax_value(game, state):
            end = time.process_time() + 0.3
            while time.process_time() < end:
                pass
            time.sleep(60)
    """) as s:
        with pytest.raises(StudentTimedOut) as waited:
            s.call(VALUE)
    assert "s of CPU time" in str(waited.value)
    assert "CPU time" not in waited.value.cause and "waited without computing" in waited.value.cause


def test_a_call_names_the_other_graded_functions_it_entered_and_only_those(student):
    """minimax_decision calling the module's minimax_value is noted, once, whatever the recursion
    below; minimax_value recursing into itself enters no other function."""
    with student("""
        def minimax_value(game, state):
            if game.is_terminal(state):
                return game.utility(state)
            values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
            return max(values) if game.to_move(state) == "MAX" else min(values)

        def minimax_decision(game, state):
            return max(game.actions(state),
                       key=lambda a: minimax_value(game, game.result(state, a)))
    """) as s:
        assert s.call(VALUE).entered == ()
        assert s.call(call("minimax_decision", TEXTBOOK)).entered == ("minimax_value",)
        assert s.call(call("minimax_decision", TEXTBOOK, state=[0])).entered == ("minimax_value",)


def test_the_functions_a_reply_says_were_entered_are_only_the_contract_s_others(tmp_path):
    reply = {"observation": {"answer": 0, "type": "int"},
             "entered": ["<b>x</b>", "minimax_value", "minimax_decision", 3, "alphabeta_value"]}
    sources = SourceFiles(tmp_path, MODULES)
    assert from_reply(reply, 0.0, call("minimax_decision", TEXTBOOK), sources=sources).entered \
        == ("minimax_value", "alphabeta_value")
    assert from_reply(reply, 0.0, call("minimax_decision", TEXTBOOK)).entered == ()
    assert from_reply({**reply, "entered": "minimax_value"}, 0.0,
                      call("minimax_decision", TEXTBOOK)).problem == \
        "sent the grader a reply it could not read"
