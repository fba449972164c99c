"""The worker's loop: import the student's modules, run the calls the grader sends, answer in JSON.

Everything in this process is untrusted once the first student module is imported, so it holds no
reference, no expected answer and no result: it only reports what the student's code did. Its first
line, READY, comes before any of that code runs, so the grader can tell a sandbox that failed to
start from a submission that ended its worker. The grader starts it with `python -I -S`, so its
import path is the runtime folder, the submission and the standard library, nothing else.

Each call starts from the same `random` state (seeded from the call itself), so code that breaks
ties with random.choice answers the same call the same way on every run. What the call prints is
kept (its start, and how many lines) to be quoted if it fails, and which of the student's other
contract functions the call entered (Submission.watching), so that feedback can say a failure
comes from one of them. On SIGUSR1 the worker writes its
stack to the stack pipe, which the grader reads before it kills a call that ran out of time.
"""
import contextlib
import faulthandler
import importlib
import io
import json
import os
import random
import signal
import sys
import types

from autograder.worker.calls import (ANSWER_DEPTH, PRINTED_CHARACTERS, PRINTED_LINES, TooDeep,
                                     each_call, first_printed, perform)
from autograder.worker.protocol import MODULES_FILE, READY, decode_message, encode_message

MESSAGE_LIMIT = 2000


def safe_text(value):
    """str() of a student's object runs the student's code: keep whatever it gives, briefly."""
    try:
        return str(value)[:MESSAGE_LIMIT]
    except BaseException:  # noqa: BLE001 - any failure here is the student's, not ours
        return "<unprintable>"


def exception_info(exc, submission):
    """The exception's class (its name and module), its message, and the last place in the
    student's own files it went through, as a file name and a line number: the grader reads the
    line itself (runner/sources.py), so this reads no source, nor linecache, which the student's
    code could have rewritten. This is data for the reply: the grader decides what of it a check
    may quote, and puts that in words (runner/observations.py, describe_exception)."""
    where = None
    trace = exc.__traceback__
    while trace is not None:
        filename = trace.tb_frame.f_code.co_filename
        if os.path.dirname(os.path.abspath(filename)) == submission:
            where = {"file": os.path.basename(filename), "line": trace.tb_lineno}
        trace = trace.tb_next
    if isinstance(exc, SyntaxError) and isinstance(exc.filename, str):
        where = {"file": os.path.basename(exc.filename), "line": exc.lineno}
    kind = type(exc)
    return {"exception": safe_text(kind.__name__), "module": safe_text(kind.__module__),
            "message": safe_text(exc), "where": where}


class Submission:
    """The student's modules, imported on first use; a module that fails to import stays failed.
    `modules` maps each function of the assignment to its module."""

    def __init__(self, folder, modules):
        self.folder, self.modules = folder, modules
        self.failures = {}

    def function(self, name):
        module_name = self.modules[name]
        if module_name in self.failures:
            return None, self.failures[module_name]
        if not os.path.exists(os.path.join(self.folder, module_name + ".py")):
            return None, {"missing_module": module_name + ".py"}
        try:
            module = importlib.import_module(module_name)
        except BaseException as exc:  # noqa: BLE001 - SystemExit at import is the student's too
            self.failures[module_name] = {"import_error": exception_info(exc, self.folder),
                                          "module": module_name + ".py"}
            return None, self.failures[module_name]
        function = getattr(module, name, None)
        if not callable(function):
            return None, {"missing_function": name, "module": module_name + ".py"}
        return function, None

    def own_modules(self):
        """The student's modules imported so far, as plain modules: their dictionaries are read and
        written directly, so that nothing here runs the student's code (a module's __getattr__ or
        __setattr__, a __dict__ property)."""
        return [module for module in list(sys.modules.values())
                if type(module) is types.ModuleType
                and isinstance(vars(module).get("__file__"), str)
                and os.path.dirname(os.path.abspath(vars(module)["__file__"])) == self.folder]

    @contextlib.contextmanager
    def watching(self, name, entered):
        """Within, which of the assignment's functions other than `name`, among those of modules
        already imported, the code enters: each is replaced, wherever a student module holds it,
        by a wrapper that notes it and puts the function back at its first call, so that a search
        recursing through it runs at its own speed. Adds the names entered to the set `entered`.
        Only a hint for feedback (the code can fool it, e.g. by keeping its own reference): never
        points."""
        placed = []  # (module's dictionary, attribute, function, wrapper)

        def restore(function=None):
            for names, attribute, original, wrapper in placed:
                if function in (None, original) and names.get(attribute) is wrapper:
                    names[attribute] = original

        def noting(other_name, other):
            def entering(*args, **kwargs):
                entered.add(other_name)
                restore(other)
                return other(*args, **kwargs)
            return entering

        modules = [vars(module) for module in self.own_modules()]
        for other_name, module_name in self.modules.items():
            module = sys.modules.get(module_name)
            other = vars(module).get(other_name) if type(module) is types.ModuleType else None
            if other_name == name or not type(other) is types.FunctionType:
                continue
            wrapper = noting(other_name, other)
            for names in modules:
                for attribute, value in list(names.items()):
                    if value is other:
                        names[attribute] = wrapper
                        placed.append((names, attribute, other, wrapper))
        try:
            yield
        finally:
            restore()


class Printed(io.TextIOBase):
    """sys.stdout and sys.stderr during one call: the start that feedback may quote, and how many
    lines were printed. Nothing else is kept, so a line printed per node costs no memory."""

    encoding = "utf-8"

    def __init__(self):
        super().__init__()
        self.start = ""
        self.line_ends = 0
        self.last = "\n"  # the last character written: a line is still open unless it is "\n"

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if len(self.start) < PRINTED_CHARACTERS and self.start.count("\n") < PRINTED_LINES:
            self.start = first_printed(self.start + text[:PRINTED_CHARACTERS])
        self.line_ends += text.count("\n")
        self.last = text[-1:] or self.last
        return len(text)

    def lines(self):
        return self.line_ends + (self.last != "\n")


def serve(submission, call):
    """The reply to one call, with what it printed, if anything. `random` is seeded from
    the call (never from its id, which a replay changes), so the same call meets the same random
    numbers and two different calls different ones; the reply says whether the call drew any,
    which feedback names rather than a mistake the answer happens to match."""
    random.seed(json.dumps(call, sort_keys=True))
    seeded = random.getstate()
    printed = Printed()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        reply = run(submission, call)
    if printed.lines():
        reply["printed"] = {"text": printed.start, "lines": printed.lines()}
    if random.getstate() != seeded:
        reply["used_random"] = True
    return reply


def run(submission, call):
    function, problem = submission.function(call["function"])
    if problem:
        return {"problem": problem}
    entered = set()
    try:
        with submission.watching(call["function"], entered):
            reply = {"observation": perform(function, call)}
    except TooDeep:
        reply = {"problem": {"too_deep": ANSWER_DEPTH}}
    except BaseException as exc:  # noqa: BLE001 - sys.exit() and KeyboardInterrupt included
        reply = {"problem": {"raised": exception_info(exc, submission.folder)}}
    if entered:
        reply["entered"] = sorted(entered)
    return reply


def main(requests_fd, replies_fd, submission_folder, stack_fd):
    if hasattr(faulthandler, "register"):  # not on Windows, which has no SIGUSR1
        faulthandler.register(signal.SIGUSR1, file=stack_fd, all_threads=False)
    requests = os.fdopen(requests_fd, "rb")
    replies = os.fdopen(replies_fd, "wb")
    folder = os.path.abspath(submission_folder)
    sys.path.insert(1, folder)
    with open(os.path.join(os.path.dirname(os.path.dirname(__file__)), MODULES_FILE)) as handle:
        submission = Submission(folder, json.load(handle))
    replies.write(encode_message(READY))
    replies.flush()
    for line in requests:
        request = decode_message(line)
        for number, call in enumerate(each_call(request["call"]), request["id"]):
            reply = {"id": number, **serve(submission, call)}
            try:
                data = encode_message(reply)
            except (TypeError, ValueError) as exc:  # a trace or answer JSON cannot hold
                reply = {"id": number, "problem": {"raised": exception_info(exc, folder)}}
                data = encode_message(reply)
            replies.write(data)
            replies.flush()
            if "problem" in reply:  # the grader asks no further along a walk that failed here
                break
