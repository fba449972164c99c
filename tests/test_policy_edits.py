"""An edit of grading.toml: which parts of a result's stamp it changes (what ran, or only how it is
scored, which rescores), and the nbgrader notebooks it leaves behind, which check-config and grade
name."""
import shutil
from dataclasses import replace

import pytest

from autograder import policy as grading_config
from autograder.assignments import SEARCH
from autograder.commands.notebook_points import stale_notebook_warning
from autograder.grading import provenance
from autograder.language import speaking
from support.cli import run_cli
from support.paths import ROOT

RATIONAL = '"rational_response: random price wars with ties and negatives" = { points = 7 }'
DECISION = '"rational_decision: random price wars with ties and negatives" = { points = 7 }'
HIDDEN = "visibility = \"hidden\""
NOTEBOOK = ROOT / "assignments" / "nbgrader" / "source" / "adversarial_search" / \
    "adversarial_search.ipynb"


def edited(tmp_path, *replacements):
    text = (ROOT / "grading.toml").read_text()
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "grading.toml"
    path.write_text(text)
    return grading_config.load(path)


def point_moved(tmp_path):
    return edited(tmp_path, (RATIONAL, RATIONAL.replace("= 7", "= 8")),
                  (DECISION, DECISION.replace("= 7", "= 6")))


def changed_parts(tmp_path, *replacements):
    before = provenance.made_with(grading_config.load(), SEARCH)
    after = provenance.made_with(edited(tmp_path, *replacements), SEARCH)
    return ([part for part in provenance.PARTS if before.get(part) != after.get(part)],
            provenance.rescored_by(before, after))


@pytest.mark.parametrize("replacements, parts, kinds", [
    (((RATIONAL, RATIONAL.replace("= 7", "= 8")), (DECISION, DECISION.replace("= 7", "= 6"))),
     ["scoring"], ["points"]),
    (((RATIONAL, RATIONAL.replace("= 7 }", '= 7, hint = "Compare." }')),), ["scoring"],
     ["hints"]),
    (((RATIONAL, RATIONAL.replace("= 7 }", '= 7, name.ca = "Preus" }')),), ["scoring"],
     ["names"]),
    (((HIDDEN, 'visibility = "after_due_date"'),), ["scoring"], ["visibility"]),
    # what ran: a limit, the examples, and visible against not (the order checks run in)
    ((("memory_mb = 1024", "memory_mb = 1000"),), ["policy"], []),
    (((RATIONAL, RATIONAL.replace("= 7 }", "= 7, examples = 3 }")),), ["policy"], []),
    (((RATIONAL, RATIONAL.replace("= 7 }", '= 7, visibility = "after_due_date" }')),),
     ["policy", "scoring"], ["visibility"]),
])
def test_an_edit_changes_what_ran_or_only_how_results_are_scored(tmp_path, replacements, parts,
                                                                 kinds):
    assert changed_parts(tmp_path, *replacements) == (parts, kinds)


def test_a_rescored_result_is_never_one_whose_run_differs(tmp_path):
    """A result is rescored only when every other part of its stamp matches: a forged scoring
    does not make a result of another policy current."""
    current = provenance.made_with(point_moved(tmp_path), SEARCH)
    (tmp_path / "other").mkdir()
    other = provenance.made_with(edited(tmp_path / "other",
                                        ("memory_mb = 1024", "memory_mb = 1000")), SEARCH)
    assert provenance.changed({**other, "scoring": current["scoring"]}, current) == "policy"
    assert provenance.changed({**current, "scoring": {}}, current) == "scoring"
    assert provenance.changed(current, current) is None


def test_check_config_names_a_notebook_the_policy_no_longer_matches(tmp_path):
    same = run_cli("check-config")
    assert same.returncode == 0 and "no longer matches" not in same.stdout
    point_moved(tmp_path)
    moved = run_cli("check-config", "--config", tmp_path / "grading.toml")
    assert moved.returncode == 0, moved.stderr
    assert (f"warning: {NOTEBOOK} no longer matches grading.toml: its cell rational_response "
            f"gives 7 points, the policy 8 (2 cells differ)") in moved.stdout.replace("\n", "")


def test_grade_names_a_submitted_notebook_the_policy_no_longer_matches(tmp_path):
    config = point_moved(tmp_path)
    shutil.copy(NOTEBOOK, tmp_path / "handed_in.ipynb")
    warning = stale_notebook_warning(tmp_path / "handed_in.ipynb", config)
    assert warning.startswith(f"{tmp_path / 'handed_in.ipynb'} no longer matches grading.toml")
    assert stale_notebook_warning(tmp_path / "handed_in.ipynb", grading_config.load()) is None
    (tmp_path / "not.ipynb").write_text("{")
    assert stale_notebook_warning(tmp_path / "not.ipynb", config) is None


def test_check_config_names_a_course_notebook_in_another_language_than_the_course(tmp_path):
    """After `[course] language = "ca"`, the course's notebooks stayed English and only the
    generator's --check said so; check-config names each, and the command that makes it again."""
    edited(tmp_path, ('# language = "ca"', 'language = "ca"'))
    catalan = run_cli("check-config", "--config", tmp_path / "grading.toml")
    assert catalan.returncode == 0, catalan.stderr
    assert (f"warning: {NOTEBOOK} is written in English, the course in Català: generate it "
            f"again with python -m autograder.distribution.notebooks") in \
        catalan.stdout.replace("\n", "")
    assert "is written in" not in run_cli("check-config").stdout


def test_grade_names_a_notebook_in_another_language_than_the_course(tmp_path):
    cutoff = ROOT / "assignments" / "nbgrader" / "source" / "cutoff" / "cutoff.ipynb"
    config = grading_config.load(ROOT / "assignments" / "cutoff" / "grading.toml")
    assert stale_notebook_warning(cutoff, config) is None
    with speaking("ca"):
        warning = stale_notebook_warning(cutoff, replace(config, language="ca"))
    assert warning == (f"{cutoff} està escrit en English, el curs en Català: torna'l a generar "
                       f"amb python -m autograder.distribution.notebooks")
