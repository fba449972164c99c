"""The command lines of the two modes with namespaces: bubblewrap's, and unshare's running init.py.

Both build the same root: a read-only /usr, /proc, a minimal /dev, a private /tmp and /dev/shm of
the sizes below, and the bound folders, read-only. Both have a network namespace of their own (only
`lo`) unless told to keep the host's.
"""
import functools
import json
import os
import re
import subprocess
from pathlib import Path

import autograder.runner.sandbox.init as init

# The sizes of the two private tmpfs folders, which grading.toml does not set
TMP_MB = 64  # the private /tmp
SHM_MB = 16  # the private /dev/shm (bwrap's own /dev would be a tmpfs of half the machine)


@functools.cache
def bwrap_options():
    """The options of the installed bubblewrap (--disable-userns and --size came in 0.8)."""
    try:
        text = subprocess.run(["bwrap", "--help"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(re.findall(r"--[a-z-]+", text))


def bwrap_command(interpreter, binds, cwd, host_network=False):
    """bubblewrap running `interpreter` (a command line) in `cwd`, as the user that starts it;
    `binds` are (host path, path inside) pairs."""
    options = bwrap_options()
    args = ["bwrap", "--unshare-all", "--unshare-user", "--die-with-parent", "--new-session",
            "--cap-drop", "ALL"]
    if host_network:
        args.append("--share-net")
    if "--disable-userns" in options:
        args.append("--disable-userns")  # no nested user namespace: less kernel surface
    args += ["--ro-bind", "/usr", "/usr"]
    for name in init.SYSTEM_FOLDERS:
        host = "/" + name
        if os.path.islink(host):
            args += ["--symlink", os.readlink(host), host]
        elif os.path.isdir(host):
            args += ["--ro-bind", host, host]
    # bwrap's /dev is a tmpfs of half the machine's memory, and /remount-ro below does not
    # reach it: a tmpfs of its own for /dev/shm, and the rest of /dev read-only
    args += ["--proc", "/proc", "--dev", "/dev"]
    for folder, megabytes in (("/dev/shm", SHM_MB), ("/tmp", TMP_MB)):
        if "--size" in options:
            args += ["--size", str(megabytes * 1024 * 1024)]
        args += ["--tmpfs", folder]
    args += ["--remount-ro", "/dev"]
    for source, target in binds:
        args += ["--ro-bind", source, target]
    return args + ["--remount-ro", "/", "--chdir", cwd, "--", *interpreter]


def unshare_command(python, interpreter, uid, binds, cwd, pass_fds, host_network=False):
    """util-linux unshare running init.py with `python`, as root, which runs `interpreter` in
    `cwd` as `uid`; `binds` are (host path, path inside) pairs; the `pass_fds` are the worker's
    alone."""
    config = {"uid": uid, "cwd": cwd, "argv": interpreter, "tmp_mb": TMP_MB, "shm_mb": SHM_MB,
              "binds": [list(pair) for pair in binds], "fds": list(pass_fds)}
    network = [] if host_network else ["--net"]
    return ["unshare", "--mount", *network, "--pid", "--ipc", "--uts", "--fork", "--kill-child",
            "--", python, "-I", "-S", "-B", str(Path(init.__file__).resolve()), json.dumps(config)]
