"""The Markdown and JUnit reports, byte for byte against golden files, for a small fixed Report made
by hand: a passing check, a failing tree check with the failing input and both searches' traces, a
failing board check, a failing price war, a grader error and a hidden check. Students never see a
hidden check's input, answer or feedback in either format.

When a change to a report is meant, regenerate the golden files and review their diff:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_reporters.py tests/test_ci.py
"""
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from autograder.reporters import FORMATS, junit, markdown
from autograder.results import CheckResult, Report

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
HIDDEN_TREE = [[101, 102], [103, 104]]  # leaves that appear nowhere else in the report
HIDDEN_FEEDBACK = "alphabeta_decision: SECRET your search examined B2 where alpha-beta stops."
HIDDEN_HINT = "The root is an alpha-beta node too: tighten its bound after each action."


def golden(name, rendered):
    """Compare `rendered` with tests/golden/NAME byte for byte (UPDATE_GOLDEN=1 writes it)."""
    path = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(rendered.encode())
    assert path.exists(), f"no golden file {path}: run with UPDATE_GOLDEN=1 to write it"
    assert rendered.encode() == path.read_bytes(), (
        f"{name} differs from its golden file; if the change is meant, regenerate with "
        f"UPDATE_GOLDEN=1 and review the diff")


def sample_report():
    """A fixed report, as the engine would give it to an instructor (--show-hidden)."""
    return Report(submission="alice", sandbox="bwrap", checks=[
        CheckResult(name="minimax_value: exact values on random trees", function="minimax_value",
                    points=5, max_points=5, status="passed", seconds=0.25),
        CheckResult(
            name="alphabeta_value: examines the reference's nodes", function="alphabeta_value",
            points=0, max_points=5, status="failed", seconds=0.5,
            feedback="alphabeta_value: your search examined 13 nodes where alpha-beta examines "
                     "11; the first 7 nodes agree; then your search examined C2 where alpha-beta "
                     "examines D.\nAfter C1, node C had alpha=3 >= beta=2, so C's remaining "
                     "children are pruned.",
            shown={"heading": "It shows on the course's textbook tree",
                   "example": {"kind": "tree", "tree": TEXTBOOK, "root": "MAX"}, "note": ""},
            traces={"student": ["", "0", "00", "01", "02", "1", "10", "11", "12", "2", "20", "21",
                                "22"],
                    "reference": ["", "0", "00", "01", "02", "1", "10", "2", "20", "21", "22"],
                    "cuts": {"1": [3, 2]}}),
        CheckResult(
            name="evaluation_order: tic-tac-toe positions with the open-lines evaluation",
            function="evaluation_order", points=0, max_points=4, status="failed", seconds=0.125,
            feedback="evaluation_order returned '[x](http://example.com) <b>*bold*</b> _it_' "
                     "(str), but the actions sorted best first are [4, 0, 2, 6, 8, 1, 3, 5, 7].",
            shown={"heading": "It shows on the empty board",
                   "example": {"kind": "tictactoe", "board": "         "},
                   "note": "Evaluated with the course's open-lines evaluation."}),
        CheckResult(
            name="guaranteed_decision: random price wars with ties and negatives",
            function="guaranteed_decision", points=0, max_points=6, status="failed", seconds=0.75,
            feedback="guaranteed_decision returned 'option_2' (str), but the option whose worst "
                     "leaf for us is best (the first of ties) is 'option_1'.",
            shown={"heading": "The smallest input that shows it", "note": "",
                   "example": {"tree": {"start": ["option_1", "option_2"],
                                        "option_1": ["option_1_reply_1"],
                                        "option_2": ["option_2_reply_1", "option_2_reply_2"]},
                               "ours": {"option_1_reply_1": 0, "option_2_reply_1": 0,
                                        "option_2_reply_2": 1},
                               "theirs": {"option_1_reply_1": 0, "option_2_reply_1": 0,
                                          "option_2_reply_2": -3},
                               "root": "start"}}),
        CheckResult(name="center_first: centre, corners, edges on random positions",
                    function="center_first", points=0, max_points=4, status="error",
                    feedback="the grader itself failed on this check: ask your instructor"),
        CheckResult(
            name="alphabeta_decision: examines the reference's nodes",
            function="alphabeta_decision", points=0, max_points=4, status="failed",
            seconds=0.0625, feedback=HIDDEN_FEEDBACK, visibility="hidden", hint=HIDDEN_HINT,
            shown={"heading": "It shows on a SECRET tree",
                   "example": {"kind": "tree", "tree": HIDDEN_TREE, "root": "MAX"},
                   "note": "SECRET note"},
            traces={"student": ["", "0", "00", "01", "1", "10", "11"],
                    "reference": ["", "0", "00", "01", "1", "10"], "cuts": {"1": [102, 103]}}),
    ])


@pytest.mark.parametrize("audience", ["instructor", "students"])
@pytest.mark.parametrize("form, suffix", [("markdown", "md"), ("junit", "xml")])
def test_reports_match_their_golden_files(form, suffix, audience):
    report = sample_report() if audience == "instructor" else sample_report().for_students()
    golden(f"report.{audience}.{suffix}", FORMATS[form](report))


@pytest.mark.parametrize("form", ["markdown", "junit"])
def test_students_never_see_a_hidden_checks_input_or_answer(form):
    rendered = FORMATS[form](sample_report().for_students())
    for secret in ("SECRET", "101", "102", "103", "104"):
        assert secret not in rendered
    assert "alphabeta_decision: examines the reference&apos;s nodes" in rendered or \
        "alphabeta_decision: examines the reference's nodes" in rendered
    assert HIDDEN_HINT in rendered
    # ...while the instructor's report has all of it
    assert "SECRET" in FORMATS[form](sample_report())


def test_the_command_line_offers_both_formats():
    assert FORMATS["markdown"] is markdown.render and FORMATS["junit"] is junit.render


def test_junit_is_one_suite_with_a_case_per_check_and_points_as_properties():
    report = sample_report().for_students()
    root = ET.fromstring(junit.render(report))
    assert root.tag == "testsuites" and len(root) == 1
    suite = root[0]
    cases = suite.findall("testcase")
    assert [case.get("name") for case in cases] == [check.name for check in report.checks]
    assert [case.get("classname") for case in cases] == [check.function for check in report.checks]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("6", "4", "1")
    properties = {p.get("name"): p.get("value") for p in suite.find("properties")}
    assert properties == {"points": "5", "max_points": "28", "sandbox": "bwrap"}
    board = cases[2]
    assert board.find("failure").get("message") == report.checks[2].feedback
    assert "(X to move" in board.find("failure").text  # the input, drawn
    assert {p.get("name"): p.get("value") for p in board.find("properties")} == {
        "points": "0", "max_points": "4", "visibility": "visible"}
    assert cases[4].find("error") is not None and cases[0].find("failure") is None


def test_junit_stays_valid_xml_whatever_the_feedback_holds():
    check = CheckResult(name="minimax_value: odd", function="minimax_value", points=0,
                        max_points=1, status="failed", feedback="bell \x07, nul \x00 & <tag> \"q\"")
    root = ET.fromstring(junit.render(Report(submission="x", checks=[check])))
    message = root.find("testsuite/testcase/failure").get("message")
    assert message == "bell \ufffd, nul \ufffd & <tag> \"q\""


def test_markdown_shows_what_students_return_as_text_never_as_links_or_html():
    rendered = markdown.render(sample_report())
    assert "\\[x\\](`http://example.com)` &lt;b&gt;\\*bold\\*&lt;/b&gt; \\_it\\_" in rendered
    assert "`minimax_value`" in rendered and "minimax\\_value" not in rendered


@pytest.mark.parametrize("text, expected", [
    ("# not a heading", "\\# not a heading"),
    ("- not a list", "\\- not a list"),
    ("1. not a list", "1\\. not a list"),
    ("> not a quote", "&gt; not a quote"),
    ("a | b", "a \\| b"),
    ("first\nsecond", "first\n\nsecond"),
])
def test_feedback_lines_become_plain_paragraphs(text, expected):
    assert markdown.paragraphs(text) == expected


def test_inline_code_holds_any_backticks():
    assert markdown.code("main") == "`main`"
    assert markdown.code("a`b") == "``a`b``"
    assert markdown.code("`x") == "`` `x ``"


def test_a_tree_failure_draws_mermaid_coloured_by_who_examined_each_node():
    rendered = markdown.render(sample_report())
    assert "```mermaid\ngraph TD\n    A[\"MAX A\"]" in rendered
    assert "    class C2,C3 extra" in rendered
    assert "Examined only by your search: C2, C3." in rendered
    assert "Alpha-beta pruned after: C (α=3 ≥ β=2)." in rendered
    assert "<details><summary>The tree as text</summary>" in rendered


@pytest.mark.parametrize("text, expected", [
    ("ask @octocat", "ask @\u200doctocat"),
    ("@course/staff", "@\u200dcourse/staff"),
    ("mail a@b.example", "mail a@\u200db.example"),
    ("see http://evil.example/x now", "see `http://evil.example/x` now"),
    ("HTTPS://EVIL.EXAMPLE", "`HTTPS://EVIL.EXAMPLE`"),
    ("www.evil.example/*x*", "`www.evil.example/*x*`"),
    ("ftp://a`b", "``ftp://a`b``"),
    ("one\r# two", "one # two"),
])
def test_markdown_text_neither_mentions_anyone_nor_links(text, expected):
    """A pull-request comment would notify @user or @org/team; GitHub links bare URLs."""
    assert markdown.escape(text) == expected


def test_inline_code_stays_on_one_line():
    assert markdown.code("a\rb\nc") == "`a b c`"


def test_every_format_shows_a_lone_surrogate_as_a_replacement_character():
    """json decodes a reply's "\\ud800" into a lone surrogate, which no UTF-8 writer accepts."""
    check = CheckResult(name="minimax_value: odd", function="minimax_value", points=0,
                        max_points=1, status="failed", feedback="raised ValueError: \ud800",
                        shown={"heading": "It shows \udcff", "note": "\ud800",
                               "example": {"kind": "tictactoe", "board": "         "}})
    report = Report(submission="bob\udcff", checks=[check])
    for form, render in FORMATS.items():
        rendered = render(report)
        if form in ("gradescope", "json"):  # json writes a surrogate as an escape
            rendered = json.dumps(json.loads(rendered), ensure_ascii=False)
        assert "\ufffd" in rendered.encode("utf-8").decode(), form
