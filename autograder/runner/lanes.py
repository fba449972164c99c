"""Grading one submission in parallel processes ("lanes"), one contract function at a time each.

A student waiting on a two-core machine gets the answer in about three quarters of the time: most
checks keep one process busy (hypothesis generating games, the grader comparing), so a second lane
uses the idle core. Each lane is a fork of the trusted grader with a sandbox (and uid) of its own,
and takes the next task from a shared queue (the engine's: a function with the functions that call
it, see checks/replay.py); with the heaviest first, the lanes end together. A function's checks all
run in one lane, in their usual order, so a hang still costs two time limits per function. The scores do not depend on the lanes: hypothesis derandomizes each check on its own.
Results come back pickled, which is safe here: lanes are trusted code; only the workers are not.
"""
import multiprocessing
import os
import pickle
import queue
import signal
from pathlib import Path

from autograder.errors import LaneError
from autograder.runner.terminating import raise_terminated

POLL_SECONDS = 0.5
CGROUP = "/sys/fs/cgroup"


def _numbers(path):
    """The numbers in a small file of the kernel's, or [] when it is missing or says "max"."""
    try:
        return [int(word) for word in Path(path).read_text().split()]
    except (OSError, ValueError):
        return []


def container_limits(cgroup=CGROUP):
    """(CPUs, bytes of memory) that this process's cgroup allows, None where it sets no limit: a
    container's quota, which neither os.cpu_count() nor the affinity mask shows (cgroup v2, then
    v1)."""
    cpus = _numbers(f"{cgroup}/cpu.max") or _numbers(f"{cgroup}/cpu/cpu.cfs_quota_us") + \
        _numbers(f"{cgroup}/cpu/cpu.cfs_period_us")
    memory = _numbers(f"{cgroup}/memory.max") or _numbers(f"{cgroup}/memory/memory.limit_in_bytes")
    return (cpus[0] / cpus[1] if len(cpus) == 2 and cpus[0] > 0 else None,
            memory[0] if memory and memory[0] < 2 ** 60 else None)


def available(cgroup=CGROUP):
    """The lanes worth running here: one per core we may use, at most two (each lane's worker and
    reference already take turns on the cores), one per GiB of memory (a lane and its worker peak
    at about 0.7 GiB on the full tic-tac-toe searches), and one where a process cannot fork. In a
    container, as on Gradescope, its CPU quota and memory limit count."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    quota, memory = container_limits(cgroup)
    physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    limits = [cores or 1, 2, quota, *(m // 2 ** 30 for m in (memory, physical) if m)]
    return max(1, int(min(limit for limit in limits if limit is not None)))


def _lane(work, tasks, done):
    # terminate() sends SIGTERM: end through the with-blocks, so the lane's worker is killed and
    # its uid released rather than left to the parent's cleanup; as an interruption, which ends
    # pytest's session (SystemExit, raised inside a check, only failed it and graded on).
    signal.signal(signal.SIGTERM, raise_terminated)
    try:
        done.put((True, work(iter(tasks.get, None))))
    except BaseException as error:  # noqa: BLE001 - reported to the parent, which re-raises it
        try:
            pickle.dumps(error)
        except Exception:  # noqa: BLE001 - an error that cannot travel still gets its words there
            error = LaneError(f"{type(error).__name__}: {error}")
        done.put((False, error))


def in_lanes(work, tasks, count):
    """`work(taken)` in `count` forked processes, where `taken` yields the next of `tasks` that no
    lane has taken yet; the results, one per lane. The first error of any lane is raised here,
    and every lane has ended before this returns."""
    context = multiprocessing.get_context("fork")
    todo, done = context.Queue(), context.Queue()
    for task in [*tasks, *[None] * count]:
        todo.put(task)
    lanes = [context.Process(target=_lane, args=(work, todo, done), daemon=True)
             for _ in range(count)]
    for lane in lanes:
        lane.start()
    results = []
    try:
        while len(results) < count:
            try:
                ok, value = done.get(timeout=POLL_SECONDS)
            except queue.Empty:
                codes = [lane.exitcode for lane in lanes]
                if done.empty() and (any(codes) or None not in codes):
                    code = next(filter(None, codes), 0)
                    raise LaneError(f"a grading process ended before its checks did (exit code "
                                    f"{code})") from None
                continue
            if not ok:
                raise value
            results.append(value)
    finally:
        for lane in lanes:
            lane.join(timeout=POLL_SECONDS)
            if lane.is_alive():
                lane.terminate()
                lane.join()
    return results
