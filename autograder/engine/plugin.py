"""The pytest plugins of a grading: GradingPlugin hands the checks their caller and turns each
check's outcome into a CheckResult; FunctionQueue runs them one contract function at a time.

A check's exception becomes the failure a student reads here (verdict), with the points, visibility
and hint grading.toml gives the check; a grader's own error is said as one, never as the student's.
"""
import sys
import traceback

import pytest
from hypothesis import is_hypothesis_test, seed, settings
from hypothesis.errors import Flaky

from autograder.checks.judge import CheckFailed
from autograder.checks.replay import replay_first
from autograder.contract import judged_function
from autograder.engine.seeding import games_seed
from autograder.errors import ConfigError
from autograder.grading import examples
from autograder.language import _, number
from autograder.policy import did_you_mean
from autograder.results import CheckResult
from autograder.runner import backstop, terminating
from autograder.runner.backstop import CheckOutOfTime
from autograder.runner.supervisor import StudentTimedOut
from autograder.runner.terminating import Terminated


def verdict(exc, limits):
    """The failure a student reads for an exception, or None when the grader itself failed;
    `limits` are grading.toml's."""
    if isinstance(exc, CheckFailed):
        return exc
    if isinstance(exc, StudentTimedOut):
        return CheckFailed(str(exc), shown=exc.shown, cause=exc.cause)
    if isinstance(exc, Flaky):  # before groups: hypothesis's FlakyFailure is one
        flaky = _("the function gave two different answers to the same call; does it use "
                  "random? Its answer must depend only on its arguments")
        return CheckFailed(flaky, cause=flaky)
    if isinstance(exc, BaseExceptionGroup):
        return next(filter(None, (verdict(one, limits) for one in exc.exceptions)), None)
    if isinstance(exc, CheckOutOfTime):
        # TRANSLATORS: {limit} is a number of seconds
        whole = _("the check ran out of time as a whole (its limit is {limit} s)").format(
            limit=number(limits.check_seconds))
        return CheckFailed(whole, cause=whole)
    return None


def check_name(item):
    """The name a collected check was marked with: `@check(name)`."""
    return item.get_closest_marker("check").args[0]


class GradingPlugin:
    """Hands the `assignment`'s checks their caller and turns their outcomes into results.
    `checks` holds every check's name in pytest's order, which is the order of a report; each of
    the assignment's functions needs one."""

    def __init__(self, caller, config, assignment):
        self._caller = caller
        self.config, self.assignment = config, assignment
        self.results = []
        self.failing = {}  # check name -> the Pair of its failing call, tried again at the end
        self.checks = []
        self.config_error = None
        self.out_of_memory = False

    @pytest.fixture(scope="session")
    def caller(self):
        return self._caller

    def pytest_configure(self, config):
        """A failed check's result is made from its exception (see result), not from pytest's
        report of it, whose default long tracebacks parse the source of every frame: a third of
        the time of a grading whose checks all fail. Python's own is as useful for the rare
        grader error it is printed for. (--tb belongs to the terminal plugin, which is off.)"""
        config.option.tbstyle = "native"

    def pytest_collection_modifyitems(self, session, items):
        """Every check needs points in grading.toml and every entry there a check; otherwise
        nothing runs, and the engine reports the first mismatch once pytest is done."""
        names = []
        for item in items:
            marker = item.get_closest_marker("check")
            if marker is None:
                raise pytest.UsageError(f"{item.nodeid} is not marked as a graded @check")
            names.append(marker.args[0])
        try:
            for name in names:
                self.config.policy(name)
            later = when_graded(self.config)
            for name in self.config.checks:
                if name not in names and name not in later:
                    raise ConfigError(f"grading.toml names a check that does not exist: "
                                      f"{name!r}{did_you_mean(name, names)}")
            judged = set(map(judged_function, [*names, *later]))  # here, or when graded
            missing = [f for f in self.assignment.modules if f not in judged]
            if missing:
                raise ConfigError(f"no check judges {missing[0]}: every contract function "
                                  f"needs one")
        except ConfigError as error:
            self.config_error = error
            items.clear()
            return
        self.checks = names
        # A check marked `checked_here = false` is left to the instructor's grading even where
        # it is collected (release.py grades its known mistakes without the course's fixed games)
        here = [(item, name) for item, name in zip(items, names) if name not in later]
        if len(here) < len(items):
            session.config.hook.pytest_deselected(items=[item for item, name in zip(items, names)
                                                         if name in later])
            items[:] = [item for item, _name in here]
        for item, name in here:
            if not is_hypothesis_test(item.obj):
                continue
            examples = self.config.policy(name).examples
            if examples:
                # grading.toml's examples for this check. No public API sets a decorated test's
                # settings again (@settings refuses a second time, and the checks stay imported
                # from one grading to the next in a process), so this replaces what @given keeps
                # them in (see tests/test_hypothesis_internals.py).
                item.obj._hypothesis_internal_use_settings = settings(
                    item.obj._hypothesis_internal_use_settings, max_examples=examples)
            if self.config.secret:
                # Official games: a seed overrides derandomize, which seeds from the check's
                # source, and that source is in every student's hands. One secret serves the
                # course's every assignment, so the assignment's name is part of the seed.
                seed(games_seed(self.config.secret, f"{self.assignment.name}\0{name}"))(item.obj)
        # The checks students do not see run after all those they do (FunctionQueue does the
        # same within each lane): see FunctionQueue.pytest_runtestloop for why.
        items.sort(key=lambda item: not visible(item, self.config))

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        """No check starts once SIGTERM has arrived, even when the check it interrupted caught
        the interruption (see terminating.received): the session ends as at Ctrl-C."""
        if terminating.received():
            raise Terminated

    @pytest.hookimpl(tryfirst=True)
    def pytest_pyfunc_call(self, pyfuncitem):
        """A generated check first replays what its function's callee was found wrong on (see
        replay.py), then runs on the games it met when it last passed, if the answers hold
        them, and through hypothesis otherwise (see examples.py), which keeps them once it
        passes."""
        test = pyfuncitem.obj
        if not is_hypothesis_test(test):
            return None
        fixtures = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
        replay_first(pyfuncitem, test, fixtures, self._caller,
                     judged_function(check_name(pyfuncitem)))
        answers = self._caller.answers
        key = examples.key(check_name(pyfuncitem), test, self.assignment.checks)
        if key in answers and examples.replayed(test, fixtures, answers[key]):
            return True
        with examples.recorded(test, fixtures) as met:
            test(**fixtures)
        answers[key] = met
        return True

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        """A check whose output students do not see (hidden, or shown after the due date) runs
        apart: the student's code could otherwise keep its inputs and show them in a visible
        check's feedback."""
        if visible(item, self.config):
            yield
            return
        with self._caller.apart():
            yield

    def pytest_timeout_set_timer(self, item, settings):
        """pytest-timeout's backstop for the check `item`, `settings.timeout` seconds, started
        by backstop.py in place of pytest-timeout's own handler (see there why)."""
        item.cancel_backstop = backstop.start(settings.timeout)
        return True

    def pytest_timeout_cancel_timer(self, item):
        cancel = getattr(item, "cancel_backstop", None)  # none when its setup was skipped
        if cancel:
            cancel()
            del item.cancel_backstop
        return True

    def pytest_internalerror(self, excinfo):
        """Out of memory in pytest's own code, between checks: the same grading error."""
        if excinfo.errisinstance(MemoryError):
            self.out_of_memory = True
            return True  # said by pytest_run, in one line, instead of pytest's traceback
        return None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        if report.when == "call" or (report.when == "setup" and report.failed):
            self.results.append(self.result(item, report, call))

    def result(self, item, report, call):
        name = check_name(item)
        policy = self.config.policy(name)
        max_points = policy.points
        shared = {"visibility": policy.visibility, "hint": policy.hint, "title": policy.title(name)}
        function = judged_function(name)
        seconds = round(report.duration, 3)
        if report.passed:
            return CheckResult(name, function, max_points, max_points, "passed", seconds=seconds,
                               **shared)
        try:
            if call.excinfo.errisinstance(MemoryError):
                raise call.excinfo.value
            failure = verdict(call.excinfo.value, self.config.limits)
            message = str(failure) if failure else None
            shown = failure.shown.as_dict() if failure and failure.shown else None
            traces = failure.traces.value() if failure and failure.traces else None
            cause = str(failure.cause).strip() if failure and failure.cause else ""
            suspects = (failure.suspects.value()(self._caller.pairs_of(function))
                        if failure and failure.suspects else None)
            if failure and failure.pair is not None:
                self.failing[name] = failure.pair
        except MemoryError:
            # The grader's own cap, never the student's fault: the whole grading stops (see
            # pytest_run) rather than score this check zero.
            self.out_of_memory = True
            item.session.shouldstop = "the grader ran out of memory"
            return CheckResult(name, function, 0, max_points, "error", "", seconds, **shared)
        except Exception:  # noqa: BLE001 - a broken explanation must not stop the grading
            report.longrepr = traceback.format_exc()
            message = None
        if message is None:
            print(f"autograder: internal error in {name!r}:\n{report.longrepr}", file=sys.stderr)
            return CheckResult(name, function, 0, max_points, "error",
                               _("the grader itself failed on this check (not your fault); "
                                 "please tell your instructor"), seconds, **shared)
        timed_out = call.excinfo.errisinstance((StudentTimedOut, CheckOutOfTime))
        return CheckResult(name, function, 0, max_points, "failed", message, seconds, shown,
                           traces, cause=cause, whole_function=failure.whole_function,
                           suspects=suspects, calls=failure.calls, timed_out=timed_out, **shared)


class FunctionQueue:
    """Runs the checks one contract function at a time, in the order `functions` yields them, in
    place of pytest's loop: the lanes share one queue of functions (see lanes.py). `config` says
    which checks students see."""

    def __init__(self, functions, config):
        self.functions, self.config = functions, config

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        """Each function's checks in turn, as the functions come (a lane's share of them), and
        the checks students do not see after all those they do: code that waits in a hidden check
        as long as its input says would otherwise be timed by a later visible check, whose
        message the student reads."""
        if session.config.option.collectonly:
            return True
        by_function = {}
        for item in session.items:
            by_function.setdefault(judged_function(check_name(item)), []).append(item)
        apart = []
        for function in self.functions:
            items = by_function.get(function, [])
            apart += [item for item in items if not visible(item, self.config)]
            run_in_turn([item for item in items if visible(item, self.config)])
        run_in_turn(apart)
        return True


def visible(item, config):
    return config.policy(check_name(item)).visibility == "visible"


def run_in_turn(items):
    for item, following in zip(items, [*items[1:], None]):
        item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)


def when_graded(config):
    """The checks in grading.toml that only the instructor's grading runs (checked_here = false,
    which release.py writes): those the students' repository does not hold, and any other a
    grading leaves out so (GradingPlugin.pytest_collection_modifyitems)."""
    return [name for name, policy in config.checks.items() if not policy.checked_here]

