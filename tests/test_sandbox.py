"""The worker's sandbox (autograder/runner/sandbox/) holds, in every mode that works here.

Each test runs a small Python snippet through Sandbox.launch, the way the supervisor starts the
worker: the snippet reports one JSON line per fact on a passed pipe (so the passed descriptors are
exercised by every test), and the test checks it. Every mode is tried explicitly, not only the one
probe() picks; a mode that does not work here is skipped with probe's reason. What starting a
worker costs in each mode is measured by benchmarks/sandbox_startup.py.
"""
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from autograder.contract import MODULES
from autograder.policy import Limits
from autograder.runner import sandbox as sb
from autograder.runner.sandbox import Sandbox, probing, slot, uids
from autograder.runner.sandbox.namespaces import SHM_MB
from autograder.runner.sandbox.processes import every_process
from autograder.runner.sandbox.system import LINUX
from autograder.runner.worker_process import BOOTSTRAP, stage_runtime
from autograder.worker.protocol import READY
from support.paths import ROOT

pytestmark = pytest.mark.e2e  # each test runs the command line or a real sandbox

PRELUDE = ("import json, os, sys, time\n"
           "def report(**values):\n"
           "    os.write(int(sys.argv[1]), (json.dumps(values) + '\\n').encode())\n")
ISOLATED = ("bwrap", "unshare")   # namespaces: own filesystem view and network
UNPRIVILEGED = ("bwrap", "unshare", "rlimits")  # run as a leased uid (the tests run as root)

linux_root = pytest.mark.skipif(not (LINUX and os.geteuid() == 0),
                                reason="the unprivileged-uid modes need Linux and root")


@pytest.fixture(params=sb.MODES)
def mode(request):
    if not sb.works(request.param):
        pytest.skip(f"{request.param} does not work here: {sb.PROBE_ERRORS.get(request.param)}")
    return request.param


def require(mode, modes, why):
    if mode not in modes:
        pytest.skip(f"{mode} mode: {why}")


@pytest.fixture
def sandbox(mode):
    with Sandbox(mode) as box:
        yield box


@pytest.fixture
def scratch():
    """Like the grader's: a mkdtemp folder (0700, root's) holding a copy of the submission."""
    folder = Path(tempfile.mkdtemp(prefix="autograder-sandbox-test-"))
    (folder / "submission").mkdir()
    (folder / "submission" / "minimax.py").write_text("ANSWER = 42\n")
    yield folder
    shutil.rmtree(folder)


class Run:
    """One snippet in the sandbox: its reports arrive on a passed pipe, its output in a file."""

    def __init__(self, sandbox, snippet, scratch, limits=Limits(), argv_extra=(), fds=(),
                 **launch):
        self.sandbox = sandbox
        self.reports, write = os.pipe()
        self.log = tempfile.TemporaryFile()
        submission = str(scratch / "submission")
        kwargs = sandbox.launch(["-S", "-c", PRELUDE + snippet, str(write), *argv_extra],
                                readable=[submission], pass_fds=(write, *fds), limits=limits,
                                cwd=submission, **launch)
        self.process = subprocess.Popen(**kwargs, stdin=subprocess.DEVNULL, stdout=self.log,
                                        stderr=subprocess.STDOUT)
        os.close(write)
        self.buffer = b""

    def report(self, timeout=30):
        """The snippet's next report; None if every holder of the pipe is gone."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.reports], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"no report within {timeout} s; output: {self.output()}")
            chunk = os.read(self.reports, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def finish(self):
        """Clean up, then check the pipe is closed: no process of the worker still holds it."""
        self.sandbox.cleanup(self.process)
        ready, _, _ = select.select([self.reports], [], [], 5)
        assert ready and os.read(self.reports, 65536) == b"", \
            "a process of the worker survived cleanup"
        os.close(self.reports)
        return self.output()

    def output(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")


def run(sandbox, snippet, scratch, **kwargs):
    """The snippet's first report, after cleanup."""
    job = Run(sandbox, snippet, scratch, **kwargs)
    try:
        values = job.report()
    finally:
        output = job.finish()
    assert values is not None, output
    return values


def test_probe_picks_the_strongest_working_mode_quickly():
    working = [mode for mode in sb.MODES if sb.works(mode)]
    assert sb.probe() == working[0]
    started = time.monotonic()
    assert probing.attempt(sb.probe()) is None  # what probe() does, timed without its cache
    assert time.monotonic() - started < 1.0
    print(f"\nprobe: {sb.probe()}; working modes: {working}; failures: {sb.PROBE_ERRORS}")


@linux_root
def test_bubblewrap_is_the_mode_here():
    """The grading machines install bubblewrap (apt-get install -y bubblewrap)."""
    if not shutil.which("bwrap"):
        pytest.skip("bubblewrap is not installed")
    assert sb.probe() == "bwrap", sb.PROBE_ERRORS


def test_passed_pipes_carry_requests_and_replies(sandbox, scratch):
    requests, to_worker = os.pipe()
    job = Run(sandbox, "line = os.fdopen(int(sys.argv[2]), 'rb').readline()\n"
                       "report(echo=line.decode(), fds=[int(sys.argv[1]), int(sys.argv[2])])\n"
                       "time.sleep(60)\n",
              scratch, argv_extra=[str(requests)], fds=(requests,))
    os.close(requests)
    os.write(to_worker, b"hello worker\n")
    try:
        values = job.report()
    finally:
        job.finish()
        os.close(to_worker)
    assert values["echo"] == "hello worker\n"


def test_the_worker_is_an_unprivileged_uid(sandbox, scratch):
    require(sandbox.mode, UNPRIVILEGED, "keeps the grader's user by design")
    values = run(sandbox, "report(ids=[os.getuid(), os.geteuid(), os.getgid(), os.getegid()],"
                          " groups=os.getgroups())", scratch)
    assert values["ids"] == [sandbox.uid] * 4 and sandbox.uid != 0
    assert values["groups"] == []


def test_the_grader_files_are_not_there(sandbox, scratch):
    require(sandbox.mode, ISOLATED, "no filesystem isolation (documented): the repository is "
                                    "world-readable")
    snippet = ("found = {}\n"
               "for path in sys.argv[2:]:\n"
               "    try:\n"
               "        found[path] = (os.listdir(path) if os.path.isdir(path)\n"
               "                       else open(path).read())\n"
               "    except OSError as error:\n"
               "        found[path] = type(error).__name__\n"
               "report(found=found, root=sorted(os.listdir('/')))\n")
    paths = [ROOT / "reference" / "minimax.py", ROOT / "grading.toml",
             ROOT / "autograder" / "checks", ROOT, Path(sys.executable), Path.home(),
             Path("/etc/shadow")]
    values = run(sandbox, snippet, scratch, argv_extra=[str(p) for p in paths])
    assert set(values["found"].values()) == {"FileNotFoundError"}, values
    # the minimal root: /usr and its links, /proc, /dev, the private /tmp (the scratch is under it)
    assert set(values["root"]) <= {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32",
                                   "proc", "dev", "tmp"}, values["root"]


def test_the_grader_files_are_not_writable(sandbox, scratch):
    require(sandbox.mode, UNPRIVILEGED, "runs as the grader's user")
    targets = [ROOT / "results.json", ROOT / "grading.toml", ROOT / "reference" / "minimax.py"]
    snippet = ("errors = []\n"
               "for path in sys.argv[2:]:\n"
               "    try:\n"
               "        open(path, 'a').close()\n"
               "        errors.append(None)\n"
               "    except OSError as error:\n"
               "        errors.append(type(error).__name__)\n"
               "report(errors=errors)\n")
    values = run(sandbox, snippet, scratch, argv_extra=[str(t) for t in targets])
    assert None not in values["errors"], values


def test_the_submission_is_readable_and_read_only(sandbox, scratch):
    require(sandbox.mode, UNPRIVILEGED, "runs as the grader's user (root here)")
    snippet = ("import minimax\n"
               "outcomes = [minimax.ANSWER]\n"
               "for name in ('minimax.py', 'planted.py'):\n"
               "    try:\n"
               "        open(name, 'a').write('x = 1\\n')\n"
               "        outcomes.append('written')\n"
               "    except OSError as error:\n"
               "        outcomes.append(type(error).__name__)\n"
               "report(outcomes=outcomes, cwd=os.getcwd())\n")
    values = run(sandbox, "sys.path.insert(0, os.getcwd())\n" + snippet, scratch)
    assert values["outcomes"][0] == 42
    assert "written" not in values["outcomes"]
    assert values["cwd"] == str(scratch / "submission")
    assert (scratch / "submission" / "minimax.py").read_text() == "ANSWER = 42\n"
    assert not (scratch / "submission" / "planted.py").exists()


def test_a_private_tmp_that_leaves_nothing(sandbox, scratch):
    name = f"sandbox-test-{os.getpid()}-{time.monotonic_ns()}"
    snippet = ("import tempfile\n"
               f"path = os.path.join(tempfile.gettempdir(), {name!r})\n"
               "open(path, 'w').write('scratch')\n"
               "report(path=path, back=open(path).read(), tmp=tempfile.gettempdir())\n")
    values = run(sandbox, snippet, scratch)
    assert values["back"] == "scratch"
    assert not os.path.exists(values["path"]), "the worker's temporary file outlived it"
    if sandbox.mode in ISOLATED:
        assert values["tmp"] == "/tmp"


def test_nothing_written_outside_scratch_survives(sandbox, scratch):
    require(sandbox.mode, UNPRIVILEGED, "the grader's own user may write where the grader may")
    name = f"sandbox-leftover-{os.getpid()}-{time.monotonic_ns()}"
    snippet = ("written = []\n"
               "for folder in ('/tmp', '/var/tmp', '/dev/shm'):\n"
               f"    path = os.path.join(folder, {name!r})\n"
               "    try:\n"
               "        os.makedirs(path)\n"
               "        open(os.path.join(path, 'f'), 'w').write('x')\n"
               "        written.append(path)\n"
               "    except OSError:\n"
               "        pass\n"
               "import ctypes\n"
               "segment = ctypes.CDLL(None).shmget(0, 1 << 20, 0o1600)  # IPC_PRIVATE, IPC_CREAT\n"
               "report(written=written, segment=segment)\n")
    values = run(sandbox, snippet, scratch)
    assert values["written"], "the snippet could write nowhere, not even its /tmp"
    assert values["segment"] >= 0, "the snippet could not make a SysV shared memory segment"
    for folder in ("/tmp", "/var/tmp", "/dev/shm"):
        assert not os.path.exists(os.path.join(folder, name))
    owners = [line.split()[7] for line in Path("/proc/sysvipc/shm").read_text().splitlines()[1:]]
    assert str(sandbox.uid) not in owners, "the worker's shared memory outlived it"


def test_no_network(sandbox, scratch):
    require(sandbox.mode, ISOLATED, "no network namespace (documented)")
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        snippet = ("import socket\n"
                   "try:\n"
                   f"    socket.create_connection(('127.0.0.1', {port}), timeout=5)\n"
                   "    outcome = 'connected'\n"
                   "except OSError as error:\n"
                   "    outcome = type(error).__name__\n"
                   "report(outcome=outcome, interfaces=[n for _, n in socket.if_nameindex()])\n")
        values = run(sandbox, snippet, scratch)
    assert values["outcome"] != "connected"
    assert values["interfaces"] == ["lo"]


def test_the_nbgrader_kernel_keeps_loopback_and_reads_only_what_is_handed_over(sandbox, scratch):
    # The nbgrader kernel's launch: the host's network (nbgrader's TCP ports on loopback), and a
    # staged folder handed to the uid alone, bound at a path of the launcher's choosing.
    require(sandbox.mode, ISOLATED, "no network namespace (documented)")
    staged = scratch / "staged"
    staged.mkdir(mode=0o700)
    (staged / "connection.json").write_text("{}")
    sandbox.hand_over(staged)
    if sandbox.uid is not None:
        assert (staged.stat().st_uid, staged.stat().st_mode & 0o077) == (sandbox.uid, 0)
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        snippet = ("import socket\n"
                   f"socket.create_connection(('127.0.0.1', {port}), timeout=5).close()\n"
                   "report(read=open('/kernel/connection.json').read(),\n"
                   "       repository=os.path.exists(%r))\n" % str(ROOT / "grading.toml"))
        values = run(sandbox, snippet, scratch, binds=[(str(staged), "/kernel")],
                     host_network=True)
    assert values == {"read": "{}", "repository": False}


def test_a_fork_bomb_hits_the_process_limit_and_leaves_nothing(sandbox, scratch):
    require(sandbox.mode, UNPRIVILEGED, "RLIMIT_NPROC is ignored for root and counts every process "
                                        "of the grader's user")
    snippet = ("children, refused = 0, 0\n"
               "for _ in range(200):\n"
               "    try:\n"
               "        if os.fork() == 0:\n"
               "            time.sleep(120)\n"
               "            os._exit(0)\n"
               "        children += 1\n"
               "    except OSError:\n"
               "        refused += 1\n"
               "report(children=children, refused=refused)\n"
               "time.sleep(120)\n")
    job = Run(sandbox, snippet, scratch, limits=Limits(processes=32))
    try:
        values = job.report()
    finally:
        job.finish()  # every child holds the pipe: its end closing proves they are all gone
    assert values["refused"] > 0 and values["children"] < 32, values
    # A zombie runs nothing: under xdist one may be another grading's, whose subreaper (another
    # test process) has not reaped it yet when this test leases the same uid.
    assert not [p for p in every_process() if p.uid == sandbox.uid and p.state != "Z"]


def test_memory_is_capped(sandbox, scratch):
    snippet = ("try:\n"
               "    block = bytearray(2 * 1024 ** 3)\n"
               "    report(outcome='allocated')\n"
               "except MemoryError:\n"
               "    report(outcome='MemoryError')\n")
    assert run(sandbox, snippet, scratch)["outcome"] == "MemoryError"


def test_children_share_one_memory_limit(sandbox, scratch):
    """Four children of 300 MB each stay under a per-process limit of 600 MB but not, together,
    under the worker's cgroup of 600 MB: the kernel kills some of them. (Four of 800 MB passed
    the per-process 1 GiB limit before each worker had a cgroup.)"""
    if sandbox.cgroup is None:
        pytest.skip(f"{sandbox.mode} mode: no memory cgroup of ours here, so the total is the "
                    f"process limit times the memory limit")
    snippet = ("import subprocess\n"
               "hog = 'x = bytearray(300 * 2**20); import time; time.sleep(3)'\n"
               "children = [subprocess.Popen([sys.executable, '-c', hog]) for _ in range(4)]\n"
               "report(codes=[child.wait() for child in children])\n")
    codes = run(sandbox, snippet, scratch, limits=Limits(memory_mb=600))["codes"]
    assert -signal.SIGKILL in codes and 0 in codes, codes


def test_dev_and_dev_shm_hold_no_more_than_their_size(sandbox, scratch):
    """bwrap's /dev is a tmpfs of half the machine's memory: /dev/shm gets a small tmpfs of its
    own and the rest of /dev is read-only, in both modes that build their own root."""
    require(sandbox.mode, ISOLATED, "the host's /dev/shm is shared (cleaned up after the uid)")
    snippet = ("def fill(path):\n"
               "    written = 0\n"
               "    try:\n"
               "        with open(path, 'wb') as handle:\n"
               "            while written < 2**30:\n"
               "                handle.write(bytes(2**20))\n"
               "                written += 2**20\n"
               "    except OSError:\n"
               "        pass\n"
               "    return written\n"
               "report(shm=fill('/dev/shm/hoard'), dev=fill('/dev/hoard'))\n")
    assert run(sandbox, snippet, scratch) == {"shm": SHM_MB * 2**20, "dev": 0}


def test_files_and_descriptors_are_capped(sandbox, scratch):
    snippet = ("import tempfile\n"
               "path = os.path.join(tempfile.gettempdir(), 'big')\n"
               "try:\n"
               "    open(path, 'wb').write(bytes(2 * 1024 * 1024))\n"
               "    big = 'written'\n"
               "except OSError as error:\n"
               "    big = error.strerror\n"
               "handles = []\n"
               "try:\n"
               "    while len(handles) < 1000:\n"
               "        handles.append(open(os.devnull))\n"
               "except OSError:\n"
               "    pass\n"
               "report(big=big, opened=len(handles))\n")
    values = run(sandbox, snippet, scratch, limits=Limits(file_size_mb=1, open_files=64))
    assert values["big"] == "File too large"
    assert values["opened"] < 64


def test_cpu_time_is_capped_and_the_signal_reported(sandbox, scratch):
    job = Run(sandbox, "report(started=True)\nwhile True:\n    pass\n", scratch,
              limits=Limits(cpu_seconds=1))
    assert job.report() == {"started": True}
    job.process.wait(timeout=30)
    code = sandbox.worker_returncode(job.process.returncode)
    job.finish()
    assert code in (-9, -24), f"{job.process.returncode} -> {code}"  # SIGKILL or SIGXCPU


def test_a_daemon_that_escapes_the_process_group_is_gone_after_cleanup(sandbox, scratch):
    snippet = ("if os.fork() == 0:\n"
               "    os.setsid()\n"
               "    if os.fork() == 0:\n"
               "        time.sleep(0.2)\n"
               "        report(daemon=os.getpid(), group=os.getpgid(0), parent=os.getppid())\n"
               "        time.sleep(120)\n"
               "    os._exit(0)\n"
               "os.wait()\n"
               "report(main=os.getpid(), group=os.getpgid(0))\n"
               "time.sleep(120)\n")
    job = Run(sandbox, snippet, scratch)
    try:
        main = job.report()
        daemon = job.report()
    finally:
        job.finish()  # the daemon holds the pipe: its end closing proves it is gone
    assert "main" in main and "daemon" in daemon, (main, daemon)
    assert daemon["group"] != main["group"]
    if sandbox.mode not in ISOLATED:  # no pid namespace: the pid is the host's
        assert daemon["parent"] == os.getpid(), "the subreaper should have adopted the daemon"
        with pytest.raises(ProcessLookupError):
            os.kill(daemon["daemon"], 0)


def test_the_real_worker_runs_and_answers(sandbox, scratch):
    """The supervisor's own bootstrap, runtime copy and protocol, through the sandbox."""
    runtime = stage_runtime(scratch / "runtime", MODULES)
    submission = str(scratch / "submission")
    requests_r, requests_w = os.pipe()
    replies_r, replies_w = os.pipe()
    stack_r, stack_w = os.pipe()  # where the worker writes its stack when asked (SIGUSR1)
    kwargs = sandbox.launch(["-S", "-s", "-P", "-B", "-c", BOOTSTRAP, runtime, str(requests_r),
                             str(replies_w), submission, str(stack_w)],
                            readable=[runtime, submission],
                            pass_fds=(requests_r, replies_w, stack_w),
                            cwd=submission, env={"PYTHONHASHSEED": "0"})
    process = subprocess.Popen(**kwargs, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
    for fd in (requests_r, replies_w, stack_w):
        os.close(fd)
    try:
        request = {"id": 1, "call": {"function": "minimax_value"}}
        os.write(requests_w, json.dumps(request).encode() + b"\n")
        replies = b""
        while replies.count(b"\n") < 2 and select.select([replies_r], [], [], 30)[0]:
            replies += os.read(replies_r, 65536) or b"\n\n"  # b"" once it has ended
    finally:
        sandbox.cleanup(process)
        output = process.stdout.read().decode(errors="replace")
        process.stdout.close()
        for fd in (requests_w, replies_r, stack_r):
            os.close(fd)
    started, _, reply = replies.partition(b"\n")
    assert json.loads(started) == READY, output  # before any of the student's code
    assert json.loads(reply)["problem"] == {"missing_function": "minimax_value",
                                            "module": "minimax.py"}, output


GRADER = """
import os, subprocess, sys, time
from autograder.runner.sandbox import Sandbox
box = Sandbox(sys.argv[1])
report = int(sys.argv[2])
worker = "import os, sys, time; os.write(int(sys.argv[1]), b'up'); time.sleep(120)"
subprocess.Popen(**box.launch(["-S", "-c", worker, str(report)], pass_fds=(report,)))
os.close(report)
time.sleep(120)
"""


def test_the_worker_dies_with_a_grader_that_did_not_clean_up(mode):
    reports, write = os.pipe()
    grader = subprocess.Popen([sys.executable, "-c", GRADER, mode, str(write)], cwd=ROOT,
                              pass_fds=(write,))
    os.close(write)
    try:
        ready, _, _ = select.select([reports], [], [], 30)
        assert ready and os.read(reports, 16) == b"up"
    finally:
        grader.kill()
        grader.wait()
    ready, _, _ = select.select([reports], [], [], 5)
    assert ready and os.read(reports, 16) == b"", "the worker outlived its grader"
    os.close(reports)


@linux_root
def test_concurrent_sandboxes_get_distinct_uids():
    mode = next(mode for mode in slot.UID_MODES if sb.works(mode))
    with Sandbox(mode) as first, Sandbox(mode) as second:
        assert first.uid != second.uid
        assert uids.BASE_UID <= min(first.uid, second.uid) < uids.BASE_UID + uids.UID_SLOTS
        taken = first.uid
    with Sandbox(mode) as third:
        assert third.uid == taken  # released on close, reused
