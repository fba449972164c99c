"""The games a generated check meets, kept with the reference's answers, so that a run that passes
draws none.

Hypothesis is derandomized: for the same check, seed, number of examples and code, it generates the
same games on every run, in the same order, until one fails. Drawing them costs about 1.5 ms a game,
a fifth of a correct submission's grading. So a grading that has the reference's answers in a file
(the students' release, the instructor's cache, a batch) also keeps there the games each check met
when it passed; the next grading calls the check on those games directly, in the same order, and
only when one fails hands the check back to hypothesis, which generates the same games again up to
that failure, shrinks it and reports it exactly as without the file. A time-out is the exception:
hypothesis would stop at that same game without shrinking, so it is reported at once.

The key names everything the games depend on: the check, its seed (the course secret's) and number
of examples, and a digest of the checks, the strategies, the games, the engine (which sets
hypothesis's profile), hypothesis's version and Python's. A tuple in a game travels tagged, since
JSON has none.
"""
import functools
import hashlib
import json
import sys
from contextlib import contextmanager
from pathlib import Path

import hypothesis

from autograder.runner.supervisor import StudentTimedOut

PACKAGE = Path(__file__).resolve().parents[1]
# What the games depend on; the engine sets hypothesis's profile and each check's seed and examples.
SOURCES = ("checks/*.py", "grading/strategies.py", "games/*.py", "engine/*.py")
CHECKS = PACKAGE / "checks"  # the first assignment's; another's are digested as well


@functools.cache
def code_digest(checks):
    """The digest of what the games depend on, an assignment's `checks` folder among them."""
    digest = hashlib.sha256(f"{hypothesis.__version__} {sys.version_info[:2]}".encode())
    for pattern in SOURCES:
        for path in sorted(PACKAGE.glob(pattern)):
            digest.update(path.name.encode() + path.read_bytes())
    if Path(checks) != CHECKS:
        for path in sorted(Path(checks).glob("*.py")):
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def key(name, test, checks):
    """The answers' key of the games the check called `name` (its @given test function `test`)
    meets, which depend on the seed and the number of examples hypothesis runs it with.

    Hypothesis has no public way to read those back: @given, @seed and @settings keep them in
    private attributes of the test, read here without a fallback, so that a hypothesis that moves
    them fails loudly rather than keying every secret's games alike
    (tests/test_hypothesis_internals.py holds the pinned version to them). `checks` is the
    assignment's folder of checks."""
    return json.dumps({"games of the check": name, "code": code_digest(checks),
                       "seed": test._hypothesis_internal_use_seed,
                       "max_examples": test._hypothesis_internal_use_settings.max_examples},
                      sort_keys=True)


def games_key(key):
    """Whether `key`, of the answers, is one of the games a check met."""
    return "games of the check" in json.loads(key)


def encode(value):
    if isinstance(value, tuple):
        return {"$tuple": [encode(item) for item in value]}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {name: encode(item) for name, item in value.items()}
    return value


def decode(value):
    if isinstance(value, list):
        return [decode(item) for item in value]
    if isinstance(value, dict):
        if set(value) == {"$tuple"}:
            return tuple(decode(item) for item in value["$tuple"])
        return {name: decode(item) for name, item in value.items()}
    return value


def replayed(test, fixtures, games):
    """Whether the check `test` (hypothesis's wrapper) passes on every one of `games`, called
    directly with the `fixtures` it takes. False at the first game it fails on, for hypothesis to
    find again and shrink; a time-out is raised as it is."""
    inner = test.hypothesis.inner_test
    if not games:  # hypothesis meets at least one game: a record of none is no record
        return False
    try:
        for game in games:
            inner(**fixtures, **decode(game))
    except StudentTimedOut:
        raise
    except Exception:  # noqa: BLE001 - any failure, hypothesis's own assume() included
        return False
    return True


@contextmanager
def recorded(test, fixtures):
    """The games hypothesis calls `test` with while inside, in order, encoded (without the
    `fixtures` it passes on). The recorder wraps the check's own function, so that hypothesis,
    which seeds a derandomized check from its source, draws the same games as without it."""
    met, inner = [], test.hypothesis.inner_test

    @functools.wraps(inner)
    def recording(*arguments, **named):
        met.append(encode({name: value for name, value in named.items() if name not in fixtures}))
        return inner(*arguments, **named)
    test.hypothesis.inner_test = recording
    try:
        yield met
    finally:
        test.hypothesis.inner_test = inner
