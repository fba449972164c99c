"""The sandbox's processes as /proc shows them: which run as a worker uid, and which a grading left
running once its grader exited, told apart from those of other gradings on the same machine."""
import os
import time
from pathlib import Path

WORKER_UIDS = range(61000, 61064)          # autograder.runner.sandbox.uids: BASE_UID + UID_SLOTS
MARKER = b"AUTOGRADER_SANDBOX="            # autograder.runner.sandbox.slot.MARKER, in a worker env
GRACE_SECONDS = 5.0                        # for killed processes, and a concurrent grading's files


def read_status(pid):
    with open(f"/proc/{pid}/status") as handle:
        fields = dict(line.split(":", 1) for line in handle if ":" in line)
    return int(fields["PPid"]), int(fields["Uid"].split()[0]), fields["State"].split()[0]


def start_time(pid):
    with open(f"/proc/{pid}/stat") as handle:
        return int(handle.read().rsplit(")", 1)[1].split()[19])


def marked(pid):
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return any(item.startswith(MARKER) for item in handle.read().split(b"\0"))
    except OSError:
        return False


def all_processes():
    """pid -> (ppid, uid, state, sandboxed) of every process."""
    table = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                ppid, uid, state = read_status(name)
                table[int(name)] = (ppid, uid, state, uid in WORKER_UIDS or marked(name))
            except (OSError, KeyError, ValueError, IndexError):
                continue  # it ended while we looked
    return table


def sandbox_processes():
    """(pid, start time) of the processes that run as a worker uid or carry the marker."""
    found = set()
    for pid, (_, _, _, sandboxed) in all_processes().items():
        if sandboxed:
            try:
                found.add((pid, start_time(pid)))
            except (OSError, IndexError, ValueError):
                continue
    return found


def my_ancestry():
    pids, pid = {os.getpid()}, os.getpid()
    while pid > 1:
        try:
            pid = read_status(pid)[0]
        except (OSError, KeyError, ValueError):
            break
        pids.add(pid)
    return pids | {0, 1}


def describe_process(pid, uid):
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")[:200]
    except OSError:
        command = "?"
    return f"pid {pid} (uid {uid}): {command}"


def leftovers(before):
    """The sandboxed processes, not there before, that still run once the grader has exited and
    belong to no other live grader: walking up from each, the first process outside the sandbox
    is this test or one of its ancestors (where orphans of this grading land), or there is none."""
    table = all_processes()
    mine = my_ancestry()
    found = []
    for pid, (ppid, uid, state, sandboxed) in table.items():
        if not sandboxed or state in "ZX":
            continue  # a zombie runs nothing; its parent reaps it
        try:
            if (pid, start_time(pid)) in before:
                continue
        except (OSError, IndexError, ValueError):
            continue
        trusted, seen = ppid, set()
        while trusted in table and table[trusted][3] and trusted not in seen:
            seen.add(trusted)
            trusted = table[trusted][0]
        if trusted in mine or trusted not in table:
            found.append(describe_process(pid, uid))
    return found


def settled(probe):
    """probe()'s findings once they stop vanishing, or after GRACE_SECONDS."""
    deadline = time.monotonic() + GRACE_SECONDS
    while True:
        found = probe()
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)
