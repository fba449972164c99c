"""The kernel nbgrader autograde runs the students' notebooks in: one that cannot import the
reference.

    python -P -m autograder.distribution.nbgrader.kernel -f CONNECTION_FILE

(the course's kernelspec, jupyter/kernels/) copies what the kernel may import of the autograder to
a private folder (stage_shim: the test cells' helper, autograder.commands.notebook_cells, and
what it imports, with the catalogs its messages are spoken from, and the games the notebook's
examples use), then becomes an IPython kernel run with `python -I -S`: no site initialisation,
so no .pth file runs and the editable install's finder, which maps `reference` into the
repository, is never installed. Its sys.path is that private folder, the standard library and the
site-packages folders (for ipykernel and Babel); the repository is not on it. A meta path guard
refuses `reference` besides (a non-editable install would put it in site-packages).

This keeps the reference out of the kernel's imports; it is not a sandbox: code in the kernel runs
as the grading user, can read what that user can read, and can tamper with the helper in its own
process. nbgrader's scores are as trustworthy as nbgrader's kernel; `python -m autograder grade`
on the submitted notebooks is the sandboxed path.
"""
import json
import os
import shutil
import site
import sys
import tempfile
from pathlib import Path

from autograder.errors import AutograderError, GradingError

PACKAGE = Path(__file__).resolve().parents[2]
# What the test cells import (autograder.commands.notebook_cells and its imports), and the
# games the try-it cells use: never the reference, the checks or the grading policy.
SHIM_FILES = ("contract.py", "errors.py", "results.py", "drawing.py",
              "intake/__init__.py", "intake/notebook.py",
              "runner/__init__.py", "runner/environment.py",
              "commands/__init__.py", "commands/notebook_cells.py",
              "language/__init__.py", "language/speaking.py")
SHIM_PACKAGES = ("games",)
# The catalogs the cells speak from, compiled when first spoken by Babel (from site-packages).
SHIM_CATALOGS = "language/locale/*/LC_MESSAGES/*.po"
SHIM_INIT = ('"""The autograde kernel\'s share of the autograder: the test cells\' helper and what '
             'it imports, and the games.\n\nNever the reference, the checks or the grading '
             'policy."""\n')
USAGE = ("usage: python -P -m autograder.distribution.nbgrader.kernel -f CONNECTION_FILE\n"
         "(the nbgrader course's autograde kernel, as its kernelspec starts it)")

BOOT = r"""
import atexit, json, shutil, sys
shim, extra = sys.argv[1], json.loads(sys.argv[2])
del sys.argv[1:3]
atexit.register(shutil.rmtree, shim, True)
sys.path.insert(0, shim)
sys.path.extend(extra)


class RefuseTheReference:
    # Nothing in this kernel may import the reference solutions, whatever finder would find them.
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "reference" or name.startswith(("reference.", "__editable__")):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, RefuseTheReference)
from ipykernel import kernelapp
kernelapp.launch_new_instance()
"""


def stage_shim(folder):
    """Copy what the kernel may import of the autograder into `folder`/autograder."""
    target = Path(folder) / "autograder"
    target.mkdir(parents=True)
    (target / "__init__.py").write_text(SHIM_INIT, encoding="utf-8")
    catalogs = [path.relative_to(PACKAGE).as_posix() for path in PACKAGE.glob(SHIM_CATALOGS)]
    for name in [*SHIM_FILES, *catalogs]:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGE / name, target / name)
    for package in SHIM_PACKAGES:
        shutil.copytree(PACKAGE / package, target / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def site_folders():
    """The site-packages folders the kernel imports from (ipykernel, Babel), never the
    repository; added to sys.path as folders, so none of their .pth files runs."""
    root = PACKAGE.parent
    folders = []
    for folder in [*site.getsitepackages(), site.getusersitepackages()]:
        path = Path(folder)
        if path.is_dir() and path.resolve() != root and str(path) not in folders:
            folders.append(str(path))
    return folders


def kernel_command(kernel_arguments, shim):
    """The isolated kernel's command line: the site-packages folders without their .pth files, and
    never the repository."""
    return [sys.executable, "-I", "-S", "-c", BOOT, str(shim), json.dumps(site_folders()),
            *kernel_arguments]


def launch(kernel_arguments):
    """Become the kernel: this process keeps its pid, which jupyter_client manages."""
    try:
        shim = stage_shim(tempfile.mkdtemp(prefix="autograder-kernel-"))
        command = kernel_command(kernel_arguments, shim)
        os.execv(command[0], command)
    except OSError as error:
        raise GradingError(f"cannot start the autograde kernel: {error}") from None


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        launch(argv)  # returns only by raising: the kernel takes this process over
    except AutograderError as error:
        print(f"autograder kernel: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
