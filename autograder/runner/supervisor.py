"""The grader's side of the process boundary: start the untrusted worker, send it calls, time them.

Time limits are enforced from here, by killing the worker's whole process group: a timer inside the
worker could be defeated by the code it times. Each function gets a worker of its own, and after a
kill or a crash the next call starts a fresh one, so nothing one function leaves behind (memory it
hoards, threads it leaves running) can cost another function its points. A function that has timed
out once fails its later checks at once, so a hang costs at most two time limits per function (the
second only tells a call that ends too slowly from one that may never end: see Pending._overran).
Code that waits without computing (a sleep) is stopped by the wall clock: a call may wait
WALL_FACTOR times its limit (at least WALL_FLOOR_SECONDS), and all the calls of a function together,
across its checks, half a whole check's time (Limits.function_seconds), so that sleeps too short
for one call's limit cannot add up to hours either: the function's check in which they reach it
fails, and its later checks at once.
Before that kill, the worker is asked for its stack (SIGUSR1, see worker/main.py), so that the
student reads the line of their own code where the call was stopped.

Here are the calls and their time; the worker process itself is runner/worker_process.py, the
limits its replies are read within runner/replies.py, and where a stopped call was
runner/stacks.py.
"""
import time

from autograder.language import _, number, seconds
from autograder.runner import terminating
from autograder.runner.observations import Observation, from_reply
from autograder.runner.replies import ReplyRejected
from autograder.runner.sources import SourceFiles
from autograder.runner.terminating import Terminated
from autograder.runner.worker_process import EXIT_GRACE_SECONDS, Worker
from autograder.worker.calls import each_call

SETUP_ATTEMPTS = 3  # workers that end before they start, in a row, before the grader gives up
# before the second, twice that before the third: together longer than a container's init may
# take to reap the zombies of an earlier worker, which count towards the uid's process limit
SETUP_PAUSE_SECONDS = 0.5
STARTUP_OUTPUT = 500  # characters of what the last of them wrote, for the grader's error
CPU_TICK = 0.1          # seconds between looks at a running call's CPU time
WALL_FACTOR = 10        # a call may wait this many times its CPU limit on the wall clock...
WALL_FLOOR_SECONDS = 30  # ...and at least this long, however busy the machine
# A call past its CPU limit has timed out, whatever follows; it runs on until this many times the
# limit only for the message to tell a slow call, which returns by then, from one that may never end
GRACE_FACTOR = 2


class WorkerNeverStarted(BaseException):
    """The sandbox ended SETUP_ATTEMPTS workers in a row before they started: the grader's failure,
    never the student's. A BaseException, so that hypothesis neither shrinks it nor, when the
    game then passes, calls the student's code flaky."""


class StudentTimedOut(BaseException):
    """A call ran out of time. A BaseException, so that hypothesis stops at once instead of
    shrinking, which would run the hang again. `call` is the call that was stopped (None when
    none was run); `shown`, the input a failure shows, is set by the check that made the call;
    `cause` is the message without the input, which a hidden check may show."""

    shown = None
    finished = False  # the call returned, after its limit
    # the worker's stack when the call ran past its limit (Worker.running_stack), which a call
    # that then returned no longer has; None when it was not asked for then
    stack = None
    # the function's calls together ran out of time (Limits.function_seconds): which call was
    # the last depends on the machine's load, so none is shown as the cause
    across_calls = False

    def __init__(self, message, call=None):
        super().__init__(message)
        self.call = call
        self.cause = message  # the check may add its input to the message; this names none


class Student:
    """The trusted handle on one submission: every call goes to a worker process, one at a time."""

    def __init__(self, runtime, submission, limits, sandbox, modules):
        self.runtime, self.submission, self.limits = runtime, submission, limits
        self.sandbox = sandbox
        self.sources = SourceFiles(submission, modules)  # listed before any of its code runs
        self.worker = None
        self.timed_out = {}  # function -> the limit it exceeded...
        self.stopped = {}  # ...and where its call was then (Worker.where_stopped), if known
        self.spent = {}  # function -> the wall-clock seconds its calls have taken together
        self.calls = 0

    def call(self, call, reference_seconds=0.0, reference_trace=None):
        return self.submit(call).wait(reference_seconds, reference_trace)

    def submit(self, call):
        """Send `call` now; the answer is collected by `.wait()`, which counts the call's time limit
        from now: wait at once, as whatever the call uses before the wait begins goes unwatched."""
        function = call["function"]
        if function in self.timed_out:
            # TRANSLATORS: {limit} is a number of seconds
            earlier = _("{function} timed out in an earlier check (limit {limit} s), so this one "
                        "was not run").format(function=function,
                                              limit=seconds(self.timed_out[function]))
            where = self.stopped.get(function)
            timed_out = StudentTimedOut(f"{earlier}\n  {where}" if where else earlier)
            timed_out.cause = earlier  # as a time-out's own: no line (see Pending.wait)
            raise timed_out
        number = self.calls + 1
        self.calls += len(call.get("states", [None]))  # each node of a walk answers as a call
        self.send(number, call)
        return Pending(self, call, number, time.monotonic())

    def send(self, number, call):
        """The request `number` for `call`, to this function's worker, started if need be."""
        if self.worker is not None and self.worker.function != call["function"]:
            self.close()
        if self.worker is None:
            self.worker = Worker(self.runtime, self.submission, self.limits, self.sandbox,
                                 call["function"])
        self.worker.send({"id": number, "call": call})

    def each(self, call):
        """The observations of `call` at each node of its "states", in order: one request, which
        the worker answers node by node (see worker/calls.py, each_call), each answer timed as a
        call of its own from the one before, so that asking at 2,500 nodes costs one round trip
        and not 2,500. The worker stops at the first problem; a caller that stops before the last
        node leaves it still at work, so it is closed."""
        answered = 0
        try:
            first = self.submit(call)
            started = first.started
            for index, single in enumerate(each_call(call)):
                pending = Pending(self, single, first.number + index, started, (first.number, call))
                got = pending.wait()
                started, answered = time.monotonic(), index + 1
                yield got
                if got.problem:
                    return
        finally:
            if answered < len(call["states"]):
                self.close()

    def close(self):
        if self.worker is not None:
            self.worker.kill()
            self.worker = None

    def output(self):
        return self.worker.output.text() if self.worker else ""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Pending:
    """A call sent to the worker, whose reply is still to come: `number` is the reply's id, and
    `request` the (id, call) that was sent, which for a node of a walk (Student.each) holds them
    all."""

    def __init__(self, student, call, number, started, request=None):
        self.student, self.call, self.number, self.started = student, call, number, started
        self.request = request or (number, call)
        self.function = call["function"]
        self.attempt = 1  # a worker that never started is replaced (see wait)

    def _reply(self, deadline):
        """The reply to this call; lines the student's code wrote to the reply pipe itself are
        skipped, so they cannot shift the replies of later calls."""
        while True:
            reply = self.student.worker.receive(deadline)
            if reply is None or not isinstance(reply, dict) or reply.get("id") == self.number:
                return reply

    def _reply_in_time(self, limit):
        """The reply, within `limit` seconds of the worker's CPU time (see Sandbox.cpu_seconds),
        and within WALL_FACTOR times that on the wall clock, for code that waits without
        computing, and within what is left of the function's budget (Limits.function_seconds),
        which the call's wall-clock time is taken from. The first CPU_TICK seconds count as CPU time
        whatever the worker did: most calls end before them, and so cost no look at /proc. Past
        `limit`, see _overran."""
        student = self.student
        spent = student.spent.get(self.function, 0.0)
        try:
            return self._within(limit, self.started + student.limits.function_seconds() - spent)
        finally:
            student.spent[self.function] = spent + time.monotonic() - self.started

    def _within(self, limit, budget_end):
        """_reply_in_time's reply, `budget_end` being when the function's budget runs out."""
        cpu = self.student.sandbox.cpu_seconds
        wall_limit = max(WALL_FLOOR_SECONDS, WALL_FACTOR * limit)
        counted_from = None  # (wall clock, the worker's CPU time) at the first look

        def stop():
            return min(self.started + wall_limit, budget_end)

        def between():
            nonlocal wall_limit, counted_from
            now = time.monotonic()
            if now >= budget_end:
                raise self._out_of_budget()
            if now >= stop():
                raise self._waited(wall_limit, counted_from, cpu)
            cpu_now = cpu()
            if cpu_now is None:  # no /proc: the wall clock is all there is
                wall_limit = limit
            elif counted_from is None:
                counted_from = (now, cpu_now)
            elif self._used(counted_from, cpu_now) > limit:
                raise self._overran(limit, counted_from, stop())
        return self._looking(stop, between)

    def _looking(self, stop, between):
        """The reply, looked for CPU_TICK seconds at a time, no look going past `stop()` on the
        wall clock; after each look that finds none, `between()` reads the clocks and ends the
        wait by raising, or lets it go on. The one loop of both waits: _within's for the reply,
        _returns_by's for one that comes late."""
        while True:
            try:
                return self._reply(min(time.monotonic() + CPU_TICK, stop()))
            except TimeoutError:
                between()

    def _used(self, counted_from, cpu_now):
        """The call's CPU time, from the worker's CPU time `cpu_now` (see _reply_in_time)."""
        return counted_from[0] - self.started + cpu_now - counted_from[1]

    def _overran(self, limit, counted_from, stop):
        """The time-out of a call that has used more than `limit` seconds of CPU time; whether it
        returns by GRACE_FACTOR times that (and by `stop` on the wall clock) only chooses the
        advice. The message quotes limits, never a time measured, so that the same submission
        gets the same words on every run."""
        grace = GRACE_FACTOR * limit
        stack = self.student.worker.running_stack()  # where it is now, before it may return
        if not self._returns_by(grace, counted_from, stop):
            # TRANSLATORS: {exceeded} is "minimax_value did not return within the time limit..."
            never = StudentTimedOut(_("{exceeded}; look for a loop that never ends, or for work "
                                      "done again and again").format(
                exceeded=self._exceeded(limit)))
            never.stack = stack
            return never
        # TRANSLATORS: {grace} is a number of seconds
        timed_out = StudentTimedOut(_(
            "{exceeded}; it finished before {grace} s, so it ends, but too slowly: look for work "
            "done again and again (a copied state, a search repeated)").format(
                exceeded=self._exceeded(limit), grace=seconds(grace)))
        timed_out.finished, timed_out.stack = True, stack
        return timed_out

    def _returns_by(self, cpu_limit, counted_from, stop):
        """Whether the call replies within `cpu_limit` seconds of CPU time and before `stop` on
        the wall clock, and before its worker ends. CPU time, unlike the wall clock, gives a busy
        machine the same answer. A reply too large to read is a reply all the same."""
        cpu = self.student.sandbox.cpu_seconds

        def between():  # over the CPU time or past `stop`: not by then
            if self._used(counted_from, cpu()) > cpu_limit or time.monotonic() >= stop:
                raise TimeoutError
        if time.monotonic() >= stop:
            return False
        try:
            return self._looking(lambda: stop, between) is not None
        except TimeoutError:
            return False
        except ReplyRejected:
            return True

    def _exceeded(self, limit):
        limits = self.student.limits
        # TRANSLATORS: {limit} and {floor} are numbers of seconds, {slowdown} a factor
        return _("{function} did not return within the time limit of {limit} s of CPU time "
                 "({slowdown} times the reference's CPU time for the same call, plus {floor} "
                 "s)").format(function=self.function, limit=seconds(limit),
                              slowdown=number(limits.slowdown),
                              floor=number(limits.call_floor_seconds))

    def _out_of_budget(self):
        """The time-out of a call in which its function's budget ran out: its calls, together,
        have taken all the wall-clock time they may. It quotes the budget, never a time
        measured."""
        # TRANSLATORS: {budget} is a number of seconds
        timed_out = StudentTimedOut(_(
            "{function} used up its {budget} s on the wall clock, the time all its calls together "
            "may take across its checks: look for a sleep, an input() or a lock that is never "
            "released, or for work done again and again (a search that never prunes, a copied "
            "state, a search repeated)").format(function=self.function,
                               budget=number(self.student.limits.function_seconds())))
        timed_out.across_calls = True
        return timed_out

    def _waited(self, wall_limit, counted_from, cpu):
        """The time-out of a call that waited past its wall-clock limit. The CPU time it used is a
        number the student's code chooses, so only the message names it, never the cause a
        hidden check shows."""
        values = {"function": self.function, "wall": seconds(wall_limit, places=0)}
        # TRANSLATORS: {wall} is a number of seconds
        waited = _("{function} did not return within {wall} s so it waited without computing: "
                   "look for a sleep, an input() or a lock that is never released").format(
            **values)
        if counted_from is None:
            return StudentTimedOut(waited)
        # TRANSLATORS: {wall} and {used} are numbers of seconds
        timed_out = StudentTimedOut(_(
            "{function} did not return within {wall} s, using {used} s of CPU time, so it waited "
            "without computing: look for a sleep, an input() or a lock that is never "
            "released").format(used=seconds(self._used(counted_from, cpu())), **values))
        timed_out.cause = waited
        return timed_out

    def wait(self, reference_seconds=0.0, reference_trace=None):
        """The observation of this call; its time limit scales with the reference's CPU time
        for it, and a trace equal to the reference's (the same call's) is checked and kept at no
        cost."""
        if terminating.received():  # a check that caught the interruption calls on: not here
            raise Terminated
        student = self.student
        limit = student.limits.call_seconds(reference_seconds)
        try:
            reply = self._reply_in_time(limit)
        except ReplyRejected as rejected:
            student.close()  # the rest of the reply is still in the pipe
            return Observation(problem=str(rejected), seconds=time.monotonic() - self.started)
        except StudentTimedOut as timed_out:
            where = student.worker.where_stopped(student.sources, timed_out.stack,
                                                 timed_out.finished)
            student.close()
            across = timed_out.across_calls
            student.timed_out[self.function] = (student.limits.function_seconds() if across
                                                else limit)
            student.stopped[self.function] = where
            stopped = StudentTimedOut(f"{timed_out}\n  {where}" if where else str(timed_out),
                                      None if across else self.call)
            # the line it was stopped at is one the student's code may choose: never the cause
            stopped.cause = timed_out.cause
            raise stopped from None
        except BaseException:
            student.close()  # interrupted mid-call (pytest-timeout, Ctrl-C): the worker is stale
            raise
        took = time.monotonic() - self.started
        if reply is None:
            worker, student.worker = student.worker, None
            problem, unquoted = worker.how_it_ended()
            if not worker.started:
                return self._again(worker, reference_seconds, reference_trace)
            return Observation(problem=problem, unquoted=unquoted, seconds=took)
        return from_reply(reply, took, self.call, reference_trace, student.sources)

    def _again(self, worker, reference_seconds, reference_trace):
        """The call, made by a new worker in place of one that ended before its READY line, so
        before any of the student's code ran: a sandbox that failed to set up (now and then, on
        a busy machine) must cost the student nothing, so that every run gives the same verdict.
        After SETUP_ATTEMPTS such workers in a row, the grading of this check fails as the
        grader's own error, with what the sandbox said."""
        if self.attempt == SETUP_ATTEMPTS:
            said = worker.output.text(EXIT_GRACE_SECONDS).strip()[-STARTUP_OUTPUT:] or "nothing"
            raise WorkerNeverStarted(f"the sandbox ended {SETUP_ATTEMPTS} workers in a row before "
                                     f"they started; the last said: {said}")
        time.sleep(SETUP_PAUSE_SECONDS * self.attempt)
        self.student.send(*self.request)
        self.started, self.attempt = time.monotonic(), self.attempt + 1
        return self.wait(reference_seconds, reference_trace)
