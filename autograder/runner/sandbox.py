"""Where the untrusted worker runs: the strongest process sandbox this machine offers.

Why: the worker imports and runs the student's code. That code could read the reference solutions
and the grading policy, overwrite results, reach the network, fork-bomb or exhaust the machine, or
leave a daemon behind that outlives the worker and tampers with the next one. A timer or a limit set
inside the worker is defeated by the code it limits, so everything here is imposed from outside:
by the kernel (namespaces, rlimits, an unprivileged uid) and by the grader killing what is left.

The modes, strongest first (MODES); `probe()` picks the first that really starts a Python here:

  bwrap    bubblewrap started *as the worker's own unprivileged uid* (not as root with --uid):
           new user, mount, pid, network, ipc, uts and cgroup namespaces; a root holding only a
           read-only /usr, a minimal /dev, /proc, a private size-capped /tmp and the `readable`
           folders, read-only. No nested user namespaces, no capabilities, no new privileges.
  unshare  for root where unprivileged user namespaces are refused (a sysctl, Ubuntu's AppArmor
           restriction, a seccomp policy), so bwrap fails: util-linux `unshare` makes the same
           namespaces except the user one, and a small trusted init (INIT below, pid 1 of the new
           pid namespace, still root) builds the same minimal root, then starts the worker as the
           unprivileged uid (what `setpriv --reuid --regid --clear-groups` does) with no new
           privileges, and reaps orphans until the worker ends.
  rlimits  no namespaces (e.g. a container that forbids them), but root: the worker runs as the
           unprivileged uid with rlimits, a new session and no new privileges; cleanup kills every
           process of that uid and removes what it left in the world-writable folders.
  plain    the grader's own user (a macOS or Windows laptop, or Linux without root): rlimits where
           the OS has them, a new session, and the supervisor's wall-clock kill. It defends against
           runaway code, not against malicious code.

What each mode does NOT defend against:
  bwrap    kernel exploits (the sandbox shares the kernel; no seccomp filter is installed), CPU
           and memory pressure on the host within the limits, and disk bandwidth.
  unshare  the same as bwrap, plus: the init that builds the root runs as real root (it runs only
           trusted code and the worker cannot signal or trace it), and there is no user namespace,
           so a kernel bug reachable by an unprivileged uid is reachable here too.
  rlimits  no filesystem isolation: the worker reads everything world-readable (the repository
           with reference/ and grading.toml is, on this machine), and may write to world-writable
           folders (removed at cleanup); full network access; shared /tmp (a private TMPDIR is set,
           but nothing enforces it); SysV IPC objects are removed at cleanup.
  plain    almost nothing: the worker is the grader's user (as root, it can do anything root
           can), NPROC counts every process of that user, network and files are open. Cleanup
           finds escaped daemons (Linux) by a marker in their environment, which a daemon can drop
           by re-executing itself with a clean environment.

The unprivileged uids are BASE_UID + slot, one per concurrent worker, leased with a lock file so
that concurrent graders (pytest-xdist) never share one: RLIMIT_NPROC counts per uid, and cleanup
kills every process of the uid. No /etc/passwd entry is needed.

The folders the worker may read are usually created by tempfile.mkdtemp (mode 0700, owned by root),
which an unprivileged uid cannot enter: `launch` therefore makes the `readable` trees world-readable
(o+rX) and, in the modes where the unprivileged uid itself resolves host paths (bwrap, rlimits), adds
o+x (enter, not list) to each of their parent folders. Pass only folders made for the worker. The
cost: a local uid that learns the random mkdtemp name (/tmp is listable) can read the staged
submission; bwrap workers cannot see the host's /tmp, rlimits workers can (see above).

Use (the supervisor):

    sandbox = Sandbox()                     # probe()'s mode; leases a uid when root
    kwargs = sandbox.launch([...python arguments...], readable=[runtime, submission],
                            pass_fds=(r, w), limits=SandboxLimits(memory_mb=1024), cwd=submission)
    process = subprocess.Popen(**kwargs, stdin=..., stdout=..., stderr=...)
    ...
    sandbox.cleanup(process)                # after each worker: nothing of it remains
    sandbox.close()                         # at the end: cleanup and release the uid

Call Popen from a thread that lives as long as the worker (the main thread): the worker gets
SIGKILL when the thread that started it ends (PR_SET_PDEATHSIG, and bwrap's --die-with-parent),
so that a grader that dies without cleaning up does not leave a worker behind.
"""
import contextlib
import functools
import json
import os
import re
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from autograder.errors import SandboxError
from dataclasses import dataclass
from pathlib import Path

try:  # POSIX only; the "plain" mode also runs on Windows
    import fcntl
    import pwd
    import resource
except ImportError:  # pragma: no cover - Windows
    fcntl = pwd = resource = None

LINUX = sys.platform.startswith("linux")
MODES = ("bwrap", "unshare", "rlimits", "plain")
UID_MODES = ("bwrap", "unshare", "rlimits")  # the modes that switch to an unprivileged uid as root
BASE_UID = 61000
UID_SLOTS = 64
MIN_PYTHON = (3, 11)  # the worker is started with -P
MARKER = "AUTOGRADER_SANDBOX"  # environment variable naming the sandbox a process belongs to
BASE_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
PRIVATE_TMP = "autograder-sandbox-tmp-"  # + the grader's pid: a private TMPDIR (rlimits, plain)
SHARED_WRITABLE = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", "/run/lock")
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
CLEANUP_SECONDS = 10.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if LINUX else 100  # /proc's unit of CPU time
ZOMBIE_SECONDS = 0.2  # then a zombie whose parent is not us is left to that parent
PROBE_SECONDS = 5.0
PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "arm64": 41, "riscv64": 41, "armv7l": 218,
              "armv6l": 218, "i686": 217, "i386": 217, "ppc64le": 203, "s390x": 217}
CGROUP = "/sys/fs/cgroup"
WORKER_CGROUP = "autograder-worker-"  # + the uid: the memory cgroup of that uid's workers
PR_SET_CHILD_SUBREAPER = 36
PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
IPC_RMID = 0

PROBE_ERRORS = {}  # mode -> why it did not work here, for a log line or a bug report



@dataclass(frozen=True)
class SandboxLimits:
    cpu_seconds: int = 600     # CPU time per process: a backstop; wall-clock kills come first
    memory_mb: int = 1024      # address space per process (RLIMIT_AS)
    processes: int = 64        # per uid, the sandbox's own helpers (1-3) included; not in plain mode
    file_size_mb: int = 16     # largest file the worker may write
    open_files: int = 256      # descriptors per process
    tmp_mb: int = 64           # size of the private /tmp (bwrap and unshare modes)
    shm_mb: int = 16           # size of the private /dev/shm (bwrap and unshare modes)


# ---------------------------------------------------------------- small Linux helpers


@functools.cache
def _libc():
    import ctypes  # imported lazily: only Linux needs it, and only for prctl
    return ctypes.CDLL(None, use_errno=True)


def _prctl(option, value):
    return _libc().prctl(option, value, 0, 0, 0) == 0


def become_subreaper():
    """Make this process adopt its orphaned descendants (a daemon that escapes the worker's process
    group is re-parented here instead of to init), so that cleanup() can find and reap it.
    Every Sandbox makes its process one. Returns False where the OS has no such thing."""
    return LINUX and _prctl(PR_SET_CHILD_SUBREAPER, 1)


def _is_root():
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _python_version(path):
    """(3, 11) for .../python3.11 (following links), else None: no need to start it to know."""
    match = re.fullmatch(r"python(\d+)\.(\d+)", os.path.basename(os.path.realpath(path)))
    return (int(match[1]), int(match[2])) if match else None


@functools.cache
def sandbox_python():
    """A Python the unprivileged uid can run and the sandboxes show: under /usr (the only system
    tree they bind), world-executable, new enough for the worker. A pyenv or venv Python under
    /root is none of these. Prefers the grader's own minor version. None when there is none."""
    minor = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for candidate in (f"/usr/bin/python{minor}", f"/usr/local/bin/python{minor}",
                      "/usr/bin/python3", "/usr/local/bin/python3"):
        real = os.path.realpath(candidate)
        version = _python_version(candidate)
        if (real.startswith("/usr/") and os.path.isfile(real) and version and version >= MIN_PYTHON
                and os.stat(real).st_mode & stat.S_IXOTH):
            return real
    return None


@functools.cache
def _bwrap_options():
    """The options of the installed bubblewrap (--disable-userns and --size came in 0.8)."""
    try:
        text = subprocess.run(["bwrap", "--help"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(re.findall(r"--[a-z-]+", text))


# ---------------------------------------------------------------- uid leases


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


# ---------------------------------------------------------------- processes, by /proc


@dataclass(frozen=True)
class _Process:
    pid: int
    ppid: int
    uid: int
    state: str


def _processes():
    """Every process of the machine (the host's pid namespace sees those of the sandboxes too)."""
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status") as handle:
                fields = dict(line.split(":", 1) for line in handle if ":" in line)
            yield _Process(int(name), int(fields["PPid"]), int(fields["Uid"].split()[0]),
                           fields["State"].split()[0])
        except (OSError, KeyError, ValueError):
            continue  # it ended while we looked


def _program_of(pid):
    """The program a process runs, as its command line names it; None once it has ended."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return os.fsdecode(handle.read().split(b"\0", 1)[0])
    except OSError:
        return None


def _cpu_seconds_of(pid):
    """The CPU time of a process and of its children it has reaped (utime, stime, cutime and
    cstime), in seconds; 0 once it has ended."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()  # the name may hold spaces
    except OSError:
        return 0.0
    return sum(map(int, fields[11:15])) / CLOCK_TICKS


def _has_marker(pid, marker):
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return marker in handle.read().split(b"\0")
    except OSError:
        return False


def _kill(pid):
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def _reap(pid):
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def _exterminate(belongs, deadline):
    """SIGKILL every process for which belongs(process) holds until none is alive, reaping those
    re-parented to us. Repeated because a fork can race one pass; it cannot race many: a process
    with SIGKILL pending can no longer fork. Zombies left to other parents get a moment to be
    reaped (they still count towards the uid's RLIMIT_NPROC), then are left to them."""
    me = os.getpid()
    patience = time.monotonic() + ZOMBIE_SECONDS
    while True:
        remaining = [p for p in _processes() if belongs(p)]
        alive = [p for p in remaining if p.state not in "ZX"]
        for process in remaining:
            if process.state == "Z" and process.ppid == me:
                _reap(process.pid)
        for process in alive:
            _kill(process.pid)
        if not remaining or (not alive and time.monotonic() > patience):
            return
        if time.monotonic() > deadline:
            raise SandboxError(f"processes {[p.pid for p in alive]} survived SIGKILL")
        time.sleep(0.002)


# ---------------------------------------------------------------- file permissions


def _open_up(path, parents):
    """Let any uid read the tree at `path` (o+rX) and, with `parents`, enter its parent folders
    (o+x only: they stay unlistable). Symbolic links are skipped, never followed."""
    for root, folders, files in os.walk(path):
        for name in [root, *(os.path.join(root, f) for f in folders + files)]:
            mode = os.lstat(name).st_mode
            if stat.S_ISLNK(mode):
                continue
            executable = stat.S_ISDIR(mode) or mode & stat.S_IXUSR
            wanted = mode | stat.S_IROTH | (stat.S_IXOTH if executable else 0)
            if wanted != mode:
                os.chmod(name, stat.S_IMODE(wanted))
    if parents:
        for folder in Path(path).parents:
            mode = folder.stat().st_mode
            if not mode & stat.S_IXOTH:
                os.chmod(folder, stat.S_IMODE(mode) | stat.S_IXOTH)


def _remove_files_of(uid):
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


def _remove_stale_private_tmps():
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


def _remove_ipc_of(uid):
    """SysV shared memory, message queues and semaphores outlive their creator (in the host's IPC
    namespace, so in rlimits mode): remove the uid's, with IPC_RMID."""
    remove = {"shm": lambda key: _libc().shmctl(key, IPC_RMID, None),
              "msg": lambda key: _libc().msgctl(key, IPC_RMID, None),
              "sem": lambda key: _libc().semctl(key, 0, IPC_RMID)}
    for kind, column in (("shm", "shmid"), ("msg", "msqid"), ("sem", "semid")):
        try:
            header, *rows = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
        except (OSError, ValueError):
            continue
        for row in rows:
            fields = dict(zip(header.split(), row.split()))
            if fields.get("uid") == str(uid):
                remove[kind](int(fields[column]))


# ---------------------------------------------------------------- memory cgroups


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


def worker_cgroup(uid):
    """The memory cgroup of `uid`'s workers, or None where this machine gives us none."""
    found = _memory_cgroup()
    if found is None:
        return None
    try:
        return WorkerCgroup(*found, uid)
    except OSError:
        return None


# ---------------------------------------------------------------- the unshare mode's init

# Runs as root, as pid 1 of fresh mount, pid, network, ipc and uts namespaces made by `unshare`.
# It builds the same root as bubblewrap would (pivot_root into a tmpfs holding a read-only /usr,
# /proc, a minimal /dev, a private /tmp and the readable folders), then starts the worker as the
# unprivileged uid in a new session, and stays as init: it reaps orphans, and when the worker ends
# it exits with the worker's status (128 + signal when killed, like bwrap), which ends every other
# process of the namespace. All imports happen before the pivot.
INIT = r"""
import ctypes, json, os, signal, sys
c = json.loads(sys.argv[1])
libc = ctypes.CDLL(None, use_errno=True)
RDONLY, NOSUID, NODEV, NOEXEC, REMOUNT, BIND, REC, PRIVATE = 1, 2, 4, 8, 32, 4096, 16384, 1 << 18

def check(result, what):
    if result != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{what}: {os.strerror(error)}")

def enc(text):
    return None if text is None else text.encode()

def mount(source, target, kind, flags, data=None):
    check(libc.mount(enc(source), enc(target), enc(kind), ctypes.c_ulong(flags), enc(data)),
          f"mount {target}")

def umount(target):
    check(libc.umount2(enc(target), 2), f"umount {target}")  # MNT_DETACH

def pivot_root(new, old):
    check(libc.syscall(c["pivot_root"], enc(new), enc(old)), "pivot_root")

def bind(source, target, flags=RDONLY | NOSUID | NODEV):
    if os.path.isdir(source):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        open(target, "a").close()
    mount(source, target, None, BIND)
    mount(None, target, None, REMOUNT | BIND | flags)

mount(None, "/", None, REC | PRIVATE)
mount("tmpfs", "/tmp", "tmpfs", NOSUID | NODEV, "mode=0755,size=1m")
os.chdir("/tmp")
os.mkdir("newroot")
os.mkdir("oldroot")
pivot_root("/tmp", "oldroot")  # the host's root is now /oldroot, its /tmp visible again there
os.chdir("/")
mount("newroot", "newroot", None, BIND | REC)  # a mount point, for the final pivot_root
new = "/newroot"
bind("/oldroot/usr", new + "/usr")
for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
    host = "/oldroot/" + name
    if os.path.islink(host):
        os.symlink(os.readlink(host), new + "/" + name)
    elif os.path.isdir(host):
        bind(host, new + "/" + name)
os.mkdir(new + "/proc")
mount("proc", new + "/proc", "proc", NOSUID | NODEV | NOEXEC)
os.mkdir(new + "/dev")
mount("tmpfs", new + "/dev", "tmpfs", NOSUID | NOEXEC, "mode=0755,size=1m")
for name in c["devices"]:
    if os.path.exists("/oldroot/dev/" + name):
        bind("/oldroot/dev/" + name, new + "/dev/" + name, NOSUID | NOEXEC)
for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"),
                     ("stdout", "/proc/self/fd/1"), ("stderr", "/proc/self/fd/2")):
    os.symlink(target, new + "/dev/" + name)
os.mkdir(new + "/dev/shm")
mount("tmpfs", new + "/dev/shm", "tmpfs", NOSUID | NODEV | NOEXEC, f"mode=1777,size={c['shm_mb']}m")
os.mkdir(new + "/tmp")
mount("tmpfs", new + "/tmp", "tmpfs", NOSUID | NODEV, f"mode=1777,size={c['tmp_mb']}m")
for source, target in c["binds"]:
    bind("/oldroot" + source, new + target)
umount("/oldroot")
os.chdir(new)
pivot_root(".", ".")
umount(".")
os.chdir("/")
mount(None, "/", None, REMOUNT | BIND | RDONLY | NOSUID | NODEV)

worker = os.fork()
if worker == 0:
    try:
        os.setsid()
        os.setgroups([])
        os.setresgid(c["uid"], c["uid"], c["uid"])
        os.setresuid(c["uid"], c["uid"], c["uid"])
        check(libc.prctl(38, 1, 0, 0, 0), "no_new_privs")
        for number in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT):
            signal.signal(number, signal.SIG_DFL)
        os.chdir(c["cwd"])
        os.execv(c["argv"][0], c["argv"])
    except BaseException as error:
        os.write(2, f"sandbox: cannot start the worker: {error}\n".encode())
    os._exit(127)
for fd in c["fds"]:
    try:
        os.close(fd)  # only the worker holds the pipes, so their ends close when it does
    except OSError:
        pass
while True:
    try:
        pid, status = os.wait()
    except ChildProcessError:
        os._exit(1)
    if pid == worker:
        code = os.waitstatus_to_exitcode(status)
        os._exit(128 - code if code < 0 else code)
"""


# ---------------------------------------------------------------- the sandbox


def _restrictions(limits, strict, cgroup=None, uid=None):
    """The preexec_fn, run in the child before exec: it joins `cgroup` (a WorkerCgroup, as root:
    an unprivileged uid may not move itself), sets rlimits, which everything it starts inherits,
    then switches to `uid` when given (Popen's own switch would come before this function, too
    early to join the cgroup). Only builtins and one resolved C function run here (the parent
    may have threads). NPROC is ignored for root, so it bites from the switch to the unprivileged
    uid on; it is left out of the plain mode, where it would count every process of the grader's
    user. Not `strict` (plain mode, maybe macOS), a limit the OS refuses is skipped."""
    if resource is None:
        return None
    mb = 1024 * 1024
    pairs = [(resource.RLIMIT_CPU, limits.cpu_seconds), (resource.RLIMIT_AS, limits.memory_mb * mb),
             (resource.RLIMIT_FSIZE, limits.file_size_mb * mb), (resource.RLIMIT_CORE, 0),
             (resource.RLIMIT_NOFILE, limits.open_files)]
    if strict:
        pairs.append((resource.RLIMIT_NPROC, limits.processes))
    prctl = _libc().prctl if LINUX else None  # resolved here, not in the child
    parent = os.getpid()
    procs = cgroup.procs if cgroup is not None else None

    def restrict():
        if procs is not None:
            joined = os.open(procs, os.O_WRONLY)
            try:
                os.write(joined, b"0")  # 0: this process
            finally:
                os.close(joined)
        for which, value in pairs:
            try:
                hard = resource.getrlimit(which)[1]
                value = value if hard == resource.RLIM_INFINITY else min(value, hard)
                resource.setrlimit(which, (value, value))
            except (OSError, ValueError):
                if strict:
                    raise
        if uid is not None:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
        if prctl is not None:
            prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)  # no setuid binary can raise privileges again
            # If the grader dies, so does the worker (and in the unshare mode its namespace), even
            # without a kill: SIGKILL when the *thread* that called Popen ends. Set after the uid
            # switch, which would clear it; an exec of a non-setuid binary keeps it.
            prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
            if os.getppid() != parent:  # the grader died before the line above
                os._exit(1)
    return restrict


class Sandbox:
    """One worker slot: a mode, an unprivileged uid (leased when root), and the Python to run.

    launch() builds subprocess.Popen's keyword arguments; cleanup(process) leaves nothing of that
    worker; close() also releases the uid. One worker at a time per Sandbox: cleanup kills every
    process of its uid."""

    def __init__(self, mode=None, uid=None):
        # The orphans of its workers must come to this process to be reaped: elsewhere (a
        # container's init that reaps late, here every 1.5 s), cleanup waits out every zombie's
        # patience.
        become_subreaper()
        self.mode = mode or probe()
        if self.mode not in MODES:
            raise ValueError(f"unknown sandbox mode {self.mode!r}; the modes are {MODES}")
        self.uid, self._lease = None, None
        if self.mode in ("unshare", "rlimits") and not _is_root():
            raise SandboxError(f"the {self.mode} mode needs root")
        if self.mode in UID_MODES and _is_root():
            self.uid, self._lease = (uid, None) if uid is not None else lease_uid()
        self.python = sys.executable if self.mode == "plain" else sandbox_python()
        if self.python is None:
            raise SandboxError(f"no Python >= {MIN_PYTHON[0]}.{MIN_PYTHON[1]} under /usr "
                               f"for the {self.mode} mode (apt-get install python3)")
        self.marker = f"{MARKER}={secrets.token_hex(8)}".encode()
        self.cgroup = worker_cgroup(self.uid) if self.uid is not None and LINUX else None
        self._private = []  # private TMPDIRs of the modes without a private /tmp
        _remove_stale_private_tmps()
        if self.uid is not None:
            self.cleanup()  # a grader that crashed may have left processes and files on this uid

    # -- launching

    def launch(self, argv, *, readable=(), pass_fds=(), limits=SandboxLimits(), cwd=None, env=None):
        """Popen keyword arguments that run `self.python` with `argv` (its arguments, without the
        interpreter) in the sandbox. `readable` folders appear at the same paths, read-only; the
        `pass_fds` reach the worker with the same numbers; `env` is added to a minimal environment.
        The caller adds stdin, stdout and stderr."""
        readable = [os.path.abspath(path) for path in readable]
        cwd = os.path.abspath(cwd or (readable[0] if readable else "/"))
        environment = {**BASE_ENV, **(env or {})}
        if self.uid is not None:  # the unshare init binds as root: only bwrap and rlimits need parents
            for path in readable:
                _open_up(path, parents=self.mode in ("bwrap", "rlimits"))
        if self.mode in ("rlimits", "plain"):
            environment["TMPDIR"] = self._private_tmp()
        key, value = self.marker.decode().split("=", 1)
        environment[key] = value
        kwargs = {"env": environment, "pass_fds": tuple(pass_fds), "close_fds": True}
        if os.name == "nt":  # pragma: no cover - a Windows laptop: only the wall-clock kill
            kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
            kwargs.pop("pass_fds")
        else:
            kwargs["start_new_session"] = True  # the supervisor kills the process group
            if self.cgroup is not None:
                self.cgroup.limit(limits.memory_mb)
            # the unshare init switches to the uid itself, once it has built the root
            switch = self.uid if self.mode != "unshare" else None
            kwargs["preexec_fn"] = _restrictions(limits, strict=LINUX and self.mode != "plain",
                                                 cgroup=self.cgroup, uid=switch)
        interpreter = [self.python, *argv]
        if self.mode == "bwrap":
            kwargs.update(args=self._bwrap(interpreter, readable, cwd, limits), cwd="/")
        elif self.mode == "unshare":
            kwargs.update(args=self._unshare(interpreter, readable, cwd, limits, pass_fds), cwd="/")
        else:
            kwargs.update(args=interpreter, cwd=cwd)
        return kwargs

    def _bwrap(self, interpreter, readable, cwd, limits):
        options = _bwrap_options()
        args = ["bwrap", "--unshare-all", "--unshare-user", "--die-with-parent", "--new-session",
                "--cap-drop", "ALL"]
        if "--disable-userns" in options:
            args.append("--disable-userns")  # no nested user namespace: less kernel surface
        args += ["--ro-bind", "/usr", "/usr"]
        for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
            host = "/" + name
            if os.path.islink(host):
                args += ["--symlink", os.readlink(host), host]
            elif os.path.isdir(host):
                args += ["--ro-bind", host, host]
        # bwrap's /dev is a tmpfs of half the machine's memory, and /remount-ro below does not
        # reach it: a tmpfs of its own for /dev/shm, and the rest of /dev read-only
        args += ["--proc", "/proc", "--dev", "/dev"]
        for folder, megabytes in (("/dev/shm", limits.shm_mb), ("/tmp", limits.tmp_mb)):
            if "--size" in options:
                args += ["--size", str(megabytes * 1024 * 1024)]
            args += ["--tmpfs", folder]
        args += ["--remount-ro", "/dev"]
        for path in readable:
            args += ["--ro-bind", os.path.realpath(path), path]
        return args + ["--remount-ro", "/", "--chdir", cwd, "--", *interpreter]

    def _unshare(self, interpreter, readable, cwd, limits, pass_fds):
        config = {"uid": self.uid, "cwd": cwd, "argv": interpreter, "tmp_mb": limits.tmp_mb,
                  "shm_mb": limits.shm_mb,
                  "binds": [[os.path.realpath(path), path] for path in readable],
                  "devices": DEVICES, "fds": list(pass_fds),
                  "pivot_root": PIVOT_ROOT[os.uname().machine]}
        return ["unshare", "--mount", "--net", "--pid", "--ipc", "--uts", "--fork", "--kill-child",
                "--", self.python, "-I", "-S", "-B", "-c", INIT, json.dumps(config)]

    def _private_tmp(self):
        folder = tempfile.mkdtemp(prefix=f"{PRIVATE_TMP}{os.getpid()}-")
        if self.uid is not None:
            os.chown(folder, self.uid, self.uid)
        self._private.append(folder)
        return folder

    # -- after a worker

    def worker_returncode(self, returncode):
        """The worker's exit code as Popen reports a direct child's: negative for a signal. bwrap
        and the unshare init report a killed worker as 128 + signal (so a worker that itself exits
        with 129..159 reads as killed: there is no telling them apart)."""
        if self.mode in ("bwrap", "unshare") and returncode is not None and 128 < returncode < 160:
            return 128 - returncode
        return returncode

    def cpu_seconds(self):
        """The CPU time the worker's processes have used so far, reaped children included; None
        where /proc cannot tell. Time limits count this, not the wall clock, so that a busy
        machine slows a worker without costing it its points."""
        if not LINUX:
            return None
        if self.uid is not None:
            pids = [p.pid for p in _processes() if p.uid == self.uid]
        else:
            pids = [p.pid for p in _processes() if p.uid == os.getuid()
                    and _has_marker(p.pid, self.marker)]
        return sum(map(_cpu_seconds_of, pids))

    def worker_pid(self, process):
        """The pid of the worker's own Python, for a signal: `process` (the Popen) itself in the
        rlimits and plain modes, below bwrap's two processes or the unshare init (which runs the
        same Python, but as root) in the others. The shallowest process under `process` that
        runs this sandbox's Python as the worker's uid, so never one the worker started; None
        once it has ended."""
        if not LINUX:
            return process.pid  # only the plain mode runs there, without a launcher
        uid = os.getuid() if self.uid is None else self.uid
        processes, children = list(_processes()), {}
        for found in processes:
            children.setdefault(found.ppid, []).append(found)
        level = [found for found in processes if found.pid == process.pid]
        while level:
            for found in level:
                if found.uid == uid and found.state not in "ZX" \
                        and _program_of(found.pid) == self.python:
                    return found.pid
            level = [child for found in level for child in children.get(found.pid, [])]
        return None

    def cleanup(self, process=None):
        """Leave nothing of the worker: kill `process` (the Popen) and its process group, then every
        process of the sandbox's uid (or, without one, every process carrying its marker),
        reap them, and remove what the worker wrote outside a private /tmp. Raises SandboxError
        if a process survives."""
        if process is not None:
            self._kill_group(process)
            process.wait()
        deadline = time.monotonic() + CLEANUP_SECONDS
        if LINUX and self.uid is not None:
            _exterminate(lambda p: p.uid == self.uid, deadline)
        elif LINUX:
            self._kill_marked(deadline)
        if self.uid is not None:  # rlimits mode has no private /tmp (and a crashed grader's TMPDIR)
            _remove_files_of(self.uid)
            _remove_ipc_of(self.uid)
        for folder in self._private:
            shutil.rmtree(folder, ignore_errors=True)
        self._private.clear()

    def _kill_group(self, process):
        if os.name == "nt":  # pragma: no cover
            process.kill()
            return
        for kill in (lambda: os.killpg(process.pid, signal.SIGKILL), process.kill):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                kill()

    def _kill_marked(self, deadline):
        """Without a uid of its own (plain mode, bwrap as a non-root user), the worker's processes
        are those whose environment carries the marker; their zombies are reaped by pid."""
        me, killed = os.getpid(), set()
        while True:
            alive = [p.pid for p in _processes() if p.state != "Z" and p.pid != me
                     and p.uid == os.getuid() and _has_marker(p.pid, self.marker)]
            for pid in alive:
                _kill(pid)
            killed.update(alive)
            if not alive:
                break
            if time.monotonic() > deadline:
                raise SandboxError(f"processes {alive} survived SIGKILL")
            time.sleep(0.002)
        for process in _processes():
            if process.pid in killed and process.ppid == me and process.state == "Z":
                _reap(process.pid)

    def close(self):
        try:
            self.cleanup()
            if self.cgroup is not None:
                self.cgroup.remove()
        finally:
            if self._lease is not None:
                self._lease.close()
                self._lease = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---------------------------------------------------------------- probing

PROBE_SNIPPET = "import os, sys; os.write(int(sys.argv[1]), str(os.getuid()).encode())"


def _prerequisites(mode):
    """Why `mode` cannot work here without trying it, or None."""
    if mode == "plain":
        return None
    if not LINUX:
        return "Linux only"
    if mode in ("unshare", "rlimits") and not _is_root():
        return "needs root, to switch to an unprivileged uid"
    if mode == "unshare" and os.uname().machine not in PIVOT_ROOT:
        return f"pivot_root's syscall number on {os.uname().machine} is not known"
    if mode in ("bwrap", "unshare") and not shutil.which(mode):
        package = "bubblewrap" if mode == "bwrap" else "util-linux"
        return f"no {mode} executable (apt-get install {package})"
    if sandbox_python() is None:
        return "no Python under /usr that an unprivileged uid can run"
    return None


def _try(mode):
    """Start a trivial Python in `mode` and check it ran as the expected uid, passing a pipe."""
    reason = _prerequisites(mode)
    if reason:
        return reason
    try:
        with Sandbox(mode) as sandbox:
            read, write = os.pipe()
            try:
                kwargs = sandbox.launch(["-S", "-c", PROBE_SNIPPET, str(write)], pass_fds=(write,))
                process = subprocess.Popen(**kwargs, stdin=subprocess.DEVNULL,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                os.close(write)
                write = -1
                try:
                    _, errors = process.communicate(timeout=PROBE_SECONDS)
                except subprocess.TimeoutExpired:
                    errors = b"timed out"
                finally:
                    sandbox.cleanup(process)
                answer = os.read(read, 64).decode()
            finally:
                os.close(read)
                if write >= 0:
                    os.close(write)
            expected = str(os.getuid() if sandbox.uid is None else sandbox.uid)
            if process.returncode != 0 or answer != expected:
                return (f"exit code {process.returncode}, uid {answer or '?'} instead of {expected}: "
                        f"{errors.decode(errors='replace').strip()[-500:]}")
    except (OSError, SandboxError, subprocess.SubprocessError) as error:
        return f"{type(error).__name__}: {error}"
    return None


@functools.cache
def works(mode):
    """Whether `mode` really starts a sandboxed Python here (the reason is kept in PROBE_ERRORS)."""
    reason = _try(mode)
    if reason:
        PROBE_ERRORS[mode] = reason
    return reason is None


@functools.cache
def probe():
    """The strongest mode that works on this machine, tried once per process (tens of ms)."""
    return next((mode for mode in MODES if works(mode)), "plain")
