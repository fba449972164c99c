"""benchmarks/salts.py end to end, as a user runs it: the two submissions of issue 29 whose verdicts
hung on the course's secret (a minimax that stops at the first child worth 1, a rational response
that keeps the last of equal replies, each called by a decision) and a correct one, graded under two
secrets under which, before checks/replay.py, minimax_decision lost its points under one and kept
them under the other. No function's verdict may change."""
import subprocess
import sys

import pytest

from support.paths import ROOT

SECRETS = ["salt-one-0000000001", "salt-two-0000000002"]
SUBMISSIONS = ["bug_minimax_stops_at_first_win", "bug_rational_response_last_of_ties",
               "correct_children_before_loop"]
FUNCTIONS = ["minimax_value", "minimax_decision", "rational_response", "rational_decision"]


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_no_verdict_changes_with_the_secret():
    options = [option for secret in SECRETS for option in ("--secret", secret)]
    options += [option for name in SUBMISSIONS for option in ("--submission", name)]
    options += [option for name in FUNCTIONS for option in ("--only", name)]
    completed = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "salts.py"), *options],
                               capture_output=True, text=True, cwd=ROOT)
    assert "| search: 3 submissions x 2 secrets | 12 function verdicts, 0 changing;" in \
        completed.stdout, completed.stdout + completed.stderr[-3000:]
    assert completed.returncode == 0, completed.stdout
    assert completed.stdout.rstrip().endswith("functions whose verdict changes: 0")
