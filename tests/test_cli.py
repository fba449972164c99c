"""The command line as scripts and users meet it: full marks for the reference, the Gradescope
schema, one-line errors with exit code 2 for bad input, and the same results on every run."""
import gzip
import json
import os
import signal
import subprocess
import sys
import time
import zipfile

import pytest

from autograder import policy as grading_config
from autograder.distribution.released_policy import public_config
from autograder.grading import answers
from support.cli import GRADE_PROCESS, grade_json, run_cli
from support.paths import REFERENCE, ROOT
from support.policy import POINTS, policy_with
from support.processes import leftovers, sandbox_processes, settled
from support.submissions import reference_files

pytestmark = pytest.mark.e2e  # each test runs the command line or a real sandbox

GRADESCOPE_TEST_KEYS = {"name", "score", "max_score", "status", "output", "visibility"}


def test_the_reference_gets_full_marks(reference_results):
    assert reference_results["score"] == reference_results["max_score"] > 0
    assert {test["status"] for test in reference_results["tests"]} == {"passed"}


def test_results_follow_gradescopes_schema(reference_results):
    assert reference_results["max_score"] == sum(t["max_score"] for t in reference_results["tests"])
    for test in reference_results["tests"]:
        assert set(test) == GRADESCOPE_TEST_KEYS
        assert test["name"].split(":")[0] in {
            "minimax_value", "minimax_decision", "alphabeta_value", "alphabeta_decision",
            "center_first", "evaluation_order", "rational_response", "rational_decision",
            "guaranteed_decision"}


def test_every_configured_check_runs(reference_results):
    import tomllib
    configured = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    assert {test["name"] for test in reference_results["tests"]} == set(configured)


def test_text_report_shows_the_table_and_each_failure():
    completed = run_cli("grade", ROOT / "examples" / "sample_submission")
    assert completed.returncode == 0, completed.stderr
    assert "sample_submission:" in completed.stdout and "points" in completed.stdout
    assert "✗ guaranteed_decision: random price wars with ties and negatives" in completed.stdout
    assert "It shows on" in completed.stdout or "smallest input" in completed.stdout


def test_the_same_submission_gets_the_same_results_on_every_run(tmp_path):
    first = grade_json(ROOT / "examples" / "sample_submission", tmp_path / "1")
    second = grade_json(ROOT / "examples" / "sample_submission", tmp_path / "2")
    assert first == second
    assert 0 < first["score"] < first["max_score"]


def test_a_second_grading_reads_the_reference_answers_the_first_kept(tmp_path):
    """The instructor's grader keeps the reference's answers in the user's cache: the second
    grading of a submission finds every answer there (so leaves the file as it was) and gives
    the same results as the first, which computed them."""
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    cache = tmp_path / "cache" / "autograder" / "reference-answers.json"
    sample = ROOT / "examples" / "sample_submission"
    first = grade_json(sample, tmp_path / "1", env=env)
    kept = cache.read_bytes()
    assert json.loads(kept)["answers"]
    assert not cache.parent.stat().st_mode & 0o077  # official games: no other uid reads them
    assert grade_json(sample, tmp_path / "2", env=env) == first
    assert cache.read_bytes() == kept


def test_answers_recorded_for_a_release_hold_none_from_the_cache(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    cache = tmp_path / "cache" / "autograder" / "reference-answers.json"
    answers.keep({"an official game": {"answer": 1}}, cache, REFERENCE)  # as the official grading keeps it
    recorded = tmp_path / "recorded.json.gz"
    completed = run_cli(REFERENCE, "--only", "rational_response", "--record-answers", recorded,
                        "--output", tmp_path / "out.txt", env=env, module=GRADE_PROCESS)
    assert completed.returncode == 0, completed.stderr
    held = json.loads(gzip.decompress(recorded.read_bytes()))
    assert held and "an official game" not in held
    assert all(key.get("function") == "rational_response"
               or key.get("games of the check", "").startswith("rational_response:")
               for key in map(json.loads, held))


def test_answers_recorded_from_given_ones_hold_only_those_the_grading_added(tmp_path):
    """A known mistake's grading starts from the release's answers (8 MB), which the release
    already holds: it records only the answers it added, not all it started from again."""
    given = tmp_path / "given.json"
    answers.save(given, {"a given game": {"answer": 1}}, REFERENCE)
    recorded = tmp_path / "recorded.json.gz"
    completed = run_cli(REFERENCE, "--only", "rational_response", "--reference-answers", given,
                        "--record-answers", recorded, "--output", tmp_path / "out.txt",
                        env={"XDG_CACHE_HOME": str(tmp_path / "cache")}, module=GRADE_PROCESS)
    assert completed.returncode == 0, completed.stderr
    held = json.loads(gzip.decompress(recorded.read_bytes()))
    assert held and "a given game" not in held
    assert any(json.loads(key).get("function") == "rational_response" for key in held)


def test_a_zip_with_its_files_one_folder_deep_is_graded(tmp_path):
    folder = reference_files(tmp_path / "work")
    archive = tmp_path / "handin.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for source in folder.glob("*.py"):
            zipped.write(source, f"my-solutions/{source.name}")
    results = grade_json(archive, tmp_path)
    assert results["score"] == results["max_score"]


def _broken_zip(tmp_path):
    path = tmp_path / "broken.zip"
    path.write_bytes(b"PK\x03\x04 this is not really a zip")
    return path


def _escaping_zip(tmp_path):
    path = tmp_path / "escape.zip"
    with zipfile.ZipFile(path, "w") as zipped:
        zipped.writestr("minimax.py", "")
        zipped.writestr("../../evil.py", "")
    return path


def _empty_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("nothing here")
    return tmp_path / "empty"


def _text_file(tmp_path):
    path = tmp_path / "minimax.txt"
    path.write_text("def minimax_value(): pass")
    return path


def _other_module(tmp_path):
    path = tmp_path / "solution.py"
    path.write_text("def minimax_value(): pass")
    return path


@pytest.mark.parametrize("make, says", [
    (lambda tmp: tmp / "no-such-folder", "no such file or folder"),
    (_empty_folder, "holds none of minimax.py"),
    (_broken_zip, "is not a readable zip file"),
    (_escaping_zip, "escapes its folder"),
    (_text_file, "is neither a folder, a zip file, a notebook nor one of minimax.py"),
    (_other_module, "is neither a folder, a zip file, a notebook nor one of minimax.py"),
])
def test_bad_submissions_get_one_line_and_exit_code_2(tmp_path, make, says):
    output = tmp_path / "results.json"
    completed = run_cli("grade", make(tmp_path), "--format", "gradescope", "--output", output)
    assert completed.returncode == 2
    assert completed.stderr.count("\n") == 1 and completed.stderr.startswith("autograder: ")
    assert says in completed.stderr
    assert not output.exists()


@pytest.mark.parametrize("config, says", [
    ("[hypothesis]\nmax_examples = 5\n[limts]\n", "unknown section 'limts'"),
    ("[checks]\n\"minimax_value: exact values on random trees\" = { points = \"two\" }\n",
     "is not a number"),
    ("[limits]\nslowdwn = 3\n", "[limits] has an unknown key 'slowdwn'"),
    ("[checks\n", "is not valid TOML"),
    ("[grading]\ntotal = 1\n[checks]\n\"minimax_value: exact values on random trees\" = "
     "{ points = 1 }\n", "has no entry for the check"),
])
def test_configuration_mistakes_get_one_line_and_exit_code_2(tmp_path, config, says):
    path = tmp_path / "grading.toml"
    path.write_text(config)
    completed = run_cli("grade", ROOT / "reference", "--config", path)
    assert completed.returncode == 2, completed.stdout
    assert completed.stderr.count("\n") == 1 and says in completed.stderr


def test_an_output_in_a_missing_folder_is_refused_before_grading(tmp_path):
    completed = run_cli("grade", ROOT / "reference", "--output", tmp_path / "nope" / "r.json")
    assert completed.returncode == 2 and "its folder does not exist" in completed.stderr


def test_a_configured_check_that_does_not_exist_is_named(tmp_path):
    path = tmp_path / "grading.toml"
    path.write_text((ROOT / "grading.toml").read_text()
                    + '"minimax_value: a check nobody wrote" = { points = 0 }\n')
    completed = run_cli("grade", ROOT / "reference", "--config", path)
    assert completed.returncode == 2
    assert "names a check that does not exist: 'minimax_value: a check nobody wrote'" in (
        completed.stderr)


def test_a_collected_check_marked_checked_here_false_is_left_to_the_instructors_grading(tmp_path):
    """As a release grades its known mistakes without the course's fixed positions: the check
    does not run, and the report names it as checked when graded, with its points."""
    name = "rational_response: random price wars with ties and negatives"
    path = tmp_path / "grading.toml"
    text = (ROOT / "grading.toml").read_text()  # as release grades its known mistakes
    path.write_text(public_config(text, [check for check in POINTS if check != name]))
    completed = run_cli("grade", ROOT / "reference", "--config", path, "--format", "json",
                        "--output", tmp_path / "report.json", "--only", "rational_response",
                        "--only", "rational_decision")
    assert completed.returncode == 0, completed.stderr
    checks = {check["name"]: check for check in
              json.loads((tmp_path / "report.json").read_text())["checks"]}
    assert (checks[name]["status"], checks[name]["max_points"]) == ("checked when graded", 7)
    assert checks[name]["feedback"] == "not run here: checked when graded"
    assert checks["rational_decision: random price wars with ties and negatives"]["status"] == \
        "passed"


HIDDEN = "alphabeta_decision: examines the reference's nodes"
ONLY_HIDDEN = ("--only", "alphabeta_decision")  # what these tests read is that function's


def test_a_hidden_check_names_the_known_mistake_it_matches_and_never_its_input(tmp_path):
    """The sample's decision searches every root action with the full window: its diagnosis says
    so before its failures, and the hidden check points to it in place of its fixed hint, without
    the tree, the nodes or the answers."""
    import tomllib
    hint = tomllib.loads((ROOT / "grading.toml").read_text())["checks"][HIDDEN]["hint"]
    results = grade_json(ROOT / "examples" / "sample_submission", tmp_path, *ONLY_HIDDEN)
    hidden = next(test for test in results["tests"] if test["name"] == HIDDEN)
    assert hidden["status"] == "failed" and hidden["max_score"] > 0
    assert hidden["output"] == (
        "Diagnosis: on every failing input tried, your alphabeta_decision behaves exactly as a "
        "search that searches every root action with the full window (-inf, +inf), one of the "
        "common errors the course texts warn about. The fix: the root is an alpha-beta node too: "
        "tighten its bound after each action and pass it on.\n\n"
        "The diagnosis of your alphabeta_decision explains this failure.")
    assert hidden["visibility"] == "visible"
    text = run_cli("grade", ROOT / "examples" / "sample_submission", *ONLY_HIDDEN).stdout
    failure = text.split(f"✗ {HIDDEN}")[1].split("✗")[0]
    assert hint not in failure and "A (MAX)" not in failure and "C2" not in failure


def test_a_hidden_check_says_what_the_function_raised_without_its_message(tmp_path):
    """An exception's message may quote the input: a hidden check names the exception and the
    student's line, never the message."""
    submission = reference_files(tmp_path / "raises")
    module = submission / "alphabeta.py"
    module.write_text(module.read_text().replace(
        "    actions = order(game, state) if order else game.actions(state)\n    alpha, beta",
        "    raise KeyError(f'secret {state!r}')\n    alpha, beta"))
    output = tmp_path / "results.json"
    completed = run_cli("grade", submission, "--only", "alphabeta_decision", "--format",
                        "gradescope", "--output", output)
    assert completed.returncode == 0, completed.stderr
    tests = {test["name"]: test["output"] for test in json.loads(output.read_text())["tests"]}
    assert tests[HIDDEN] == "alphabeta_decision raised KeyError"  # no message, no line
    visible = "alphabeta_decision: best action on random trees, first of ties"
    assert "secret" in tests[visible].split("\n")[0]  # a visible check quotes the message


def test_instructors_see_a_hidden_checks_input_with_show_hidden():
    text = run_cli("grade", ROOT / "examples" / "sample_submission", "--show-hidden",
                   *ONLY_HIDDEN).stdout
    failure = text.split(f"✗ {HIDDEN}")[1].split("✗")[0]
    assert "A (MAX)" in failure and "node C had alpha=3 >= beta=2" in failure


def test_after_due_date_maps_to_gradescopes_own(tmp_path):
    (tmp_path / "grading.toml").write_text(policy_with(
        "guaranteed_decision: random price wars with ties and negatives",
        'visibility = "after_due_date"'))
    output = tmp_path / "results.json"
    completed = run_cli("grade", ROOT / "examples" / "sample_submission", "--config",
                        tmp_path / "grading.toml", "--format", "gradescope", "--output", output,
                        "--only", "guaranteed_decision")
    assert completed.returncode == 0, completed.stderr
    tests = {t["name"]: t for t in json.loads(output.read_text())["tests"]}
    late = tests["guaranteed_decision: random price wars with ties and negatives"]
    assert late["visibility"] == "after_due_date" and "start" in late["output"]


def test_an_unknown_visibility_is_a_configuration_mistake(tmp_path):
    (tmp_path / "grading.toml").write_text(
        '[checks]\n"minimax_value: exact values on random trees" = '
        '{ points = 1, visibility = "secret" }\n')
    completed = run_cli("grade", ROOT / "reference", "--config", tmp_path / "grading.toml")
    assert completed.returncode == 2 and 'visibility = "secret" is not allowed' in completed.stderr


def test_official_grading_refuses_a_weak_sandbox_unless_allowed(tmp_path):
    refused = run_cli("grade", ROOT / "reference", "--sandbox", "plain", "--official")
    assert refused.returncode == 2 and "--allow-weak-sandbox" in refused.stderr
    allowed = grade_json_args(tmp_path, "--sandbox", "plain", "--official", "--allow-weak-sandbox")
    assert allowed["output"] == "Graded with the plain sandbox."


def grade_json_args(tmp_path, *args):
    output = tmp_path / "results.json"
    completed = run_cli("grade", ROOT / "reference", "--format", "gradescope", "--output", output,
                        *args)
    assert completed.returncode == 0, completed.stderr
    return json.loads(output.read_text())


def _configured_points(function):
    import tomllib
    checks = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    return {name: entry["points"] for name, entry in checks.items()
            if name.split(":")[0] == function}


def test_a_single_module_file_grades_only_its_functions(tmp_path):
    """`grade minimax.py`: its two functions' checks run; the rest are named as not run."""
    results = grade_json(ROOT / "reference" / "minimax.py", tmp_path)
    expected = {**_configured_points("minimax_value"), **_configured_points("minimax_decision")}
    assert {test["name"] for test in results["tests"]} == set(expected)
    assert results["score"] == results["max_score"] == sum(expected.values())
    assert "Not run (this grading ran only the checks of minimax_value, minimax_decision): " \
           "alphabeta_value, " in results["output"]


def test_only_runs_the_functions_named_and_shows_the_rest_as_not_run(tmp_path):
    output = tmp_path / "report.txt"
    completed = run_cli("grade", ROOT / "reference", "--only", "rational_response", "--only",
                        "guaranteed_decision", "--output", output)
    assert completed.returncode == 0, completed.stderr
    report = output.read_text()
    points = {**_configured_points("rational_response"),
              **_configured_points("guaranteed_decision")}
    total = sum(points.values())
    left = grading_config.load().total - total
    assert f"reference: {total:g} / {total:g} points ({left:g} more not run)" in report
    minimax = sum(_configured_points("minimax_value").values())
    assert f"│ minimax_value       │ not run ({minimax:g}) │" in report
    assert "✗" not in report and "Every check that ran passed." in report


def test_only_a_function_the_module_does_not_hold_is_refused():
    completed = run_cli("grade", ROOT / "reference" / "minimax.py", "--only", "alphabeta_value")
    assert completed.returncode == 2
    assert completed.stderr == ("autograder: --only alphabeta_value: "
                                f"{ROOT / 'reference' / 'minimax.py'} holds only minimax_value, "
                                f"minimax_decision\n")


@pytest.mark.e2e
@pytest.mark.parametrize("lanes", ["1", "2"])
def test_a_grading_stopped_by_sigterm_removes_its_scratch_folder(tmp_path, lanes):
    """SIGTERM (a scheduler's, `timeout`'s, a container's stop) once left the scratch folder, the
    student's code copied, in TMPDIR: it ends the grading as Ctrl-C does, through every
    with-block, promptly, in one line and a non-zero exit code, with nothing left running. With
    one lane pytest runs in the grader itself, and takes the interruption for its own."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    before = sandbox_processes()
    grading = subprocess.Popen(
        [sys.executable, "-m", "autograder", "grade", ROOT / "examples" / "sample_submission",
         "--lanes", lanes, "--output", tmp_path / "report.txt"], cwd=ROOT,
        env={**os.environ, "TMPDIR": str(temporary), "XDG_CACHE_HOME": str(tmp_path / "cache")},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not list(temporary.glob("autograder-*/submission/*.py")):
        assert grading.poll() is None and time.monotonic() < deadline, grading.communicate()
        time.sleep(0.05)
    time.sleep(1.5)  # the checks under way, their workers running
    grading.send_signal(signal.SIGTERM)
    # a grading that did not stop would hang here: no bound in seconds, which the load moves (5.5 s
    # beside the hostile tests' floods in CI, under a second alone)
    stdout, stderr = grading.communicate(timeout=30)
    assert (grading.returncode, stderr) == (128 + signal.SIGTERM, "autograder: stopped by SIGTERM\n")
    assert list(temporary.iterdir()) == []
    assert not (tmp_path / "report.txt").exists()
    assert settled(lambda: leftovers(before)) == []


def test_an_unreadable_submission_is_told_before_the_reference_is_graded(tmp_path, monkeypatch,
                                                                          capsys):
    """Gradescope's run of a damaged zip took a minute: the reference was verified under the
    policy first, then intake failed. Intake comes first now; the reference is never graded."""
    from autograder.commands import cli, single
    steps = []
    monkeypatch.setattr(cli.sandbox, "cap_grader_memory", lambda megabytes: None)
    monkeypatch.setattr(single, "verify_reference", lambda *args: steps.append("reference"))
    code = cli.main(["grade", str(_broken_zip(tmp_path)), "--format", "gradescope",
                     "--output", str(tmp_path / "results.json")])
    assert code == 2 and "is not a readable zip file" in capsys.readouterr().err
    assert steps == [] and not (tmp_path / "results.json").exists()
