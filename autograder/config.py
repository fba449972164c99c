"""grading.toml: the course's grading policy, loaded once and validated with one-line errors."""
import tomllib
from dataclasses import dataclass
from pathlib import Path

from autograder.sandbox import SandboxLimits

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "grading.toml"


class ConfigError(Exception):
    """grading.toml cannot be used; the message says where and what to change."""


@dataclass(frozen=True)
class Limits:
    call_floor_seconds: float = 3.0   # CPU time every call may use, however fast the reference
    slowdown: float = 20.0            # ...plus this many times the reference's CPU time for it
    check_seconds: float = 900.0      # pytest-timeout's backstop for one whole check
    memory_mb: int = 1024             # the worker's address space
    cpu_seconds: int = 600            # CPU time of one worker process, behind the wall-clock kill
    processes: int = 64               # processes of the worker's uid
    file_size_mb: int = 16            # the largest file the worker may write
    open_files: int = 256             # file descriptors of one worker process
    output_kb: int = 64               # what is kept of the student's printed output
    grader_memory_mb: int = 2048      # the grading process's own address space, lanes included

    def call_seconds(self, reference_seconds):
        return self.call_floor_seconds + self.slowdown * reference_seconds

    def sandbox(self):
        return SandboxLimits(cpu_seconds=int(self.cpu_seconds), memory_mb=int(self.memory_mb),
                             processes=int(self.processes), file_size_mb=int(self.file_size_mb),
                             open_files=int(self.open_files))


SALT_LENGTH = 16  # characters: a salt a student could guess would let them precompute the games
VISIBILITIES = ("visible", "hidden", "after_due_date")
HIDDEN_HINT = "This check is hidden: its input and expected answer are not shown."


@dataclass(frozen=True)
class CheckPolicy:
    points: float
    visibility: str = "visible"  # hidden: students see the name, points and hint, nothing else
    hint: str = ""
    examples: int | None = None  # generated examples for this check, if not [hypothesis]'s
    # False in the students' repository for the checks it does not hold (release.py): a run there
    # names them as checked when graded.
    checked_here: bool = True


@dataclass(frozen=True)
class Config:
    max_examples: int
    limits: Limits
    checks: dict
    # The secret the official games are drawn from ([official] salt); None: the public games,
    # the ones the students' repository meets and holds the answers for.
    salt: str | None = None

    def policy(self, check_name):
        try:
            return self.checks[check_name]
        except KeyError:
            raise ConfigError(f"grading.toml has no entry for the check {check_name!r}: "
                              f"add it under [checks]") from None


def _number(table, key, where, default):
    value = table.get(key, default)
    if type(value) not in (int, float) or value < 0:
        raise ConfigError(f"grading.toml: {where}.{key} must be a non-negative number, "
                          f"not {value!r}")
    return value


def load(path=DEFAULT_PATH):
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise ConfigError(f"no grading configuration at {path}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    unknown = set(data) - {"hypothesis", "limits", "checks", "official"}
    if unknown:
        raise ConfigError(f"grading.toml: unknown section [{sorted(unknown)[0]}]; "
                          f"the sections are [hypothesis], [limits], [checks] and [official]")
    defaults = Limits()
    limits_table = data.get("limits", {})
    unknown = set(limits_table) - set(Limits.__dataclass_fields__)
    if unknown:
        raise ConfigError(f"grading.toml: unknown setting limits.{sorted(unknown)[0]}")
    limits = Limits(**{key: _number(limits_table, key, "limits", getattr(defaults, key))
                       for key in Limits.__dataclass_fields__})
    max_examples = _number(data.get("hypothesis", {}), "max_examples", "hypothesis", 50)
    checks = {}
    for name, entry in data.get("checks", {}).items():
        if not isinstance(entry, dict) or set(entry) - {"points", "visibility", "hint", "examples",
                                                        "checked_here"}:
            raise ConfigError(f"grading.toml: [checks] {name!r} must be a table like "
                              f"{{ points = 2, visibility = \"hidden\", hint = \"...\" }}")
        visibility = entry.get("visibility", "visible")
        if visibility not in VISIBILITIES:
            raise ConfigError(f"grading.toml: {name!r} has visibility {visibility!r}; use one of "
                              f"{', '.join(VISIBILITIES)}")
        hint = entry.get("hint", HIDDEN_HINT if visibility == "hidden" else "")
        if type(hint) is not str:
            raise ConfigError(f"grading.toml: the hint of {name!r} must be a string")
        examples = entry.get("examples")
        if examples is not None and (type(examples) is not int or examples < 1):
            raise ConfigError(f"grading.toml: the examples of {name!r} must be a whole number "
                              f"of at least 1, not {examples!r}")
        checked_here = entry.get("checked_here", True)
        if type(checked_here) is not bool:
            raise ConfigError(f"grading.toml: the checked_here of {name!r} must be true or false")
        checks[name] = CheckPolicy(_number(entry, "points", f"checks.{name!r}", None),
                                   visibility, hint, examples, checked_here)
    return Config(max_examples=int(max_examples), limits=limits, checks=checks,
                  salt=_salt(data.get("official", {})))


def _salt(official):
    """[official] salt: any string of at least 16 characters, new each course and term."""
    unknown = set(official) - {"salt"}
    if unknown:
        raise ConfigError(f"grading.toml: unknown setting official.{sorted(unknown)[0]}; "
                          f"[official] holds only salt")
    salt = official.get("salt")
    if salt is not None and (type(salt) is not str or len(salt.strip()) < SALT_LENGTH):
        raise ConfigError(f"grading.toml: official.salt must be a string of at least "
                          f"{SALT_LENGTH} characters, e.g. python -c 'import secrets; "
                          f"print(secrets.token_hex(16))'")
    return salt
