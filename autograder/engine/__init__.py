"""Grading one submission: pytest runs the checks against a worker, a plugin collects one Report.

Every check is a real pytest test (hypothesis generates its games, seeding.py; pytest-timeout
bounds it as a backstop behind the worker's own kill). The plugin (plugin.py) hands the tests their
`caller` fixture and turns each test's outcome into a CheckResult with the points grading.toml
gives it, in one pytest session against a worker in a sandbox (session.py). With `lanes`, the
checks run in that many forked processes, each a pytest session of its own that takes contract
functions from a shared queue (FunctionQueue, lanes.py), each function with those that call it
(checks/replay.py); the report is the same. The checks that did not run are added as not run, and
every function's diagnosis made (outcome.py). Here are the entry points: grade and collect_checks.

May import: contract, errors, language, games, worker, policy, runner, grading, results, feedback,
checks.
"""
import errno
import gc
from contextlib import contextmanager
from functools import partial
from itertools import chain
from pathlib import Path

from hypothesis.configuration import set_hypothesis_home_dir

from autograder.checks.replay import in_one_lane
from autograder.engine.outcome import completed, function_diagnoses, require_every_check
from autograder.engine.plugin import GradingPlugin
from autograder.engine.session import pytest_run, run_in_sandbox
from autograder.errors import GradingError
from autograder.feedback.function_diagnosis import diagnoses, with_causes
from autograder.grading import provenance
from autograder.grading.answers import public_answers
from autograder.language import spoken
from autograder.results import Report
from autograder.runner.lanes import available, in_lanes
from autograder.runner.sandbox import probe, uncap_grader_memory
from autograder.runner.worker_process import stage_runtime


def grade(submission_folder, config, scratch, name=None, sandbox_mode=None, answers=None,
          lanes=None, only=None, *, assignment):
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


def collect_checks(config, assignment):
    """The names of the assignment's checks, in order, validated against `config`; nothing is
    run."""
    plugin = GradingPlugin(None, config, assignment)
    pytest_run(plugin, config, "--collect-only")
    return plugin.checks


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


def _report(submission_folder, config, scratch, name, sandbox_mode, answers, lanes, only,
            assignment):
    set_hypothesis_home_dir(str(Path(scratch) / ".hypothesis"))  # never the working directory
    runtime = stage_runtime(Path(scratch) / "runtime", modules=assignment.modules)
    mode = sandbox_mode or probe()
    grading = partial(run_in_sandbox, submission_folder, config, runtime, mode, answers,
                      assignment)
    functions = asked_for(assignment, only)
    names, checks, reproduced, entered = run_passes(grading, functions, only, lanes, answers)
    require_every_check(config, [check.name for check in checks], functions)
    checks = completed(config, names, checks, functions, reproduced, entered, assignment.traced)
    found = diagnoses(checks)
    return Report(submission=name or Path(submission_folder).name,
                  checks=with_causes(checks, found), sandbox=mode,
                  made_with=provenance.made_with(config, assignment),
                  order=tuple(assignment.modules), language=spoken(),
                  diagnoses=function_diagnoses(found), reproduced=reproduced)


def asked_for(assignment, only):
    """The contract functions whose checks run: those in `only`, or all, in the contract's order
    (which lists the minimax functions first, whose checks search all of tic-tac-toe: the
    heaviest go first, so that the lanes end together)."""
    unknown = sorted(set(only or ()) - set(assignment.modules))
    if unknown:
        raise GradingError(f"no contract function is called {unknown[0]!r}")
    return [function for function in assignment.modules if not only or function in only]


def run_passes(grading, functions, only, lanes, answers):
    """The checks of `functions` run by `grading` (run_in_sandbox, all but its last argument) in
    this process or in lanes: every check's name in pytest's order, the results, and the known
    mistakes and graded functions each function's calls reproduced and entered. The reference's
    answers the lanes added are added to `answers`."""
    # A function's checks replay its callee's failures: the two go to the same lane, in order.
    groups = in_one_lane(functions)
    lanes = min(lanes or available(), len(groups))
    if lanes == 1:
        names, checks, _added, reproduced, entered = grading(functions if only else None)
        return names, checks, reproduced, entered
    done = in_lanes(lambda taken: grading(chain.from_iterable(taken)), groups, lanes)
    if answers is not None:
        for *_done, added, _found, _entered in done:
            answers.update(added)
    return merged(done)


def merged(done):
    """The passes of the lanes, `done`, as run_passes returns one."""
    names = done[0][0]
    checks = [check for _, results, *_ in done for check in results]
    reproduced = {f: m for *_, found, _entered in done for f, m in found.items()}
    entered = {f: e for *_, entering in done for f, e in entering.items()}
    return names, checks, reproduced, entered
