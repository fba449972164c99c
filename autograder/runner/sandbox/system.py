"""What the sandbox needs to know of the machine it runs on: Linux or not, root or not, and libc."""
import functools
import os
import sys

LINUX = sys.platform.startswith("linux")


@functools.cache
def libc():
    import ctypes  # imported lazily: only Linux needs it, for prctl and SysV IPC
    return ctypes.CDLL(None, use_errno=True)


def is_root():
    return hasattr(os, "geteuid") and os.geteuid() == 0
