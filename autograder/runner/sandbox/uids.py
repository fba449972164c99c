"""The unprivileged uids workers run as, one per concurrent worker, leased with a lock file.

Concurrent graders (pytest-xdist, lanes) must never share a uid: RLIMIT_NPROC counts per uid, and
cleanup kills every process of the uid. The uids need no /etc/passwd entry.
"""
import os
import tempfile
from pathlib import Path

from autograder.errors import SandboxError

try:  # POSIX only; the "plain" mode, which leases no uid, also runs on Windows
    import fcntl
    import pwd
except ImportError:  # pragma: no cover - Windows
    fcntl = pwd = None

BASE_UID = 61000
UID_SLOTS = 64


def _lock_folder():
    """Root-only folder for the uid lock files: /run is cleared at boot, like the locks' meaning."""
    folder = Path("/run/autograder-sandbox") if os.access("/run", os.W_OK) else \
        Path(tempfile.gettempdir()) / f"autograder-sandbox-{os.geteuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    if folder.stat().st_uid != os.geteuid() or folder.stat().st_mode & 0o022:
        raise SandboxError(f"{folder} is not this user's own private folder")
    return folder


def _uid_is_free(uid):
    """A uid of our range that belongs to a real account is skipped, never killed."""
    try:
        pwd.getpwuid(uid)
        return False
    except KeyError:
        return True


def lease_uid(base=BASE_UID, slots=UID_SLOTS):
    """(uid, lock file) for one concurrent worker: the first uid of the range whose lock no live
    process holds. The lock is released when the file is closed or the holder dies."""
    folder = _lock_folder()
    for uid in range(base, base + slots):
        if not _uid_is_free(uid):
            continue
        handle = open(folder / f"{uid}.lock", "a")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            continue
        return uid, handle
    raise SandboxError(f"all {slots} sandbox uids from {base} are in use")
