"""Writing output files whole or not at all.

A reader never sees half a report or gradebook.

May import: nothing of the grader.
"""
import os
import tempfile
from pathlib import Path


def write_atomically(path, content):
    """Write `content` (str or bytes) to `path` through a temporary file and a rename."""
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        binary = isinstance(content, bytes)
        mode = {"mode": "wb"} if binary else {"mode": "w", "newline": ""}
        with os.fdopen(descriptor, **mode) as handle:
            handle.write(content)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide the file from others
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


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
