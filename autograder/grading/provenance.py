"""What made a result: digests of the policy, the checks, the reference and the grader, and of
the submission as it was graded.

A result is only comparable with results made the same way. Every grading stamps its report with
these four digests (`Report.made_with`), so a batch that resumes after an edit knows which results
are stale and grades them again instead of mixing policies in one gradebook, and a single grading
knows when a new policy must first be tried on the reference (cli.verify_reference). A submission's
grading adds the path it was graded from and a digest of its files as staged (`contents`), so a
batch grades again a submission whose files changed since, not only one whose path did.
"""
import dataclasses
import functools
import hashlib
import json
import os
from importlib import metadata
from pathlib import Path

from autograder.files import private_folder, write_atomically
from autograder.grading import answers, examples

PACKAGE = Path(__file__).resolve().parents[1]
# The order a change is named in; "submission" is the path it was graded from (cli.grade_single),
# since a class's ids shift when a submission is added; "contents" (its files, as staged) is named
# last, so that results stamped before it was are said to be stale for the grader's change.
PARTS = ("submission", "policy", "checks", "reference", "grader", "contents")
SHORT = 12  # hex digits of a digest shown to people: enough to tell policies apart


def policy_digest(config):
    """The parsed policy, so an edited comment in grading.toml changes nothing. The course's secret
    counts only through a slow one-way digest of it: the stamp reaches reports a student may read,
    and must not let them test guesses of a weak secret at sha256's speed."""
    fields = dataclasses.asdict(config)
    if fields.get("secret"):
        fields["secret"] = stretched(fields["secret"])
    text = json.dumps(fields, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


@functools.cache  # about 50 ms, once per secret and process
def stretched(secret):
    return hashlib.scrypt(secret.encode(), salt=b"autograder policy stamp", n=2 ** 14, r=8,
                          p=1).hex()


@functools.cache  # a grading stamps each report with it; its code does not change meanwhile
def grader_digest():
    """The grader's version and its own code (so an uncommitted edit counts too)."""
    try:
        version = metadata.version("adversarial-search-autograder")
    except metadata.PackageNotFoundError:
        version = "unknown"
    digest = hashlib.sha256(version.encode())
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()


def made_with(config, assignment=None):
    """The stamp of a result graded now under `config`, of `assignment` (its folders of checks
    and reference; by default the first assignment's)."""
    checks, reference = ((examples.CHECKS, answers.REFERENCE) if assignment is None
                         else (assignment.checks, assignment.reference))
    return {"policy": policy_digest(config), "checks": examples.code_digest(checks),
            "reference": answers.fingerprint(reference), "grader": grader_digest()}


def source(path):
    """The path a submission was graded from, as its stamp keeps it (links not followed)."""
    return os.path.abspath(path)


def contents(folder):
    """A digest of the files in `folder` (a submission as staged): their names and bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        data = path.read_bytes()
        name = path.relative_to(folder).as_posix().encode()
        # each length first, so no two different folders run together into the same bytes
        digest.update(b"%d:%s%d:%s" % (len(name), name, len(data), data))
    return digest.hexdigest()


def changed(stamp, current):
    """The first part of `current` that `stamp` (a result's, maybe from before stamps) lacks or
    differs in, or None when the result was made as it would be now."""
    stamp = stamp if isinstance(stamp, dict) else {}
    return next((part for part in PARTS if part in current and stamp.get(part) != current[part]),
                None)


def short(stamp):
    """A stamp's policy digest as people compare it: its first 12 hex digits."""
    return stamp["policy"][:SHORT]


VERIFIED = answers.CACHE.with_name("verified-policies.json")
VERIFIED_KEPT = 20  # the stamps remembered: an instructor switches among a few policies


def _verified_stamps():
    try:
        stamps = json.loads(VERIFIED.read_text())
    except (OSError, ValueError):
        return []
    return stamps if isinstance(stamps, list) else []


def verified(stamp):
    """Whether the reference got full marks under a grading made as `stamp` says."""
    return stamp in _verified_stamps()


def remember_verified(stamp):
    """Remember that it did, where the cache can be written (else it is only tried again)."""
    try:
        private_folder(VERIFIED.parent)
        write_atomically(VERIFIED, json.dumps(
            [stamp, *(s for s in _verified_stamps() if s != stamp)][:VERIFIED_KEPT]), private=True)
    except OSError:
        pass
