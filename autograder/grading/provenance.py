"""What made a result: digests of the policy, the checks, the reference and the grader, and of
the submission as it was graded; apart from them, of how the policy scores it.

A result is only comparable with results made the same way. Every grading stamps its report with
these four digests (`Report.made_with`), so a batch that resumes after an edit knows which results
are stale and grades them again instead of mixing policies in one gradebook, and a single grading
knows when a new policy must first be tried on the reference (commands/single.verify_reference).
A submission's grading adds the path it was graded from and a digest of its files as staged
(`contents`), so a batch grades again a submission whose files changed since, not only one whose
path did.

The policy is stamped in two parts. "policy" is what ran: every setting that can change a check's
outcome or feedback (limits, examples, the games, the language, which checks exist, and which are
visible, since the checks students do not see run after those they do: engine/plugin.FunctionQueue).
"scoring" is how the outcomes are scored and named: the points, the total, the hints, the names,
and hidden against after_due_date. A result whose every other part matches is rescored from its
statuses (batch.rescore), never graded again: its outcomes are the grader's own, trusted only
because what ran matches.
"""
import dataclasses
import functools
import hashlib
import json
import os
import stat
from importlib import metadata
from pathlib import Path

from autograder.files import private_folder, write_atomically
from autograder.grading import answers, examples

PACKAGE = Path(__file__).resolve().parents[1]
# The order a change is named in; "submission" is the path it was graded from
# (commands/single.grade_single), since a class's ids shift when a submission is added; "contents"
# (its files, as staged) is named last, so that results stamped before it was are said to be
# stale for the grader's change.
# "scoring" is last: only a result made as it would be now in every other part is rescored.
PARTS = ("submission", "policy", "checks", "reference", "grader", "contents", "scoring")
# What "scoring" digests of each check's policy (CheckPolicy's fields), named as an edit says so.
SCORED = ("points", "visibility", "hints", "names")
SHORT = 12  # hex digits of a digest shown to people: enough to tell policies apart


def policy_digest(config):
    """What ran, of the parsed policy (so an edited comment in grading.toml changes nothing): all
    of it but what `scoring` digests. The course's secret counts only through a slow one-way
    digest of it: the stamp reaches reports a student may read, and must not let them test
    guesses of a weak secret at sha256's speed."""
    fields = dataclasses.asdict(config)
    if fields.get("secret"):
        fields["secret"] = stretched(fields["secret"])
    del fields["total"]
    fields["checks"] = {name: {**{key: value for key, value in check.items()
                                  if key not in SCORED},
                               "visible": check["visibility"] == "visible"}
                        for name, check in fields["checks"].items()}
    return _digest(fields)


def scoring(config):
    """How the policy scores and names the outcomes: a digest per kind of edit (SCORED), the
    total with the points."""
    checks = {name: dataclasses.asdict(check) for name, check in config.checks.items()}
    return {kind: _digest([config.total] * (kind == "points")
                          + [{name: check[kind] for name, check in checks.items()}])
            for kind in SCORED}


def _digest(data):
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


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


def made_with(config, assignment):
    """The stamp of a result graded now under `config`, of `assignment` (its folders of checks
    and reference)."""
    return {"policy": policy_digest(config), "checks": examples.code_digest(assignment.checks),
            "reference": answers.fingerprint(assignment.reference), "grader": grader_digest(),
            "scoring": scoring(config)}


def what_ran(stamp):
    """A stamp without its scoring: what a grading of the reference depends on (no score does)."""
    return {part: value for part, value in stamp.items() if part != "scoring"}


def rescored_by(stamp, current):
    """The kinds of edit (of SCORED) by which `stamp`'s scoring differs from `current`'s."""
    mine = stamp.get("scoring") if isinstance(stamp.get("scoring"), dict) else {}
    return [kind for kind in SCORED if mine.get(kind) != current["scoring"][kind]]


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


def handed_in(path):
    """A digest of the submission at `path` as it lies, before any staging (one that does not
    stage, a broken zip, has no other): each entry's name and kind, a file's bytes, a link's
    target, never followed. Raises OSError when some of it cannot be read."""
    digest = hashlib.sha256()
    path = Path(path)
    found = [path]
    if path.is_dir() and not path.is_symlink():
        found += sorted(Path(folder, name) for folder, folders, files in os.walk(path, onerror=_raise)
                        for name in folders + files)
    for entry in found:
        name = entry.relative_to(path).as_posix().encode() if entry != path else b""
        mode = entry.lstat().st_mode
        if stat.S_ISLNK(mode):
            data = b"link:" + os.fsencode(os.readlink(entry))
        elif stat.S_ISREG(mode):
            data = b"file:" + _sha256_of(entry)
        else:
            data = b"other:%d" % stat.S_IFMT(mode)
        digest.update(b"%d:%s%d:%s" % (len(name), name, len(data), data))
    return digest.hexdigest()


def _raise(error):
    raise error


def _sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.digest()


def changed(stamp, current):
    """The first part of `current` that `stamp` (a result's, maybe from before stamps) lacks or
    differs in, or None when the result was made as it would be now."""
    stamp = stamp if isinstance(stamp, dict) else {}
    return next((part for part in PARTS if part in current and stamp.get(part) != current[part]),
                None)


def short(stamp):
    """A stamp's policy as people compare it, what ran and how it is scored together: 12 hex
    digits."""
    return _digest([stamp["policy"], stamp.get("scoring")])[:SHORT]


def short_policy(config):
    """short() of the stamp of a result graded now under `config`: the gradebook's policy column."""
    return short({"policy": policy_digest(config), "scoring": scoring(config)})


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
