"""grading.toml as instructors write it: check-config's summary, every setting refused out of its
range in one line that names the file, the key, the range and the value, misspelt keys named with
the closest valid one, and each setting reaching the checks (collection only: nothing is graded
here). The repository's policy is read, never assumed: new points keep these tests passing."""
import dataclasses
import json
import tomllib
from dataclasses import fields

import pytest

from autograder import policy as grading_config
from autograder.assignments import SEARCH
from autograder.errors import ConfigError
from autograder.policy import CheckPolicy, Limits
from autograder.engine import collect_checks
from autograder.language import speaking
from autograder.language.speaking import catalog
from support.cli import run_cli
from support.paths import ROOT
from support.policy import policy_with

POLICY = grading_config.load()
A_CHECK, OTHER_CHECK = list(POLICY.checks)[:2]  # any two checks: their values are read, not assumed


def policy_text(checks=None, limits="", hypothesis=""):
    """A grading.toml of the repository's checks (or `checks`, name to CheckPolicy) and total,
    with these lines in [limits] and [hypothesis]."""
    entries = "\n".join(
        f"{json.dumps(name)} = {{ points = {policy.points!r}, visibility = "
        f"{json.dumps(policy.visibility)}"
        f"{f', hint = {json.dumps(policy.hint)}' if policy.hint else ''}"
        f"{f', examples = {policy.examples}' if policy.examples else ''} }}"
        for name, policy in (checks or POLICY.checks).items())
    return (f"[grading]\ntotal = {POLICY.total!r}\n[hypothesis]\n{hypothesis}\n"
            f"[limits]\n{limits}\n[checks]\n{entries}\n")


def refused(tmp_path, text):
    """The one-line error load() gives for grading.toml holding `text`, without its path, which
    it must start with."""
    path = tmp_path / "grading.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        grading_config.load(path)
    message = str(error.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message.removeprefix(f"{path}: ")


def test_check_config_summarises_a_valid_policy():
    # The expected line is counted from the file as written, not from the loader under test.
    policy = tomllib.loads((ROOT / "grading.toml").read_text())
    entries = policy["checks"]
    completed = run_cli("check-config")
    assert completed.returncode == 0, completed.stderr
    assert (f"{len(entries)} checks, {sum(e['points'] for e in entries.values()):g} points, "
            f"of [grading] total = {policy['grading']['total']:g}"
            in completed.stdout.splitlines()[0])
    assert "alphabeta_value" in completed.stdout and "guaranteed_decision" in completed.stdout


def test_check_config_shows_the_limits_and_hypothesis_settings(tmp_path):
    checks = {**POLICY.checks, A_CHECK: dataclasses.replace(POLICY.checks[A_CHECK], examples=3)}
    path = tmp_path / "grading.toml"
    path.write_text(policy_text(checks, limits="memory_mb = 512\nslowdown = 2.5",
                                hypothesis="max_examples = 7"))
    completed = run_cli("check-config", "--config", path)
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert "  memory_mb = 512 MiB per worker process" in lines
    assert "  slowdown = 2.5 × the reference's CPU time, added per call" in lines
    for key, value, unit in Limits().described():  # the others, at their defaults
        if key not in ("memory_mb", "slowdown"):
            assert f"  {key} = {value} {unit}" in lines
    assert "hypothesis: max_examples = 7 generated games per check" in lines
    assert f"  {A_CHECK}: examples = 3 instead" in lines
    assert not any(f"{OTHER_CHECK}: examples" in line for line in lines)


def test_check_config_names_the_mistake(tmp_path):
    (tmp_path / "grading.toml").write_text(policy_with(A_CHECK, "exmples = 9"))
    completed = run_cli("check-config", "--config", tmp_path / "grading.toml")
    assert completed.returncode == 2 and completed.stderr.count("\n") == 1
    assert completed.stderr == (f"autograder: {tmp_path / 'grading.toml'}: [checks] "
                                f"{json.dumps(A_CHECK)} has an unknown key 'exmples'; "
                                f"did you mean 'examples'?\n")


@pytest.mark.parametrize("text, says", [
    # what an instructor's trial met: a traceback, or nothing said at all
    ("[hypothesis]\nmax_examples = 0", "hypothesis.max_examples = 0 is out of range; "
                                       "allowed: a whole number from 1 to 10000"),
    ("[limits]\nmemory_mb = 0", "limits.memory_mb = 0 is out of range; "
                                "allowed: a whole number from 64 to 65536"),
])
def test_check_config_refuses_a_setting_out_of_range_in_one_line(tmp_path, text, says):
    (tmp_path / "grading.toml").write_text(text)
    completed = run_cli("check-config", "--config", tmp_path / "grading.toml")
    assert completed.returncode == 2
    assert completed.stderr == f"autograder: {tmp_path / 'grading.toml'}: {says}\n"


@pytest.mark.parametrize("text, says", [
    ("[hypothesis]\nmax_examples = 2.5", "hypothesis.max_examples = 2.5 is not a whole number; "
                                         "allowed: a whole number from 1 to 10000"),
    ("[hypothesis]\nmax_examples = 100000", "hypothesis.max_examples = 100000 is out of range"),
    ("[limits]\nmemory_mb = 512.5", "limits.memory_mb = 512.5 is not a whole number"),
    ("[limits]\nprocesses = true", "limits.processes = true is not a whole number"),
    ("[limits]\nslowdown = 0.5", "limits.slowdown = 0.5 is out of range; "
                                 "allowed: a number from 1 to 1000"),
    ("[limits]\ncall_floor_seconds = 0", "limits.call_floor_seconds = 0 is out of range; "
                                         "allowed: a number above 0 and at most 600"),
    ("[limits]\ncall_floor_seconds = 5\ncheck_seconds = 9",
     "limits.check_seconds = 9 is below twice limits.call_floor_seconds = 5"),
    ("[limits]\noutput_kb = \"64\"", 'limits.output_kb = "64" is not a whole number'),
    ("[grading]\ntotal = 0", "grading.total = 0 is out of range; "
                             "allowed: a number above 0 and at most 10000"),
    ("limits = 3", "limits must be a section, [limits], not 3"),
])
def test_settings_out_of_range_are_refused(tmp_path, text, says):
    assert refused(tmp_path, text).startswith(says)


@pytest.mark.parametrize("limit", fields(Limits), ids=lambda limit: limit.name)
def test_every_limit_is_range_checked(tmp_path, limit):
    allowed = limit.metadata["allowed"]
    below = allowed.low if allowed.above else allowed.low - 1
    for value in (below, allowed.high + 1):
        assert refused(tmp_path, f"[limits]\n{limit.name} = {value}") == (
            f"limits.{limit.name} = {value} is out of range; allowed: {allowed}")
    if allowed.whole:
        assert refused(tmp_path, f"[limits]\n{limit.name} = {allowed.low}.5").startswith(
            f"limits.{limit.name} = {allowed.low}.5 is not a whole number")


@pytest.mark.parametrize("entry, says", [
    ('{ points = 1, examples = 0 }', '.examples = 0 is out of range; '
                                     'allowed: a whole number from 1 to 10000'),
    ('{ points = 1, examples = 1.5 }', '.examples = 1.5 is not a whole number'),
    ('{ points = 1, hint = 3 }', '.hint must be a string or one per language (hint.ca = "..."), '
                                 'not 3'),
    ('{ points = 1, hint.ca = 3 }', '.hint.ca must be a string, not 3'),
    ('{ points = 1, name.fr = "x" }', '.name has an unknown language \'fr\'; the valid ones are '
                                      "'en', 'ca', 'es', 'it', 'ro'"),
    ('{ points = 1, name = ["x"] }', '.name must be a string or one per language'),
    ('{ points = -1 }', '.points = -1 is out of range; allowed: a number from 0 to 100'),
    ('{ points = inf }', '.points = inf is not a number'),
    ('{ points = true }', '.points = true is not a number'),
    ('{ points = "two" }', '.points = "two" is not a number'),
    ('{ visibility = "hidden", hint = "h" }', '.points is missing; set it to a number'),
    ('{ points = 1, checked_here = "no" }', '.checked_here must be true or false, not "no"'),
    ('{ points = 1, catches = "no_pruning" }', '.catches must be a list of known mistakes\' names'),
    ('{ points = 1, catches = [1] }', '.catches must be a list of known mistakes\' names'),
    ('{ points = 1, visibility = "secret" }', '.visibility = "secret" is not allowed; use one '
                                             'of "visible", "hidden", "after_due_date"'),
    ('3', 'must be a table like { points = 2'),
])
def test_bad_check_entries_are_refused(tmp_path, entry, says):
    name = json.dumps(A_CHECK)
    assert says in refused(tmp_path, f'[grading]\ntotal = 100\n[checks]\n{name} = {entry}\n')


def test_an_official_grading_refuses_a_check_left_to_no_one(tmp_path):
    """checked_here = false leaves a check out of the grading that reads it (the release writes
    it in the students' copy): in the instructor's grading.toml it would cost every student its
    points, so official grading refuses it; without [official] it is read."""
    path = tmp_path / "grading.toml"
    name = json.dumps(A_CHECK)
    text = policy_text().replace(f"{name} = {{", f"{name} = {{ checked_here = false,", 1)
    path.write_text(f"[official]\n{text}")
    with pytest.raises(ConfigError) as raised:
        grading_config.load(path)
    assert str(raised.value) == (f"{path}: [checks] {name} is marked checked_here = false, which "
                                 f"release writes in the students' copy only: official grading "
                                 f"runs every check; remove it")
    path.write_text(text)
    assert grading_config.load(path).policy(A_CHECK).checked_here is False


def test_what_a_check_catches_is_read(tmp_path):
    path = tmp_path / "grading.toml"
    name = json.dumps(A_CHECK)
    path.write_text(policy_text().replace(f"{name} = {{", f'{name} = {{ catches = '
                                          f'["root_not_tightened", "no_pruning"],', 1))
    loaded = grading_config.load(path)
    assert loaded.policy(A_CHECK).catches == ("root_not_tightened", "no_pruning")
    assert loaded.policy(OTHER_CHECK).catches == ()


@pytest.mark.parametrize("hint", ["", "  "])
def test_a_hidden_check_needs_a_hint(tmp_path, hint):
    checks = {**POLICY.checks, A_CHECK: dataclasses.replace(POLICY.checks[A_CHECK],
                                                            visibility="hidden",
                                                            hints={"en": hint})}
    assert refused(tmp_path, policy_text(checks)).startswith(
        f"[checks] {json.dumps(A_CHECK)} is hidden, so it needs a hint: add hint = ")


@pytest.mark.parametrize("more", [1, 0.5])
def test_points_must_add_up_to_the_total(tmp_path, more):
    policy = POLICY.checks[A_CHECK]
    checks = {**POLICY.checks, A_CHECK: dataclasses.replace(policy, points=policy.points + more)}
    assert refused(tmp_path, policy_text(checks)) == (
        f"the checks' points add up to {POLICY.total + more:g}, not [grading] total = "
        f"{POLICY.total:g}; change points so they do")


def test_points_moved_between_checks_keep_the_total(tmp_path):
    moved = min(1, POLICY.checks[A_CHECK].points)
    checks = {**POLICY.checks,
              A_CHECK: dataclasses.replace(POLICY.checks[A_CHECK],
                                           points=POLICY.checks[A_CHECK].points - moved),
              OTHER_CHECK: dataclasses.replace(POLICY.checks[OTHER_CHECK],
                                               points=POLICY.checks[OTHER_CHECK].points + moved)}
    path = tmp_path / "grading.toml"
    path.write_text(policy_text(checks))
    assert grading_config.load(path).checks == checks


def test_points_in_tenths_add_up_exactly(tmp_path):
    # 0.1 ten times is 0.9999999999999999 in a float's plain sum
    entries = "".join(f'"check {i}" = {{ points = 0.1 }}\n' for i in range(10))
    path = tmp_path / "grading.toml"
    path.write_text(f"[grading]\ntotal = 1\n[checks]\n{entries}")
    assert grading_config.load(path).total == 1


def test_the_total_is_100_unless_set(tmp_path):
    path = tmp_path / "grading.toml"
    path.write_text(f'[checks]\n"a check" = {{ points = {grading_config.DEFAULT_TOTAL} }}\n')
    assert grading_config.load(path).total == grading_config.DEFAULT_TOTAL == 100
    path.write_text('[checks]\n"a check" = { points = 99 }\n')
    with pytest.raises(ConfigError, match=r"add up to 99, not \[grading\] total = 100"):
        grading_config.load(path)


@pytest.mark.parametrize("text, says", [
    ("[limts]\n", "the file has an unknown section 'limts'; did you mean 'limits'?"),
    ("[limits]\nslowdwn = 3\n", "[limits] has an unknown key 'slowdwn'; did you mean 'slowdown'?"),
    ("[hypothesis]\nmax_exampels = 5\n",
     "[hypothesis] has an unknown key 'max_exampels'; did you mean 'max_examples'?"),
    ("[grading]\ntotl = 100\n", "[grading] has an unknown key 'totl'; did you mean 'total'?"),
    ('[official]\nsecret_fil = "~/course.secret"\n',
     "[official] has an unknown key 'secret_fil'; did you mean 'secret_file'?"),
    ('[checks]\n"a check" = { points = 100, visibility = "hidden", hnit = "h" }\n',
     """[checks] "a check" has an unknown key 'hnit'; did you mean 'hint'?"""),
    ("[official]\nkey = 1\n", "[official] has an unknown key 'key'; the valid ones are "
                              "'secret_file'"),
    ('[course]\nlanguag = "ca"\n',
     "[course] has an unknown key 'languag'; did you mean 'language'?"),
    ('[course]\nlanguage = "fr"\n', "course.language = 'fr' is not a language the grader speaks; "
                                    "use one of en, ca, es, it, ro"),
])
def test_misspelt_keys_are_named_with_the_closest_valid_one(tmp_path, text, says):
    assert refused(tmp_path, text) == says


def test_a_check_without_an_entry_is_refused_with_the_closest_entry():
    typo = A_CHECK[:-1]  # the entry an instructor misspelt
    checks = {typo if name == A_CHECK else name: policy for name, policy in POLICY.checks.items()}
    with pytest.raises(ConfigError) as error:
        collect_checks(dataclasses.replace(POLICY, checks=checks), SEARCH)
    assert str(error.value) == (f"grading.toml has no entry for the check {A_CHECK!r}: add it "
                                f"under [checks]; did you mean {typo!r}?")


def test_an_entry_that_names_no_check_is_refused_with_the_closest_check():
    typo = A_CHECK + "s"
    checks = {**POLICY.checks, typo: CheckPolicy(points=0)}
    with pytest.raises(ConfigError) as error:
        collect_checks(dataclasses.replace(POLICY, checks=checks), SEARCH)
    assert str(error.value) == (f"grading.toml names a check that does not exist: {typo!r}; "
                                f"did you mean {A_CHECK!r}?")


def test_examples_per_check_reach_hypothesis():
    name = "minimax_value: exact values on random trees"
    checks = dict(POLICY.checks)
    checks[name] = dataclasses.replace(checks[name], examples=7)
    assert name in collect_checks(dataclasses.replace(POLICY, checks=checks), SEARCH)
    from autograder.checks.test_minimax import test_minimax_value_on_trees
    assert test_minimax_value_on_trees._hypothesis_internal_use_settings.max_examples == 7


@pytest.mark.parametrize("official, says", [
    ('salt = "ef3c924fadffca36cfc0f6071666fd91"',
     "[official] salt is no longer read, since every copy of the project would share it: delete "
     "it and keep the course's secret outside the project (set AUTOGRADER_SECRET or run python -m "
     "autograder secret)"),
    ('salt = "short"', "[official] salt is no longer read"),
    ('secret_file = 1', "official.secret_file must be the path of a file"),
    ('secret_file = " "', "official.secret_file must be the path of a file"),
])
def test_a_salt_or_a_bad_secret_file_is_refused(tmp_path, official, says):
    assert refused(tmp_path, f"[official]\n{official}\n").startswith(says)


def test_the_course_language_is_english_unless_set(tmp_path):
    path = tmp_path / "grading.toml"
    path.write_text(policy_text())
    assert grading_config.load(path).language == "en"
    path.write_text('[course]\nlanguage = "ro"\n' + policy_text())
    assert grading_config.load(path).language == "ro"


def test_a_hint_and_a_name_are_read_in_the_language_spoken(tmp_path):
    """The course's own text for the language spoken wins; elsewhere the English one is looked
    up in the catalog, and English reads it as written."""
    checks = {**POLICY.checks, A_CHECK: dataclasses.replace(POLICY.checks[A_CHECK], hints={})}
    name = json.dumps(A_CHECK)
    path = tmp_path / "grading.toml"
    path.write_text(policy_text(checks).replace(
        f"{name} = {{", f'{name} = {{ name.ca = "El nom", hint.ca = "Una pista", '
                        f'hint.en = "A hint", ', 1))
    check = grading_config.load(path).checks[A_CHECK]
    with speaking("ca"):
        assert (check.hint, check.title(A_CHECK)) == ("Una pista", "El nom")
    with speaking("en"):
        assert (check.hint, check.title(A_CHECK)) == ("A hint", A_CHECK)
    with speaking("es"):
        assert check.title(A_CHECK) == catalog("es").gettext(A_CHECK)


@pytest.mark.parametrize("language, accepted", [("ca", True), ("ro", False)])
def test_a_hidden_check_may_have_its_hint_in_the_course_language_only(tmp_path, language,
                                                                       accepted):
    checks = {**POLICY.checks, A_CHECK: dataclasses.replace(POLICY.checks[A_CHECK],
                                                            visibility="hidden", hints={})}
    text = f'[course]\nlanguage = "{language}"\n' + policy_text(checks).replace(
        f'{json.dumps(A_CHECK)} = {{', f'{json.dumps(A_CHECK)} = {{ hint.ca = "Una pista",', 1)
    path = tmp_path / "grading.toml"
    path.write_text(text)
    if accepted:
        check = grading_config.load(path).checks[A_CHECK]
        assert check.hints == {"ca": "Una pista"}
        with speaking("es"):  # a student's --lang in a Catalan course's repository
            assert check.hint == "Una pista"
    else:
        assert "is hidden, so it needs a hint" in refused(tmp_path, text)


@pytest.mark.parametrize("english", ['', 'hint.en = "  ", '])
def test_without_an_english_hint_the_course_language_s_is_read(tmp_path, english):
    """A hint given in Spanish and in the course's Catalan, and in English blank or not at all:
    an Italian student read the Spanish one, the first given, or the blank English one, rather
    than the course's."""
    checks = {**POLICY.checks, A_CHECK: dataclasses.replace(POLICY.checks[A_CHECK],
                                                            visibility="hidden", hints={})}
    path = tmp_path / "grading.toml"
    path.write_text('[course]\nlanguage = "ca"\n' + policy_text(checks).replace(
        f'{json.dumps(A_CHECK)} = {{', f'{json.dumps(A_CHECK)} = {{ hint.es = "Una pista es", '
                                      f'{english}hint.ca = "Una pista",', 1))
    check = grading_config.load(path).checks[A_CHECK]
    with speaking("it"):
        assert check.hint == "Una pista"
    with speaking("es"):
        assert check.hint == "Una pista es"


def test_a_grading_toml_is_read_as_utf_8_and_one_that_is_not_is_named(tmp_path):
    """The released grading.toml holds its hints in the course's language, written as UTF-8 (TOML
    is UTF-8): read by the locale's encoding, a Latin-1 one read them garbled, and bytes that are
    not UTF-8 ended the grading in a UnicodeDecodeError traceback, not a line naming the file."""
    path = tmp_path / "grading.toml"
    hint = "poda quan α ≥ β: l'error més habitual"
    policy = (ROOT / "grading.toml").read_text(encoding="utf-8").replace(
        '"minimax_value: exact values on random trees" = {',
        f'"minimax_value: exact values on random trees" = {{ hint.ca = "{hint}",', 1)
    path.write_bytes(policy.encode("utf-8"))
    with speaking("ca"):
        assert grading_config.load(path).checks[
            "minimax_value: exact values on random trees"].hint == hint
    path.write_bytes(b'[course]\nlanguage = "\xff"\n')
    with pytest.raises(ConfigError) as error:
        grading_config.load(path)
    assert str(error.value) == f"{path} is not valid TOML: it is not UTF-8 text"
