"""The reference's answers, kept in a file: for a batch, so that every student's grading reuses
them, and in the students' release, which has no reference to compute them.

The instructor's grader also keeps the answers of every single grading, and of every batch's
reference grading, in the user's cache folder (CACHE), where both start from: grading again, or
grading another class under the same policy, costs only the student's compute, since the generated
games are the same on every run of a policy. A batch's file belongs to the instructor's output
folder, which no worker can see. It records a fingerprint of the code the answers depend on (the
reference, the games and the call format); a file with another fingerprint is ignored, so a changed
reference never grades with stale answers. The release's file is made by the release itself
(release.py) and travels with its checks.
"""
import gzip
import hashlib
import json
import os
from pathlib import Path

from autograder.files import private_folder, write_atomically

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("autograder/contract.py", "autograder/games", "autograder/worker")  # and the reference
REFERENCE = ROOT / "reference"  # the first assignment's: another's has a cache of its own
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "autograder" / \
    "reference-answers.json"


def fingerprint(reference):
    """The digest of the code answers come from: an assignment's `reference` folder, and the
    games and worker that run it."""
    digest = hashlib.sha256()
    # no reference folder: the students' release, whose answers were recorded from the reference
    for source in [*([Path(reference)] if reference else []), *map(ROOT.joinpath, SOURCES)]:
        for path in [source] if source.suffix == ".py" else sorted(source.glob("*.py")):
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def cache_of(reference):
    """This machine's cache of the answers of the assignment whose reference is `reference`: one
    file per reference folder, named after where it is (its contents' fingerprint, inside, tells
    stale answers from current ones, so an edited reference does not leave a file behind)."""
    if Path(reference) == REFERENCE:
        return CACHE
    where = hashlib.sha256(str(Path(reference).resolve()).encode()).hexdigest()[:16]
    return CACHE.with_name(f"reference-answers-{where}.json")


def load(path, reference):
    """The answers in `path`, or {} when it is missing, unreadable or for other code (another
    `reference` among it)."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("fingerprint") != fingerprint(reference):
        return {}
    return data.get("answers", {})


def save(path, answers, reference):
    """Write the answers to `path`, readable by the user alone: they hold the official games."""
    write_atomically(path, json.dumps({"fingerprint": fingerprint(reference), "answers": answers}),
                     private=True)


def keep(answers, path, reference):
    """Save the answers in the cache, where they can: a cache that cannot be written is only
    slower, never an error. Its folder is the user's alone: it holds the official games and their
    answers, which a worker running as another uid (the rlimits sandbox) must not read."""
    try:
        private_folder(path.parent)
        save(path, answers, reference)
    except OSError:
        pass


def public_answers(path):
    """The answers the students' release was made with ({} where there are none)."""
    try:
        return json.loads(gzip.decompress(Path(path).read_bytes()))
    except (OSError, ValueError):
        return {}


def record(path, answers):
    """Write the answers as a release keeps them, compressed (the full tic-tac-toe trace is 7 MB
    of JSON, 1 MB gzipped): the file travels with the checks it answers."""
    # level 6, not 9: as small within a few percent, in a fraction of the time
    data = gzip.compress(json.dumps(answers, sort_keys=True).encode(), compresslevel=6, mtime=0)
    write_atomically(path, data)
