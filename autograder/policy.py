"""grading.toml: the course's grading policy, loaded once and validated with one-line errors.

Every setting is range-checked here, before any check runs, because a value the sandbox or
hypothesis cannot use (memory_mb = 0, max_examples = 2.5) otherwise surfaces as every check failing
or as a traceback. Each error names the file, the key, what is allowed and the value found; a
misspelt key is named with the closest valid one.

[course] language names the language students read (English by default); a check's hint and the
name it is shown by may be given per language (hint.ca = "..."), and where they are not, the
English hint and name are looked up in the grader's catalogs.

The course is configured once, in its own grading.toml (DEFAULT_PATH): what belongs to the course
rather than to one assignment (COURSE_SETTINGS: its language, the pull-request threshold, the file
of the official games' secret) is inherited by every assignment's grading.toml, which may set any
of them again to override it. `settings()` says where each effective one came from.

May import: errors, language.
"""
import difflib
import json
import math
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

from autograder.errors import ConfigError
from autograder.language import ENGLISH, LANGUAGES, _, chosen, spoken

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "grading.toml"


@dataclass(frozen=True)
class Allowed:
    """The values a number setting may take: from `low` (or above it, when `above`) to `high`."""
    low: float
    high: float
    whole: bool = False
    above: bool = False

    def kind(self):
        return "a whole number" if self.whole else "a number"

    def admits_type(self, value):
        # bool is a subclass of int, but `true` is not a number of points or megabytes
        return type(value) is int or (type(value) is float and not self.whole
                                      and math.isfinite(value))

    def admits(self, value):
        return (self.admits_type(value) and value <= self.high
                and (value > self.low if self.above else value >= self.low))

    def __str__(self):
        if self.above:
            return f"{self.kind()} above {self.low:g} and at most {self.high:g}"
        return f"{self.kind()} from {self.low:g} to {self.high:g}"


def _limit(default, unit, allowed):
    return field(default=default, metadata={"unit": unit, "allowed": allowed})


@dataclass(frozen=True)
class Limits:
    # Each limit: its default, the unit check-config shows it in, and what it may be set to. The
    # sandbox's limits are whole numbers because setrlimit takes integers.
    # A call may use this much CPU time however fast the reference...
    call_floor_seconds: float = _limit(3.0, "s of CPU time per call", Allowed(0, 600, above=True))
    # ...plus this many times the reference's CPU time for the same call.
    slowdown: float = _limit(20.0, "× the reference's CPU time, added per call",
                             Allowed(1, 1000))
    # pytest-timeout's backstop, and twice what a function's calls may take on the wall clock
    # (function_seconds); load() refuses one below twice call_floor_seconds.
    check_seconds: float = _limit(900.0, "s per whole check", Allowed(1, 86400))
    # Each process's address space (RLIMIT_AS), and all of a worker's processes together where
    # the machine gives the sandbox a memory cgroup. Below 64 MiB Python itself does not start.
    memory_mb: int = _limit(1024, "MiB per worker process", Allowed(64, 65536, whole=True))
    # A backstop behind the wall-clock kill.
    cpu_seconds: int = _limit(600, "s of CPU time per worker process",
                              Allowed(1, 86400, whole=True))
    # The sandbox's own helpers (1-3) count too. The plain mode, on the grader's own uid, sets none.
    processes: int = _limit(64, "processes of the worker's uid", Allowed(8, 4096, whole=True))
    file_size_mb: int = _limit(16, "MiB per file the worker writes", Allowed(1, 1024, whole=True))
    # Python's imports and the worker's pipes need a few dozen.
    open_files: int = _limit(256, "files open per worker process", Allowed(32, 65536, whole=True))
    output_kb: int = _limit(64, "KiB of the student's printed output kept",
                            Allowed(1, 65536, whole=True))
    # The grading process's own address space, lanes included; pytest and hypothesis need 256.
    grader_memory_mb: int = _limit(2048, "MiB for the grading process",
                                   Allowed(256, 1048576, whole=True))

    def call_seconds(self, reference_seconds):
        return self.call_floor_seconds + self.slowdown * reference_seconds

    def function_seconds(self):
        """The wall-clock seconds all the calls of one function may take together, across its
        checks, so that code that sleeps without computing stops: half a whole check's
        backstop, so that they run out before it (the reference's and hypothesis's work take the
        rest)."""
        return self.check_seconds / 2

    def described(self):
        """(key, value, unit) of every limit, in the order of the fields."""
        return [(f.name, getattr(self, f.name), f.metadata["unit"]) for f in fields(self)]


VISIBILITIES = ("visible", "hidden", "after_due_date")
SECTIONS = ("course", "grading", "hypothesis", "limits", "checks", "official")
CHECK_KEYS = ("points", "visibility", "hint", "name", "examples", "checked_here", "catches")
DEFAULT_TOTAL = 100
TOTAL_ALLOWED = Allowed(0, 10000, above=True)
EXAMPLES_ALLOWED = Allowed(1, 10000, whole=True)  # hypothesis.max_examples and a check's examples
DEFAULT_MAX_EXAMPLES = 50


@dataclass(frozen=True)
class CheckPolicy:
    points: float
    visibility: str = "visible"  # hidden: students see the name, points and hint, nothing else
    hints: dict = field(default_factory=dict)  # {language: hint}, English's under "en", the
                                               # course's language's first (see hint)
    examples: int | None = None  # generated examples for this check, if not [hypothesis]'s
    # False in the students' repository for the checks it does not hold (release.py): a run there
    # names them as checked when graded.
    checked_here: bool = True
    names: dict = field(default_factory=dict)  # {language: the name shown}, where grading.toml
                                               # gives one
    # The known mistakes (feedback/mistakes.py's names) whose searches fail this check on the
    # public games, which release.py writes for the checks it leaves out: a run there that one of
    # them reproduces warns that the check will likely fail when graded (feedback/foresight.py).
    catches: tuple = ()

    @property
    def hint(self):
        """The hint in the language spoken: the course's own for it, else the English one as the
        catalog translates it, else the course's language's, which loading puts first (a
        students' repository's policy holds its hints in the course's language only: a
        student's --lang does not lose them)."""
        if self.hints.get(spoken()):
            return self.hints[spoken()]
        if self.hints.get(ENGLISH):
            return _(self.hints[ENGLISH])
        return next(iter(self.hints.values()), "")

    def title(self, name):
        """The check `name` as students of the language spoken read it."""
        return self.names.get(spoken()) or _(name)


@dataclass(frozen=True)
class Config:
    max_examples: int
    limits: Limits
    checks: dict
    # [official] is there: grading draws its games from the course's secret (secret.py), which no
    # grading.toml holds. The students' repository's policy has no [official]: it meets the public
    # games, whose answers it holds.
    official: bool = False
    secret_file: Path | None = None  # [official] secret_file: where the course's secret is kept
    # The course's secret, once secret.applied() has found it; None: the public games. Never in a
    # repr, which an error or a log could show.
    secret: str | None = field(default=None, repr=False)
    total: float = DEFAULT_TOTAL  # [grading] total, which the checks' points add up to
    language: str = ENGLISH  # [course] language: the one students read

    def policy(self, check_name):
        try:
            return self.checks[check_name]
        except KeyError:
            raise ConfigError(f"grading.toml has no entry for the check {check_name!r}: add it "
                              f"under [checks]{did_you_mean(check_name, self.checks)}") from None


def did_you_mean(word, valid):
    """What follows an error about a misspelt `word`: the closest of `valid`, or the list of them
    when none is close."""
    close = difflib.get_close_matches(word, list(valid), n=1)
    if close:
        return f"; did you mean {close[0]!r}?"
    # a list of them helps only while it is short: not for the checks' long names
    return f"; the valid ones are {', '.join(map(repr, valid))}" if len(valid) <= 12 else ""


def refuse_unknown(table, valid, where, source, kind="key", error=ConfigError):
    """The one check for misspelt keys, of sections, limits, checks and [official] alike, and of
    an assignment's file (which raises `error`)."""
    for key in table:
        if key not in valid:
            raise error(f"{source}: {where} has an unknown {kind} {key!r}"
                              f"{did_you_mean(key, valid)}")


def _shown(value):
    """A value as grading.toml spells it (true, "two", 2.5)."""
    return json.dumps(value) if isinstance(value, (bool, str)) else repr(value)


def _number(table, key, allowed, dotted, source, default=None):
    """table[key] (or `default`), refused unless `allowed` admits it; `dotted` names the key."""
    value = table.get(key, default)
    if value is None:
        raise ConfigError(f"{source}: {dotted} is missing; set it to {allowed}")
    if not allowed.admits_type(value):
        raise ConfigError(f"{source}: {dotted} = {_shown(value)} is not {allowed.kind()}; "
                          f"allowed: {allowed}")
    if not allowed.admits(value):
        raise ConfigError(f"{source}: {dotted} = {_shown(value)} is out of range; "
                          f"allowed: {allowed}")
    return value


def _section(data, name, source):
    """The table [name], empty when absent."""
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: {name} must be a section, [{name}], not {_shown(table)}")
    return table


def _read(path):
    """The TOML table in the file at `path`, a ConfigError naming it when it cannot be read."""
    try:  # TOML is UTF-8, whatever the locale: a released policy's hints are the course's words
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"no grading configuration at {path}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not valid TOML: it is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    refuse_unknown(data, SECTIONS, "the file", str(path), kind="section")
    return data


def load(path=DEFAULT_PATH):
    """The policy in the grading.toml at `path`, with the course's settings it does not set
    itself; ConfigError names the first thing to change. The pull-request job's threshold
    (`settings()`), which grades nothing, is no part of it: editing it makes no result stale."""
    path = Path(path)
    source = str(path)
    data = _read(path)
    hypothesis = _section(data, "hypothesis", source)
    refuse_unknown(hypothesis, ("max_examples",), "[hypothesis]", source)
    max_examples = _number(hypothesis, "max_examples", EXAMPLES_ALLOWED, "hypothesis.max_examples",
                           source, DEFAULT_MAX_EXAMPLES)
    limits = _limits(_section(data, "limits", source), source)
    official = "official" in data
    course = {key: value for key, (value, _where) in _settings(path, data).items()}
    total = _total(_section(data, "grading", source), source)
    # The checks last: their points are compared with the total once every setting is valid.
    checks = _checks(_section(data, "checks", source), total, course["language"], source)
    left = [name for name, check in checks.items() if not check.checked_here]
    if official and left:
        # a check that grading leaves out earns no student its points: only the students' copy,
        # which holds no [official], and the release's gradings of its known mistakes mark any
        raise ConfigError(f"{source}: [checks] {json.dumps(left[0])} is marked checked_here = "
                          f"false, which release writes in the students' copy only: official "
                          f"grading runs every check; remove it")
    return Config(max_examples=max_examples, limits=limits, official=official,
                  secret_file=course["secret_file"], total=total, language=course["language"],
                  checks=checks)


# The settings of the course, each (section, key, its default): set in the course's grading.toml,
# inherited by every assignment's, which may set them again.
COURSE_SETTINGS = {"language": ("course", "language", ENGLISH),
                   "fail_under": ("course", "fail_under", None),
                   "secret_file": ("official", "secret_file", None)}
COURSE_KEYS = tuple(key for section, key, _default in COURSE_SETTINGS.values()
                    if section == "course")


def settings(path=DEFAULT_PATH):
    """{setting: (its effective value, where it came from)} of each of COURSE_SETTINGS for the
    policy at `path`: its own grading.toml, the course's, or the default."""
    return _settings(Path(path), _read(path))


def _settings(path, data):
    own = {name: _course_value(name, data, path) for name in COURSE_SETTINGS}
    course = DEFAULT_PATH
    inherited = {}
    if path.resolve() != course.resolve() and course.is_file():
        course_data = _read(course)
        inherited = {name: _course_value(name, course_data, course) for name in COURSE_SETTINGS}
    found = {}
    for name, (section, key, default) in COURSE_SETTINGS.items():
        for values, where in ((own, path), (inherited, course)):
            if values.get(name) is not None:
                found[name] = (values[name], f"{from_here(where)} [{section}] {key}")
                break
        else:
            found[name] = (default, "the default")
    return found


def from_here(path):
    """`path` as an instructor in the course's folder would type it: relative to the working
    folder when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _course_value(name, data, path):
    """The setting `name` as the grading.toml at `path` (whose table is `data`) gives it; None
    when it does not."""
    source = str(path)
    if name == "secret_file":
        return _secret_file(_section(data, "official", source), path, source)
    course = _section(data, "course", source)
    refuse_unknown(course, COURSE_KEYS, "[course]", source)
    if name not in course:
        return None
    if name == "language":
        return chosen(course["language"], f"{source}: course.language")
    return threshold(course["fail_under"], f"{source}: course.fail_under")


@dataclass(frozen=True)
class Threshold:
    """A score the pull-request job requires: `value` points, or `value` per cent of the points
    the job can check."""
    value: float
    percent: bool = False

    def points(self, checkable):
        """The points required of a run that can check `checkable` points."""
        return checkable * self.value / 100 if self.percent else self.value

    def __str__(self):
        return f"{self.value:g}%" if self.percent else f"{self.value:g}"


def threshold(value, source):
    """A threshold as grading.toml or --fail-under gives it: points (70) or a percentage of the
    points the job can check ("95%"); a one-line ConfigError otherwise."""
    text = str(value).strip() if type(value) in (int, float, str) else ""
    percent = text.endswith("%")
    try:
        number = float(text.removesuffix("%"))
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or number < 0 or (percent and number > 100):
        raise ConfigError(f"{source}: {_shown(value)} is not a number of points or a percentage: "
                          f"give one such as 70 or \"95%\"")
    return Threshold(number, percent)


def _in_languages(entry, key, dotted, source):
    """A check's text given once (English) or per language (`hint.ca = "..."`): {language:
    text}, without blank ones, which say nothing (and would hide another language's)."""
    value = entry.get(key, "")
    if type(value) is str:
        return {ENGLISH: value} if value.strip() else {}
    if not isinstance(value, dict):
        raise ConfigError(f"{source}: {dotted}.{key} must be a string or one per language "
                          f"({key}.ca = \"...\"), not {_shown(value)}")
    refuse_unknown(value, LANGUAGES, f"{dotted}.{key}", source, kind="language")
    for code, text in value.items():
        if type(text) is not str:
            raise ConfigError(f"{source}: {dotted}.{key}.{code} must be a string, "
                              f"not {_shown(text)}")
    return {code: text for code, text in value.items() if text.strip()}


def _total(grading, source):
    """[grading] total: what the checks' points must add up to (100 when the section is absent)."""
    refuse_unknown(grading, ("total",), "[grading]", source)
    return _number(grading, "total", TOTAL_ALLOWED, "grading.total", source, DEFAULT_TOTAL)


def _limits(table, source):
    refuse_unknown(table, [f.name for f in fields(Limits)], "[limits]", source)
    limits = Limits(**{f.name: _number(table, f.name, f.metadata["allowed"], f"limits.{f.name}",
                                       source, f.default) for f in fields(Limits)})
    # A function's calls may take half a check's time (function_seconds): less than one call's
    # floor would time out a correct submission's first call.
    if limits.function_seconds() < limits.call_floor_seconds:
        raise ConfigError(f"{source}: limits.check_seconds = {limits.check_seconds:g} is below "
                          f"twice limits.call_floor_seconds = {limits.call_floor_seconds:g}; a "
                          f"function's calls may take half a check's time, at least one call's: "
                          f"raise check_seconds")
    return limits


def _checks(table, total, language, source):
    """The [checks] entries, whose points must add up to `total` exactly."""
    checks = {name: _check(name, entry, total, language, source) for name, entry in table.items()}
    points = math.fsum(policy.points for policy in checks.values())
    # fsum is exact for the sums grading.toml can hold, so only float noise is forgiven
    if not math.isclose(points, total, rel_tol=0, abs_tol=1e-9):
        raise ConfigError(f"{source}: the checks' points add up to {points:.12g}, not [grading] "
                          f"total = {total:g}; change points so they do")
    return checks


def _check(name, entry, total, language, source):
    quoted = json.dumps(name, ensure_ascii=False)  # as grading.toml spells the key
    where, dotted = f"[checks] {quoted}", f"checks.{quoted}"
    if not isinstance(entry, dict):
        raise ConfigError(f"{source}: {where} must be a table like "
                          f"{{ points = 2, visibility = \"hidden\", hint = \"...\" }}")
    refuse_unknown(entry, CHECK_KEYS, where, source)
    points = _number(entry, "points", Allowed(0, total), f"{dotted}.points", source)
    visibility = entry.get("visibility", "visible")
    if visibility not in VISIBILITIES:
        raise ConfigError(f"{source}: {dotted}.visibility = {_shown(visibility)} is not "
                          f"allowed; use one of {', '.join(map(json.dumps, VISIBILITIES))}")
    hints = _in_languages(entry, "hint", dotted, source)
    names = _in_languages(entry, "name", dotted, source)
    # what students read of a hidden check: English's hint is translated, the course's is theirs
    if visibility == "hidden" and not (hints.get(ENGLISH) or hints.get(language)):
        raise ConfigError(f"{source}: {where} is hidden, so it needs a hint: add hint = \"...\" "
                          f"saying what it checks, since students see nothing else of it")
    examples = (_number(entry, "examples", EXAMPLES_ALLOWED, f"{dotted}.examples", source)
                if "examples" in entry else None)
    checked_here = entry.get("checked_here", True)
    if type(checked_here) is not bool:
        raise ConfigError(f"{source}: {dotted}.checked_here must be true or false, "
                          f"not {_shown(checked_here)}")
    catches = entry.get("catches", [])
    if type(catches) is not list or not all(type(name) is str for name in catches):
        raise ConfigError(f"{source}: {dotted}.catches must be a list of known mistakes' names, "
                          f"[\"root_not_tightened\"], not {_shown(catches)}")
    # the course's first, the hint of last resort; the order changes no stamp (provenance sorts)
    hints = dict(sorted(hints.items(), key=lambda item: item[0] != language))
    return CheckPolicy(points, visibility, hints, examples, checked_here, names, tuple(catches))


def _secret_file(official, path, source):
    """[official] secret_file: the file holding the course's secret, `~` expanded, relative to
    the grading.toml; None when not given. A salt left from before is refused: the secret in a
    file every copy of the project holds is no secret."""
    if "salt" in official:
        raise ConfigError(f"{source}: [official] salt is no longer read, since every copy of the "
                          f"project would share it: delete it and keep the course's secret "
                          f"outside the project (set AUTOGRADER_SECRET or run python -m "
                          f"autograder secret)")
    refuse_unknown(official, ("secret_file",), "[official]", source)
    named = official.get("secret_file")
    if named is None:
        return None
    if type(named) is not str or not named.strip():
        raise ConfigError(f"{source}: official.secret_file must be the path of a file, e.g. "
                          f"\"~/.config/autograder/course.secret\", not {_shown(named)}")
    return path.parent / Path(named).expanduser()
