"""The reference's answers for a batch, kept in a file so that every student's grading reuses them.

The file belongs to the instructor's output folder, which no worker can see. It records a
fingerprint of the code the answers depend on (the reference, the games and the call format); a file
with another fingerprint is ignored, so a changed reference never grades with stale answers.
"""
import hashlib
import json
from pathlib import Path

from autograder.files import write_atomically

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("reference", "autograder/games", "autograder/worker")


def fingerprint():
    digest = hashlib.sha256()
    for folder in SOURCES:
        for path in sorted((ROOT / folder).glob("*.py")):
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def load(path):
    """The answers in `path`, or {} when it is missing, unreadable or for other code."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("fingerprint") != fingerprint():
        return {}
    return data.get("answers", {})


def save(path, answers):
    write_atomically(path, json.dumps({"fingerprint": fingerprint(), "answers": answers}))
