"""Writing output files whole or not at all: a reader never sees half a report or gradebook."""
import os
import tempfile
from pathlib import Path


def write_atomically(path, text):
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "w", newline="") as handle:
            handle.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would hide the file from others
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
