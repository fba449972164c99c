"""The known mistakes' gradings: what the release learns from the course's common errors.

Each known mistake (a submission per subfolder of the assignment's `mistakes`) is graded with the
instructor's grader on the public games, side by side, each in a process of its own (graders.py),
from the cache where an earlier release graded it as it would be now (release_cache.py). The
release keeps the answers of every game their failures were shrunk through, so that a student who
makes one meets the same smallest input and feedback as in the instructor's grader. Each check the
release leaves out names, as `catches` in its grading.toml, the known mistakes that reproduce, on
the public games, the search of a known mistake's submission that fails it (caught): a student's
run that one of them reproduces warns beside that check that it will likely fail
(feedback/foresight.py).
"""
import json
import os
import shutil
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from autograder.assignments import mistake_folders
from autograder.contract import judged_function
from autograder.distribution import graders, release_cache
from autograder.distribution.check_selection import fixed_checks, public_checks
from autograder.distribution.released_policy import public_config
from autograder.distribution.students_repository import ROOT
from autograder.errors import GradingError
from autograder.grading import answers, examples
from autograder.results import load_report
from autograder.runner.sandbox.probing import probe


def known_mistakes(mistakes, assignment):
    """Each known mistake `mistakes` names (mistake_folders) whose modules define some of the
    `assignment`'s functions, with its modules and those functions: only their checks can fail."""
    for folder in mistake_folders(mistakes):
        modules = sorted(folder.glob("*.py"))
        names = {module.stem for module in modules}
        functions = [f for f, module in assignment.modules.items() if module in names]
        if functions:
            yield folder, modules, functions


def mistake_submissions(mistakes, scratch, assignment):
    """Each known mistake of `mistakes` (known_mistakes), completed with the `assignment`'s
    reference's other modules into a submission under `scratch`, as tests/submissions holds them,
    with the functions its own modules define."""
    for folder, modules, functions in known_mistakes(mistakes, assignment):
        submission = Path(scratch) / "mistakes" / folder.name
        submission.mkdir(parents=True)
        for name in assignment.files:
            shutil.copy(assignment.reference / name, submission / name)
        for module in modules:
            shutil.copy(module, submission / module.name)
        yield submission, functions


def mistakes_policy(assignment, every_check):
    """The policy the known mistakes are graded under: the public one (public_config), with
    `every_check`, which their reports want, or else without the visible checks of fixed inputs
    (fixed_checks) of the functions that have no check left out of the release. Those shrink
    through no game and catch nothing (`catches` is for the checks students do not run, from what
    reproduces their function's search on every call its checks made), so they would add nothing
    to the release but minutes: they search the course's tic-tac-toe positions, from the empty
    board. A function with a check left out keeps them: its positions tell apart mistakes that
    its random trees do not."""
    config_text = assignment.policy.read_text()
    public = public_checks(config_text)
    checks = tomllib.loads(config_text)["checks"]
    caught_in = {judged_function(name) for name in checks if name not in public}
    skipped = set() if every_check else {name for name in fixed_checks(assignment.checks) & public
                                         if judged_function(name) not in caught_in}
    return public_config(config_text, [name for name in checks if name not in skipped])


def record_shrinking(known, mistakes, assignment, steps, scratch, every_check=True):
    """Grade each submission in `mistakes` with the instructor's grader on the public games, and add
    to the release's answers, `known`, those of every game its failures were shrunk through: a
    student who makes one of those mistakes meets the same smallest input in the students'
    repository as in the instructor's grader (which shrinks through any game), and the same
    feedback. Each recording only the answers it added to `known`, given the games the reference
    met (graded_side_by_side); one graded by an earlier release as it would be now is taken from
    the cache (release_cache.py). The visible checks of fixed inputs are graded only with
    `every_check` (mistakes_policy). Returns the answers, and the path of each mistake's report
    (JSON), in the folder `scratch` with all the gradings work with, by the name of its folder."""
    base, policy = Path(scratch) / "answers.json", Path(scratch) / "public.toml"
    answers.save(base, known, assignment.reference)
    policy.write_text(mistakes_policy(assignment, every_check))
    submissions = list(mistake_submissions(mistakes, scratch, assignment))
    recorded = graded_side_by_side(submissions, known, policy, base, assignment, steps, scratch)
    for path, _report in recorded:  # the calls' answers: the games the instructor's checks kept
        # are of other checks than the release's, so no use there (examples.py)
        known.update({key: data for key, data in answers.public_answers(path).items()
                      if not examples.games_key(key)})
    return known, {submission.name: report
                   for (submission, _), (_, report) in zip(submissions, recorded)}


def graded_side_by_side(submissions, known, policy, base, assignment, steps, scratch):
    """Each of `submissions` (submission, functions) graded (grade_mistake), each in one lane,
    each said to `steps` when done, one more at a time than the cores, the longest first, once the
    games the reference met are added to the answers in `base` (reference_games): the paths of
    each one's answers and report, in the order of `submissions`."""
    # one more than the cores: a grading's two processes take turns (the grader waits on
    # its worker's call, the worker on the grader's checks), and a hanging mistake's waits out
    # its time limit, so as many gradings as cores leave them idle part of the time
    with graders.pool(os.cpu_count() + 1) as processes, \
            ThreadPoolExecutor(max_workers=os.cpu_count() + 1) as pool:
        answers.save(base, {**known, **reference_games(scratch, policy, base, assignment, steps,
                                                       processes)},
                     assignment.reference)
        started = {mistake[0]: pool.submit(grade_mistake, *mistake, policy, base, assignment,
                                           steps, processes)
                   for mistake in longest_first(submissions, known)}
        try:
            return [started[submission].result() for submission, _ in submissions]
        except BaseException:  # Ctrl-C, or a grading that failed: no other one starts
            for future in started.values():
                future.cancel()
            raise


def reference_games(scratch, policy, base, assignment, steps, processes):
    """The games each check meets where the reference passes it, under the public `policy`, as the
    instructor's grader keys them (examples.py; the released grader's are keyed by its own code):
    given them, a known mistake's check that passes replays them rather than having hypothesis
    draw them again, as a student's grading does from the instructor's cache, and one that fails
    meets the same games up to the same failure, which hypothesis then finds and shrinks as
    without them. Only the games: the reference's answers on them stay each mistake's own to
    record, as it asks them. Graded in a process of `processes` (graders.py)."""
    submission = Path(scratch) / "reference"
    submission.mkdir()
    for file in assignment.files:
        shutil.copy(assignment.reference / file, submission / file)
    recorded, _report = grade_mistake(submission, list(assignment.modules), policy, base,
                                      assignment, steps, processes,
                                      "the reference, on the public games", lanes=None)
    return {key: data for key, data in answers.public_answers(recorded).items()
            if examples.games_key(key)}


def longest_first(submissions, known):
    """The `submissions` (submission, functions) in the order their gradings are started: the
    longest first, as the reference's time on the calls of their functions in the answers `known`
    says, so that the cores end together rather than one grading a mistake of minimax's search
    of the whole tic-tac-toe tree alone at the end. Ties keep their order."""
    seconds = {}
    for key, data in known.items():
        function = json.loads(key).get("function")
        if isinstance(data, dict) and function:
            seconds[function] = seconds.get(function, 0) + data.get("seconds", 0)
    return sorted(submissions, reverse=True,
                  key=lambda mistake: sum(seconds.get(function, 0) for function in mistake[1]))


def grade_mistake(submission, functions, policy, base, assignment, steps, processes, name=None,
                  lanes=1):
    """Grade the checks of `functions` on `submission` with the instructor's grader, as the
    `assignment`, under the public `policy`, from the answers in `base` (or recall that grading
    from the cache), in `lanes` lanes (None: one per core), in a process of `processes`
    (graders.py), said to `steps` as `name` (by default the known mistake of its folder's name);
    the path of the answers it added to those of `base`, and of its report (JSON)."""
    name = name or f"known mistake {submission.name}"
    recorded = submission.with_suffix(".json.gz")
    report = submission.with_suffix(".report.json")
    files = {".json.gz": recorded, ".report.json": report}
    key = release_cache.mistake_key(submission, functions, policy, base, assignment)
    if release_cache.recalled(key, files):
        steps.done(f"{name}: graded by an earlier release")
        return recorded, report
    # the sandbox probed once for the release, as a batch passes it on (cli.passed_on): probing
    # starts a sandboxed Python, a seventh of a second of every grading
    arguments = [str(submission), "--assignment", assignment.argument, "--config", str(policy),
                 "--sandbox", probe(),
                 "--reference-answers", str(base), "--record-answers", str(recorded),
                 *(["--lanes", str(lanes)] if lanes else []), "--format", "json", "--output",
                 str(report), *[option for function in functions
                                for option in ("--only", function)]]
    code, said = processes.submit(graders.run, arguments, ROOT).result()
    if code != 0:
        raise GradingError(f"grading the {name} failed: {said}")
    release_cache.remember(key, files)
    steps.done(f"{name}: graded")
    return recorded, report


def caught(reports, kept):
    """{check: the known mistakes that fail it} for the checks the release leaves out (not in
    `kept`): from each known mistake's report on the public games (`reports`, the paths of its
    JSON by the mistake's name), for each such check it fails, the mistakes that reproduce the
    search of that check's function there (Report.reproduced). So a check is said to catch only
    what the instructor's grader was seen to fail it with."""
    found = {}
    for path in reports.values():
        report = load_report(path)
        for check in report.checks:
            if check.name not in kept and check.status == "failed":
                mistakes = found.setdefault(check.name, [])
                mistakes += [m for m in report.reproduced.get(check.function, ())
                             if m not in mistakes]
    return {name: mistakes for name, mistakes in found.items() if mistakes}
