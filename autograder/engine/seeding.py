"""How hypothesis draws the checks' games: the grading profile and the seed of an official game.

The same submission meets the same games on every run and every machine (grading/examples.py keys
the games it keeps by this module's source too): derandomized, without an example database or the
constants hypothesis harvests from local modules, and, under the course's secret, seeded per
assignment and check.
"""
import hashlib

from hypothesis import HealthCheck, Phase, Verbosity, settings
from hypothesis.internal.conjecture import providers


def no_local_constants():
    """Hypothesis mixes in constants harvested from the modules it deems local, which depends on
    how the grader is installed (a checkout or site-packages) and which modules are loaded: a
    student's release, a Gradescope image and a checkout would meet different games. Without them,
    the games depend only on the checks' source and the settings.

    Hypothesis has no public switch for this: the harvester is replaced by one that finds nothing,
    and what an earlier draw in this process cached from the real one is forgotten.
    tests/test_hypothesis_internals.py fails when the pinned hypothesis stops working this way."""
    providers._get_local_constants = lambda: providers.Constants()
    providers.CONSTANTS_CACHE.cache.clear()


def use_hypothesis_settings(config):
    """Derandomized and without an example database: the same submission always meets the same
    games, on every run and every machine. A failure is shrunk but not explained: the explain
    phase would run the student's code again on variations of the smallest input, for notes no
    report shows."""
    no_local_constants()
    settings.register_profile(
        "grading", max_examples=config.max_examples, derandomize=True, database=None,
        deadline=None, print_blob=False, report_multiple_bugs=False, verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        phases=[phase for phase in Phase if phase is not Phase.explain])
    settings.load_profile("grading")


def games_seed(secret, name):
    """The seed of the games called `name` (an assignment's and a check's name) under the course's
    `secret`: a different series of games per assignment, check and secret, the same on every
    run. Without the secret nobody can compute it."""
    return int.from_bytes(hashlib.sha256(f"{secret}\0{name}".encode()).digest()[:16], "big")
