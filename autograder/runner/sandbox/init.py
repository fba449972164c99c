"""The unshare mode's init: it builds the worker's root, then runs the worker as the worker's uid.

namespaces.unshare_command runs this file by path, as root, as pid 1 of the fresh mount, pid,
network, ipc and uts namespaces that util-linux `unshare` makes. Its one argument is a JSON object:
uid, cwd, argv, binds ([host path, path inside] pairs), fds (the worker's, which init closes),
tmp_mb and shm_mb. It runs alone, so it imports only the standard library, all of it before the
pivot; the kernel's numbers that the grader's side shares with it are named here, once.

It builds the root bubblewrap would (pivot_root into a tmpfs holding a read-only /usr, /proc, a
minimal /dev, a private /tmp and the readable folders), starts the worker as the unprivileged uid
in a new session with no new privileges (what `setpriv --reuid --regid --clear-groups` does), and
stays as init: it reaps orphans, and when the worker ends it exits with the worker's status
(128 + signal when killed, like bwrap), which ends every other process of the namespace.
"""
import contextlib
import ctypes
import functools
import json
import os
import signal
import sys

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8  # mount(2) flags
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2  # umount2(2)
PR_SET_NO_NEW_PRIVS = 38  # prctl(2): no setuid binary can raise privileges again
# pivot_root(2) has no libc wrapper: its system call's number, by machine
PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "arm64": 41, "riscv64": 41, "armv7l": 218,
              "armv6l": 218, "i686": 217, "i386": 217, "ppc64le": 203, "s390x": 217}
SYSTEM_FOLDERS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")  # shown beside /usr
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
DEVICE_LINKS = {"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1",
                "stderr": "/proc/self/fd/2"}
OLD, NEW = "/oldroot", "/newroot"  # the host's root and the worker's, between the two pivots


@functools.cache
def _libc():  # not the grader's system.libc: this file runs alone
    return ctypes.CDLL(None, use_errno=True)


def _check(result, what):
    if result != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{what}: {os.strerror(error)}")


def _c(text):
    return None if text is None else text.encode()


def mount(source, target, kind, flags, data=None):
    _check(_libc().mount(_c(source), _c(target), _c(kind), ctypes.c_ulong(flags), _c(data)),
           f"mount {target}")


def umount(target):
    _check(_libc().umount2(_c(target), MNT_DETACH), f"umount {target}")


def pivot_root(new, old):
    _check(_libc().syscall(PIVOT_ROOT[os.uname().machine], _c(new), _c(old)), "pivot_root")


def bind(source, target, flags=MS_RDONLY | MS_NOSUID | MS_NODEV):
    """Bind `source` at `target`, made first (a folder, or an empty file), then remount it with
    `flags`: a bind mount ignores them until remounted."""
    if os.path.isdir(source):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        open(target, "a").close()
    mount(source, target, None, MS_BIND)
    mount(None, target, None, MS_REMOUNT | MS_BIND | flags)


def build_root(config):
    """Make the worker's root the root of this mount namespace, read-only but its two tmpfs."""
    mount(None, "/", None, MS_REC | MS_PRIVATE)  # nothing mounted here reaches the host
    mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m")
    for folder in (NEW, OLD):
        os.mkdir("/tmp" + folder)
    pivot_root("/tmp", "/tmp" + OLD)  # the host's root is now OLD, its /tmp visible again there
    os.chdir("/")
    mount(NEW, NEW, None, MS_BIND | MS_REC)  # a mount point, for the final pivot_root
    fill(NEW, config)
    umount(OLD)
    os.chdir(NEW)
    pivot_root(".", ".")
    umount(".")
    os.chdir("/")
    mount(None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def fill(new, config):
    """What the worker sees under `new`: the system's programs, /proc, /dev, /tmp, the binds."""
    bind(OLD + "/usr", new + "/usr")
    for name in SYSTEM_FOLDERS:
        host = f"{OLD}/{name}"
        if os.path.islink(host):
            os.symlink(os.readlink(host), f"{new}/{name}")
        elif os.path.isdir(host):
            bind(host, f"{new}/{name}")
    os.mkdir(new + "/proc")
    mount("proc", new + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    fill_dev(new + "/dev", config["shm_mb"])
    os.mkdir(new + "/tmp")
    mount("tmpfs", new + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV,
          f"mode=1777,size={config['tmp_mb']}m")
    for source, target in config["binds"]:
        bind(OLD + source, new + target)


def fill_dev(dev, shm_mb):
    """A minimal /dev that only root may write: a few of the host's devices, the usual links, and
    a /dev/shm of `shm_mb` MiB."""
    os.mkdir(dev)
    mount("tmpfs", dev, "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755,size=1m")
    for name in DEVICES:
        if os.path.exists(f"{OLD}/dev/{name}"):
            bind(f"{OLD}/dev/{name}", f"{dev}/{name}", MS_NOSUID | MS_NOEXEC)
    for name, target in DEVICE_LINKS.items():
        os.symlink(target, f"{dev}/{name}")
    os.mkdir(dev + "/shm")
    mount("tmpfs", dev + "/shm", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
          f"mode=1777,size={shm_mb}m")


def start_worker(config):
    """The worker's pid: forked, in a new session, as the unprivileged uid, without new
    privileges, running config["argv"] in config["cwd"]."""
    worker = os.fork()
    if worker:
        return worker
    try:
        os.setsid()
        os.setgroups([])
        uid = config["uid"]
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        _check(_libc().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        # ignored by this Python, and an ignored signal stays ignored across exec
        for number in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT):
            signal.signal(number, signal.SIG_DFL)
        os.chdir(config["cwd"])
        os.execv(config["argv"][0], config["argv"])
    except BaseException as error:
        os.write(2, f"sandbox: cannot start the worker: {error}\n".encode())
    os._exit(127)


def main(config):
    build_root(config)
    worker = start_worker(config)
    for fd in config["fds"]:
        with contextlib.suppress(OSError):
            os.close(fd)  # only the worker holds the pipes, so their ends close when it does
    while True:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            os._exit(1)
        if pid == worker:
            code = os.waitstatus_to_exitcode(status)
            os._exit(128 - code if code < 0 else code)


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
