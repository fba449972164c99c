"""A grading's checks made whole: every check of grading.toml once, in pytest's order, those that
did not run said so (left out by `only`, or left to the instructor's grading, with what a known
mistake foretells of them), and each function's diagnosis.

What ran is held to grading.toml first: nothing in the environment may leave a check out unseen.
"""
from autograder.contract import judged_function
from autograder.engine.plugin import when_graded
from autograder.errors import GradingError
from autograder.feedback import foresight
from autograder.feedback.function_diagnosis import said
from autograder.language import _
from autograder.results import (CHECKED_WHEN_GRADED, NOT_RUN, WHEN_GRADED, CheckResult,
                                FunctionDiagnosis)


def require_every_check(config, ran, functions):
    """Raise GradingError unless the checks that ran (`ran`, their names) are exactly those
    grading.toml holds for the contract functions `functions`, less those left to the
    instructor's grading."""
    later = when_graded(config)
    expected = [check for check in config.checks
                if judged_function(check) in functions and check not in later]
    if sorted(ran) != sorted(expected):
        missing = sorted(set(expected) - set(ran))
        raise GradingError(f"grading ran {len(ran)} of the {len(expected)} checks in "
                           f"grading.toml (first missing: {missing[0] if missing else 'none'}); "
                           f"nothing in the environment may select checks")


def completed(config, names, checks, functions, reproduced, entered, traced):
    """Every check, in the order of `names` (pytest's), then those only the instructor's grading
    runs: the results that ran (`checks`), those of the functions not in `functions` not run, and
    those left to the instructor's grading not run, with their warnings (see warnings; the other
    arguments are theirs)."""
    later = when_graded(config)
    order = {check: place for place, check in enumerate(dict.fromkeys([*names, *later]))}
    left_out = [check for check in names
                if judged_function(check) not in functions and check not in later]
    why = _("not run: this grading ran only the checks of {functions}").format(
        functions=", ".join(functions))
    foreseen = warnings(config, later, reproduced, traced, entered,
                        {check.function for check in checks if check.failed})
    checks = sorted([*checks, *not_run(config, left_out, why),
                     *not_run(config, later, _(WHEN_GRADED), foreseen, CHECKED_WHEN_GRADED)],
                    key=lambda check: order[check.name])
    return checks


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


def function_diagnoses(found):
    """The FunctionDiagnosis of every function in `found` (function_diagnosis.diagnoses)."""
    return tuple(FunctionDiagnosis(function, named.mistakes, named.callees,
                                   said(function, *named))
                 for function, named in found.items())
