"""The check's backstop (runner/backstop.py) raises CheckOutOfTime in the thread that runs the
check, once, and leaves no alarm behind: on the main thread through SIGALRM, which also interrupts a
wait, and restores an outer alarm (this test session's own pytest-timeout); on another thread
through a timer. The end-to-end test, with the grader's -p no:terminal, is in
test_hostile_grading.py."""
import signal
import threading
import time

import pytest

from autograder.runner import backstop
from autograder.runner.backstop import CheckOutOfTime


def test_the_alarm_interrupts_a_wait_on_the_main_thread_and_restores_the_outer_one():
    def outer(signum, frame):
        raise AssertionError("the outer alarm fired")
    previous = signal.signal(signal.SIGALRM, outer)
    signal.setitimer(signal.ITIMER_REAL, 60)
    try:
        started = time.monotonic()
        cancel = backstop.start(0.2)
        with pytest.raises(CheckOutOfTime):
            time.sleep(30)
        cancel()
        assert time.monotonic() - started < 5
        assert signal.getsignal(signal.SIGALRM) is outer
        assert 50 < signal.getitimer(signal.ITIMER_REAL)[0] <= 60
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_cancelled_alarm_never_fires():
    cancel = backstop.start(0.2)
    cancel()
    time.sleep(0.5)  # would raise CheckOutOfTime


def in_a_thread(work):
    """What `work()` raised in a thread of its own, or None."""
    raised = []

    def run():
        try:
            work()
        except BaseException as error:  # noqa: BLE001 - what the test looks at
            raised.append(error)
    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    return raised[0] if raised else None


def test_off_the_main_thread_a_timer_raises_it_in_the_checks_thread():
    def check():
        cancel = backstop.start(0.2)
        try:
            for _ in range(300):  # 30 s
                time.sleep(0.1)
        finally:
            cancel()
    started = time.monotonic()
    assert isinstance(in_a_thread(check), CheckOutOfTime)
    assert time.monotonic() - started < 5


def test_off_the_main_thread_a_cancelled_timer_never_fires():
    def check():
        backstop.start(0.2)()
        time.sleep(0.5)
    assert in_a_thread(check) is None
