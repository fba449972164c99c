"""Framing between the grader and the worker: one JSON document per line, never pickle.

json.dumps never writes a raw newline, so a line is a message. Infinity is allowed because
alpha-beta windows are unbounded by default.
"""
import json

MODULES_FILE = "modules.json"  # in the runtime's autograder folder: {function: its module}
# The worker's first line, written before any of the student's code runs: a worker that ends
# before it never started, which is the sandbox's failure, not the submission's.
READY = {"worker": "ready"}


def encode_message(message):
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def decode_message(line):
    return json.loads(line)
