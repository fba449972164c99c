"""The terminal report: a table per function, then every failure with its explanation, in the
table's order. A problem every check of a function meets alike (missing, not importable, not
implemented) is one line for the function, with no input drawn; checks this grading left out are
named as not run, and those only the instructor's grading runs each with its points and hint."""
import io
import textwrap

from rich.console import Console
from rich.table import Table

from autograder.drawing import draw_input
from autograder.reporters.readable import readable
from autograder.results import FunctionProblem, points


def feedback_with_input(check):
    """A failure's explanation followed by its input, drawn as text (none for a whole-function
    problem: any input shows it)."""
    if not check.shown or check.whole_function:
        return check.feedback
    return f"{check.feedback}\n\n{draw_input(check.shown)}"


def not_run_line(report):
    """One line naming the functions whose checks this grading left out (--only), and why; ""
    when it left none out."""
    left_out = [check for check in report.in_table_order()
                if not check.ran and not check.when_graded]
    if not left_out:
        return ""
    functions = dict.fromkeys(check.function for check in left_out)
    why = left_out[0].feedback.removeprefix("not run: ")
    return f"Not run ({why}): {', '.join(functions)}."


VISIBILITY_WORDS = {"visible": "visible", "hidden": "hidden",
                    "after_due_date": "shown after the due date"}


def when_graded_items(report):
    """What a run in the students' repository leaves to the grade (report.coverage() says how
    much): one line per check only the instructor's grading runs, with its points, visibility and
    hint."""
    return [f"{check.name} ({points(check.max_points)} points, "
            f"{VISIBILITY_WORDS[check.visibility]}){f': {check.hint}' if check.hint else ''}"
            for check in report.in_table_order() if check.when_graded]


def render(report):
    report = readable(report)
    table = Table(title=f"{report.submission}: {report.score()}")
    for column in ("function", "points", "passed", "failed"):
        table.add_column(column, justify="left" if column == "function" else "right")
    for summary in report.by_function():
        table.add_row(summary.function, summary.score(), str(summary.passed),
                      str(summary.failed))
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, highlight=False)
    console.print(table)
    console.print(f"Graded in the {report.sandbox} sandbox.", highlight=False)
    if not_run_line(report):
        console.print(not_run_line(report), markup=False, soft_wrap=True)
    if report.when_graded():
        console.print(f"\n{report.coverage()}:", markup=False, soft_wrap=True)
        for item in when_graded_items(report):
            console.print(f"  - {item}", markup=False, soft_wrap=True)
    failures = report.failures()
    for check in failures:
        console.print(f"\n{check.headline()}", markup=False, soft_wrap=True)
        if not isinstance(check, FunctionProblem):
            console.print(textwrap.indent(feedback_with_input(check), "    "), markup=False,
                          soft_wrap=True)
    if not failures:
        console.print("\nEvery check that ran passed." if report.not_run() else
                      "\nEvery check passed.")
    return buffer.getvalue()
