"""The terminal report: a table per function, then every failure with its explanation."""
import io
import textwrap

from rich.console import Console
from rich.table import Table

from autograder.drawing import draw_input
from autograder.reporters.readable import readable


def _points(value):
    return f"{value:g}"


def feedback_with_input(check):
    """A failure's explanation followed by its input, drawn as text."""
    if not check.shown:
        return check.feedback
    return f"{check.feedback}\n\n{draw_input(check.shown)}"


def render(report):
    report = readable(report)
    table = Table(title=f"{report.submission}: {_points(report.points)} / "
                        f"{_points(report.max_points)} points")
    for column in ("function", "points", "passed", "failed"):
        table.add_column(column, justify="left" if column == "function" else "right")
    for summary in report.by_function():
        table.add_row(summary.function, f"{_points(summary.points)} / {_points(summary.max_points)}",
                      str(summary.passed), str(summary.failed))
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, highlight=False)
    console.print(table)
    console.print(f"Graded in the {report.sandbox} sandbox.", highlight=False)
    failures = [check for check in report.checks if not check.passed]
    for check in failures:
        hidden = ", hidden check" if check.visibility == "hidden" else ""
        console.print(f"\n✗ {check.name}  ({_points(check.points)} / {_points(check.max_points)}"
                      f"{hidden})",
                      markup=False)
        console.print(textwrap.indent(feedback_with_input(check), "    "), markup=False,
                      soft_wrap=True)
    if not failures:
        console.print("\nEvery check passed.")
    return buffer.getvalue()
