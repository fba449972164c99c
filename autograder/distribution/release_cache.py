"""What a release computed before, kept in the instructor's cache folder beside the reference's
answers (answers.CACHE), so that a release made again skips it: the reference's grading with the
released grader and each known mistake's grading, by everything their outcome depends on, and each
call's explanations, by the grader's code.

All three are deterministic in what their keys digest (hypothesis is derandomized, the feedback
engine's searches are plain code), so a release from the cache is the release made without it,
byte for byte but for the reference's time for each call, which no run repeats and which only
sets a call's time limit: kept, the times are those of the release that filled the cache. The
folder is the user's alone, as the reference's answers are; a cache that cannot be read or written
only makes a release slower, never wrong.
"""
import gzip
import hashlib
import json
import shutil
from functools import lru_cache
from pathlib import Path

from autograder.files import private_folder, write_atomically
from autograder.grading import answers, examples, provenance

FOLDER = answers.CACHE.parent / "release"


def mistake_key(submission, functions, policy, base, assignment):
    """The digest of all a known mistake's grading depends on: its files, the functions graded,
    the public policy and the answers it starts from (files), the assignment's declaration, its
    checks and reference, and the grader."""
    return _digest([provenance.contents(submission), json.dumps(functions),
                    Path(policy).read_bytes(), answers_digest(base),
                    examples.code_digest(assignment.checks), *_assignment_parts(assignment)])


def reference_key(released, assignment):
    """The digest of all the reference's grading with the released grader depends on: what the
    release holds of it (`released`: the grader's folder, its checks' and its policy), the
    assignment's declaration, its reference, and this grader. Kept, that grading's answers keep
    the reference's times too, so that a release from the cache is the same bytes as the one that
    filled it."""
    return _digest([*(provenance.contents(path) if path.is_dir() else path.read_bytes()
                      for path in map(Path, released)), *_assignment_parts(assignment)])


def _assignment_parts(assignment):
    """What every grading the release keeps depends on besides its own inputs: the assignment's
    declaration (its path and its bytes), its reference, and this grader."""
    declaration = Path(assignment.argument)
    return [str(assignment.argument), declaration.read_bytes() if declaration.is_file() else b"",
            answers.fingerprint(assignment.reference), provenance.grader_digest()]


def _digest(parts):
    """One digest of `parts` (bytes or text), each its length first, so that no two lists of
    parts run together into the same bytes."""
    digest = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else part.encode()
        digest.update(b"%d:%s" % (len(data), data))
    return digest.hexdigest()


def answers_digest(path):
    """The answers saved at `path` (answers.save), without the reference's time for each call,
    which differs from run to run and only sets a call's time limit, far above a known
    mistake's. Worked out once per file's bytes: every known mistake starts from the same."""
    return _answers_digest(Path(path).read_bytes())


@lru_cache(maxsize=2)
def _answers_digest(text):
    data = json.loads(text)
    data["answers"] = {key: {k: v for k, v in answer.items() if k != "seconds"}
                       if isinstance(answer, dict) else answer
                       for key, answer in data.get("answers", {}).items()}
    return json.dumps(data, sort_keys=True)


def recalled(key, targets):
    """Copy the files kept under `key` to `targets` (suffix -> path); whether all were there."""
    kept = {suffix: FOLDER / f"{key}{suffix}" for suffix in targets}
    if not all(path.is_file() for path in kept.values()):
        return False
    try:
        for suffix, path in kept.items():
            shutil.copyfile(path, targets[suffix])
    except OSError:
        return False
    return True


def remember(key, sources):
    """Keep copies of `sources` (suffix -> path) under `key`."""
    try:
        private_folder(FOLDER)
        for suffix, path in sources.items():
            write_atomically(FOLDER / f"{key}{suffix}", Path(path).read_bytes(), private=True)
    except OSError:
        pass


def _explanations_path():
    return FOLDER / f"explained-{provenance.grader_digest()[:16]}.json.gz"


def explanations():
    """{call key: what its explanations need, or None} as this grader's code found them."""
    try:
        data = json.loads(gzip.decompress(_explanations_path().read_bytes()))
    except (OSError, ValueError, EOFError):
        return {}
    return data if isinstance(data, dict) else {}


def keep_explanations(found):
    try:
        private_folder(FOLDER)
        write_atomically(_explanations_path(), gzip.compress(
            json.dumps(found, sort_keys=True).encode(), compresslevel=6, mtime=0), private=True)
    except OSError:
        pass
