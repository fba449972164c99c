"""The instructor's long tools say how far they are (progress.py), and a release made again takes
what an earlier one computed from the cache (release_cache.py), only while it would come out the
same."""
import io
import json
import os
import shutil
import time
import tomllib
from concurrent.futures import Future

import pytest
from rich.console import Console

from autograder.assignments import SEARCH, mistake_folders
from autograder.distribution import (explanations, graders, mistake_gradings, reference_answers,
                                     release, release_cache)
from autograder.distribution.progress import Silent, Steps
from autograder.distribution.students_repository import inside
from autograder.grading import answers
from autograder.runner.observations import board_paths
from autograder.feedback.replaying import record
from support.paths import ROOT


def test_off_a_terminal_each_step_is_a_line_and_printed_literally():
    out = io.StringIO()
    with Steps("release", 3, Console(file=out, force_terminal=False, width=40)) as steps:
        steps.done("the grader written")
        steps.done("known mistake [bold]x\x1b[2J: graded")
        steps.done("the answers written")
    lines = out.getvalue().splitlines()
    assert [line.rsplit(" (", 1)[0] for line in lines] == [
        "release: [1/3] the grader written",
        "release: [2/3] known mistake [bold]x\\x1b[2J: graded",
        "release: [3/3] the answers written"]


def test_on_a_terminal_a_bar_and_no_line_per_step():
    out = io.StringIO()
    with Steps("release", 2, Console(file=out, force_terminal=True, width=80)) as steps:
        steps.done("first")
        steps.done("second")
    assert "release: [1/2]" not in out.getvalue()


def mistake(tmp_path, text):
    folder = tmp_path / "mistake"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(ROOT / "reference", folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "minimax.py").write_text(text)
    return folder


def test_a_known_mistake_is_recalled_only_as_it_was_graded(tmp_path, monkeypatch):
    monkeypatch.setattr(release_cache, "FOLDER", tmp_path / "cache")
    policy, base = tmp_path / "public.toml", tmp_path / "answers.json"
    policy.write_text((ROOT / "grading.toml").read_text())
    base.write_text('{"answers": {"call": {"answer": 1, "seconds": 0.25}}}')
    key = release_cache.mistake_key(mistake(tmp_path, "# one\n"), ["minimax_value"], policy, base,
                                    SEARCH)
    made = tmp_path / "report.json"
    made.write_text("the report")
    release_cache.remember(key, {".report.json": made})
    recalled = tmp_path / "recalled.json"
    assert release_cache.recalled(key, {".report.json": recalled})
    assert recalled.read_text() == "the report"
    assert not release_cache.recalled(key, {".json.gz": tmp_path / "never.json.gz"})
    # anything the grading depends on, changed: another key
    others = [release_cache.mistake_key(mistake(tmp_path, "# two\n"), ["minimax_value"], policy,
                                        base, SEARCH)]
    folder = mistake(tmp_path, "# one\n")
    others.append(release_cache.mistake_key(folder, ["minimax_decision"], policy, base, SEARCH))
    base.write_text('{"answers": {"call": {"answer": 2, "seconds": 0.25}}}')
    others.append(release_cache.mistake_key(folder, ["minimax_value"], policy, base, SEARCH))
    # the reference's time, which differs on every run, is no part of it
    base.write_text('{"answers": {"call": {"answer": 1, "seconds": 0.5}}}')
    assert release_cache.mistake_key(folder, ["minimax_value"], policy, base, SEARCH) == key
    policy.write_text(policy.read_text().replace("memory_mb = 1024", "memory_mb = 1000"))
    others.append(release_cache.mistake_key(folder, ["minimax_value"], policy, base, SEARCH))
    assert key not in others and len(set(others)) == len(others)


def test_the_reference_s_grading_is_recalled_only_for_the_same_released_grader(tmp_path,
                                                                                monkeypatch):
    """A release made again takes the reference's answers, its times among them, from the cache:
    the known mistakes record only the answers they add to them, so that the answers file comes
    out the same bytes only if the reference's times do too."""
    monkeypatch.setattr(release_cache, "FOLDER", tmp_path / "cache")
    graded = []

    def grade_reference(target, assignment):
        graded.append(target)
        (target / inside(assignment.answers)).write_bytes(b"times %d" % len(graded))
    monkeypatch.setattr(reference_answers, "grade_reference", grade_reference)

    def released(name, check="# a check\n"):
        target = tmp_path / name
        (target / inside(SEARCH.checks)).mkdir(parents=True)
        (target / inside(SEARCH.checks) / "test_one.py").write_text(check)
        (target / inside(SEARCH.policy)).write_text("[checks]\n")
        return target
    for name in ("first", "again"):
        reference_answers.record_answers(released(name), SEARCH)
    reference_answers.record_answers(released("other", "# another check\n"), SEARCH)
    assert graded == [tmp_path / "first", tmp_path / "other"]
    answers = [(tmp_path / name / inside(SEARCH.answers)).read_bytes()
               for name in ("first", "again", "other")]
    assert answers == [b"times 1", b"times 1", b"times 2"]


def test_the_known_mistakes_replay_the_games_the_reference_met_and_release_none(tmp_path,
                                                                              monkeypatch):
    """The released grader keys its games by its own checks, so the instructor's grader never
    replays them: each known mistake's hypothesis drew every check's games again. The reference,
    graded first with every check, hands its games (not its answers, which each mistake records
    as it asks them) to the known mistakes; the release holds none of them."""
    games = json.dumps({"games of the check": "minimax_value: a check", "code": "instructor's"})
    public, answer, shrunk = (json.dumps({"function": "minimax_value", "game": number})
                              for number in range(3))
    given = {}

    def grade_mistake(submission, functions, policy, base, assignment, steps, processes,
                      name=None, lanes=1):
        given[submission.name] = json.loads(base.read_text())["answers"]
        recorded = submission.with_suffix(".json.gz")
        report = submission.with_suffix(".report.json")
        added = {games: [{"game": 1}], answer: {"answer": 1}}
        added = added if submission.name == "reference" else {shrunk: {"answer": 2}}
        answers.record(recorded, added)
        report.write_text("{}")
        return recorded, report
    monkeypatch.setattr(mistake_gradings, "grade_mistake", grade_mistake)
    mistakes = tmp_path / "mistakes"
    (mistakes / "bug").mkdir(parents=True)
    (mistakes / "bug" / "minimax.py").write_text("# a mistake\n")
    (tmp_path / "scratch").mkdir()
    known, reports = mistake_gradings.record_shrinking({public: {"answer": 0}}, mistakes, SEARCH,
                                                       Silent(), tmp_path / "scratch")
    assert set(given) == {"reference", "bug"}
    assert given["reference"] == {public: {"answer": 0}}
    assert given["bug"] == {public: {"answer": 0}, games: [{"game": 1}]}
    assert known == {public: {"answer": 0}, shrunk: {"answer": 2}}
    assert set(reports) == {"bug"}


def test_explanations_are_kept_by_the_grader_s_code(tmp_path, monkeypatch):
    monkeypatch.setattr(release_cache, "FOLDER", tmp_path / "cache")
    assert release_cache.explanations() == {}
    release_cache.keep_explanations({"call": {"replays": {}}, "other": None})
    assert release_cache.explanations() == {"call": {"replays": {}}, "other": None}
    monkeypatch.setattr(release_cache.provenance, "grader_digest", lambda: "f" * 64)
    assert release_cache.explanations() == {}


def test_a_release_explains_each_game_once_per_grader(tmp_path, monkeypatch):
    """The explanations an earlier release found are taken from the cache: the feedback engine's
    searches run only on games it has not met; an answer with nothing to explain stays as is."""
    monkeypatch.setattr(release_cache, "FOLDER", tmp_path / "cache")
    searched = []

    def explain_answers(answers):
        for key, data in answers.items():
            searched.append(key)
            if isinstance(data, dict):
                data["explained"] = {"replays": key}
        return answers

    monkeypatch.setattr(explanations, "explain_answers", explain_answers)
    first = explanations.explained({"a game": {"answer": 1}, "a list": [1, 2]})
    assert first == {"a game": {"answer": 1, "explained": {"replays": "a game"}}, "a list": [1, 2]}
    again = explanations.explained({"a game": {"answer": 1}, "a list": [1, 2], "new": {"answer": 2}})
    assert again == {"a game": {"answer": 1, "explained": {"replays": "a game"}},
                     "a list": [1, 2], "new": {"answer": 2, "explained": {"replays": "new"}}}
    assert searched == ["a game", "a list", "new"]


def test_the_explanations_hand_out_the_longest_calls_first():
    """The empty board's searches take seconds, a random tree's milliseconds: handed out last,
    one core would search the empty board alone while the other waits. The value and the
    decision of one board go together (record.sharing), as heavy as both."""
    def key(function, board, *args):
        return json.dumps({"args": list(args), "function": function, "state": [], "trace": True,
                           "game": {"board": board, "kind": "tictactoe"}}, sort_keys=True)
    value, decision = key("alphabeta_value", " " * 9), key("alphabeta_decision", " " * 9)
    tree = json.dumps({"args": [], "function": "alphabeta_value", "state": [], "trace": True,
                       "game": {"kind": "tree", "root": "MAX", "tree": [1, 2]}})
    other, games = key("minimax_value", " " * 9), json.dumps({"games of the check": "a check"})
    answers = {tree: {"answer": 2, "seconds": 0.001}, games: [{"tree": []}],
               value: {"answer": 0, "seconds": 0.1}, other: {"answer": 0, "seconds": 1.5},
               decision: {"answer": 0, "seconds": 1.5}}
    assert record.heaviest_first(answers) == [[value, decision], [other], [tree], [games]]


def test_a_call_is_explained_as_alone_whatever_order_it_is_handed_out_in():
    calls = [{"args": [], "function": function, "game": {"kind": "tree", "root": "MAX",
                                                         "tree": [[3, 12], [2, 4]]},
              "state": [], "trace": True} for function in ("alphabeta_value", "minimax_value")]
    keys = [json.dumps(call, sort_keys=True) for call in calls]
    games = json.dumps({"games of the check": "a check"})
    answers = {keys[0]: {"answer": 3, "seconds": 0.001}, games: [],
               keys[1]: {"answer": 3, "seconds": 0.5}}
    explained = record.explain_answers(answers)
    assert explained[keys[0]]["explained"] == record.explained(calls[0])
    assert explained[keys[1]]["explained"] == record.explained(calls[1])
    assert explained[games] == []


def test_the_known_mistakes_longest_to_grade_are_started_first():
    """The reference's time on the calls of a mistake's functions says how long its grading
    takes; the reports are still given in the mistakes' order."""
    def call(function):
        return json.dumps({"function": function, "game": None})
    known = {call("minimax_value"): {"seconds": 3.0}, call("rational_response"): {"seconds": 0.01},
             call("center_first"): {"seconds": 0.2},
             json.dumps({"games of the check": "a check"}): [1]}
    submissions = [("price war", ["rational_response"]), ("ordering", ["center_first"]),
                   ("minimax", ["minimax_value", "minimax_decision"])]
    assert mistake_gradings.longest_first(submissions, known) == [submissions[2], submissions[1],
                                                         submissions[0]]


def test_a_release_says_the_public_games_are_explained_before_any_known_mistake(tmp_path,
                                                                                 monkeypatch):
    """The public games' explanations take from half a minute to minutes: off a terminal, a
    release said nothing between the reference graded and its first known mistake (its
    explanations step came only at the end)."""
    out = io.StringIO()

    def record_shrinking(known, mistakes, assignment, steps, scratch, every_check):
        steps.done("known mistake m: graded")
        return known, {}
    for name, stand_in in {"students_files": lambda *args: [], "record_answers": lambda *args: None,
                           "explained": lambda known: known, "record_shrinking": record_shrinking,
                           "caught": lambda *args: {}, "with_catches": lambda text, _: text}.items():
        monkeypatch.setattr(release, name, stand_in)
    monkeypatch.setattr(release.answers, "public_answers", lambda path: {})
    monkeypatch.setattr(release.answers, "record", lambda path, known: None)
    (tmp_path / inside(SEARCH.policy)).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / inside(SEARCH.policy)).write_text("")
    with Steps("release", len(release.BUILD_STEPS) + 1,
               Console(file=out, force_terminal=False, width=200)) as steps:
        release.build(tmp_path, {}, ["m"], SEARCH, "en", steps)
    lines = [line.rsplit(" (", 1)[0] for line in out.getvalue().splitlines()]
    assert lines == ["release: [1/5] the grader, stubs, documents and workflows written",
                     "release: [2/5] the reference graded with the released grader",
                     "release: [3/5] the public games explained",
                     "release: [4/5] known mistake m: graded",
                     "release: [5/5] the answers written"]


def test_a_release_s_total_of_steps_holds_from_its_first_line(tmp_path, monkeypatch, capsys):
    """Issue 31's second trial saw `[3/4]`, then `[4/40]`: the known mistakes were counted on the
    way. The release knows its folder of known mistakes up front; those whose files define none of
    the assignment's functions (notes, a helper) are graded by no one, so counted by no one."""
    mistakes = tmp_path / "mistakes"
    for name, file in {"bug_a": "minimax.py", "bug_b": "alphabeta.py", "notes": "README.md",
                       "helper": "helper.py"}.items():
        (mistakes / name).mkdir(parents=True)
        (mistakes / name / file).write_text("")

    def students_files(target, *args):
        (target / inside(SEARCH.policy)).parent.mkdir(parents=True, exist_ok=True)
        (target / inside(SEARCH.policy)).write_text("")
        return []

    def grade_mistake(submission, functions, policy, base, assignment, steps, processes,
                      name=None, lanes=1):
        report = submission.with_suffix(".report.json")
        report.write_text("{}")
        steps.done(f"{name or submission.name}: graded")
        return submission.with_suffix(".json.gz"), report
    for name, stand_in in {"students_files": students_files, "record_answers": lambda *args: None,
                           "explained": lambda known: known, "caught": lambda *args: {},
                           "with_catches": lambda text, _: text}.items():
        monkeypatch.setattr(release, name, stand_in)
    monkeypatch.setattr(mistake_gradings, "grade_mistake", grade_mistake)
    for name, stand_in in {"public_answers": lambda path: {}, "save": lambda *args: None,
                           "record": lambda path, known: None}.items():
        monkeypatch.setattr(release.answers, name, stand_in)
    release.release(tmp_path / "out", "course/grader", "v1", "course/private", mistakes, None,
                    SEARCH)
    counts = [line.split("]", 1)[0] for line in capsys.readouterr().err.splitlines()
              if line.startswith("release: [")]
    assert counts == [f"release: [{step}/7" for step in range(1, 8)]


def test_off_a_terminal_a_long_step_still_says_it_is_running(monkeypatch):
    """A step can take minutes on a busy machine (the public games' explanations: minutes in
    issue 31's second trial, in Catalan), during which a log showed nothing after
    'release: [2/4] the reference graded': a line every EVERY seconds says the tool is still
    running and how far it is, until the next step is done."""
    monkeypatch.setattr("autograder.distribution.progress.EVERY", 0.05, raising=False)
    out = io.StringIO()
    with Steps("release", 4, Console(file=out, force_terminal=False, width=200)) as steps:
        steps.done("the grader written")
        time.sleep(0.3)
        steps.done("the reference graded")
    lines = [line.rsplit(" (", 1)[0] for line in out.getvalue().splitlines()]
    assert lines[0] == "release: [1/4] the grader written"
    assert lines[-1] == "release: [2/4] the reference graded"
    waiting = lines[1:-1]
    assert waiting and set(waiting) == {"release: still running, 1 of 4 steps done"}


def test_a_quick_tool_says_nothing_but_its_steps(monkeypatch):
    monkeypatch.setattr("autograder.distribution.progress.EVERY", 5, raising=False)
    out = io.StringIO()
    with Steps("export gradescope", 2, Console(file=out, force_terminal=False)) as steps:
        steps.done("a")
        steps.done("b")
    assert "still running" not in out.getvalue()


def test_the_known_mistakes_skip_the_fixed_positions_only_of_functions_no_left_out_check_judges():
    """Without their reports, the known mistakes are graded without the visible checks of fixed
    inputs (the course's positions) of a function with no hidden check: minimax_value's, not
    alphabeta_value's, whose positions tell apart what its hidden check catches. With them, every
    check runs."""
    def left_to_grading(every_check):
        checks = tomllib.loads(mistake_gradings.mistakes_policy(SEARCH, every_check))["checks"]
        return {name for name, entry in checks.items() if entry.get("checked_here") is False}
    skipped = left_to_grading(False)
    assert "minimax_value: examines all 549,946 nodes from the empty board" in skipped
    assert "minimax_value: exact values on random trees" not in skipped  # drawn by hypothesis
    assert "alphabeta_value: the course's tic-tac-toe positions" not in skipped
    assert not any(name.startswith("alphabeta_") for name in skipped)
    assert left_to_grading(True) == set()


def test_known_mistakes_named_by_a_pattern_are_the_folders_that_match(tmp_path):
    for name in ("bug_a", "bug_b", "correct_c", "bug_file"):
        (tmp_path / name).mkdir() if name != "bug_file" else (tmp_path / name).write_text("")
    assert [p.name for p in mistake_folders(tmp_path / "bug_*")] == ["bug_a", "bug_b"]
    assert [p.name for p in mistake_folders(tmp_path)] == ["bug_a", "bug_b", "correct_c"]
    assert mistake_folders(tmp_path / "nowhere" / "bug_*") is None
    assert mistake_folders(tmp_path / "nowhere") is None


def test_a_known_mistake_is_graded_by_the_internal_entry_point_in_a_process_of_its_own(
        tmp_path, capfd):
    """graders.py: each grading runs `python -m autograder.commands.grade_process` in a process
    forked for it alone, whose output reaches the release only as its last line, and its exit
    code."""
    with graders.pool(1) as processes:
        failed = processes.submit(graders.run, [str(tmp_path / "nowhere")], ROOT)
        graded = processes.submit(graders.run, [str(ROOT / "reference"), "--only",
                                                "rational_response", "--output",
                                                str(tmp_path / "report.txt")], ROOT)
        assert failed.result() == (2, [f"autograder: no such file or folder: {tmp_path}/nowhere"])
        assert graded.result()[0] == 0
        pids = {processes.submit(os.getpid).result() for _ in range(2)}
    assert "rational_response" in (tmp_path / "report.txt").read_text()
    assert len(pids) == 2
    assert capfd.readouterr() == ("", "")


def empty_board_paths_worked_out():
    return board_paths.cache_info().currsize == 1


def test_each_grading_finds_the_empty_boards_paths_worked_out_by_its_forkserver():
    """prepared.py: half a second that every known mistake of alpha-beta's spent again."""
    with graders.pool(1) as processes:
        assert processes.submit(empty_board_paths_worked_out).result()


def test_each_known_mistake_is_graded_in_the_sandbox_the_release_probed(tmp_path, monkeypatch):
    """Each grading probed the sandbox again (a sandboxed Python started, a seventh of a
    second); the release probes once and passes it on, as a batch does."""
    given = []

    class Processes:
        def submit(self, run, arguments, folder):
            given.append(arguments)
            done = Future()
            done.set_result((0, []))
            return done
    monkeypatch.setattr(release_cache, "mistake_key", lambda *parts: "key")
    monkeypatch.setattr(release_cache, "recalled", lambda key, files: False)
    monkeypatch.setattr(release_cache, "remember", lambda key, files: None)
    monkeypatch.setattr(mistake_gradings, "probe", lambda: "unshare")
    mistake_gradings.grade_mistake(tmp_path / "bug", ["minimax_value"], tmp_path / "policy.toml",
                                   tmp_path / "answers.json", SEARCH, Silent(), Processes())
    (arguments,) = given
    assert arguments[arguments.index("--sandbox") + 1] == "unshare"


def test_a_release_stopped_by_ctrl_c_starts_no_other_grading_and_leaves_nothing(tmp_path,
                                                                               monkeypatch):
    """Ctrl-C went on grading every known mistake left (a minute), then left the release's
    staging folder beside the target."""
    started = []

    def grade_mistake(submission, functions, policy, base, assignment, steps, processes,
                      name=None, lanes=1):
        started.append(submission.name)
        if submission.name == "reference":
            report = submission.with_suffix(".report.json")
            report.write_text("{}")
            return submission.with_suffix(".json.gz"), report
        if submission.name == "bug0":
            raise KeyboardInterrupt
        time.sleep(0.5)
        raise AssertionError("a grading started after Ctrl-C ran to its end")
    monkeypatch.setattr(mistake_gradings, "grade_mistake", grade_mistake)
    monkeypatch.setattr(mistake_gradings, "longest_first", lambda submissions, known: submissions)
    for name, stand_in in {"public_answers": lambda path: {}, "save": lambda *args: None}.items():
        monkeypatch.setattr(release.answers, name, stand_in)
    (tmp_path / "scratch").mkdir()
    monkeypatch.setattr(release, "build", lambda target, substitutions, mistakes, *args:
                        mistake_gradings.record_shrinking({}, mistakes, SEARCH, Silent(),
                                                          tmp_path / "scratch"))
    mistakes = tmp_path / "mistakes"
    for number in range(8):
        (mistakes / f"bug{number}").mkdir(parents=True)
        (mistakes / f"bug{number}" / "minimax.py").write_text("# a mistake\n")
    with pytest.raises(KeyboardInterrupt):
        release.release(tmp_path / "out" / "students", "course/grader", "v1", "course/private",
                        mistakes, None, SEARCH)
    assert len(started) < 1 + 8
    assert list((tmp_path / "out").iterdir()) == []
