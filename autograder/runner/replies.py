"""A worker's reply, read only within limits: its size, its lists and strings, how deep it nests.

The worker is untrusted: a reply past these limits is refused before json decodes it, with a
message that tells the student why.
"""
from autograder.language import _, number
from autograder.runner.observations import too_deep
from autograder.worker.calls import ANSWER_DEPTH
from autograder.worker.protocol import decode_message

# The largest reply a correct submission sends is the trace of minimax on the empty board, 5 MB.
# A reply is read whole, so these bound the grader's memory for one: json makes an object of
# 50 to 80 bytes of every list, dict or string, and of 30 of every other value, so a reply of
# 16 MiB with at most 10,000 of the former decodes into at most about 150 MB.
REPLY_LIMIT = 16 * 1024 * 1024
CONTAINER_LIMIT = 10_000  # lists, dicts and strings ("[", "{" and '"' bytes, to be safe)


class ReplyRejected(Exception):
    """A reply the grader will not read whole; the message, for the student, says why."""


def too_large():
    return _("sent the grader a reply of more than {size} MiB or {count} lists or strings; "
             "return a plain value").format(size=number(REPLY_LIMIT // 2**20),
                                            count=number(CONTAINER_LIMIT))


def decode_reply(line):
    """One reply line as JSON data, {} when it is not JSON. Refused before decoding when it holds
    more lists, dicts or strings than CONTAINER_LIMIT, and when it nests deeper than answers may
    or json can."""
    if b"[" * (ANSWER_DEPTH + 1) in line:  # what json would recurse through, found first
        raise ReplyRejected(too_deep())
    if sum(map(line.count, (b"[", b"{", b'"'))) > CONTAINER_LIMIT:
        raise ReplyRejected(too_large())
    try:
        return decode_message(line)
    except RecursionError:
        raise ReplyRejected(too_deep()) from None
    except ValueError:
        return {}
