"""Memory bounds beyond a worker process's own rlimit: a cgroup shared by everything of a worker
uid, and the grading process's cap on its own address space."""
import contextlib
import os
from pathlib import Path

try:  # POSIX only; the "plain" mode also runs on Windows
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None

CGROUP = "/sys/fs/cgroup"
WORKER_CGROUP = "autograder-worker-"  # + the uid: the memory cgroup of that uid's workers


def _memory_cgroup():
    """(folder, version) of this process's memory cgroup where it may have children with a memory
    limit: cgroup v1's memory hierarchy, or v2 with the memory controller given to children.
    None when there is none, or it is not ours to write (not root, a read-only /sys)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):
            folder, version = Path(CGROUP, "memory", path.lstrip("/")), 1
        elif controllers == "" and os.path.exists(f"{CGROUP}/cgroup.controllers"):
            folder, version = Path(CGROUP, path.lstrip("/")), 2
            try:
                given = (folder / "cgroup.subtree_control").read_text().split()
            except OSError:
                continue
            if "memory" not in given:
                continue
        else:
            continue
        if os.access(folder, os.W_OK):
            return folder, version
    return None


class WorkerCgroup:
    """A memory cgroup for every process of one sandbox uid: its workers and all their children
    share one memory limit, page cache and tmpfs pages (the private /tmp and /dev/shm) included,
    so processes cannot add up their per-process limits. The kernel's OOM killer ends a process
    of the group, never one outside it."""

    def __init__(self, parent, version, uid):
        self.folder, self.version = parent / f"{WORKER_CGROUP}{uid}", version
        self.folder.mkdir(exist_ok=True)  # a crashed grader's, on this leased uid, is reused

    def limit(self, megabytes):
        limits = {1: {"memory.limit_in_bytes": megabytes * 2**20},
                  2: {"memory.max": megabytes * 2**20, "memory.swap.max": 0}}[self.version]
        for name, value in limits.items():
            with contextlib.suppress(FileNotFoundError):  # no swap accounting here
                (self.folder / name).write_text(str(value))

    @property
    def procs(self):
        return str(self.folder / "cgroup.procs")

    def remove(self):
        with contextlib.suppress(OSError):
            self.folder.rmdir()


def worker_cgroup(uid):
    """The memory cgroup of `uid`'s workers, or None where this machine gives us none."""
    found = _memory_cgroup()
    if found is None:
        return None
    try:
        return WorkerCgroup(*found, uid)
    except OSError:
        return None


def cap_grader_memory(megabytes):
    """Cap this grading process's own address space (RLIMIT_AS), before it starts any worker or
    lane: lanes fork from it and inherit the cap, each for itself. Only the soft limit is set, so
    the sandbox still gives each worker its own limits (its preexec_fn sets them up to the hard
    limit, which stays). Past the cap an allocation raises MemoryError in the grader, which
    grading reports as "grading stopped: the grader ran out of memory" instead of being killed
    by the kernel. Returns whether the cap was set (False where the OS has no RLIMIT_AS)."""
    if resource is None or not hasattr(resource, "RLIMIT_AS"):
        return False
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    cap = megabytes * 2**20
    try:
        resource.setrlimit(resource.RLIMIT_AS,
                           (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    except (OSError, ValueError):
        return False
    return True


def uncap_grader_memory():
    """Lift cap_grader_memory's cap again, so that a grading that ran out of memory can still
    clean up its scratch and say so; returns the cap it lifted, in MiB (None: there was none)."""
    if resource is None or not hasattr(resource, "RLIMIT_AS"):
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    return None if soft == resource.RLIM_INFINITY else soft // 2**20
