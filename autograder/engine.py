"""Grading one submission: pytest runs the checks against a worker, a plugin collects one Report.

Every check is a real pytest test (hypothesis generates its games, pytest-timeout bounds it as a
backstop behind the worker's own kill). The plugin hands the tests their `caller` fixture and turns
each test's outcome into a CheckResult with the points grading.toml gives it. With `lanes`, the
checks run in that many forked processes, each a pytest session of its own that takes contract
functions from a shared queue (FunctionQueue, lanes.py), each function with those that call it
(checks/replay.py); the report is the same.

May import: contract, errors, language, games, worker, policy, assignments, runner, grading,
results, feedback, checks.
"""
import errno
import gc
import hashlib
import sys
import traceback
from contextlib import contextmanager
from functools import partial
from itertools import chain
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, Verbosity, is_hypothesis_test, seed, settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.errors import Flaky
from hypothesis.internal.conjecture import providers

from autograder.checks.calling import Caller, reference
from autograder.checks.judge import CheckFailed
from autograder.checks.replay import in_one_lane, replay_first
from autograder.assignments import SEARCH
from autograder.contract import judged_function
from autograder.language import _, number, spoken
from autograder.errors import ConfigError, GradingError
from autograder.feedback import foresight
from autograder.grading import examples, provenance
from autograder.grading.answers import public_answers
from autograder.policy import did_you_mean
from autograder.feedback.function_diagnosis import diagnoses, said, with_causes
from autograder.feedback.function_trial import tried_again
from autograder.results import (CHECKED_WHEN_GRADED, NOT_RUN, WHEN_GRADED, CheckResult,
                                FunctionDiagnosis, Report)
from autograder.runner import backstop, environment, terminating
from autograder.runner.backstop import CheckOutOfTime
from autograder.runner.lanes import available, in_lanes
from autograder.runner.sandbox import Sandbox, probe, uncap_grader_memory
from autograder.runner.supervisor import Student, StudentTimedOut
from autograder.runner.terminating import Terminated
from autograder.runner.worker_process import stage_runtime

CHECKS = Path(__file__).resolve().parent / "checks"  # its pytest.ini runs every assignment's


def no_local_constants():
    """Hypothesis mixes in constants harvested from the modules it deems local, which depends on
    how the grader is installed (a checkout or site-packages) and which modules are loaded: a
    student's release, a Gradescope image and a checkout would meet different games. Without them,
    the games depend only on the checks' source and the settings.

    Hypothesis has no public switch for this: the harvester is replaced by one that finds nothing,
    and what an earlier draw in this process cached from the real one is forgotten.
    tests/test_hypothesis_internals.py fails when the pinned hypothesis stops working this way."""
    providers._get_local_constants = lambda: providers.Constants()
    providers.CONSTANTS_CACHE.cache.clear()


def use_hypothesis_settings(config):
    """Derandomized and without an example database: the same submission always meets the same
    games, on every run and every machine. A failure is shrunk but not explained: the explain
    phase would run the student's code again on variations of the smallest input, for notes no
    report shows."""
    no_local_constants()
    settings.register_profile(
        "grading", max_examples=config.max_examples, derandomize=True, database=None,
        deadline=None, print_blob=False, report_multiple_bugs=False, verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        phases=[phase for phase in Phase if phase is not Phase.explain])
    settings.load_profile("grading")


def games_seed(secret, name):
    """The seed of the games called `name` (an assignment's and a check's name) under the course's
    `secret`: a different series of games per assignment, check and secret, the same on every
    run. Without the secret nobody can compute it."""
    return int.from_bytes(hashlib.sha256(f"{secret}\0{name}".encode()).digest()[:16], "big")


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

    def __init__(self, caller, config, assignment=SEARCH):
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


def pytest_run(plugin, config, *extra, plugins=()):
    environment.clear()
    use_hypothesis_settings(config)
    # Only the plugins the checks use: whatever else is installed stays out of the grader (and
    # looking for it costs a tenth of a second a run), as does pytest's hook for unraisable
    # exceptions, which collects garbage twice at the end of every session (another tenth).
    checks = plugin.assignment.checks
    args = [str(checks), "-c", str(CHECKS / "pytest.ini"), "--rootdir", str(checks),
            "--disable-plugin-autoload", "-p", "pytest_timeout", "-p", "_hypothesis_pytestplugin",
            "-p", "no:cacheprovider", "-p", "no:terminal", "-p", "no:unraisableexception",
            "-o", f"timeout={config.limits.check_seconds}", *extra]
    code = pytest.main(args, plugins=[plugin, *plugins])
    if plugin.config_error:
        raise plugin.config_error
    if plugin.out_of_memory:
        raise MemoryError
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        raise GradingError(f"the checks could not run (pytest exit code {int(code)})")


def run_checks(caller, config, functions=None, assignment=SEARCH):
    """The plugin that ran the assignment's checks, holding their results: all checks in pytest's
    order, or with `functions`, an iterable of contract functions, theirs as it yields them."""
    plugin = GradingPlugin(caller, config, assignment)
    pytest_run(plugin, config, plugins=[FunctionQueue(functions, config)] if functions else [])
    return plugin


def collect_checks(config, assignment=SEARCH):
    """The names of the assignment's checks, in order, validated against `config`; nothing is
    run."""
    plugin = GradingPlugin(None, config, assignment)
    pytest_run(plugin, config, "--collect-only")
    return plugin.checks


def run_in_sandbox(submission_folder, config, runtime, sandbox_mode, answers, functions=None,
                   assignment=SEARCH):
    """One pass of the checks in this process, and no Report: start a worker on the submission in
    a sandbox of `sandbox_mode` and let pytest run against it all the checks, or with `functions`
    (an iterable the lanes share, see lanes.py) those of the contract functions it yields. Returns
    every check's name in pytest's order, the results of the checks that ran, the reference's
    answers added to `answers` (none when that is None), which a lane hands back to grade, and
    the known mistakes that reproduce each function's search on the calls made and the other
    graded functions those calls entered (foresight.py); after the checks students do not see,
    whose calls are forgotten, so none of theirs count. The failing checks' suspects are tried
    again on every call of their function, and their inputs called again by a worker of their
    own (function_trial.py), here where the calls and the worker are."""
    known = set(answers or ())
    with Sandbox(sandbox_mode) as sandbox, \
            Student(runtime, str(submission_folder), config.limits, sandbox,
                    assignment.modules) as student:
        solution = (partial(reference, modules=assignment.modules,
                            package=assignment.reference_package()) if assignment.live else None)
        caller = Caller(student, answers, solution, assignment.traced)
        plugin = run_checks(caller, config, functions, assignment)
        results = tried_again(plugin.results, plugin.failing,
                              partial(caller.pairs_of, trees_only=False), caller.alone)
    added = {} if answers is None else {key: answers[key] for key in answers.keys() - known}
    seen = caller.seen.values()
    return (plugin.checks, results, added, foresight.reproducing(seen), foresight.entering(seen))


def grade(submission_folder, config, scratch, name=None, sandbox_mode=None, answers=None,
          lanes=None, only=None, assignment=SEARCH):
    """The Report of the student files in `submission_folder`: the entry point. It stages the
    worker's runtime in `scratch`, picks the sandbox mode (by default the strongest this machine
    offers) and runs run_in_sandbox once, or in `lanes` parallel processes (by default as many
    as this machine runs well; see lanes.py); then it makes sure exactly grading.toml's checks
    ran, adds those left out as not run, orders them and stamps the report with what made it.
    `answers`, the reference's answers by call, is read and filled in (see Caller). With `only`,
    contract functions, just their checks run; the others' are in the report as not run. The
    checks, the reference and the contract are `assignment`'s. The grader running out of its
    memory is a GradingError."""
    try:
        if answers is None and not assignment.live:
            answers = public_answers(assignment.answers)
        with collected_once():
            return _report(submission_folder, config, scratch, name, sandbox_mode, answers,
                           lanes, only, assignment)
    except (MemoryError, OSError) as error:
        if isinstance(error, OSError) and error.errno != errno.ENOMEM:
            raise
        raise out_of_memory() from None


@contextmanager
def collected_once():
    """Within, what lives now is left out of the garbage collector's passes, once collected: the
    answers (millions of objects, from 8 MB of JSON) and the imports, which live as long as the
    grading, so that the passes its checks set off do not look through them again (0.2 to 0.5 s
    of a known mistake's 2 to 7). After, they are collected as before."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def out_of_memory():
    """The grading error for a grader past its own memory cap (sandbox.cap_grader_memory), with
    the cap lifted so that what follows (cleaning up, saying so) has room."""
    cap = uncap_grader_memory()
    return GradingError(f"grading stopped: the grader ran out of memory ({cap} MiB, "
                        f"limits.grader_memory_mb in grading.toml)")


def when_graded(config):
    """The checks in grading.toml that only the instructor's grading runs (checked_here = false,
    which release.py writes): those the students' repository does not hold, and any other a
    grading leaves out so (GradingPlugin.pytest_collection_modifyitems)."""
    return [name for name, policy in config.checks.items() if not policy.checked_here]


def not_run(config, names, why, warnings=None, status=NOT_RUN):
    """The results of the checks in `names`, not run (their `status`) for the reason `why` (their
    feedback), with their points, visibility and hint, and their warning in `warnings` ({name:
    warning}), if any."""
    return [CheckResult(name, judged_function(name), 0, config.policy(name).points, status, why,
                        visibility=config.policy(name).visibility, hint=config.policy(name).hint,
                        title=config.policy(name).title(name),
                        warning=(warnings or {}).get(name, ""))
            for name in names]


def warnings(config, names, reproduced, traced, entered, failing):
    """{name: warning} for the checks in `names` (only the instructor's grading runs them) that a
    known mistake reproducing their function's search fails (grading.toml's `catches`, which
    release.py writes), else whose function's calls entered one of the `failing` functions, else
    whose function is one of them; `reproduced` is Report.reproduced, `traced` the functions whose
    nodes count, `entered` {function: the graded functions its calls entered}."""
    found = {}
    for name in names:
        function = judged_function(name)
        caught = [m for m in reproduced.get(function, ()) if m in config.policy(name).catches]
        callees = [callee for callee in entered.get(function, ()) if callee in failing]
        if caught:
            found[name] = foresight.warning(function, caught[0], function in traced)
        elif callees:
            found[name] = foresight.relying(function, callees[0])
        elif function in failing:
            found[name] = foresight.failing(function)
    return found


def _report(submission_folder, config, scratch, name, sandbox_mode, answers, lanes, only,
            assignment):
    set_hypothesis_home_dir(str(Path(scratch) / ".hypothesis"))  # never the working directory
    runtime = stage_runtime(Path(scratch) / "runtime", assignment.modules)
    mode = sandbox_mode or probe()
    grading = partial(run_in_sandbox, submission_folder, config, runtime, mode, answers,
                      assignment=assignment)
    unknown = sorted(set(only or ()) - set(assignment.modules))
    if unknown:
        raise GradingError(f"no contract function is called {unknown[0]!r}")
    # The contract lists the minimax functions first, whose checks search all of tic-tac-toe:
    # the heaviest go first, so that the lanes end together.
    functions = [function for function in assignment.modules if not only or function in only]
    # A function's checks replay its callee's failures: the two go to the same lane, in order.
    groups = in_one_lane(functions)
    lanes = min(lanes or available(), len(groups))
    if lanes == 1:
        names, checks, _added, reproduced, entered = grading(functions if only else None)
    else:
        done = in_lanes(lambda taken: grading(chain.from_iterable(taken)), groups, lanes)
        names = done[0][0]
        checks = [check for _, results, *_ in done for check in results]
        reproduced = {f: m for *_, found, _entered in done for f, m in found.items()}
        entered = {f: e for *_, entering in done for f, e in entering.items()}
        if answers is not None:
            for *_done, added, _found, _entered in done:
                answers.update(added)
    ran = [check.name for check in checks]
    # What ran must be what grading.toml holds (of the functions asked for): nothing in the
    # environment may leave a check out unseen.
    later = when_graded(config)
    expected = [check for check in config.checks
                if judged_function(check) in functions and check not in later]
    if sorted(ran) != sorted(expected):
        missing = sorted(set(expected) - set(ran))
        raise GradingError(f"grading ran {len(ran)} of the {len(expected)} checks in "
                           f"grading.toml (first missing: {missing[0] if missing else 'none'}); "
                           f"nothing in the environment may select checks")
    order = {check: place for place, check in enumerate(dict.fromkeys([*names, *later]))}
    left_out = [check for check in names
                if judged_function(check) not in functions and check not in later]
    why = _("not run: this grading ran only the checks of {functions}").format(
        functions=", ".join(functions))
    foreseen = warnings(config, later, reproduced, assignment.traced, entered,
                        {check.function for check in checks if check.failed})
    checks = sorted([*checks, *not_run(config, left_out, why),
                     *not_run(config, later, _(WHEN_GRADED), foreseen, CHECKED_WHEN_GRADED)],
                    key=lambda check: order[check.name])
    found = diagnoses(checks)
    return Report(submission=name or Path(submission_folder).name,
                  checks=with_causes(checks, found), sandbox=mode,
                  made_with=provenance.made_with(config, assignment),
                  order=tuple(assignment.modules), language=spoken(),
                  diagnoses=function_diagnoses(found), reproduced=reproduced)


def function_diagnoses(found):
    """The FunctionDiagnosis of every function in `found` (function_diagnosis.diagnoses)."""
    return tuple(FunctionDiagnosis(function, named.mistakes, named.callees,
                                   said(function, *named))
                 for function, named in found.items())
