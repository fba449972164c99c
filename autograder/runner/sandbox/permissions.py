"""Opening the folders the worker reads to its unprivileged uid.

They are usually made by tempfile.mkdtemp (mode 0700, owned by root), which another uid cannot
enter; SECURITY.md says what opening them costs.
"""
import os
import stat
from pathlib import Path


def open_up(path, parents):
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
