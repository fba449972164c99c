"""Writing files whole or not at all; private ones for their owner alone.

A reader never sees half a report or gradebook; no other user reads a cache of the official games'
answers (0600 files in 0700 folders).

May import: nothing of the grader.
"""
import os
import tempfile
from pathlib import Path


def write_atomically(path, content, private=False):
    """Write `content` (str or bytes) to `path` through a temporary file and a rename; `private`:
    readable by its owner alone (0600), as a cache of the official games' answers is."""
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        binary = isinstance(content, bytes)
        mode = {"mode": "wb"} if binary else {"mode": "w", "newline": ""}
        with os.fdopen(descriptor, **mode) as handle:
            handle.write(content)
        if not private:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide the file from others
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def private_folder(path):
    """Make the folder `path` (and any missing above it) and let its owner alone enter it (0700):
    a cache holding the official games and their answers, which a worker running as another uid
    (the rlimits sandbox) or another user of the machine must not read."""
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o700)


def unique_names(names, safe):
    """`safe(name)` for each of `names`, made different from every other, case aside (a
    case-insensitive file system would merge them): `alice`, `alice` and `Alice` become alice,
    alice-2 and Alice-3."""
    taken, unique = set(), []
    for name in names:
        base = candidate = safe(name)
        copy = 1
        while candidate.casefold() in taken:
            copy += 1
            candidate = f"{base}-{copy}"
        taken.add(candidate.casefold())
        unique.append(candidate)
    return unique
