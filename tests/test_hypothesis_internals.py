"""What the grader takes from hypothesis's private parts, held to the pinned version's meaning.

Hypothesis has no public way to turn off the constants it harvests from local modules
(engine.seeding.no_local_constants), to set a decorated test's settings a second time (the engine's
per-check examples), nor to read back a test's seed and settings (examples.key). Each test here
fails, saying what moved, when a new hypothesis changes one of them: read that version's source
and mend the grader before moving the pin.
"""
import json
import subprocess
import sys
import textwrap

import hypothesis
from hypothesis import given, seed, settings, strategies as st

from autograder.grading import examples
from support.paths import ROOT

MOVED = f"hypothesis {hypothesis.__version__} no longer works as the grader assumes: "
MAGIC = 48_611_923  # a constant only the local module below holds
LOCAL_MODULE = f"MAGIC = {MAGIC}\n"
DRAWS = textwrap.dedent(f"""
    import json
    from hypothesis import given, settings, strategies as st

    import local_constants  # a local module, in its folder: hypothesis harvests its constants
    from autograder.engine import seeding

    def draws():
        seen = []

        @settings(max_examples=300, derandomize=True, database=None)
        @given(st.integers({MAGIC} - 10**6, {MAGIC} + 10**6))
        def draw(n):
            seen.append(n)
        draw()
        return {MAGIC} in seen

    before = draws()
    seeding.no_local_constants()
    print(json.dumps([before, draws()]))
""")


def test_local_constants_are_harvested_where_the_grader_turns_them_off(tmp_path):
    """In a fresh process, since the harvest depends on what it has imported: a derandomized
    test draws a local module's constant, and the same test draws it no more once the engine
    turned the harvest off, although hypothesis had cached it."""
    (tmp_path / "local_constants.py").write_text(LOCAL_MODULE)
    completed = subprocess.run(
        [sys.executable, "-c", DRAWS], cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": f"{tmp_path}:{ROOT}", "HYPOTHESIS_STORAGE_DIRECTORY":
             str(tmp_path / ".hypothesis"), "PATH": "/usr/bin:/bin"})
    assert completed.returncode == 0, MOVED + completed.stderr[-2000:]
    before, after = json.loads(completed.stdout)
    assert before, MOVED + (
        "it draws no constant of a local module any more; if it stopped harvesting them, "
        "engine.seeding.no_local_constants can go, else find where it harvests them now")
    assert not after, MOVED + (
        "providers._get_local_constants and providers.CONSTANTS_CACHE no longer decide which "
        "local constants it draws: engine.seeding.no_local_constants must turn them off another "
        "way")


def examples_drawn(test):
    """The values a @given(n=...) test is called with, in order."""
    drawn, inner = [], test.hypothesis.inner_test
    test.hypothesis.inner_test = lambda n: drawn.append(n)
    try:
        test()
    finally:
        test.hypothesis.inner_test = inner
    return drawn


def a_check():
    @given(n=st.integers(0, 10**9))
    def check(n):
        pass
    return check


def test_a_given_tests_settings_are_the_attribute_the_engine_replaces():
    check = a_check()
    assert isinstance(getattr(check, "_hypothesis_internal_use_settings", None), settings), (
        MOVED + "@given keeps a test's settings elsewhere than _hypothesis_internal_use_settings "
        "(engine.plugin.GradingPlugin sets a check's examples there, examples.key reads them)")
    check._hypothesis_internal_use_settings = settings(
        check._hypothesis_internal_use_settings, max_examples=7, derandomize=True, database=None)
    assert len(examples_drawn(check)) == 7, MOVED + (
        "replacing _hypothesis_internal_use_settings no longer sets the examples a test runs")
    assert '"max_examples": 7' in examples.key("a check", check, examples.CHECKS)


def test_a_given_tests_seed_is_the_attribute_the_answers_key_reads():
    check = a_check()
    assert getattr(check, "_hypothesis_internal_use_seed", "missing") is None, (
        MOVED + "@given no longer keeps a test's seed in _hypothesis_internal_use_seed")
    games = {}
    for number in (1, 2):
        seeded = seed(number)(a_check())
        assert seeded._hypothesis_internal_use_seed == number, (
            MOVED + "@seed no longer keeps its seed in _hypothesis_internal_use_seed")
        assert f'"seed": {number}' in examples.key("a check", seeded, examples.CHECKS)
        games[number] = examples_drawn(seeded)
    assert games[1] != games[2], MOVED + "a test's seed no longer decides its games"
