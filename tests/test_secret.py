"""The course's secret, which official games are drawn from: no file of the project holds one; the
grader finds it in the environment, the configured file or the instructor's default file, in that
order; official grading without one is a one-line error; one secret serves every assignment, each
meeting games of its own; check-config says where it comes from, never what it is."""
import dataclasses
import hashlib
import json
import stat
import subprocess
import tomllib

import pytest

from autograder import policy as grading_config, secret
from autograder.assignments import SEARCH, built_in
from autograder.engine import collect_checks
from autograder.engine.seeding import games_seed
from autograder.errors import ConfigError, UsageError
from autograder.grading import provenance
from support.cli import run_cli
from support.paths import ROOT

A_SECRET = "a-secret-of-this-test-0123456789"
SAMPLE = ROOT / "examples" / "sample_submission"


@pytest.fixture
def nowhere(tmp_path, monkeypatch):
    """No secret anywhere: no variable, and a configuration folder of this test's own."""
    monkeypatch.delenv(secret.ENVIRONMENT, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def private_file(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o600)
    return path


def official_policy(tmp_path, secret_file=None):
    """The course's policy, as a file of its own, naming `secret_file` if given."""
    text = (ROOT / "grading.toml").read_text()
    if secret_file:
        text = text.replace("[official]\n", f"[official]\nsecret_file = \"{secret_file}\"\n")
    path = tmp_path / "grading.toml"
    path.write_text(text)
    return grading_config.load(path)


def test_no_policy_of_the_project_holds_a_salt():
    """Every grading.toml of the project (and every TOML file beside an assignment) loads, which
    refuses a salt, and none holds a secret-like value in [official]."""
    tracked = subprocess.run(["git", "ls-files", "*.toml"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    policies = [ROOT / name for name in tracked if name.endswith("grading.toml")]
    assert ROOT / "grading.toml" in policies
    assert {assignment.policy for assignment in built_in()} <= set(policies)
    for path in policies:
        official = tomllib.loads(path.read_text()).get("official", {})
        assert set(official) <= {"secret_file"}, path
        assert grading_config.load(path).official, path


def test_the_environment_comes_before_the_configured_file_and_that_before_the_default(
        nowhere, monkeypatch):
    configured = private_file(nowhere / "course.secret", "from-the-configured-file-0123\n")
    private_file(secret.default_file(), "from-the-default-file-0123456\n")
    config = official_policy(nowhere, configured)
    assert secret.find(config) == secret.Found("from-the-configured-file-0123", str(configured))
    monkeypatch.setenv(secret.ENVIRONMENT, A_SECRET)
    assert secret.find(config) == secret.Found(
        A_SECRET, "the environment variable AUTOGRADER_SECRET")
    monkeypatch.delenv(secret.ENVIRONMENT)
    (nowhere / "other").mkdir()
    default = official_policy(nowhere / "other")
    assert secret.find(default) == secret.Found("from-the-default-file-0123456",
                                                str(secret.default_file()))
    secret.default_file().unlink()
    assert secret.find(default) == secret.Found(None)


def test_an_assignment_without_a_secret_file_of_its_own_takes_the_courses(nowhere, monkeypatch):
    configured = private_file(nowhere / "course.secret", A_SECRET)
    course = nowhere / "course" / "grading.toml"
    course.parent.mkdir()
    course.write_text(f'[official]\nsecret_file = "{configured}"\n[checks]\n"a" = '
                      f'{{ points = 100 }}\n')
    monkeypatch.setattr(grading_config, "DEFAULT_PATH", course)
    assignment = grading_config.load(ROOT / "assignments" / "cutoff" / "grading.toml")
    assert secret.find(assignment) == secret.Found(A_SECRET, str(configured))


def test_a_policy_without_official_never_reads_the_secret(nowhere, monkeypatch):
    """The students' release's policy has no [official]: it meets the public games, whose
    answers it holds, even where a secret is set."""
    monkeypatch.setenv(secret.ENVIRONMENT, A_SECRET)
    public = dataclasses.replace(official_policy(nowhere), official=False)
    assert secret.applied(public, official=True).secret is None
    assert secret.applied(official_policy(nowhere), official=False).secret == A_SECRET


@pytest.mark.parametrize("text, mode, says", [
    (A_SECRET, 0o640, "holds the course's secret but other users may read it: chmod 600"),
    (A_SECRET, 0o604, "holds the course's secret but other users may read it: chmod 600"),
    ("short\n", 0o600, "is shorter than 16 characters"),
])
def test_a_secret_file_others_may_read_or_too_short_is_refused(nowhere, text, mode, says):
    path = private_file(secret.default_file(), text)
    path.chmod(mode)
    with pytest.raises(ConfigError, match=says):
        secret.find(official_policy(nowhere))


def test_a_configured_file_that_is_not_there_is_named(nowhere):
    with pytest.raises(ConfigError, match="secret_file names .*course.secret, which does not "
                                          "exist: create it with python -m autograder secret"):
        secret.find(official_policy(nowhere, nowhere / "course.secret"))


def test_official_grading_without_a_secret_is_refused_in_a_line(nowhere):
    config = official_policy(nowhere)
    assert secret.applied(config, official=False).secret is None  # the public games
    with pytest.raises(ConfigError) as error:
        secret.applied(config, official=True)
    assert str(error.value) == ("official grading needs the course's secret: set "
                                "AUTOGRADER_SECRET or run `python -m autograder secret`")


@pytest.mark.parametrize("how", [["--official"], ["CI=true"]])
def test_the_command_line_grades_nothing_officially_without_a_secret(nowhere, how):
    env = {secret.ENVIRONMENT: "", "XDG_CONFIG_HOME": str(nowhere / "config")}
    env.update(dict([how[0].split("=")]) if "=" in how[0] else {})
    options = how if how[0].startswith("--") else []
    completed = run_cli("grade", SAMPLE, *options, env=env, timeout=120)
    assert completed.returncode == 2
    assert completed.stderr == ("autograder: official grading needs the course's secret: set "
                                "AUTOGRADER_SECRET or run `python -m autograder secret`\n")
    assert completed.stdout == ""


def test_one_secret_draws_other_games_for_each_assignment():
    """The seed of a check's games comes from the secret and the assignment's name: the same
    check in another assignment, or under another secret, meets other games."""
    from autograder.checks.test_minimax import test_minimax_value_on_trees  # not collected here
    name = "minimax_value: exact values on random trees"
    config = dataclasses.replace(grading_config.load(), secret=A_SECRET)
    seeds = {}
    for assignment, key in ((SEARCH, A_SECRET), (dataclasses.replace(SEARCH, name="cutoff"),
                                                 A_SECRET), (SEARCH, A_SECRET + "x")):
        collect_checks(dataclasses.replace(config, secret=key), assignment)
        seeds[assignment.name, key] = test_minimax_value_on_trees._hypothesis_internal_use_seed
        assert seeds[assignment.name, key] == games_seed(key, f"{assignment.name}\0{name}")
    assert len(set(seeds.values())) == 3


def test_the_secret_command_makes_a_private_file_once(nowhere):
    env = {"XDG_CONFIG_HOME": str(nowhere / "config")}
    made = run_cli("secret", env=env, timeout=60)
    path = nowhere / "config" / "autograder" / "secret"
    assert made.returncode == 0, made.stderr
    value = path.read_text().strip()
    assert len(value) == 32 and int(value, 16) >= 0
    assert str(path) in made.stdout and value not in made.stdout
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    again = run_cli("secret", env=env, timeout=60)
    assert again.returncode == 2 and path.read_text().strip() == value
    assert again.stderr == (f"autograder: {path} exists already and official grading reads it; "
                            f"to start a new term, move it away first\n")
    with pytest.raises(UsageError):
        secret.create(path)


def test_check_config_says_where_the_secret_comes_from_never_what_it_is(nowhere):
    config = {"XDG_CONFIG_HOME": str(nowhere / "config")}
    lines = {}
    for where, env in (("none", {**config, secret.ENVIRONMENT: ""}),
                       ("environment", {**config, secret.ENVIRONMENT: A_SECRET})):
        completed = run_cli("check-config", env=env, timeout=120)
        assert completed.returncode == 0, completed.stderr
        lines[where] = completed.stdout.splitlines()[-1]
        assert A_SECRET not in completed.stdout
    private_file(nowhere / "config" / "autograder" / "secret", A_SECRET)
    from_file = run_cli("check-config", "--assignment", "cutoff",
                        env={**config, secret.ENVIRONMENT: ""}, timeout=120)
    assert from_file.returncode == 0 and A_SECRET not in from_file.stdout
    assert lines == {
        "none": "games: the public ones, for lack of the course's secret; official grading "
                "needs the course's secret: set AUTOGRADER_SECRET or run `python -m autograder "
                "secret`",
        "environment": "games: drawn from the course's secret, from the environment variable "
                       "AUTOGRADER_SECRET, which the students' repository never holds"}
    assert from_file.stdout.splitlines()[-1] == (
        f"games: drawn from the course's secret, from {nowhere}/config/autograder/secret, which "
        f"the students' repository never holds")
    public = nowhere / "public.toml"
    public.write_text((ROOT / "grading.toml").read_text().replace("[official]\n", ""))
    without = run_cli("check-config", "--config", public, timeout=120)
    assert without.stdout.splitlines()[-1].startswith("games: the public ones (no [official]")


def test_a_results_stamp_holds_the_secret_only_through_a_slow_digest():
    """The policy's digest reaches reports a student may read: it changes with the secret, so a new
    term regrades, but holds no fast digest of it to test guesses against."""
    config = dataclasses.replace(grading_config.load(ROOT / "grading.toml"), secret=A_SECRET)
    other = dataclasses.replace(config, secret=A_SECRET + "!")
    assert provenance.policy_digest(config) != provenance.policy_digest(other)
    fast = json.dumps(dataclasses.asdict(config), sort_keys=True, default=str)
    assert provenance.policy_digest(config) != hashlib.sha256(fast.encode()).hexdigest()
    assert provenance.stretched(A_SECRET) == hashlib.scrypt(
        A_SECRET.encode(), salt=b"autograder policy stamp", n=2 ** 14, r=8, p=1).hex()
