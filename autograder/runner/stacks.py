"""Where a call that ran out of time was stopped, read from the stack the worker dumped.

Only the last stack in the dump counts, only its frames in the submission's own files, and the
line quoted is read from the grader's copy of the file (runner/sources.py); within a loop, the
loop's first line, so that the same submission gets the same words whenever it is stopped.
"""
import ast
import os
import re

from autograder.language import N_, _
from autograder.language.escaping import brief

STACK_HEADER = "(most recent call first):"  # how faulthandler begins a thread's stack
# (finished after its limit, in a loop) -> where the call was when it ran out of time.
# TRANSLATORS: {file} and {code} are the student's file and the line of code itself
WHERE = {(False, False): N_("stopped at {file}, line {line}: {code}"),
         (False, True): N_("stopped in the loop at {file}, line {line}: {code}"),
         # TRANSLATORS: of a call that went on past its time limit and then returned; {file} and
         # {code} are the student's file and the line of code itself
         (True, False): N_("when its time ran out it was at {file}, line {line}: {code}"),
         (True, True): N_("when its time ran out it was in the loop at {file}, line {line}: "
                          "{code}")}
FRAME = re.compile(r'^  File "(.*)", line (\d+) in ', re.MULTILINE)  # a line of faulthandler's


def stopped_at(dump, sources, finished=False):
    """The innermost frame of a faulthandler stack `dump` that is in the staged submission's own
    files (`sources`, runner/sources.py), as "stopped at FILE, line N: CODE", or None; within a
    loop, the loop's first line, "stopped in the loop at FILE, line N: CODE", since the line a
    loop is stopped on is a matter of timing and the same submission must get the same feedback.
    A call that `finished` after its limit, its stack taken then, is said to have been there.
    The code is read from the grader's copy of the file, never from the dump or the worker. The
    student's code can write to the stack pipe too, but only before it is stopped: faulthandler's
    own stack is the last one, and only its frames count, and only those of files the submission
    really holds."""
    last = dump.rpartition(STACK_HEADER)[2]
    for path, line in FRAME.findall(last):
        name = os.path.basename(path)
        if os.path.dirname(path) == sources.folder and sources.holds(name):
            loop = innermost_loop(sources.text(name), int(line))
            where = _(WHERE[finished, bool(loop)])
            line = loop or int(line)
            code = sources.line(name, line) or ""
            return where.format(file=brief(name), line=line, code=brief(code))
    return None


def innermost_loop(source, line):
    """The first line of the innermost for or while loop around `line` of the Python `source`,
    or None. Parsing runs none of its code."""
    try:
        tree = ast.parse(source)
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    loops = [node for node in ast.walk(tree) if isinstance(node, (ast.For, ast.While))
             and node.lineno <= line <= node.end_lineno]
    return max((node.lineno for node in loops), default=None)
