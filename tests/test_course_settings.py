"""One course configuration: the course's grading.toml sets what belongs to the course (its
language, the pull-request threshold, the file of the official games' secret), every assignment's
grading.toml inherits it and may set it again, and check-config says where each came from."""
import os
import zipfile

import pytest

from autograder import assignments, policy as grading_config
from autograder.commands import cli
from autograder.distribution import gradescope_export
from autograder.distribution.notebooks import course as notebooks
from autograder.errors import ConfigError
from autograder.assignments import SEARCH
from autograder.policy import Threshold
from support.paths import ROOT

CUTOFF = ROOT / "assignments" / "cutoff" / "grading.toml"


@pytest.fixture
def course(tmp_path, monkeypatch):
    """The course's grading.toml, in Catalan, requiring 95% of pull requests, its secret in a
    file of its own: the project's own grading.toml with a [course] section set."""
    path = tmp_path / "course" / "grading.toml"
    path.parent.mkdir()
    text = (ROOT / "grading.toml").read_text().replace(
        "[course]\n", '[course]\nlanguage = "ca"\nfail_under = "95%"\n', 1).replace(
        "[official]\n", '[official]\nsecret_file = "course.secret"\n', 1)
    path.write_text(text)
    monkeypatch.setattr(grading_config, "DEFAULT_PATH", path)
    return path


def test_an_assignment_inherits_the_courses_settings(course):
    config = grading_config.load(CUTOFF)
    assert (config.language, config.secret_file) == ("ca", course.parent / "course.secret")
    assert grading_config.settings(CUTOFF)["fail_under"][0] == Threshold(95, percent=True)


def test_an_assignment_may_set_a_course_setting_again(course, tmp_path):
    own = tmp_path / "own.toml"
    own.write_text(CUTOFF.read_text().replace("[grading]\n", '[course]\nlanguage = "it"\n\n'
                                                             '[grading]\n', 1))
    assert grading_config.load(own).language == "it"
    assert grading_config.settings(own) == {
        "language": ("it", f"{own} [course] language"),
        "fail_under": (Threshold(95, percent=True), f"{course} [course] fail_under"),
        "secret_file": (course.parent / "course.secret", f"{course} [official] secret_file")}


def test_without_a_course_file_the_defaults_hold(tmp_path, monkeypatch):
    monkeypatch.setattr(grading_config, "DEFAULT_PATH", tmp_path / "nowhere.toml")
    assert grading_config.settings(CUTOFF) == {
        "language": ("en", "the default"), "fail_under": (None, "the default"),
        "secret_file": (None, "the default")}


@pytest.mark.parametrize("value", ['"95"', '"101%"', '"-1%"', '"ninety"', "true", "-3"])
def test_a_course_threshold_that_is_neither_points_nor_a_percentage_is_refused(
        course, value):
    course.write_text(course.read_text().replace('fail_under = "95%"', f"fail_under = {value}"))
    if value == '"95"':  # points, as a string, are points
        assert grading_config.settings(course)["fail_under"][0] == Threshold(95)
        return
    with pytest.raises(ConfigError, match=r"course\.fail_under: .* is not a number of points or "
                                          r"a percentage: give one such as 70 or \"95%\"$"):
        grading_config.load(course)


def test_the_threshold_grades_nothing_so_editing_it_makes_no_result_stale(course, tmp_path):
    from autograder.grading import provenance
    before = provenance.policy_digest(grading_config.load(CUTOFF))
    course.write_text(course.read_text().replace('fail_under = "95%"', "fail_under = 50"))
    assert provenance.policy_digest(grading_config.load(CUTOFF)) == before


def test_check_config_says_where_each_course_setting_came_from(course, capsys):
    assert cli.main(["check-config"]) == 0
    out = capsys.readouterr().out.splitlines()
    start = out.index(f"course settings of cutoff ({grading_config.from_here(CUTOFF)}):")
    assert out[start + 1:start + 4] == [
        f"  language = ca, from {course} [course] language",
        f"  fail_under = 95%, from {course} [course] fail_under",
        f"  secret_file = {course.parent / 'course.secret'}, from {course} [official] "
        f"secret_file"]
    assert f"course settings of search ({grading_config.from_here(SEARCH.policy)}):" in out


def test_check_config_says_where_the_secret_is_read_when_no_file_is_named(tmp_path, monkeypatch,
                                                                         capsys):
    """"secret_file = none" beside "games: drawn from the course's secret" read as a
    contradiction in issue 31's Catalan trial: the line says where the secret is read then."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert cli.main(["check-config"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert (f"  secret_file = none, from the default (the secret is read from AUTOGRADER_SECRET, "
            f"else from {tmp_path / 'autograder' / 'secret'})") in said


def test_the_second_assignments_material_follows_the_course_language(course, tmp_path,
                                                                     monkeypatch):
    """Its Gradescope zip's run_autograder (never --lang en), and its notebook."""
    monkeypatch.setenv("AUTOGRADER_SECRET", "the-course-secret-of-this-test")
    cutoff = assignments.chosen("cutoff")
    written = gradescope_export.export(tmp_path / "cutoff.zip", cutoff)
    with zipfile.ZipFile(written) as zipped:
        script = zipped.read("run_autograder").decode()
    assert "--lang ca" in script and "--lang en" not in script
    assert notebooks.language(cutoff) == "ca"
    assert os.environ["AUTOGRADER_SECRET"] not in script


def test_the_students_copy_of_an_assignment_keeps_what_it_inherited(tmp_path, monkeypatch):
    """The released repository of the second assignment has no course grading.toml: its own
    names the threshold it inherited, as it names the language."""
    from autograder.distribution.released_policy import with_course_setting
    released = tmp_path / "grading.toml"
    released.write_text(with_course_setting(CUTOFF.read_text(), "fail_under", "95%"))
    monkeypatch.setattr(grading_config, "DEFAULT_PATH", tmp_path / "no-course.toml")
    assert grading_config.settings(released)["fail_under"] == (Threshold(95, percent=True),
                                                               f"{released} [course] fail_under")
