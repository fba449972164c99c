"""The course's secret: where official grading finds it, outside every copy of the project.

Official games are drawn from a secret (engine/seeding.games_seed), so that no student can know
them ahead. A secret in a file of the project would be shared by every copy of it, the students'
included, so no grading.toml holds one: it comes from the environment variable AUTOGRADER_SECRET
(Gradescope's run_autograder and the pull-request workflow set it), else from the file `[official]
secret_file` names (the policy's own, else the course's grading.toml's), else from the instructor's
default file, $XDG_CONFIG_HOME/autograder/secret, which `python -m autograder secret` creates. One
secret per course and term serves every assignment: each check's games are drawn from it and the
assignment's name. A policy without [official] (the students' release) meets the public games and
never reads it.

May import: errors, policy.
"""
import os
import secrets
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path

from autograder.errors import ConfigError, UsageError

ENVIRONMENT = "AUTOGRADER_SECRET"
LENGTH = 16  # characters: a secret a student could guess would let them precompute the games
NEEDED = (f"official grading needs the course's secret: set {ENVIRONMENT} or run "
          f"`python -m autograder secret`")


@dataclass(frozen=True)
class Found:
    """The secret (None when there is none) and where it came from, as people read it."""
    value: str | None = field(repr=False)
    source: str = ""


def default_file():
    """The instructor's own file: in the user's configuration folder, never in a project."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "autograder" / "secret"


def configured_file(config):
    """The file `[official] secret_file` names: the policy's own, else the course's grading.toml's
    (policy.load inherits it), so that every assignment shares the course's; None when neither
    names one."""
    return config.secret_file


def checked(text, source):
    """`text`, the secret `source` holds, refused when too short to be secret."""
    value = text.strip()
    if len(value) < LENGTH:
        raise ConfigError(f"the course's secret in {source} is shorter than {LENGTH} characters: "
                          f"make a new one with python -m autograder secret")
    return value


def read(path):
    """The secret in the file at `path`, refused when other users may read it."""
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):  # a FIFO would block the read
            raise ConfigError(f"{path} is not a file: it must hold the course's secret")
        if mode & 0o077:
            raise ConfigError(f"{path} holds the course's secret but other users may read it: "
                              f"chmod 600 {path}")
        return checked(path.read_text(encoding="utf-8"), path)
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read the course's secret from {path}: "
                          f"{getattr(error, 'strerror', None) or error}") from None


def find(config):
    """The course's secret for `config`, looked for in order: the environment, the configured
    file, the default file. Found(None) when there is none; a bad one is a ConfigError."""
    if os.environ.get(ENVIRONMENT):
        source = f"the environment variable {ENVIRONMENT}"
        return Found(checked(os.environ[ENVIRONMENT], source), source)
    configured = configured_file(config)
    if configured is not None:
        if not configured.exists():
            raise ConfigError(f"[official] secret_file names {configured}, which does not exist: "
                              f"create it with python -m autograder secret")
        return Found(read(configured), str(configured))
    default = default_file()
    if default.exists():
        return Found(read(default), str(default))
    return Found(None)


def applied(config, official):
    """`config` with the secret its games are drawn from: none for a policy without [official];
    for an `official` grading, none is a ConfigError that says what to do."""
    if not config.official:
        return config
    found = find(config)
    if found.value is None and official:
        raise ConfigError(NEEDED)
    return replace(config, secret=found.value)


def create(path=None):
    """Write a new secret to `path` (the default file), mode 0600 in a folder of the user's
    alone; one already there is never overwritten, since grades were drawn from it."""
    path = Path(path) if path else default_file()
    if path.exists() or path.is_symlink():
        raise UsageError(f"{path} exists already and official grading reads it; to start a new "
                         f"term, move it away first")
    if not path.parent.exists():
        path.parent.mkdir(parents=True)
        path.parent.chmod(0o700)  # not mkdir's mode, which the umask masks
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(secrets.token_hex(16) + "\n")
    return path
