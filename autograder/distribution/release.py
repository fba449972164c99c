"""The students' repository: `python -m autograder release DIR [--assignment NAME]`.

It holds one assignment's stubs (generated from the reference, in the same folder as here:
assignments/ for the first, assignments/cutoff/ for the second), the games, the grader with that
assignment's public checks only, their grading policy, a README for students, the contract, and
the workflows that grade every push and pull request. It holds no reference, no hidden check and
no hidden input; and since the feedback engine replays working searches, those stay out too, as
do the checks that run the reference on the student's own input (`@check(..., needs_reference=True)`),
which no file can answer ahead: a student's run names them as checked when graded.

Without a reference, the public checks read the reference's answers from a file made here by
grading the reference with the released grader itself: hypothesis is derandomized, so a student's
run meets exactly the games that file answers, until a check fails; then it shrinks the failure
only through games the file holds (see checks/calling.py). For each of those games the file also
holds what the feedback engine found there (feedback/replaying/record.py), so that a failure is
explained as the instructor's grader explains it. Each check it leaves out names, as `catches`
in its grading.toml, the known mistakes that reproduce, on the public games, the search of a known
mistake's submission that fails it (caught): a student's run that one of them reproduces warns
beside that check that it will likely fail (feedback/foresight.py).

What students read is written in the course's language, grading.toml's `[course] language`, which
the released grading.toml keeps for the students' grader: the stubs' docstrings, the README (the
Jinja templates in release_templates/) and the contract, docs/student-api.md, block by block as
Babel extracts it (autograder.language.extraction.markdown_blocks), and the comments of the
released grading.toml and workflows, paragraph by paragraph (comment_blocks).
"""
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from string import Template

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from autograder.assignments import ANSWERS, SEARCH, mistake_folders
from autograder.contract import judged_function
from autograder.distribution import graders, release_cache, stubs
from autograder.distribution.progress import Steps, in_steps
from autograder.errors import ConfigError, GradingError, UsageError
from autograder.files import write_atomically
from autograder.feedback.replaying.record import explain_answers
from autograder.grading import answers, examples
from autograder.language import ENGLISH, _, speaking, spoken
from autograder.language.catalogs import TRANSLATED, path_of, template, write_bare
from autograder.language.extraction import comment_blocks, markdown_blocks, shown_values
from autograder.language.templates import install
from autograder.policy import load as load_policy, settings as course_settings

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "autograder"
HERE = Path(__file__).resolve().parent  # the templates beside this module
CONTRACT = Path("docs") / "student-api.md"
README_TEMPLATES = install(Environment(
    loader=FileSystemLoader(HERE / "release_templates"), undefined=StrictUndefined,
    keep_trailing_newline=True, extensions=["jinja2.ext.i18n"]))
# Whole packages the students' copy of the grader leaves out: the feedback's working searches (the
# course's mistakes, worked out) and the instructor's tools, which read the reference.
LEFT_OUT_PACKAGES = ("feedback/replaying", "distribution")
LEFT_OUT_FILES = ("__pycache__", ANSWERS)
WORKFLOWS = {"github-autograde.yml": Path(".github") / "workflows" / "autograde.yml",
             "gitlab-ci.yml": Path(".gitlab-ci.yml")}
# The command line's defaults for the instructor's repositories are placeholders: option ->
# (placeholder, what the students' workflow takes from the repository).
PLACEHOLDERS = {
    "--grader-repository": ("your-course/adversarial-search", "installs the grader"),
    "--private-grader-repository": ("your-course/grader",
                                    "checks out the hidden checks (given GRADER_TOKEN)"),
}
# The steps of every release, which its progress counts (with more for known mistakes: steps_of).
BUILD_STEPS = ("written", "reference graded", "public games explained", "answers written")
# What students write in their repository and should not commit: the environment, and the reports
# (`grade --output`, autograder.commands.ci's output folder).
GITIGNORE = (".venv/", "__pycache__/", "*.egg-info/", "results.json", "report.html", "report.md",
             "report.json", "report.txt", "junit.xml", "autograder-results/")


def public_checks(config_text):
    """The names of the checks students get: the visible ones (after_due_date and hidden checks
    stay with the instructor)."""
    checks = tomllib.loads(config_text)["checks"]
    return {name for name, entry in checks.items() if entry.get("visibility", "visible") == "visible"}


def decorator_named(function, name):
    """A test function's @name(...) decorator, or None."""
    for decorator in function.decorator_list:
        if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name)
                and decorator.func.id == name):
            return decorator
    return None


def check_decorator(function):
    """A test function's @check(...) decorator, or None."""
    return decorator_named(function, "check")


def check_marker(function):
    """The name in a test function's @check decorator, or None."""
    decorator = check_decorator(function)
    return decorator.args[0].value if decorator else None


def needs_reference(function):
    """Whether the check runs the reference on what the student's code builds, which no answers
    file can hold ahead (@check(..., needs_reference=True))."""
    return any(keyword.arg == "needs_reference" and ast.literal_eval(keyword.value) is True
               for keyword in check_decorator(function).keywords)


def draws_inputs(function):
    """Whether a check's inputs are drawn by hypothesis (@given), rather than fixed: the course's
    own positions, which no shrinking passes through."""
    return decorator_named(function, "given") is not None


def fixed_checks(folder):
    """The names of the checks in the check modules of `folder` whose inputs are fixed."""
    return {name for module in Path(folder).glob("test_*.py")
            for node in ast.parse(module.read_text(encoding="utf-8")).body
            if isinstance(node, ast.FunctionDef) and (name := check_marker(node))
            and not draws_inputs(node)}


def public_module(source, public):
    """A check module's source without the checks students do not get: those not `public`, and
    those that need the reference itself."""
    lines = source.splitlines(keepends=True)
    drop = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and (name := check_marker(node)):
            if name not in public or needs_reference(node):
                start = min(d.lineno for d in node.decorator_list) - 1
                end = node.end_lineno
                while end < len(lines) and not lines[end].strip():
                    end += 1
                drop.append((start, end))
    for start, end in reversed(drop):
        del lines[start:end]
    return "".join(lines)


def released_checks(source):
    """The names of the checks a released module keeps."""
    return [name for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef) and (name := check_marker(node))]


def public_config(config_text, kept):
    """grading.toml without [official], which has grading draw the course's secret games: the
    students' copy meets the public games, whose answers it holds. Its other sections as they
    are. The checks the release leaves out keep their entries, marked `checked_here = false`, so
    that a student's run names them, with their points and hints, as checked when graded."""
    out, section = [], None
    for line in config_text.splitlines():
        if line.startswith("["):
            section = line.strip()
        if section == "[official]":
            continue
        if (section == "[checks]" and line.startswith('"')
                and line.split('" =')[0][1:] not in kept):
            line = line.replace("{", "{ checked_here = false,", 1)
        out.append(line)
    text = "\n".join(out) + "\n"
    left_out = {name for name, entry in tomllib.loads(text)["checks"].items()
                if entry.get("checked_here", True) is False}
    if left_out != set(tomllib.loads(config_text)["checks"]) - set(kept):
        raise ConfigError("grading.toml: write each check's entry on one line, "
                          "\"name\" = { points = ... }, so that release can mark the checks it "
                          "leaves out")
    return text


def caught(reports, kept):
    """{check: the known mistakes that fail it} for the checks the release leaves out (not in
    `kept`): from each known mistake's report (JSON text) on the public games, for each such check
    it fails, the mistakes that reproduce the search of that check's function there
    (Report.reproduced). So a check is said to catch only what the instructor's grader was seen to
    fail it with."""
    found = {}
    for text in reports.values():
        report = json.loads(text)
        for check in report["checks"]:
            if check["name"] not in kept and check["status"] == "failed":
                mistakes = found.setdefault(check["name"], [])
                mistakes += [m for m in report["reproduced"].get(check["function"], ())
                             if m not in mistakes]
    return {name: mistakes for name, mistakes in found.items() if mistakes}


def with_catches(config_text, catches):
    """The released grading.toml with `catches = [...]` in the entry of each check of `catches`
    ({check: known mistakes}), which public_config marked as not checked here; its other lines as
    they are. The release alone writes `catches`: a grading.toml that names them is refused."""
    declared = [name for name, entry in tomllib.loads(config_text)["checks"].items()
                if "catches" in entry]
    if declared:
        raise ConfigError(f"grading.toml: [checks] {json.dumps(declared[0])} names what it "
                          f"catches; leave catches out, release writes it from the known mistakes")
    lines = []
    for line in config_text.splitlines():
        name = line.split('" =')[0][1:] if line.startswith('"') else None
        if name in catches:
            listed = ", ".join(json.dumps(mistake) for mistake in catches[name])
            line = line.replace("{ checked_here = false,",
                                f"{{ checked_here = false, catches = [{listed}],", 1)
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_language(config_text, language):
    """grading.toml with `[course] language = language`, its other lines as they are."""
    return with_course_setting(config_text, "language", language, ENGLISH)


# A check's English hint as grading.toml writes it on the check's line: `hint = "..."`.
ENGLISH_HINT = re.compile(r'\bhint = ("(?:[^"\\]|\\.)*")')


def with_spoken_hints(config_text):
    """grading.toml with each check's English hint its catalog translates written as the hint of
    the language spoken (`hint.ca = "..."`), which the students' grader shows as it is: students
    read the released policy too. A hint no catalog translates (an instructor's own) and one
    given per language stay as written."""
    if spoken() == ENGLISH:
        return config_text
    lines = []
    for line in config_text.splitlines():
        found = ENGLISH_HINT.search(line) if line.startswith('"') else None
        if found:
            hint = tomllib.loads(f"hint = {found[1]}")["hint"]
            if _(hint) != hint:
                line = (line[:found.start()] + f"hint.{spoken()} = "
                        + json.dumps(_(hint), ensure_ascii=False) + line[found.end():])
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_course_setting(config_text, key, value, default=None):
    """grading.toml with `[course] key = value` (a string), its other lines as they are: what the
    assignment inherits from the course's grading.toml, which the students' repository may not
    hold, written into its own."""
    if value is None or tomllib.loads(config_text).get("course", {}).get(key, default) == value:
        return config_text
    lines, section = [], None
    for line in config_text.splitlines():
        if line.startswith("["):
            section = line.strip()
        if not (section == "[course]" and line.split("=")[0].strip() == key):
            lines.append(line)
        if line.strip() == "[course]":
            lines.append(f"{key} = {json.dumps(value)}")
    if "[course]" not in map(str.strip, lines):
        lines += ["", "[course]", f"{key} = {json.dumps(value)}"]
    return "\n".join(lines) + "\n"


def left_out(folder, names):
    """copytree's filter: the names in `folder` the students' copy leaves out."""
    inside = Path(folder).relative_to(PACKAGE)
    return {name for name in names
            if name in LEFT_OUT_FILES or (inside / name).as_posix() in LEFT_OUT_PACKAGES}


def inside(path):
    """Where `path`, a folder or file of this project, lies in the students' repository too."""
    return Path(path).resolve().relative_to(ROOT)


def copy_grader(target, public, assignment):
    """The autograder package, less the feedback engine, with only the `assignment`'s public
    checks: for another than the first, the first's checks are left out and its own copied to
    its folder. Returns the names of the checks kept."""
    shutil.copytree(PACKAGE, target / "autograder", ignore=left_out)
    checks = target / inside(assignment.checks)
    if assignment is not SEARCH:
        for module in (target / "autograder" / "checks").glob("test_*.py"):
            module.unlink()
        shutil.copytree(assignment.checks, checks, ignore=shutil.ignore_patterns(*LEFT_OUT_FILES))
    kept = []
    for module in sorted(checks.glob("test_*.py")):
        source = public_module(module.read_text(), public)
        if not released_checks(source):  # its helpers would serve no check
            module.unlink()
            continue
        module.write_text(source)
        kept += released_checks(source)
    return kept


def declaration_without(assignment, keys, given=None):
    """The assignment's file without the lines of `keys`, and with `given` ({key: path}) declared
    first instead: top-level keys precede its [[functions]] tables."""
    text = Path(assignment.argument).read_text(encoding="utf-8")
    kept = "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith(tuple(f"{key} =" for key in keys)))
    if {key: value for key, value in tomllib.loads(text).items() if key not in keys} != \
            tomllib.loads(kept):
        raise ConfigError(f"{assignment.argument}: write each of {', '.join(keys)} on a line of "
                          f"its own, as 'reference = \"...\"', so that release can leave it out")
    return "".join(f"{key} = {json.dumps(str(path))}\n" for key, path in (given or {}).items()) \
        + kept


def public_declaration(assignment):
    """The assignment's file as the students' repository holds it: without its reference and
    known mistakes, which stay here, so that it grades from the answers beside its checks; its
    comments in the language spoken."""
    return spoken_paragraphs(declaration_without(assignment, ("reference", "mistakes")))


# What the project's pyproject.toml holds for its own development only: its test suite's settings
# (the students' repository has no tests folder; the checks run under autograder/checks/pytest.ini)
# and the instructor's tools' extras.
PROJECT_ONLY = (re.compile(r"(?ms)^\[tool\.pytest\.ini_options\]\n.*?(?=^\[|\Z)"),
                re.compile(r"(?m)^(dev|similarity) = .*\n"))


def pyproject(target):
    """pyproject.toml for the students' repository in `target`: the package without the reference,
    the public answers beside the checks, none of the project's own test settings and tools
    (PROJECT_ONLY), and described by the title of the README written there, in its language (pip
    and an IDE show the description)."""
    text = (ROOT / "pyproject.toml").read_text()
    text = text.replace('include = ["autograder*", "reference*"]', 'include = ["autograder*"]')
    text = text.replace('"autograder.checks" = ["pytest.ini"]',
                        '"autograder.checks" = ["pytest.ini", "public_answers.json.gz"]')
    for pattern in PROJECT_ONLY:
        text = pattern.sub("", text)
    text = text.rstrip("\n") + "\n"
    title = (target / "README.md").read_text(encoding="utf-8").splitlines()[0].removeprefix("# ")
    text = re.sub(r"(?m)^description = .*$",
                  lambda _match: f"description = {json.dumps(title, ensure_ascii=False)}", text)
    (target / "pyproject.toml").write_text(text, encoding="utf-8")


def workflows(target, substitutions):
    """The workflows, their comments and what their Actions page shows in the language spoken."""
    templates = HERE / "ci_templates"
    for name, destination in WORKFLOWS.items():
        if (templates / name).is_file():
            (target / destination).parent.mkdir(parents=True, exist_ok=True)
            text = Template(spoken_names(spoken_paragraphs((templates / name).read_text()))
                            ).safe_substitute(substitutions)
            (target / destination).write_text(text, encoding="utf-8")


def released_assignment(target, assignment, scratch):
    """The --assignment option that has the released grader grade `assignment` with its released
    checks and policy and this project's reference: none for the first, whose reference the
    released grader imports (see record_answers); for another, a file declaring just that."""
    if assignment is SEARCH:
        return []
    declaration = Path(scratch) / "assignment.toml"
    declaration.write_text(declaration_without(
        assignment, ("reference", "mistakes", "checks", "policy"),
        {"reference": assignment.reference, "checks": target / inside(assignment.checks),
         "policy": target / inside(assignment.policy)}), encoding="utf-8")
    return ["--assignment", str(declaration)]


def record_answers(target, assignment):
    """Grade the reference with the released grader and keep the reference's answers, with what
    the feedback engine finds on each of their games; or recall them from an earlier release of
    the same grader, policy and reference (release_cache.py)."""
    recorded = target / inside(assignment.answers)
    key = release_cache.reference_key([target / "autograder", target / inside(assignment.checks),
                                       target / inside(assignment.policy)], assignment)
    if release_cache.recalled(key, {".reference.json.gz": recorded}):
        return
    grade_reference(target, assignment)
    release_cache.remember(key, {".reference.json.gz": recorded})


def grade_reference(target, assignment):
    """Grade the reference with the released grader, its answers recorded in the release."""
    with tempfile.TemporaryDirectory(prefix="autograder-release-") as scratch:
        submission = Path(scratch) / "reference"
        submission.mkdir()
        for name in assignment.files:
            shutil.copy(assignment.reference / name, submission / name)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the released grader, and the reference
        command = [sys.executable, "-m", "autograder", "grade", str(submission), "--format",
                   "json", "--output", str(Path(scratch) / "report.json"),
                   *released_assignment(target, assignment, scratch),
                   "--record-answers", str(target / inside(assignment.answers))]
        completed = subprocess.run(command, cwd=target, env=env, capture_output=True, text=True)
        if completed.returncode != 0:
            raise GradingError(f"grading the reference with the release failed: "
                                  f"{completed.stderr.strip().splitlines()[-1:]}")
        report = json.loads((Path(scratch) / "report.json").read_text())
    if report["points"] != report["max_points"]:
        raise GradingError("the reference does not get full marks on the public checks")


def known_mistakes(mistakes, assignment):
    """Each known mistake `mistakes` names (mistake_folders) whose modules define some of the
    `assignment`'s functions, with its modules and those functions: only their checks can fail."""
    for folder in mistake_folders(mistakes):
        modules = sorted(folder.glob("*.py"))
        names = {module.stem for module in modules}
        functions = [f for f, module in assignment.modules.items() if module in names]
        if functions:
            yield folder, modules, functions


def steps_of(mistakes, assignment):
    """How many steps a release of `assignment` with the known mistakes in the folder `mistakes`
    (None: none) says, counted before the first, so that its total holds from `[1/N]`: the
    build's, and the reference's grading on the public games and one per known mistake."""
    known = 1 + len(list(known_mistakes(mistakes, assignment))) if mistakes else 0
    return len(BUILD_STEPS) + known


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


def record_shrinking(known, mistakes, assignment, steps, every_check=True):
    """Grade each submission in `mistakes` with the instructor's grader on the public games, and add
    to the release's answers, `known`, those of every game its failures were shrunk through: a
    student who makes one of those mistakes meets the same smallest input in the students'
    repository as in the instructor's grader (which shrinks through any game), and the same
    feedback. The gradings run side by side, one more than the cores, each in one lane, each said
    to `steps` when done, each recording only the answers it added to `known`, each given the
    games the reference met (reference_games); one graded by an earlier release as it would be now
    is taken from the cache (release_cache.py). The visible checks of fixed inputs are graded
    only with `every_check` (mistakes_policy). Returns the answers, and each mistake's report
    (JSON text) by the name of its folder."""
    with tempfile.TemporaryDirectory(prefix="autograder-release-") as scratch:
        base, policy = Path(scratch) / "answers.json", Path(scratch) / "public.toml"
        answers.save(base, known, assignment.reference)
        policy.write_text(mistakes_policy(assignment, every_check))
        submissions = list(mistake_submissions(mistakes, scratch, assignment))
        # one more than the cores: a grading's two processes take turns (the grader waits on
        # its worker's call, the worker on the grader's checks), and a hanging mistake's waits out
        # its time limit, so as many gradings as cores leave them idle part of the time
        with graders.pool(os.cpu_count() + 1) as processes, \
                ThreadPoolExecutor(max_workers=os.cpu_count() + 1) as pool:
            answers.save(base, {**known, **reference_games(scratch, policy, base, assignment,
                                                           steps, processes)},
                         assignment.reference)
            started = {mistake[0]: pool.submit(grade_mistake, *mistake, policy, base, assignment,
                                               steps, processes)
                       for mistake in longest_first(submissions, known)}
            try:
                recorded = [started[submission].result() for submission, _ in submissions]
            except BaseException:  # Ctrl-C, or a grading that failed: no other one starts
                for future in started.values():
                    future.cancel()
                raise
        for path, _report in recorded:  # the calls' answers: the games the instructor's checks kept
            # are of other checks than the release's, so no use there (examples.py)
            known.update({key: data for key, data in answers.public_answers(path).items()
                          if not examples.games_key(key)})
        reports = {submission.name: report.read_text()
                   for (submission, _), (_, report) in zip(submissions, recorded)}
    return known, reports


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
    arguments = ["grade", str(submission), "--assignment", assignment.argument, "--config",
                 str(policy), "--reference-answers", str(base), "--record-answers", str(recorded),
                 *(["--lanes", str(lanes)] if lanes else []), "--format", "json", "--output",
                 str(report), *[option for function in functions for option in ("--only", function)]]
    code, said = processes.submit(graders.run, arguments, ROOT).result()
    if code != 0:
        raise GradingError(f"grading the {name} failed: {said}")
    release_cache.remember(key, files)
    steps.done(f"{name}: graded")
    return recorded, report


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


def explained(known):
    """`known` answers with what their explanations need (explain_answers), those an earlier
    release of this grader found taken from the cache."""
    found = release_cache.explanations()
    missing = {key: data for key, data in known.items() if key not in found}
    if missing:
        explain_answers(missing)  # adds to the same dicts `known` holds
    found.update({key: data.get("explained") if isinstance(data, dict) else None
                  for key, data in missing.items()})
    for key, data in known.items():
        if found[key] is not None:
            data["explained"] = found[key]
    if missing:
        release_cache.keep_explanations(found)
    return known


def readme(assignment, substitutions, kept):
    """The students' README: the first assignment's own, or for another one made from its files,
    each with the first line of its reference module's docstring. The checks are listed by their
    names in the language spoken, as the reports name them."""
    checks = "\n".join(f"- {_(name)}" for name in kept)
    if assignment is SEARCH:
        template, details = "README.md", {}
    else:
        template = "README.assignment.md"
        details = {"name": assignment.name, "folder": inside(assignment.stubs).as_posix(),
                   "first_function": assignment.functions[0].name,
                   "files": "\n".join(f"- `{name}`: {module_summary(assignment.reference / name)}"
                                      for name in assignment.files)}
    return README_TEMPLATES.get_template(template).render(substitutions, checks=checks, **details)


def spoken_markdown(text):
    """A Markdown document in the language spoken: each block its catalog translates written as
    one line after its indentation and marker (a ```text block as its lines); the others, code
    blocks among them, as they are."""
    out = []
    for _line, prefix, message, suffix, lines in markdown_blocks(text):
        spoken = _(message) if message else message
        out.append(f"{prefix}{spoken}{suffix}" if spoken != message else "".join(lines))
    return "".join(out)


def spoken_paragraphs(text, width=100):
    """A file's text with each paragraph of its comments its catalog translates rewritten in the
    language spoken, wrapped within `width` columns at the comment's own column; the rest, the
    code and the comments written in no catalog (an instructor's own) among them, as they are."""
    out = []
    for _line, prefix, message, column, lines in comment_blocks(text):
        spoken = _(message) if message else message
        if spoken == message:
            out.append("".join(lines))
            continue
        newline = lines[-1][len(lines[-1].rstrip("\r\n")):] or "\n"
        following = prefix if prefix.strip() in ("#", "//") else " " * (column - 2) + "# "
        wrapped = textwrap.wrap(spoken, width=max(width - column, 30), break_long_words=False,
                                break_on_hyphens=False)
        out += [f"{prefix if number == 0 else following}{part}{newline}"
                for number, part in enumerate(wrapped)]
    return "".join(out)


def spoken_names(text):
    """A workflow's text with each step's and job's name and each input's description its catalog
    translates in the language spoken, double-quoted (a YAML string as JSON writes it)."""
    lines = text.splitlines(keepends=True)
    for number, key, value in shown_values(text):
        if (spoken := _(value)) != value:
            lines[number - 1] = f"{key}{json.dumps(spoken, ensure_ascii=False)}\n"
    return "".join(lines)


def documents(target):
    """The contract into `target`'s docs/, in the language spoken: the one page of docs/ students
    read, the others being the project's guides, in English."""
    (target / CONTRACT).parent.mkdir(parents=True, exist_ok=True)
    (target / CONTRACT).write_text(spoken_markdown((ROOT / CONTRACT).read_text(encoding="utf-8")),
                                   encoding="utf-8")


def module_summary(path):
    """The first line of the module's docstring, in the language spoken (its stub's, as Babel
    extracts it)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    return _(doc).split("\n")[0] if doc else ""


def material(target, substitutions, assignment, kept):
    """What students read, in the language spoken: the stubs, docs/ and the README."""
    stubs.generate(assignment.reference, target / inside(assignment.stubs), assignment.files)
    documents(target)
    (target / "README.md").write_text(readme(assignment, substitutions, kept), encoding="utf-8")


def released_catalogs(target):
    """Each language's catalog with only the messages the students' repository speaks, found by
    extracting them from what it holds."""
    used = template(target)
    for code in TRANSLATED:
        write_bare(code, target / inside(path_of(code)), used)


def students_files(target, substitutions, assignment, language=None):
    """The files of the students' repository of `assignment` that need no grading, in `target`:
    the grader with its public checks, its grading.toml, and in `language` (None: the course's)
    the stubs, docs/, the README, the workflows and the comments of grading.toml. Returns the
    names of the checks kept."""
    config_text = assignment.policy.read_text()
    language = language or load_policy(assignment.policy).language
    kept = copy_grader(target, public_checks(config_text), assignment)
    fail_under, _where = course_settings(assignment.policy)["fail_under"]
    threshold = None if fail_under is None else str(fail_under)
    with speaking(language):
        (target / inside(assignment.policy)).write_text(spoken_paragraphs(with_spoken_hints(
            with_course_setting(with_language(public_config(config_text, kept), language),
                                "fail_under", threshold))), encoding="utf-8")
        material(target, substitutions, assignment, kept)
        workflows(target, {**substitutions, **workflow_substitutions(assignment)})
    released_catalogs(target)
    (target / ".gitignore").write_text("".join(f"{pattern}\n" for pattern in GITIGNORE))
    pyproject(target)
    return kept


def build(target, substitutions, mistakes, assignment, language=None, steps=None,
          every_check=True):
    """The students' repository of `assignment` in `target`, in `language` (None: the course's),
    each step said to `steps` (progress.Steps; None: to no one); the known mistakes' reports
    (record_shrinking), of every check if `every_check`."""
    steps = in_steps(steps)
    kept = students_files(target, substitutions, assignment, language)
    steps.done("the grader, stubs, documents and workflows written")
    record_answers(target, assignment)
    steps.done("the reference graded with the released grader")
    released_answers = target / inside(assignment.answers)
    # explained first, so that each known mistake is graded with what the students' grader reads
    # on the public games, and its report says which mistakes reproduce it there
    known, reports = explained(answers.public_answers(released_answers)), {}
    steps.done("the public games explained")
    if mistakes:
        known, reports = record_shrinking(known, mistakes, assignment, steps, every_check)
        known = explained(known)
        policy = target / inside(assignment.policy)
        policy.write_text(with_catches(policy.read_text(encoding="utf-8"), caught(reports, kept)),
                          encoding="utf-8")
    answers.record(released_answers, known)  # once: the whole file is 8 MB of JSON
    steps.done("the answers written")
    if assignment is not SEARCH:  # last: it names the answers, which grade from then on
        with speaking(language or load_policy(assignment.policy).language):
            (target / inside(assignment.argument)).write_text(public_declaration(assignment),
                                                              encoding="utf-8")
    return reports


def workflow_substitutions(assignment):
    """What the workflows grade: the assignment's folder, its policy in the grader, and for
    another assignment than the first, the file declaring it there (GitHub's workflow has the
    grader in $GRADER_DIR, GitLab's in /tmp/grader), on a line of its own."""
    def option(grader, indent):
        declaration = inside(assignment.argument).as_posix()
        return f' \\\n{" " * indent}--assignment "{grader}/{declaration}"'
    declared = assignment is not SEARCH
    return {"ASSIGNMENT_FOLDER": inside(assignment.stubs).as_posix(),
            "ASSIGNMENT_POLICY": inside(assignment.policy).as_posix(),
            "ASSIGNMENT_OPTION": option("$GRADER_DIR", 12) if declared else "",
            "GITLAB_ASSIGNMENT_OPTION": option("/tmp/grader", 8) if declared else ""}


def placeholder_warnings(grader_repository, private_repository):
    """One line per repository option left at its placeholder."""
    given = {"--grader-repository": grader_repository,
             "--private-grader-repository": private_repository}
    return [f"autograder: warning: {option} is left at its placeholder {placeholder}, from which "
            f"the students' workflow {use}; pass your own as {option} owner/name"
            for option, (placeholder, use) in PLACEHOLDERS.items()
            if given[option] == placeholder]


def new_or_empty(folder):
    folder = Path(folder)
    return not folder.exists() or (folder.is_dir() and not any(folder.iterdir()))


def release(directory, grader_repository, grader_ref, private_repository, mistakes=None,
            reports=None, assignment=SEARCH, language=None):
    """Write the students' repository of `assignment` into `directory`, which must not exist or
    be empty, prepared for the known mistakes in the folder `mistakes` (see record_shrinking;
    None: none), and each mistake's report, as the instructor's grader gives it on the public
    games, into the folder `reports` (None: nowhere) as NAME.json; then warn on stderr of each
    repository left at its placeholder. It is written in `language`, by default the course's
    (grading.toml's [course] language), which its grading.toml names."""
    directory = Path(directory)
    if not assignment.live or not all(Path(path).resolve().is_relative_to(ROOT) for path in (
            assignment.stubs, assignment.checks, assignment.policy)):
        raise UsageError(f"the assignment {assignment.name!r} lives outside this project or has "
                         f"no reference here; release one declared in assignments/ (its "
                         f"reference in reference/)")
    if mistakes is not None and mistake_folders(mistakes) is None:
        raise UsageError(f"--known-mistakes {mistakes}: no such folder; give a folder of "
                              f"submissions, one per subfolder")
    if not new_or_empty(directory):
        raise UsageError(f"{directory} already exists and is not empty: release into a new "
                              f"folder")
    if reports is not None and not new_or_empty(reports):
        raise UsageError(f"--mistakes-reports {reports} already exists and is not empty: give "
                         f"a new folder")
    directory.parent.mkdir(parents=True, exist_ok=True)
    substitutions = {"GRADER_REPOSITORY": grader_repository, "GRADER_REF": grader_ref,
                     "PRIVATE_GRADER_REPOSITORY": private_repository}
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        with Steps("release", steps_of(mistakes, assignment)) as steps:
            written = build(staging, substitutions, mistakes, assignment, language, steps,
                            reports is not None)
        if directory.exists():
            directory.rmdir()
        staging.rename(directory)
    except BaseException:  # Ctrl-C too: nothing half-written is left
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if reports is not None:
        Path(reports).mkdir(parents=True, exist_ok=True)
        for name, text in written.items():
            write_atomically(Path(reports) / f"{name}.json", text)
    for warning in placeholder_warnings(grader_repository, private_repository):
        print(warning, file=sys.stderr)
    return directory
