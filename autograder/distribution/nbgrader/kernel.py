"""The kernel nbgrader autograde runs the students' notebooks in: a sandboxed IPython kernel that
sees none of the course's files.

    python -P -m autograder.distribution.nbgrader.kernel -f CONNECTION_FILE

(the course's kernelspec, jupyter/kernels/) is a small trusted launcher. It stages, in a private
folder handed to the sandbox's unprivileged uid: what the kernel may import of the autograder
(stage_shim: the test cells' helper, autograder.commands.notebook_cells, and what it imports, with
the catalogs its messages are spoken from, and the games the notebook's examples use), a copy of
the connection file, a copy of the notebook's working folder (never a course's root), and the
report that nbgrader's trusted side made of the notebook's answers before the kernel started
(autograder.commands.nbgrader_grading, named by AUTOGRADER_NOTEBOOK_REPORT). It then runs the
IPython kernel in the sandbox (bwrap or unshare, autograder/runner/sandbox/) as the unprivileged
uid, with `python -I -S`: it sees /usr (the system's Python), the site-packages folders entry by
entry (ipykernel, Babel; never the autograder's own distribution, its editable finder or a .pth
file), the staged folder, the copy of the working folder at the working folder's path, and a
private /tmp. Not the repository, the course folder, grading.toml, the reference or the gradebook,
nor the processes or environment of nbgrader. A meta path guard also refuses `reference`.

The kernel keeps the host's network namespace: it talks to nbgrader over the connection file's
TCP ports on loopback. The network is not what this sandbox protects (SECURITY.md). The launcher
stays the kernel's parent: it passes an interrupt or a termination on to the kernel, and when the
kernel ends it leaves nothing of it (its processes, its staged folder).

Where no mode that hides files works (rlimits, plain), the launcher refuses in one line rather than
run the students' code with the grading user's view of the machine. Code in the kernel can still
tamper with the test cells in its own process; only `python -m autograder grade` keeps the
student's code out of the process that scores (SECURITY.md, "Other routes").
"""
import json
import os
import shutil
import signal
import site
import stat
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from autograder.errors import AutograderError, GradingError, SandboxError
from autograder.intake.notebook import EXECUTION, REPORT
from autograder.policy import Limits
from autograder.runner.sandbox import Sandbox, probe
from autograder.runner.sandbox.interpreter import python_version
from autograder.runner.sandbox.leftovers import private_tmp

PACKAGE = Path(__file__).resolve().parents[2]
DISTRIBUTION = "adversarial-search-autograder"
# What the test cells import (autograder.commands.notebook_cells and its imports), and the
# games the try-it cells use: never the reference, the checks or the grading policy.
SHIM_FILES = ("errors.py", "results.py", "drawing.py",
              "intake/__init__.py", "intake/notebook.py",
              "runner/__init__.py", "runner/environment.py",
              "commands/__init__.py", "commands/notebook_cells.py",
              "language/__init__.py", "language/speaking.py", "language/grammar.py")
SHIM_PACKAGES = ("games",)
# The catalogs the cells speak from, compiled when first spoken by Babel (from site-packages).
SHIM_CATALOGS = "language/locale/*/LC_MESSAGES/*.po"
SHIM_INIT = ('"""The autograde kernel\'s share of the autograder: the test cells\' helper and what '
             'it imports, and the games.\n\nNever the reference, the checks or the grading '
             'policy."""\n')
USAGE = ("usage: python -P -m autograder.distribution.nbgrader.kernel -f CONNECTION_FILE\n"
         "(the nbgrader course's autograde kernel, as its kernelspec starts it)")
COURSE_FILES = ("gradebook.db", "nbgrader_config.py", "grading.toml")  # a course's or grader's root
HIDING_MODES = ("bwrap", "unshare")  # the sandbox modes in which the kernel sees only its binds
# A whole notebook runs in one kernel, threads (ipykernel's, ZMQ's) and all: more room than a
# worker's call, still bounded. nbgrader's cell timeout bounds each cell's wall-clock time.
KERNEL_LIMITS = Limits(memory_mb=4096, cpu_seconds=3600, processes=256, open_files=1024)
# IPython writes its profile under HOME: the private /tmp is the only writable folder
KERNEL_ENV = {"HOME": "/tmp", "IPYTHONDIR": "/tmp/.ipython", "MPLCONFIGDIR": "/tmp/.matplotlib"}

BOOT = r"""
import json, sys
shim, extra = sys.argv[1], json.loads(sys.argv[2])
del sys.argv[1:3]
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


def own_entries():
    """The site-packages entries of the autograder's own distribution: its package and the
    reference when installed, or its editable finder and .pth (which name the repository)."""
    try:
        files = metadata.distribution(DISTRIBUTION).files or []
    except metadata.PackageNotFoundError:
        return set()
    return {file.parts[0] for file in files if file.parts and file.parts[0] != ".."}


def site_binds():
    """(path, path) for each entry of the site-packages folders the kernel may see: all but the
    autograder's own distribution, the editable finders and the .pth files, none of which the
    kernel runs."""
    hidden = own_entries()
    binds = []
    for folder in site_folders():
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if (entry.name in hidden or entry.name.endswith(".pth")
                    or entry.name.startswith("__editable__")):
                continue
            binds.append((os.path.realpath(entry.path), entry.path))
    return binds


def check_reachable(sandbox, folders):
    """bwrap binds as the sandbox's uid, which must be able to enter each folder's parents (the
    unshare init binds as root): a one-line refusal naming the first it cannot."""
    if sandbox.mode != "bwrap" or sandbox.uid is None:
        return
    for folder in folders:
        for parent in [Path(folder), *Path(folder).parents]:
            if not parent.stat().st_mode & stat.S_IXOTH:
                raise GradingError(f"the sandbox's uid cannot enter {parent}, which holds the "
                                   f"kernel's site-packages ({folder}): install the autograder's "
                                   "environment where other users can read it")


def kernel_arguments(arguments, shim):
    """The isolated kernel's arguments to the sandbox's Python: the site-packages folders without
    their .pth files, and never the repository."""
    return ["-I", "-S", "-B", "-c", BOOT, str(shim), json.dumps(site_folders()), *arguments]


def connection_file(arguments):
    """The connection file jupyter_client names: `-f PATH` (the kernelspec's form)."""
    if "-f" not in arguments or arguments.index("-f") + 1 >= len(arguments):
        raise GradingError("the kernel needs -f CONNECTION_FILE, as the course's kernelspec says")
    return arguments[arguments.index("-f") + 1]


def hiding_sandbox():
    """A Sandbox in a mode that hides the machine's files from the kernel, or a one-line refusal."""
    mode = probe()
    if mode not in HIDING_MODES:
        raise GradingError(f"this machine's strongest sandbox is {mode}, in which the students' "
                           "code could read the course's files: autograde needs bwrap (apt-get "
                           "install bubblewrap) or unshare as root; or grade the notebooks with "
                           "`python -m autograder grade`")
    sandbox = Sandbox(mode)
    if sys.version_info[:2] != python_version(sandbox.python):  # ipykernel's C extensions
        sandbox.close()
        raise GradingError(f"the sandbox's Python ({sandbox.python}) is not the Python "
                           f"{sys.version_info[0]}.{sys.version_info[1]} whose site-packages "
                           "hold ipykernel: install the autograder with that Python")
    return sandbox


def working_folder():
    """The notebook's folder, which the kernel sees a copy of: never the course folder itself
    (nbgrader autogrades in autograded/STUDENT/ASSIGNMENT; a kernel started at the course's root
    would be handed the gradebook and the configuration)."""
    folder = os.getcwd()
    found = [name for name in COURSE_FILES if os.path.lexists(os.path.join(folder, name))]
    if found:
        raise GradingError(f"the kernel's working folder {folder} holds {found[0]}: run the "
                           "notebook from its own folder, as nbgrader autograde does")
    return folder


def stage(staging, arguments):
    """Fill `staging` with what the kernel reads; returns (kernel arguments, environment, the
    working folder's copy)."""
    shim = stage_shim(staging / "shim")
    connection = staging / "connection.json"
    shutil.copyfile(connection_file(arguments), connection)
    arguments = list(arguments)
    arguments[arguments.index("-f") + 1] = str(connection)
    # a copy, links kept as links: inside the sandbox they lead nowhere the kernel cannot see
    work = staging / "work"
    shutil.copytree(working_folder(), work, symlinks=True)
    environment = dict(KERNEL_ENV)  # and nothing else of nbgrader's environment
    if os.environ.get(EXECUTION):
        environment[EXECUTION] = os.environ[EXECUTION]
    given = os.environ.get(REPORT)
    if given:  # its files copied one by one, as the staging folder's own files are made
        (staging / "given").mkdir()
        for path in Path(given).iterdir():
            shutil.copyfile(path, staging / "given" / path.name)
        environment[REPORT] = str(staging / "given")
    return kernel_arguments(arguments, shim), environment, work


def forward_signals(sandbox, process):
    """An interrupt (jupyter_client's SIGINT) or a termination reaches the kernel itself."""
    def forward(number, frame):
        pid = sandbox.worker_pid(process)
        if pid is not None:
            os.kill(pid, number)
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, forward)


def run(arguments):
    """Run the sandboxed kernel until it ends; returns its exit code."""
    sandbox = hiding_sandbox()
    staging = None
    try:
        check_reachable(sandbox, site_folders())
        staging = Path(private_tmp(None))
        argv, environment, work = stage(staging, arguments)
        sandbox.hand_over(staging)
        binds = [(str(staging), str(staging)), (str(work), os.getcwd()), *site_binds()]
        process = subprocess.Popen(**sandbox.launch(
            argv, binds=binds, limits=KERNEL_LIMITS, cwd=os.getcwd(), env=environment,
            host_network=True), stdin=subprocess.DEVNULL)
        forward_signals(sandbox, process)
        process.wait()
        return sandbox.worker_returncode(process.returncode)
    except (OSError, SandboxError) as error:
        raise GradingError(f"cannot start the autograde kernel: {error}") from None
    finally:
        sandbox.close()
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        return run(argv)
    except AutograderError as error:
        print(f"autograder kernel: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
