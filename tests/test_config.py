"""grading.toml as instructors write it: check-config's summary, and each setting reaching the
checks (collection only: nothing is graded here)."""
import dataclasses
import tomllib

import pytest

from autograder import config as grading_config
from autograder.engine import collect_checks
from conftest import ROOT, run_cli


def test_check_config_summarises_a_valid_policy():
    # The expected line is counted from the file as written, not from the loader under test.
    entries = tomllib.loads((ROOT / "grading.toml").read_text())["checks"]
    completed = run_cli("check-config")
    assert completed.returncode == 0, completed.stderr
    assert (f"{len(entries)} checks, {sum(e['points'] for e in entries.values())} points"
            in completed.stdout.splitlines()[0])
    assert "alphabeta_value" in completed.stdout and "guaranteed_decision" in completed.stdout


def test_check_config_names_the_mistake(tmp_path):
    (tmp_path / "grading.toml").write_text(
        (ROOT / "grading.toml").read_text().replace("{ points = 6 }", "{ points = 6, exmples = 9 }"))
    completed = run_cli("check-config", "--config", tmp_path / "grading.toml")
    assert completed.returncode == 2 and completed.stderr.count("\n") == 1
    assert "guaranteed_decision" in completed.stderr and "must be a table like" in completed.stderr


def test_a_check_without_an_entry_is_refused(tmp_path):
    kept = [line for line in (ROOT / "grading.toml").read_text().splitlines()
            if not line.startswith('"guaranteed_decision:')]
    path = tmp_path / "grading.toml"
    path.write_text("\n".join(kept))
    config = grading_config.load(path)
    with pytest.raises(grading_config.ConfigError, match="has no entry for the check "
                                                         "'guaranteed_decision"):
        collect_checks(config)


def test_examples_per_check_reach_hypothesis():
    config = grading_config.load()
    name = "minimax_value: exact values on random trees"
    checks = dict(config.checks)
    checks[name] = dataclasses.replace(checks[name], examples=7)
    assert name in collect_checks(dataclasses.replace(config, checks=checks))
    from autograder.checks.test_minimax import test_minimax_value_on_trees
    assert test_minimax_value_on_trees._hypothesis_internal_use_settings.max_examples == 7


@pytest.mark.parametrize("entry, says", [
    ('{ points = 1, examples = 0 }', "must be a whole number of at least 1"),
    ('{ points = 1, hint = 3 }', "must be a string"),
    ('{ points = -1 }', "must be a non-negative number"),
])
def test_bad_check_entries_are_refused(tmp_path, entry, says):
    path = tmp_path / "grading.toml"
    path.write_text(f'[checks]\n"minimax_value: exact values on random trees" = {entry}\n')
    with pytest.raises(grading_config.ConfigError, match=says):
        grading_config.load(path)


@pytest.mark.parametrize("official, says", [
    ('salt = "short"', "official.salt must be a string of at least 16 characters"),
    ('salt = 1234567890123456789', "official.salt must be a string"),
    ('slat = "0123456789abcdef0123"', "unknown setting official.slat"),
])
def test_bad_salts_are_refused(tmp_path, official, says):
    path = tmp_path / "grading.toml"
    path.write_text(f"[official]\n{official}\n")
    with pytest.raises(grading_config.ConfigError, match=says):
        grading_config.load(path)


def test_check_config_says_where_the_games_come_from(tmp_path):
    salted = run_cli("check-config")
    assert salted.returncode == 0 and "games: drawn from [official] salt" in salted.stdout
    text = (ROOT / "grading.toml").read_text()
    unsalted = tmp_path / "grading.toml"
    unsalted.write_text("\n".join(line for line in text.splitlines() if not line.startswith(
        ("[official]", "salt = "))))
    public = run_cli("check-config", "--config", unsalted)
    assert public.returncode == 0 and "games: the public ones" in public.stdout
