"""The terminal report: a table per function, then every failure with its explanation, in the
table's order, each function's after its diagnosis (what known mistake its failures show, which
failing function it calls). A problem every check of a function meets alike (missing, not
importable, not implemented) is one line for the function, with no input drawn, and checks that
failed alike are one failure with their count; checks this grading left out are named as not run,
and those only the instructor's grading runs each with its points and hint."""
import io
import textwrap

from rich.console import Console
from rich.table import Table

from autograder.drawing import draw_input
from autograder.language import N_, _, ngettext, number
from autograder.reporters.readable import readable
from autograder.results import FunctionDiagnosis, FunctionProblem


def feedback_with_input(check):
    """A failure's explanation followed by its input, drawn as text (none for a whole-function
    problem: any input shows it)."""
    if not check.shown or check.whole_function:
        return check.feedback
    return f"{check.feedback}\n\n{draw_input(check.shown)}"


def with_diagnosis(report, check):
    """`check`'s feedback and input (feedback_with_input), after its function's diagnosis when it
    is the first of that function's failures: for the reports that show each check alone."""
    first = next((c for c in report.in_table_order() if c.failed and c.function == check.function),
                 None)
    said = next((d.text for d in report.diagnoses if d.function == check.function), "")
    text = feedback_with_input(check)
    return f"{said}\n\n{text}" if said and first is check else text


def not_run_line(report):
    """One line naming the functions whose checks this grading left out (--only), and why; ""
    when it left none out."""
    checks = report.in_table_order()
    left_out = dict.fromkeys(check.function for check in checks
                             if not check.ran and not check.when_graded)
    if not left_out:
        return ""
    ran = dict.fromkeys(check.function for check in checks if check.ran)
    return _("Not run (this grading ran only the checks of {ran}): {left_out}.").format(
        ran=", ".join(ran), left_out=", ".join(left_out))


VISIBILITY_WORDS = {"visible": N_("visible"), "hidden": N_("hidden"),
                    "after_due_date": N_("shown after the due date")}


def when_graded_items(report):
    """What a run in the students' repository leaves to the grade (report.coverage() says how
    much): one line per check only the instructor's grading runs, with its points, visibility and
    hint, and its warning when it will likely fail."""
    items = []
    for check in report.in_table_order():
        if check.when_graded:
            # TRANSLATORS: {visibility} is "visible", "hidden" or "shown after the due date"
            item = _("{name} ({points} points, {visibility})").format(
                name=check.shown_name, points=number(check.max_points),
                visibility=_(VISIBILITY_WORDS[check.visibility]))
            item = _("{item}: {hint}").format(item=item, hint=check.hint) if check.hint else item
            items.append(f"{item} {check.warning}" if check.warning else item)
    return items


# the score table's columns, in every report that has one
COLUMNS = (N_("function"), N_("points"), N_("passed"), N_("failed"))


def render(report):
    report = readable(report)
    table = Table(title=f"{report.submission}: {report.score()}")
    for column in COLUMNS:
        table.add_column(_(column), justify="left" if column == "function" else "right")
    for summary in report.by_function():
        table.add_row(summary.function, summary.score(), number(summary.passed),
                      number(summary.failed))
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, highlight=False)
    console.print(table)
    console.print(graded_in(report), highlight=False)
    if not_run_line(report):
        console.print(not_run_line(report), markup=False, soft_wrap=True)
    if report.when_graded():
        console.print(f"\n{report.coverage()}:", markup=False, soft_wrap=True)
        for item in when_graded_items(report):
            console.print(f"  - {item}", markup=False, soft_wrap=True)
    failures = report.failures()
    for check in failures:
        if isinstance(check, FunctionDiagnosis):
            console.print(f"\n{check.text}", markup=False, soft_wrap=True)
            continue
        console.print(f"\n{check.headline()}", markup=False, soft_wrap=True)
        if not isinstance(check, FunctionProblem):
            console.print(textwrap.indent(feedback_with_input(check), "    "), markup=False,
                          soft_wrap=True)
    if not failures:
        console.print("\n" + every_check_passed(report))
    return buffer.getvalue()


def graded_in(report, sandbox=None):
    """The line naming the sandbox the worker ran in; `sandbox` writes its name as the output
    needs it."""
    # TRANSLATORS: {sandbox} is the sandbox's name: bwrap, unshare, rlimits or plain
    return _("Graded in the {sandbox} sandbox.").format(sandbox=(sandbox or str)(report.sandbox))


def every_check_passed(report):
    """The line that ends a report without failures: qualified when a check only the instructor's
    grading runs will likely fail (Report.warned)."""
    warned = len(report.warned())
    if warned:
        return ngettext("Every check that ran passed, but {count} check run only when graded will "
                        "likely fail: see its warning above.",
                        "Every check that ran passed, but {count} checks run only when graded "
                        "will likely fail: see their warnings above.", warned).format(
            count=number(warned))
    return _("Every check that ran passed.") if report.not_run() else _("Every check passed.")
