"""The Python a sandbox runs: one the unprivileged uid may run and the namespace modes show."""
import functools
import os
import re
import stat
import sys

MIN_PYTHON = (3, 11)  # the worker is started with -P


def python_version(path):
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
        version = python_version(candidate)
        if (real.startswith("/usr/") and os.path.isfile(real) and version and version >= MIN_PYTHON
                and os.stat(real).st_mode & stat.S_IXOTH):
            return real
    return None
