"""What a worker leaves besides processes, and its removal: files in the world-writable folders,
SysV IPC objects, and the private TMPDIRs of the modes that have no private /tmp."""
import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from autograder.runner.sandbox.system import libc

PRIVATE_TMP = "autograder-sandbox-tmp-"  # + the grader's pid: a private TMPDIR (rlimits, plain)
SHARED_WRITABLE = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", "/run/lock")
IPC_RMID = 0  # shmctl(2), msgctl(2), semctl(2)


def private_tmp(uid):
    """A new private TMPDIR, the worker's (`uid`'s, when it has one) to write in."""
    folder = tempfile.mkdtemp(prefix=f"{PRIVATE_TMP}{os.getpid()}-")
    if uid is not None:
        os.chown(folder, uid, uid)
    return folder


def remove_stale_private_tmps():
    """The private TMPDIRs of graders that died without cleaning up (their name holds their pid)."""
    for entry in Path(tempfile.gettempdir()).glob(PRIVATE_TMP + "*"):
        pid = entry.name[len(PRIVATE_TMP):].partition("-")[0]
        if not pid.isdigit() or not entry.is_dir() or entry.is_symlink():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # its grader lives
        except ProcessLookupError:
            shutil.rmtree(entry, ignore_errors=True)
        except OSError:
            continue


def remove_files_of(uid):
    """What the uid left in world-writable folders (rlimits mode has no private /tmp)."""
    for folder in SHARED_WRITABLE:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)


def remove_ipc_of(uid):
    """SysV shared memory, message queues and semaphores outlive their creator (in the host's IPC
    namespace, so in rlimits mode): remove the uid's, with IPC_RMID."""
    remove = {"shm": lambda key: libc().shmctl(key, IPC_RMID, None),
              "msg": lambda key: libc().msgctl(key, IPC_RMID, None),
              "sem": lambda key: libc().semctl(key, 0, IPC_RMID)}
    for kind, column in (("shm", "shmid"), ("msg", "msqid"), ("sem", "semid")):
        try:
            header, *rows = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
        except (OSError, ValueError):
            continue
        for row in rows:
            fields = dict(zip(header.split(), row.split()))
            if fields.get("uid") == str(uid):
                remove[kind](int(fields[column]))
