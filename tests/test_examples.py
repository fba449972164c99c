"""A check's games kept and replayed: the same games as hypothesis draws, in the same order, and
hypothesis again at the first that fails."""
import pytest
from hypothesis import given, settings, strategies as st

from autograder.grading import examples
from autograder.runner.supervisor import StudentTimedOut

CALLER = object()
FIXTURES = {"caller": CALLER}


def check_logging_into(seen, fails_on=None):
    """A generated check, the same source (so the same games) whatever `seen` is, that keeps
    each game it is called with."""
    @settings(max_examples=25, derandomize=True, database=None)
    @given(case=st.tuples(st.integers(0, 9), st.lists(st.integers(0, 9))))
    def check(caller, case):
        assert caller is CALLER
        seen.append(case)
        if case[0] == fails_on:
            raise fails_on_error[0]
    fails_on_error = [AssertionError("no")]
    check.fails_with = fails_on_error
    return check


def test_the_games_kept_are_those_hypothesis_draws_in_order_and_keeping_them_changes_none():
    plain, watched = [], []
    check_logging_into(plain)(**FIXTURES)
    check = check_logging_into(watched)
    with examples.recorded(check, FIXTURES) as met:
        check(**FIXTURES)
    assert len(plain) == 25 and watched == plain
    assert [examples.decode(game)["case"] for game in met] == plain  # tuples come back as tuples


def test_a_replay_calls_the_check_on_each_game_in_turn_until_one_fails():
    games = [examples.encode({"case": case}) for case in [(1, [2]), (3, []), (4, [5])]]
    seen = []
    assert examples.replayed(check_logging_into(seen), FIXTURES, games)
    assert seen == [(1, [2]), (3, []), (4, [5])]
    seen.clear()
    assert not examples.replayed(check_logging_into(seen, fails_on=3), FIXTURES, games)
    assert seen == [(1, [2]), (3, [])]


def test_a_time_out_in_a_replay_is_raised_as_it_is():
    seen = []
    check = check_logging_into(seen, fails_on=3)
    check.fails_with[0] = StudentTimedOut("did not return")
    with pytest.raises(StudentTimedOut):
        examples.replayed(check, FIXTURES, [examples.encode({"case": (3, [])})])


def test_the_key_names_the_check_its_seed_and_its_number_of_examples():
    check = check_logging_into([])
    keys = {examples.key("a", check, examples.CHECKS), examples.key("b", check, examples.CHECKS)}
    assert len(keys) == 2 and '"max_examples": 25' in examples.key("a", check, examples.CHECKS)
