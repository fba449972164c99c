"""The Markdown and JUnit reports, byte for byte against golden files, for a small fixed Report made
by hand: a passing check, a failing tree check with the failing input and both searches' traces, a
failing board check, a failing price war, a grader error and a hidden check. Students never see a
hidden check's input, answer or feedback in either format.

When a change to a report is meant, regenerate the golden files and review their diff:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_reporters.py tests/test_ci_summary.py
"""
import json
import math
import xml.etree.ElementTree as ET

import pytest

from autograder.reporters import FORMATS, junit, markdown
from autograder.results import CheckResult, Report
from support.golden import HIDDEN_HINT, ORDER, golden, sample_report

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
    root = ET.fromstring(junit.render(Report(submission="x", sandbox="bwrap", order=ORDER,
                                             checks=[check])))
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
    # a link glued to a long word is still code, from at most a scheme's 32 characters before it
    ("x" * 40 + "http://evil.example", "x" * 12 + "`" + "x" * 28 + "http://evil.example`"),
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
    report = Report(submission="bob\udcff", sandbox="bwrap", order=ORDER, checks=[check])
    for form, render in FORMATS.items():
        rendered = render(report)
        if form in ("gradescope", "json"):  # json writes a surrogate as an escape
            rendered = json.dumps(json.loads(rendered), ensure_ascii=False)
        assert "\ufffd" in rendered.encode("utf-8").decode(), form


# ------------------------------------------------------------- whole-function problems, not run

from autograder.drawing import draw_example  # noqa: E402
from autograder.runner import observations  # noqa: E402
from autograder.runner.observations import describe_problem, from_reply  # noqa: E402
from autograder.reporters import gradescope, html, report_json, text  # noqa: E402
from dataclasses import replace  # noqa: E402

from autograder.results import (CHECKED_WHEN_GRADED, NOT_RUN, WHEN_GRADED,  # noqa: E402
                                FunctionProblem)
from autograder.language import _, speaking, spoken  # noqa: E402

# Problems as the worker reports them, and as the engine's results carry them.
REPORTED = {"not implemented": {"raised": {"exception": "NotImplementedError",
                                           "module": "builtins"}},
            "missing": {"missing_module": "price_war.py"},
            "import failed": {"module": "ordering.py", "import_error": {
                "exception": "SyntaxError", "module": "builtins", "message": "invalid syntax",
                "where": {"file": "ordering.py", "line": 3}}},
            "raised": {"raised": {"exception": "ValueError", "module": "builtins",
                                  "message": "not implemented yet"}}}


class StagedOrdering:
    """The staged files as runner/sources.py reads them: ordering.py, whose line 3 is broken."""

    @staticmethod
    def line(name, number):
        return "def f(:" if (name, number) == ("ordering.py", 3) else None


NOT_IMPLEMENTED, MISSING, IMPORT_FAILED = (describe_problem(REPORTED[problem], StagedOrdering)
                                           for problem in
                                           ("not implemented", "missing", "import failed"))
KINDS = {NOT_IMPLEMENTED: observations.NOT_IMPLEMENTED, MISSING: observations.MISSING,
         IMPORT_FAILED: observations.UNIMPORTABLE}
BOARD = {"heading": "It shows on the empty board",
         "example": {"kind": "tictactoe", "board": "         "}, "note": ""}


def failing(name, problem, points=2, shown=BOARD, kind=None):
    """A failed check's result; `kind`, the whole-function problem's, by default the problem's."""
    function = name.split(":")[0]
    return CheckResult(name=name, function=function, points=0, max_points=points,
                       status="failed", feedback=f"{function} {problem}", shown=shown,
                       whole_function=KINDS.get(problem, "") if kind is None else kind)


def stub_report():
    """As pytest orders the checks: alphabeta's module before minimax's."""
    return Report(submission="stub", sandbox="bwrap", order=ORDER, checks=[
        failing("alphabeta_value: exact", "returned 2, but it should return 3.", 5),
        failing("alphabeta_value: nodes", NOT_IMPLEMENTED, 3),
        failing("minimax_value: exact", NOT_IMPLEMENTED, 5),
        failing("minimax_value: nodes", NOT_IMPLEMENTED, 2),
        failing("center_first: cells", IMPORT_FAILED, 4),
        failing("guaranteed_decision: wars", MISSING, 6),
    ])


def test_a_whole_function_problem_is_one_line_per_function_without_an_input():
    rendered = text.render(stub_report())
    failures = rendered.split("Graded in the bwrap sandbox.\n")[1]
    assert failures == (
        "\n✗ minimax_value (0 / 7, 2 checks): is not implemented yet (it raised "
        "NotImplementedError)\n"
        "\n✗ alphabeta_value: exact (0 / 5)\n    alphabeta_value returned 2, but it should "
        "return 3.\n\n    It shows on the empty board:\n"
        + "\n".join("    " + line if line else "" for line in
                    draw_example(BOARD["example"]).splitlines()) + "\n"
        "\n✗ alphabeta_value (0 / 3, 1 check): is not implemented yet (it raised "
        "NotImplementedError)\n"
        "\n✗ center_first (0 / 4, 1 check): could not run: ordering.py failed to import, it "
        "raised SyntaxError: invalid syntax at ordering.py, line 3: def f(:\n"
        "\n✗ guaranteed_decision (0 / 6, 1 check): is missing: the submission has no "
        "price_war.py\n")


def test_failures_follow_the_tables_order_in_every_report():
    report = stub_report()
    table = [summary.function for summary in report.by_function()]
    listed = [failure.function for failure in report.failures()]
    assert listed == sorted(listed, key=table.index)
    assert listed == ["minimax_value", "alphabeta_value", "alphabeta_value", "center_first",
                      "guaranteed_decision"]
    assert isinstance(report.failures()[0], FunctionProblem)
    markdown_text = markdown.render(report)
    assert [markdown_text.index(f"### ✗ `{name}") for name in listed[:2]] == sorted(
        markdown_text.index(f"### ✗ `{name}") for name in listed[:2])
    page = html.render(report)
    assert page.index('<section class="failure problem" data-function="minimax_value">') < (
        page.index('data-check="alphabeta_value: exact"'))


@pytest.mark.parametrize("form", ["markdown", "html", "gradescope", "junit"])
def test_no_format_draws_the_input_of_a_whole_function_problem(form):
    report = Report(submission="stub", sandbox="bwrap", order=ORDER,
                    checks=[failing("minimax_value: exact", NOT_IMPLEMENTED)])
    rendered = FORMATS[form](report)
    assert "NotImplementedError" in rendered
    assert "empty board" not in rendered and "---+---" not in rendered


def test_markdown_says_a_whole_function_problem_in_one_heading():
    rendered = markdown.render(stub_report())
    assert ("### ✗ `minimax_value` (0 / 7, 2 checks): is not implemented yet (it raised "
            "NotImplementedError)\n\n### ✗ `alphabeta_value: exact`") in rendered


def test_a_problem_said_with_where_it_was_asked_is_still_one_line_per_function():
    report = Report(submission="stub", sandbox="bwrap", order=ORDER, checks=[
        failing("center_first: cells", NOT_IMPLEMENTED, 4),
        failing("center_first: nodes", f"{NOT_IMPLEMENTED} (asked at the given position)", 4,
                kind=observations.NOT_IMPLEMENTED)])
    [problem] = report.failures()
    assert (problem.feedback, problem.tally()) == (f"center_first {NOT_IMPLEMENTED}",
                                                   "0 / 8, 2 checks")


def test_only_the_problems_that_stop_every_call_are_whole_function_problems():
    kinds = {problem: from_reply({"problem": reported}, 0.0, {}).whole_function
             for problem, reported in REPORTED.items()}
    assert kinds == {"not implemented": observations.NOT_IMPLEMENTED,
                     "missing": observations.MISSING, "import failed": observations.UNIMPORTABLE,
                     "raised": ""}
    assert from_reply({"observation": {"answer": 2, "type": "int"}}, 0.0, {}).whole_function == ""


def test_a_hidden_check_says_a_whole_function_problem_only_by_its_cause():
    def hidden(cause):
        return CheckResult(name="minimax_value: x", function="minimax_value", points=0,
                           max_points=2, status="failed", feedback=f"minimax_value {MISSING}",
                           visibility="hidden", hint="think of the leaves", cause=cause,
                           whole_function=observations.MISSING).for_students()
    assert hidden(f"minimax_value {MISSING}").whole_function == observations.MISSING
    assert hidden("").feedback == "think of the leaves" and not hidden("").whole_function


WHY_NOT_RUN = "not run: this grading ran only the checks of minimax_value"


def only_minimax_report():
    """A grading with --only minimax_value: the engine's not-run results for the rest."""
    return Report(submission="alice", sandbox="bwrap", order=ORDER, checks=[
        CheckResult("alphabeta_value: exact", "alphabeta_value", 0, 5, NOT_RUN, WHY_NOT_RUN),
        CheckResult("alphabeta_decision: nodes", "alphabeta_decision", 0, 4, NOT_RUN,
                    WHY_NOT_RUN, visibility="hidden", hint=HIDDEN_HINT),
        CheckResult("minimax_value: exact", "minimax_value", 5, 5, "passed"),
        CheckResult("minimax_value: nodes", "minimax_value", 0, 2, "failed", "wrong."),
    ]).for_students()


def test_the_text_report_shows_checks_not_run_with_their_points_never_as_failed():
    rendered = text.render(only_minimax_report())
    assert "alice: 5 / 7 points (9 more not run)" in rendered
    assert "│ alphabeta_value    │ not run (5) │      0 │      0 │" in rendered
    assert ("Not run (this grading ran only the checks of minimax_value): alphabeta_value, "
            "alphabeta_decision.") in rendered
    assert rendered.count("✗") == 1 and HIDDEN_HINT not in rendered


def test_markdown_and_html_show_checks_not_run():
    rendered = markdown.render(only_minimax_report())
    assert rendered.startswith("## alice: 5 / 7 points (9 more not run)\n")
    assert "| `alphabeta_value` | not run (5) | 0 | 0 |" in rendered
    assert "- – `alphabeta_value: exact`: not run (5)" in rendered
    page = html.render(only_minimax_report())
    assert '<tr class="not-run" data-function="alphabeta_value">' in page
    assert "<td>not run (5)</td>" in page and "5 / 7 points (9 more not run)" in page
    assert 'data-check="alphabeta_value: exact"' not in page


def test_junit_skips_checks_not_run_saying_why():
    root = ET.fromstring(junit.render(only_minimax_report()))
    suite = root[0]
    assert (suite.get("tests"), suite.get("failures"), suite.get("skipped")) == ("4", "1", "2")
    skipped = suite.find("testcase[@name='alphabeta_value: exact']/skipped")
    assert skipped.get("message") == WHY_NOT_RUN


def test_gradescope_leaves_out_checks_not_run_and_scores_what_ran():
    results = json.loads(gradescope.render(only_minimax_report()))
    assert [test["name"] for test in results["tests"]] == ["minimax_value: exact",
                                                          "minimax_value: nodes"]
    assert (results["score"], results["max_score"]) == (5, 7)
    assert results["output"] == (
        "Graded with the bwrap sandbox. Not run (this grading ran only the checks of "
        "minimax_value): alphabeta_value, alphabeta_decision.")


def test_json_keeps_checks_not_run_with_their_status_and_points():
    data = json.loads(report_json.render(only_minimax_report()))
    assert [check["status"] for check in data["checks"][:2]] == [NOT_RUN, NOT_RUN]
    assert (data["points"], data["max_points"]) == (5, 7)
    functions = {summary["function"]: summary for summary in data["functions"]}
    assert functions["alphabeta_value"]["not_run"] == 1
    assert functions["alphabeta_value"]["not_run_points"] == 5


def students_run_report():
    """A grading in the students' repository: two checks only the instructor's grading runs."""
    return Report(submission="alice", sandbox="bwrap", order=ORDER, checks=[
        CheckResult("alphabeta_value: exact", "alphabeta_value", 5, 5, "passed"),
        CheckResult("alphabeta_decision: best", "alphabeta_decision", 3, 3, "passed"),
        CheckResult("alphabeta_decision: nodes", "alphabeta_decision", 0, 4,
                    CHECKED_WHEN_GRADED, WHEN_GRADED, visibility="hidden", hint=HIDDEN_HINT),
        CheckResult("alphabeta_value: late", "alphabeta_value", 0, 2, CHECKED_WHEN_GRADED,
                    WHEN_GRADED, visibility="after_due_date"),
    ]).for_students()


def test_a_students_run_names_each_check_left_to_the_grade_with_points_and_hint():
    rendered = text.render(students_run_report())
    assert "alice: 8 / 8 points" in rendered and "more not run" not in rendered
    assert "│ alphabeta_value    │ 5 / 5, 2 when graded │" in rendered
    assert "8 of the 14 points are checked here; 6 more are checked when graded:" in rendered
    # in table order
    assert (f"  - alphabeta_value: late (2 points, shown after the due date)\n"
            f"  - alphabeta_decision: nodes (4 points, hidden): {HIDDEN_HINT}\n") in rendered
    assert "Every check that ran passed." in rendered
    page = markdown.render(students_run_report())
    assert (f"8 of the 14 points are checked here; 6 more are checked when graded:\n\n"
            f"- alphabeta_value: late (2 points, shown after the due date)\n"
            f"- alphabeta_decision: nodes (4 points, hidden): {HIDDEN_HINT}") in page
    assert "checked when graded (4)" in page
    page = html.render(students_run_report())
    assert "<li>alphabeta_decision: nodes (4 points, hidden): " in page


def test_a_function_checked_only_when_graded_is_shown_so_in_the_table_in_every_language():
    """The Romanian table said horizon_example was "nerulat (7)", not run, where the sentence
    below it says it is checked when graded."""
    def report():  # in the language spoken, as the grading writes it
        return Report(submission="alice", sandbox="bwrap", order=ORDER, language=spoken(), checks=[
            CheckResult(check.name, check.function, check.points, check.max_points, check.status,
                        _(WHEN_GRADED) if check.feedback == WHEN_GRADED else check.feedback)
            for check in [*students_run_report().checks, CheckResult(
                "horizon_example: a tree", "horizon_example", 0, 7, CHECKED_WHEN_GRADED,
                WHEN_GRADED)]])
    assert "│ horizon_example    │ checked when graded (7) │" in text.render(report())
    assert "| `horizon_example` | checked when graded (7) |" in markdown.render(report())
    with speaking("ro"):
        translated = text.render(report())
    assert "verificată la notare (7)" in translated and "nerulat" not in translated
    assert "Puncte verificate aici: 8 din 21; celelalte 13 se verifică la notare" in translated


WARNING = ("Warning: on the games tried here your alphabeta_decision gives the same answers and "
           "examines the same nodes as a search that searches every root action with the full "
           "window (-inf, +inf), which fails this check: it will likely fail when graded.")


def test_a_check_left_to_the_grade_that_will_likely_fail_is_warned_of_in_every_format():
    """A warning stands beside its check, and the report no longer says, unqualified, that what
    ran passed; the same report without the warning says it."""
    checks = students_run_report().checks
    warned = Report(submission="alice", sandbox="bwrap", order=ORDER, checks=[
        replace(check, warning=WARNING) if check.name == "alphabeta_decision: nodes" else check
        for check in checks])
    passed = ("Every check that ran passed, but 1 check run only when graded will likely fail: "
              "see its warning above.")
    rendered = " ".join(text.render(warned).split())
    assert f"- alphabeta_decision: nodes (4 points, hidden): {HIDDEN_HINT} {WARNING}" in rendered
    assert passed in rendered and "Every check that ran passed." not in rendered
    page = markdown.render(warned)
    assert f"- alphabeta_decision: nodes (4 points, hidden): {HIDDEN_HINT} {WARNING}" in page
    assert passed in page
    assert passed in html.render(warned) and WARNING in html.render(warned)
    assert WARNING in junit.render(warned)
    assert "Warning" not in text.render(students_run_report())


def test_a_hidden_failure_says_its_cause_when_known_else_its_hint():
    def hidden(cause):
        return CheckResult("alphabeta_decision: nodes", "alphabeta_decision", 0, 4, "failed",
                           "the input: A (MAX) ...", shown={"example": {}}, cause=cause,
                           visibility="hidden", hint=HIDDEN_HINT).for_students()
    assert (hidden("alphabeta_decision raised KeyError").feedback,
            hidden("").feedback) == ("alphabeta_decision raised KeyError", HIDDEN_HINT)
    assert hidden("x").shown is None and hidden("x").cause == ""


def test_every_format_heads_a_failure_and_names_the_nodes_alike():
    """One heading per failure (the grader's own error said as such) and one legend of who
    examined a node, whatever the format."""
    report = sample_report()
    heading = "✗ center_first: centre, corners, edges on random positions (0 / 4, error)"
    assert heading in text.render(report) and heading in html.render(report)
    assert "### ✗ `center_first: centre, corners, edges on random positions` (0 / 4, error)" in (
        markdown.render(report))
    legend = "examined only by alpha-beta"
    assert legend in html.render(report) and legend.capitalize() in markdown.render(report)


def test_a_hidden_check_shows_students_no_time():
    """How long a hidden check took is a number the code can set from the hidden input (waiting
    in proportion to it): students' reports carry no time for it, instructors' do."""
    hidden = next(c for c in sample_report().checks if c.visibility == "hidden")
    assert hidden.seconds > 0 and hidden.for_students().seconds == 0
    student_view = ET.fromstring(junit.render(sample_report().for_students()))
    case = next(c for c in student_view.iter("testcase") if c.get("name") == hidden.name)
    assert float(case.get("time")) == 0


def test_a_legend_writes_a_cut_s_bounds_as_the_language_writes_values():
    """The Markdown and HTML legends' "pruned after: C (α=3 ≥ β=2,5)" is a Catalan sentence: it
    wrote 2.5 there, where the feedback's sentences write 2,5, and 1234567 as 1.23457e+06."""
    from autograder.drawing import bound
    with speaking("ca"):
        assert [bound(b) for b in (2.5, 3.0, 1234567, -math.inf, math.inf)] == [
            "2,5", "3", "1234567", "-∞", "+∞"]
