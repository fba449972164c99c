"""The students' release: everything they need, nothing they must not have, and a grader that works
there without the reference."""
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib

import pytest
from babel.messages.pofile import read_po

from support.cli import RELEASE_TIMEOUT, run_cli
from support.paths import ROOT
from support.releases import (checks_that_ran, diagnosed, named, released_files,
                              released_scores, run_released_grader)
from support.submissions import SUBMISSIONS, assembled, reference_files
from autograder.contract import MODULES
from autograder.distribution.students_repository import inside
from autograder.language.catalogs import TRANSLATED, path_of, template

# Its release takes minutes to build: slow, so that under xdist it starts first, beside the other
# slow file, rather than last, alone.
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CONTRACT = {"minimax_value", "minimax_decision", "alphabeta_value", "alphabeta_decision",
            "center_first", "evaluation_order", "rational_response", "rational_decision",
            "guaranteed_decision"}


@pytest.fixture(scope="module")
def releasing(tmp_path_factory):
    """The students' repository released with the command line's defaults, the known mistakes'
    reports kept beside it, and that command."""
    folder = tmp_path_factory.mktemp("release")
    completed = run_cli("release", folder / "students", "--mistakes-reports", folder / "reports",
                        timeout=RELEASE_TIMEOUT)
    assert completed.returncode == 0, completed.stderr
    return folder / "students", completed


@pytest.fixture(scope="module")
def release(releasing):
    return releasing[0]


@pytest.fixture(scope="module")
def mistakes_reports(release):
    """The instructor's grader's report of each known mistake, which the release kept."""
    return {path.stem: json.loads(path.read_text())
            for path in (release.parent / "reports").glob("*.json")}


def test_the_release_holds_the_stubs_the_games_and_the_public_checks(release):
    for name in ("minimax.py", "alphabeta.py", "ordering.py", "price_war.py"):
        assert (release / "assignments" / name).read_text() == \
            (ROOT / "assignments" / name).read_text()
    assert (release / "autograder" / "games" / "tictactoe.py").is_file()
    assert (release / "docs" / "student-api.md").is_file()
    assert "python -m autograder grade assignments" in (release / "README.md").read_text()


def test_the_students_pyproject_holds_the_grader_and_none_of_the_projects_own_settings(release):
    """The students' repository has no tests folder and no instructor's tools: the project's
    test settings (an English comment, its markers) and its dev and similarity extras stay here
    (issue 31's Catalan trial found them there)."""
    released = tomllib.loads((release / "pyproject.toml").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert released["project"]["dependencies"] == project["project"]["dependencies"]
    assert set(released["project"]["optional-dependencies"]) == {"nbgrader"}
    assert "pytest" not in released["tool"] and "pytest" in project["tool"]
    assert released["tool"]["setuptools"]["packages"]["find"]["include"] == ["autograder*"]


def test_no_reference_hidden_check_or_solution_is_released(release):
    assert not (release / "reference").exists()
    # whole packages stay out: the instructor's tools and the feedback's working searches
    assert not (release / "autograder" / "distribution").exists()
    assert not (release / "autograder" / "feedback" / "replaying").exists()
    # the feedback engine's sentences, which read what was recorded; not its searches
    assert {p.name for p in (release / "autograder" / "feedback").glob("*.py")} == {
        "__init__.py", "diagnosis.py", "explain.py", "foresight.py", "function_diagnosis.py",
        "function_trial.py", "mistakes.py", "narration.py"}
    checks = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    withheld = [name for name, entry in checks.items() if entry.get("visibility", "visible")
                != "visible"]
    for path in released_files(release):
        if path.suffix == ".gz":
            continue
        text = path.read_text()
        assert "BEGIN SOLUTION" not in text, path
        # named only by the policy, as checked when graded, and the catalogs that translate it
        for name in withheld:
            assert name not in text or path.name in ("grading.toml", "autograder.po"), (name, path)
        if path.suffix == ".py":
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.FunctionDef) and node.name in CONTRACT:
                    assert isinstance(node.body[-1], ast.Raise), f"{path}: {node.name} solved"
    released = tomllib.loads((release / "grading.toml").read_text())["checks"]
    assert {name for name, entry in released.items() if entry.get("checked_here", True)} == \
        set(checks) - set(withheld)
    # as the instructor's, but for what it checks and, of what it leaves out, what it catches
    assert {name: {**entry, "checked_here": True, "catches": []}
            for name, entry in released.items()} == \
        {name: {**entry, "checked_here": True, "catches": []} for name, entry in checks.items()}


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_released_catalogs_speak_only_what_the_release_holds(release, code):
    """Each message of the students' catalogs is spoken by something released: none of the
    instructor's tools, which stay out, but every check's name, the hidden ones too, which a
    student's run lists as checked when graded; and no translator's note says where a message is
    used."""
    catalog = read_po((release / inside(path_of(code))).open("rb"))
    messages = [message for message in catalog if message.id]
    spoken = template(release)
    assert messages and all(spoken.get(message.id, message.context) for message in messages)
    ids = {message.id for message in messages}
    instructors = [message.id for message in template() if all(
        location.startswith("autograder/distribution/") for location, _line in message.locations)]
    assert instructors and not ids & set(instructors)
    checks = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    assert set(checks) <= ids
    assert not any(message.auto_comments or message.locations for message in catalog)


def test_a_run_in_the_release_names_what_only_the_grade_checks(release, tmp_path):
    """Full marks for what runs there, and every check it cannot run named with its points,
    visibility and hint: the root's bound is named before the grade."""
    checks = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    later = {name: entry for name, entry in checks.items()
             if entry.get("visibility", "visible") != "visible"}
    total, left = sum(e["points"] for e in checks.values()), sum(e["points"] for e in later.values())
    solved = run_released_grader(release, "grade", reference_files(tmp_path / "solved"))
    assert solved.returncode == 0, solved.stderr
    text = " ".join(solved.stdout.split())  # rich wraps the long lines
    assert f"solved: {total - left:g} / {total - left:g} points" in text
    assert (f"{total - left:g} of the {total:g} points are checked here; {left:g} more are "
            f"checked when graded:") in text
    for name, entry in later.items():
        assert f"- {name} ({entry['points']:g} points, hidden): {entry['hint']}" in text
    assert "Every check that ran passed." in text


ROOT_BOUND = "alphabeta_decision: examines the reference's nodes"


def test_a_hidden_check_the_students_search_will_likely_fail_is_warned_of(release, tmp_path):
    """The decision that never tightens the root's bound passes every check the release runs; the
    known mistake it matches there fails the hidden node check, so the run says so beside that
    check, with no input, and no longer that all passed. A correct decision gets no warning."""
    catches = tomllib.loads((release / "grading.toml").read_text())["checks"][ROOT_BOUND][
        "catches"]
    assert "root_not_tightened" in catches
    warning = ("Warning: on the games tried here your alphabeta_decision gives the same answers "
               "and examines the same nodes as a search that searches every root action with "
               "the full window (-inf, +inf), which fails this check: it will likely fail when "
               "graded.")
    texts = {}
    for name in ("bug_root_bound_not_tightened", "correct_children_before_loop"):
        assembled(ROOT / "tests" / "submissions" / name, tmp_path / name)
        run = run_released_grader(release, "grade", tmp_path / name, "--only",
                                  "alphabeta_decision")
        assert run.returncode == 0, run.stderr
        texts[name] = " ".join(run.stdout.split())  # rich wraps the long lines
    hint = tomllib.loads((ROOT / "grading.toml").read_text())["checks"][ROOT_BOUND]["hint"]
    warned = texts["bug_root_bound_not_tightened"]
    assert "8 / 8 points" in warned
    assert f"- {ROOT_BOUND} (4 points, hidden): {hint} {warning}" in warned
    assert ("Every check that ran passed, but 1 check run only when graded will likely fail: see "
            "its warning above.") in warned
    assert "Every check that ran passed." not in warned
    correct = texts["correct_children_before_loop"]
    assert "8 / 8 points" in correct and f"(4 points, hidden): {hint}" in correct
    assert "Warning" not in correct and "Every check that ran passed." in correct


def test_the_released_grader_grades_without_the_reference(release, tmp_path):
    missing = subprocess.run([sys.executable, "-S", "-c", "import reference"], cwd=release,
                             env={"PYTHONPATH": str(release)}, capture_output=True)
    assert missing.returncode != 0
    stubs = run_released_grader(release, "grade", "assignments", "--format", "gradescope",
                                "--output", tmp_path / "stubs.json")
    assert stubs.returncode == 0, stubs.stderr
    results = json.loads((tmp_path / "stubs.json").read_text())
    assert results["score"] == 0 < results["max_score"]
    assert all("not implemented yet" in test["output"] for test in results["tests"])

    solved = run_released_grader(release, "grade", reference_files(tmp_path / "solved"),
                                 "--format", "gradescope", "--output", tmp_path / "solved.json")
    assert solved.returncode == 0, solved.stderr
    results = json.loads((tmp_path / "solved.json").read_text())
    assert results["score"] == results["max_score"]


def test_the_released_checks_fail_what_the_full_grader_fails(release, tmp_path):
    sample = ROOT / "examples" / "sample_submission"
    released = run_released_grader(release, "grade", sample, "--format", "gradescope",
                                   "--output", tmp_path / "released.json")
    assert released.returncode == 0, released.stderr
    full = run_cli("grade", sample, "--format", "gradescope", "--output", tmp_path / "full.json")
    assert full.returncode == 0, full.stderr
    failed = {t["name"]: t["status"] for t in json.loads((tmp_path / "full.json").read_text())[
        "tests"]}
    for test in json.loads((tmp_path / "released.json").read_text())["tests"]:
        assert test["status"] == failed[test["name"]], test["name"]


@pytest.mark.parametrize("folder", SUBMISSIONS, ids=lambda p: p.name)
def test_the_students_repository_gives_the_instructors_visible_feedback(
        release, mistakes_reports, folder, tmp_path):
    """The instructor's grader on the public games (the release's own policy: no [official]) and the
    students' repository, which holds no working search, give the same visible feedback, word for
    word: the same smallest input, the same narrated divergence, the same diagnosis, of two
    mistakes at once too (from the pairs the release recorded), naming the mistakes the
    instructor's visible checks name. The instructor's side is the report the release made of the
    mistake, graded as it is here: only the functions the submission's own modules define, the
    others being the reference's. (A submission graded as it is, without the reference's modules,
    and one that is no known mistake, correct or hostile, are graded here on both sides.)"""
    expected = assembled(folder, tmp_path / "submission")
    own = {module.stem for module in folder.glob("*.py")}
    only = [option for function, module in MODULES.items()
            if module in own and not expected.get("own_files_only")
            for option in ("--only", function)]
    arguments = ("grade", tmp_path / "submission", "--format", "json", *only)
    if expected.get("own_files_only") or folder.name not in mistakes_reports:
        completed = run_cli(*arguments, "--config", release / "grading.toml", "--output",
                            tmp_path / "instructor.json")
        assert completed.returncode == 0, completed.stderr
        instructors = json.loads((tmp_path / "instructor.json").read_text())
    else:
        instructors = mistakes_reports[folder.name]
    completed = run_released_grader(release, *arguments, "--output", tmp_path / "students.json")
    assert completed.returncode == 0, completed.stderr
    report = json.loads((tmp_path / "students.json").read_text())
    students = checks_that_ran(report)
    visible = {name: check for name, check in checks_that_ran(instructors).items()
               if name not in HIDDEN_CHECKS}
    assert set(students) == set(visible)
    for name, check in students.items():
        assert check == visible[name], name
    assert named(report) == diagnosed(visible)


def test_the_release_keeps_each_known_mistakes_report_of_its_own_functions(mistakes_reports):
    """The known mistakes are the corpus's bugs, not its correct or hostile submissions."""
    known = [folder for folder in SUBMISSIONS if folder.name.startswith("bug_")]
    assert set(mistakes_reports) == {folder.name for folder in known}
    for folder in known:
        own = {module.stem for module in folder.glob("*.py")}
        graded = {check["function"] for check in mistakes_reports[folder.name]["checks"]
                  if check["status"] != "not run"}
        assert graded == {f for f, module in MODULES.items() if module in own}, folder.name


HIDDEN_CHECKS = [name for name, entry in tomllib.loads((ROOT / "grading.toml").read_text())[
    "checks"].items() if entry.get("visibility", "visible") != "visible"]


def test_a_notebook_in_the_release_grades_as_its_py_files(release, tmp_path):
    """`grade NOTEBOOK.ipynb` needs the answer cells read back, which the release holds without the
    notebook's generator (that runs the reference)."""
    from autograder.distribution.notebooks.course import COURSE_DIR, NOTEBOOK_PATH
    assert not (release / "autograder" / "distribution" / "notebooks").exists()
    scores = released_scores(release, COURSE_DIR / NOTEBOOK_PATH,
                             ROOT / "examples" / "sample_submission", tmp_path)
    assert scores[".ipynb"] == scores[""] and 0 < scores[""][0] < 100


def test_release_warns_of_each_repository_left_at_its_placeholder(releasing):
    from autograder.commands.cli import parser
    from autograder.distribution.release import PLACEHOLDERS, placeholder_warnings
    defaults = parser().parse_args(["release", "folder"])
    assert {option: placeholder for option, (placeholder, _) in PLACEHOLDERS.items()} == {
        "--grader-repository": defaults.grader_repository,
        "--private-grader-repository": defaults.private_grader_repository}
    folder, completed = releasing
    assert completed.returncode == 0  # a warning, not a refusal: the release is written
    workflow = (folder / ".github" / "workflows" / "autograde.yml").read_text()
    assert f"repository: {defaults.grader_repository}\n" in workflow
    # its progress first, a line per step off a terminal and one while a step takes long
    # (progress.py); then the warnings
    lines = completed.stderr.splitlines()
    progress = [line for line in lines if line.startswith("release: ")]
    steps = [line for line in progress if line.startswith("release: [")]
    assert steps and steps[-1].startswith(f"release: [{len(steps)}/{len(steps)}] ")
    assert lines[:len(progress)] == progress
    warnings = lines[len(progress):]
    assert warnings == [
        "autograder: warning: --grader-repository is left at its placeholder "
        f"{defaults.grader_repository}, from which the students' workflow installs the grader; "
        "pass your own as --grader-repository owner/name",
        "autograder: warning: --private-grader-repository is left at its placeholder "
        f"{defaults.private_grader_repository}, from which the students' workflow checks out the "
        "hidden checks (given GRADER_TOKEN); pass your own as --private-grader-repository "
        "owner/name"]
    assert placeholder_warnings("ai-course/search", defaults.private_grader_repository) == \
        warnings[1:]
    assert placeholder_warnings("ai-course/search", "ai-course/grader") == []


def test_the_students_gitignore_keeps_out_every_report_they_write(release, tmp_path):
    from autograder.commands.ci.arguments import parser as ci_parser
    suggested = re.findall(r"--output ([\w.-]+)", (release / "README.md").read_text())
    assert "report.html" in suggested
    # Every file the README suggests, the other formats named alike, and autograder.commands.ci's folder.
    ci_outputs = ci_parser().get_default("output_dir")
    reports = list(dict.fromkeys([*suggested, "results.json", "report.md", "report.json",
                                  "report.txt", "junit.xml", f"{ci_outputs}/summary.md"]))
    committed = ["assignments/minimax.py", "README.md", "grading.toml"]
    shutil.copy(release / ".gitignore", tmp_path / ".gitignore")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *reports, *committed],
                             cwd=tmp_path, capture_output=True, text=True)
    assert ignored.stdout.splitlines() == reports


@pytest.mark.parametrize("command", [["release", "out"], ["export", "gradescope", "out.zip"]])
def test_the_instructors_commands_are_one_line_in_the_release(release, command, tmp_path):
    """The release leaves the distribution tools out: asking for them there says so, no
    traceback."""
    completed = run_released_grader(release, *command[:-1], tmp_path / command[-1])
    assert completed.returncode == 2, completed.stderr
    assert completed.stderr == (f"autograder: '{' '.join(command[:-1])}' is the instructor's "
                                f"command: this copy of the autograder (the students' "
                                f"repository) leaves it out\n")
    assert not list(tmp_path.iterdir())


def test_releasing_into_a_folder_that_is_not_empty_is_refused(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    completed = run_cli("release", tmp_path)
    assert completed.returncode == 2 and "is not empty" in completed.stderr
    reports = run_cli("release", tmp_path / "students", "--mistakes-reports", tmp_path)
    assert reports.returncode == 2 and reports.stderr == (
        f"autograder: --mistakes-reports {tmp_path} already exists and is not empty: give a new "
        f"folder\n")
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_the_release_carries_the_workflows_pinned_to_the_instructors_grader(release):
    workflow = (release / ".github" / "workflows" / "autograde.yml").read_text()
    assert "repository: your-course/adversarial-search" in workflow and "ref: v1" in workflow
    assert "${GRADER" not in workflow and "${PRIVATE_GRADER" not in workflow
    assert (release / ".gitlab-ci.yml").is_file()


LOOKUP = '''"""No search at all: every answer looked up in the answers the students' release carries, and
every examined node replayed from the trace recorded with it."""
import base64
import json
import zlib

TABLE = json.loads(zlib.decompress(base64.b85decode(%r)))
TRACED = {"minimax_value", "alphabeta_value", "alphabeta_decision"}
UNSET = object()


def spec(game):
    inner = getattr(game, "game", game)
    if hasattr(inner, "tree"):
        return {"kind": "tree", "tree": inner.tree, "root": inner.root_player}
    return {"kind": "tictactoe", "board": "".join(inner.initial.board)}


def answer(function, game, state, *args):
    call = {"function": function, "game": None if game is None else spec(game),
            "state": [] if state is None else list(state.path),
            "args": [a for a in args if a is not UNSET], "trace": function in TRACED}
    data = TABLE.get(json.dumps(call, sort_keys=True))
    if data is None:
        return None
    for line in (data.get("trace") or "").split("\\n")[:-1]:
        node = game.initial
        for character in line:
            node = game.result(node, ord(character) - 48)
        game.to_move(node)
    return tuple(data["answer"]) if data["type"] == "tuple" else data["answer"]
'''

WRAPPERS = {
    "minimax.py": ["minimax_value(game, state)", "minimax_decision(game, state)"],
    "alphabeta.py": ["alphabeta_value(game, state, alpha=UNSET, beta=UNSET, order=UNSET)",
                     "alphabeta_decision(game, state, order=UNSET)"],
    "ordering.py": ["center_first(game, state)", "evaluation_order(game, state, evaluate=UNSET)"],
    "price_war.py": ["rational_response(tree, theirs, option)",
                     "rational_decision(tree, ours, theirs, root)",
                     "guaranteed_decision(tree, ours, root)"],
}


def lookup_submission(release, folder):
    """A submission that answers every call from the release's answers file (its one trace too
    large for a source file left out) and replays each trace on the game."""
    import base64
    import gzip
    import zlib
    known = json.loads(gzip.decompress(
        (release / "autograder" / "checks" / "public_answers.json.gz").read_bytes()))
    table = {key: data for key, data in known.items()
             if "function" in json.loads(key) and len(data.get("trace") or "") < 200_000}
    packed = base64.b85encode(zlib.compress(json.dumps(table).encode(), 9)).decode()
    folder.mkdir(parents=True)
    (folder / "lookup.py").write_text(LOOKUP % packed)
    for module, signatures in WRAPPERS.items():
        lines = ["from lookup import UNSET, answer\n"]
        for signature in signatures:
            name, parameters = signature.rstrip(")").split("(")
            names = [p.split("=")[0].strip() for p in parameters.split(",")]
            arguments = ", ".join(names) if names[0] == "game" else \
                "None, None, " + ", ".join(names)
            lines.append(f"\n\ndef {signature}:\n    return answer({name!r}, {arguments})\n")
        (folder / module).write_text("".join(lines))
    return folder


def worked_example_checks():
    """The checks that try only the course's own examples, which the lessons publish anyway."""
    import importlib
    from hypothesis import is_hypothesis_test
    fixed = set()
    for path in (ROOT / "autograder" / "checks").glob("test_*.py"):
        module = importlib.import_module(f"autograder.checks.{path.stem}")
        for function in vars(module).values():
            marks = getattr(function, "pytestmark", [])
            if marks and not is_hypothesis_test(function):
                fixed |= {mark.args[0] for mark in marks if mark.name == "check"}
    return fixed


def test_the_released_answers_buy_no_official_points(release, tmp_path):
    """The release's answers file holds the reference's answers and traces for the games its
    checks meet. A submission that only looks calls up in it passes generated checks there, but
    official grading draws its games from the course's secret, which no file of the project or
    the release holds, and the release's policy (without [official]) never reads: it keeps only
    the checks made of the course's own examples."""
    assert "official" not in tomllib.loads((release / "grading.toml").read_text())
    secret = os.environ["AUTOGRADER_SECRET"].encode()  # the course's, in these tests
    for path in released_files(release):
        assert secret not in path.read_bytes(), path
    submission = lookup_submission(release, tmp_path / "lookup")
    public = run_released_grader(release, "grade", submission, "--format", "gradescope",
                                 "--output", tmp_path / "public.json")
    assert public.returncode == 0, public.stderr
    passed_public = {t["name"] for t in json.loads((tmp_path / "public.json").read_text())["tests"]
                     if t["status"] == "passed"}
    fixed = worked_example_checks()
    # The attack works on the public games: so the official result below is the secret's doing.
    assert {"minimax_value: exact values on random trees",
            "alphabeta_value: meets the window rule under any window",
            "rational_response: random price wars with ties and negatives",
            "guaranteed_decision: random price wars with ties and negatives"} <= passed_public
    official = run_cli("grade", submission, "--format", "gradescope", "--official",
                       "--output", tmp_path / "official.json")
    assert official.returncode == 0, official.stderr
    results = json.loads((tmp_path / "official.json").read_text())
    passed = {t["name"] for t in results["tests"] if t["status"] == "passed"}
    assert passed <= fixed, sorted(passed - fixed)
    assert results["score"] <= sum(t["max_score"] for t in results["tests"] if t["name"] in fixed)
