"""Similarity across a class (autograder/commands/similarity.py): a disguised copy stands out, an
independent solution does not, the stubs everybody starts from never count, and the HTML report
is written whole, silently, with no student text unescaped in it.

The fixtures in tests/similarity/ are three small, correct solutions of minimax.py and
alphabeta.py: original/, renamed/ (original with its names, comments and function order changed)
and independent/ (written separately, in another style).
"""
import difflib
import re
import shutil
import webbrowser
from pathlib import Path

import pytest

from autograder.commands.similarity import (DEFAULT_THRESHOLD, SimilarPair, safe_name,
                                            similar_pairs)
from support.paths import ROOT

FIXTURES = Path(__file__).resolve().parent / "similarity"
STUBS = ROOT / "assignments"
STUB_BODY = "    # YOUR CODE HERE\n    raise NotImplementedError\n"
HOSTILE_ID = "<script>alert('id')</script>"
HOSTILE_MODULE = "<img src=x onerror=alert('module')>.py"  # a file name cannot hold a /
COPY_BAR = 0.8  # a disguised copy shares more than this of its code...
INDEPENDENT_BAR = 0.5  # ...and an independent solution less than this with anyone


def class_of(*names):
    return [(name, FIXTURES / name) for name in names]


def by_ids(pairs):
    return {frozenset((pair.id_a, pair.id_b)): pair for pair in pairs}


def similarity(pairs, a, b):
    """A pair's similarity, 0 for a pair not returned (nothing shared above the threshold)."""
    pair = by_ids(pairs).get(frozenset((a, b)))
    return pair.similarity if pair else 0.0


@pytest.fixture(autouse=True)
def no_browser(monkeypatch):
    """copydetect opens its report in a browser unless told not to: fail if it ever tries."""
    def refuse(*args, **kwargs):
        raise AssertionError("similarity opened a browser")
    monkeypatch.setattr(webbrowser, "open", refuse)


def test_the_renamed_copy_is_a_disguised_copy():
    """The fixture is what it claims: as text, little of it matches the original."""
    for module in ("minimax.py", "alphabeta.py"):
        original = (FIXTURES / "original" / module).read_text().splitlines()
        renamed = (FIXTURES / "renamed" / module).read_text().splitlines()
        assert difflib.SequenceMatcher(None, original, renamed).ratio() < INDEPENDENT_BAR


def test_a_renamed_copy_is_the_closest_pair_and_an_independent_solution_is_not_close(tmp_path):
    pairs = similar_pairs(class_of("original", "renamed", "independent"), STUBS,
                          tmp_path / "report.html", threshold=0.0)
    assert {pairs[0].id_a, pairs[0].id_b} == {"original", "renamed"}
    assert pairs[0].similarity > COPY_BAR
    assert similarity(pairs, "original", "independent") < INDEPENDENT_BAR
    assert similarity(pairs, "renamed", "independent") < INDEPENDENT_BAR
    assert [p.similarity for p in pairs] == sorted((p.similarity for p in pairs), reverse=True)


def test_each_pair_is_returned_once_in_the_order_given(tmp_path):
    pairs = similar_pairs(class_of("original", "renamed", "independent"), STUBS,
                          tmp_path / "report.html", threshold=0.0)
    order = ["original", "renamed", "independent"]
    assert len(by_ids(pairs)) == len(pairs)
    assert all(order.index(p.id_a) < order.index(p.id_b) for p in pairs)
    assert all(isinstance(p, SimilarPair) and 0 < p.similarity <= 1 and p.shared_tokens > 0
               for p in pairs)


def test_the_default_threshold_flags_the_copy_only(tmp_path):
    pairs = similar_pairs(class_of("original", "renamed", "independent"), STUBS,
                          tmp_path / "report.html")
    assert [{p.id_a, p.id_b} for p in pairs] == [{"original", "renamed"}]
    assert pairs[0].similarity > DEFAULT_THRESHOLD


def test_an_identical_submission_shares_everything(tmp_path):
    shutil.copytree(FIXTURES / "original", tmp_path / "twin")
    pairs = similar_pairs(class_of("original") + [("twin", tmp_path / "twin")], STUBS,
                          tmp_path / "report.html")
    assert pairs == [SimilarPair("original", "twin", 1.0, pairs[0].shared_tokens)]


def test_a_submission_is_compared_whole_not_by_its_closest_module(tmp_path):
    """Sharing one module of two ranks between sharing both and sharing neither: the
    similarity is over the whole submission, not its most similar file."""
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    shutil.copy(FIXTURES / "independent" / "minimax.py", mixed)
    shutil.copy(FIXTURES / "original" / "alphabeta.py", mixed)
    submissions = class_of("original", "renamed", "independent") + [("mixed", mixed)]
    pairs = similar_pairs(submissions, STUBS, tmp_path / "report.html", threshold=0.0)
    shares_one_module = similarity(pairs, "original", "mixed")
    assert similarity(pairs, "original", "independent") < shares_one_module
    assert shares_one_module < similarity(pairs, "original", "renamed")
    assert shares_one_module < 1.0


def stub_submission(folder, body):
    """The four stubs as handed out, with only minimax_value's body filled in with `body`."""
    folder.mkdir()
    for stub in sorted(STUBS.glob("*.py")):
        text = stub.read_text()
        if stub.name == "minimax.py":
            assert STUB_BODY in text
            text = text.replace(STUB_BODY, body, 1)
        (folder / stub.name).write_text(text)
    return folder


def stub_class(tmp_path):
    bodies = {"first": "    return 0\n",
              "second": "    if game.is_terminal(state):\n        return game.utility(state)\n"
                        "    return None\n",
              "third": "    values = list(game.actions(state))\n    return len(values)\n"}
    return [(name, stub_submission(tmp_path / name, body)) for name, body in bodies.items()]


def test_code_from_the_stubs_does_not_count(tmp_path):
    submissions = stub_class(tmp_path)
    assert similar_pairs(submissions, STUBS, tmp_path / "report.html", threshold=0.0) == []


def test_without_the_stubs_as_boilerplate_the_same_class_would_be_flagged(tmp_path):
    """The test above can fail: the stubs' code alone makes these submissions look alike."""
    submissions = stub_class(tmp_path)
    pairs = similar_pairs(submissions, None, tmp_path / "report.html")
    assert len(pairs) == 3 and all(p.similarity > COPY_BAR for p in pairs)


def hostile_class(tmp_path):
    """A copy of original/ whose id, module name and code all carry a <script>."""
    hostile = tmp_path / "hostile"
    shutil.copytree(FIXTURES / "original", hostile)
    code = (hostile / "minimax.py").read_text()
    (hostile / "minimax.py").write_text(code + "\n# </pre><script>alert('code')</script>\n")
    shutil.copy(hostile / "alphabeta.py", hostile / HOSTILE_MODULE)
    return class_of("original") + [(HOSTILE_ID, hostile)]


def test_no_student_text_reaches_the_report_unescaped(tmp_path):
    report = tmp_path / "report.html"
    pairs = similar_pairs(hostile_class(tmp_path), STUBS, report)
    html = report.read_text(encoding="utf-8")
    assert [(p.id_a, p.id_b) for p in pairs] == [("original", HOSTILE_ID)]
    assert "<script>alert" not in html and "<img src=x" not in html
    assert f"{safe_name(HOSTILE_ID)}/minimax.py" in html  # the hostile copy is in the report
    assert "&lt;script&gt;alert(&#39;code&#39;)" in html  # with its code, escaped


def test_the_report_is_written_whole_and_silently(tmp_path, capfd):
    output = tmp_path / "out"
    output.mkdir()
    similar_pairs(class_of("original", "renamed", "independent"), STUBS, output / "report.html")
    captured = capfd.readouterr()
    assert captured.out == "" and captured.err == ""
    assert [p.name for p in output.iterdir()] == ["report.html"]  # no temporary file left
    html = (output / "report.html").read_text(encoding="utf-8")
    assert html.lstrip().startswith("<!DOCTYPE HTML>")
    for name in ("original", "renamed", "independent"):
        assert f"{name}/minimax.py" in html


def test_fewer_than_two_submissions_compare_nothing_and_say_so(tmp_path):
    report = tmp_path / "report.html"
    report.write_text("an earlier class's report")
    assert similar_pairs(class_of("original"), STUBS, report) == []
    assert "nothing was" in report.read_text() and "earlier" not in report.read_text()
    assert similar_pairs([], STUBS, report) == []


def test_ids_must_be_distinct(tmp_path):
    with pytest.raises(ValueError):
        similar_pairs(class_of("original", "original"), STUBS, tmp_path / "report.html")


def test_a_boilerplate_folder_without_stubs_is_refused(tmp_path):
    """A wrong path for the stubs would silently count their code as similarity."""
    with pytest.raises(ValueError):
        similar_pairs(class_of("original", "renamed"), tmp_path, tmp_path / "report.html")


def test_a_safe_name_keeps_only_plain_characters():
    assert safe_name("alice-2.zip") == "alice-2.zip"  # a plain name is kept as it is
    name = safe_name(HOSTILE_ID)
    assert re.fullmatch(r"[A-Za-z0-9._-]+", name) and len(name) == len(HOSTILE_ID)
    assert safe_name(".hidden") != ".hidden" and not safe_name(".hidden").startswith(".")
