"""The backstop behind every other time limit: a whole check may take `limits.check_seconds`.

pytest-timeout sets the timer (its `timeout` option, per test) and asks the grader's plugin to start
and cancel it (its hooks pytest_timeout_set_timer and pytest_timeout_cancel_timer). Its own handler
is not used: before it fails the test, it writes every thread's stack through the terminal
reporter, which the grader runs without (`-p no:terminal`), so it raised a bare AssertionError that
the grader took for its own failure, and hypothesis for a failing game to shrink. This one raises
CheckOutOfTime and writes nothing.

With SIGALRM, on the main thread, the alarm also interrupts a system call that waits (a write to a
worker that stopped reading); elsewhere (another thread, Windows) a timer thread raises it in the
thread that runs the check, between two of its bytecodes.
"""
import ctypes
import signal
import threading
import time


class CheckOutOfTime(BaseException):
    """A check ran past its backstop. A BaseException, like the supervisor's StudentTimedOut, so
    that hypothesis stops at once rather than shrink, which would run the check on."""


def start(seconds):
    """Raise CheckOutOfTime in the calling thread `seconds` from now; returns the function that
    cancels it, and restores whatever alarm was set before (an outer pytest's own timeout)."""
    if hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread():
        return _alarm(seconds)
    return _timer(seconds)


def _alarm(seconds):
    def expired(signum, frame):
        raise CheckOutOfTime

    previous = signal.signal(signal.SIGALRM, expired)
    outer, _interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.monotonic()

    def cancel():
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            left = outer - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
    return cancel


def _timer(seconds):
    target = threading.get_ident()

    def expired():
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(target),
                                                   ctypes.py_object(CheckOutOfTime))

    timer = threading.Timer(seconds, expired)
    timer.daemon = True
    timer.start()

    def cancel():
        timer.cancel()
        timer.join()
        # one raised as the check ended, not yet delivered, must not reach the code after it
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(target), None)
    return cancel
