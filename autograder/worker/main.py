"""The worker's loop: import the student's modules, run the calls the grader sends, answer in JSON.

Everything in this process is untrusted once the first student module is imported, so it holds no
reference, no expected answer and no result: it only reports what the student's code did. The grader
starts it with `python -I -S`, so its import path is the runtime folder, the submission and the
standard library, nothing else.
"""
import importlib
import linecache
import os
import sys
import traceback

from autograder.worker.calls import ANSWER_DEPTH, MODULES, TooDeep, perform
from autograder.worker.protocol import decode_message, encode_message

MESSAGE_LIMIT = 2000


def safe_text(value):
    """str() of a student's object runs the student's code: keep whatever it gives, briefly."""
    try:
        return str(value)[:MESSAGE_LIMIT]
    except BaseException:  # noqa: BLE001 - any failure here is the student's, not ours
        return "<unprintable>"


def describe_exception(exc, submission):
    """The exception's type, message and the last line of the student's own files it went through."""
    where = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if os.path.dirname(os.path.abspath(frame.filename)) == submission:
            where = {"file": os.path.basename(frame.filename), "line": frame.lineno,
                     "code": (frame.line or linecache.getline(frame.filename, frame.lineno)).strip()}
    if isinstance(exc, SyntaxError) and exc.filename:
        where = {"file": os.path.basename(exc.filename), "line": exc.lineno,
                 "code": (exc.text or "").strip()}
    return {"exception": type(exc).__name__, "message": safe_text(exc), "where": where}


class Submission:
    """The student's modules, imported on first use; a module that fails to import stays failed."""

    def __init__(self, folder):
        self.folder = folder
        self.failures = {}

    def function(self, name):
        module_name = MODULES[name]
        if module_name in self.failures:
            return None, self.failures[module_name]
        if not os.path.exists(os.path.join(self.folder, module_name + ".py")):
            return None, {"missing_module": module_name + ".py"}
        try:
            module = importlib.import_module(module_name)
        except BaseException as exc:  # noqa: BLE001 - SystemExit at import is the student's too
            self.failures[module_name] = {"import_error": describe_exception(exc, self.folder),
                                          "module": module_name + ".py"}
            return None, self.failures[module_name]
        function = getattr(module, name, None)
        if not callable(function):
            return None, {"missing_function": name, "module": module_name + ".py"}
        return function, None


def serve(submission, request):
    call = request["call"]
    function, problem = submission.function(call["function"])
    if problem:
        return {"problem": problem}
    try:
        return {"observation": perform(function, call)}
    except TooDeep:
        return {"problem": {"too_deep": ANSWER_DEPTH}}
    except BaseException as exc:  # noqa: BLE001 - sys.exit() and KeyboardInterrupt included
        return {"problem": {"raised": describe_exception(exc, submission.folder)}}


def main(requests_fd, replies_fd, submission_folder):
    requests = os.fdopen(requests_fd, "rb")
    replies = os.fdopen(replies_fd, "wb")
    folder = os.path.abspath(submission_folder)
    sys.path.insert(1, folder)
    submission = Submission(folder)
    for line in requests:
        request = decode_message(line)
        reply = {"id": request["id"], **serve(submission, request)}
        try:
            data = encode_message(reply)
        except (TypeError, ValueError) as exc:  # a trace or answer JSON cannot hold
            data = encode_message({"id": request["id"],
                                   "problem": {"raised": describe_exception(exc, folder)}})
        replies.write(data)
        replies.flush()
