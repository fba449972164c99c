"""gradebook.csv, a class's grades in one table, and the files an LMS imports made from it.

One row per student: a group's submission gives each member a row with the same points, and a
roster's student who handed in nothing gets a row that says so. Every cell is text a student or a
registrar chose, written so that no spreadsheet runs it as a formula. The `policy` column holds the
digest of the policy each result was graded under (provenance.py), so a gradebook that mixes
policies shows it.
"""
import csv
import io
import unicodedata

from autograder.errors import UsageError
from autograder.files import write_atomically
from autograder.grading import provenance
from autograder.intake.students import Enrolled
from autograder.language.escaping import escaped
from autograder.results import load_report

FILE = "gradebook.csv"
PEOPLE = ("name", "sid", "email", "group")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a cell starting so is a spreadsheet formula
ABSENT = "not submitted"


def header(functions):
    """The columns, with a column of points for each of the assignment's `functions`."""
    return ("id", *PEOPLE, *functions, "total", "max", "status", "policy")


def spreadsheet_cell(text):
    """`text` for a CSV cell that a spreadsheet shows as text, never runs as a formula: one that
    starts with a formula's sign, also after blanks or invisible characters (which spreadsheets
    skip) and as its full-width or small form (`＝`, `﹦`: NFKC makes them `=`)."""
    return f"'{text}" if text.startswith(FORMULA_START) or _first_sign(text) in FORMULA_START \
        else text


def _first_sign(text):
    """The first character of `text` that is neither blank nor invisible, as NFKC writes it."""
    shown = next((c for c in text if not (c.isspace() or unicodedata.category(c) == "Cf")), "")
    return unicodedata.normalize("NFKC", shown)[:1]


def kept_report(path):
    """The Report a batch kept at `path`; None when there is none or it cannot be read (cut
    short, edited by hand), so that it is graded again."""
    try:
        return load_report(path)
    except (OSError, ValueError):
        return None


def result_path(output, entry):
    """Where a batch keeps `entry`'s result: its id is the file's name."""
    return output / f"{entry.id}.json"


def rows_of(output, entry, error, functions):
    """The rows of one submission (see header): its grade, or why it has none (`error`, else
    None)."""
    report = None if error else kept_report(result_path(output, entry))
    if report is None:
        grade = [""] * (len(functions) + 2) + [f"error: {error}" if error else "not graded", ""]
    else:
        points = {f.function: f.points for f in report.by_function()}
        grade = [*(f"{points.get(f, 0):g}" for f in functions), f"{report.points:g}",
                 f"{report.max_points:g}", "graded",
                 provenance.short(report.made_with)
                 if isinstance(report.made_with, dict) and "policy" in report.made_with else ""]
    students = entry.students or (Enrolled(),)
    group = entry.id if len(students) > 1 else ""
    return [[entry.id, s.name, s.sid, s.email, group, *grade] for s in students]


def absent_row(student, functions):
    """A roster's student who handed in nothing."""
    return ["", student.name, student.sid, student.email, "", *[""] * (len(functions) + 2),
            ABSENT, ""]


def write(output, rows, functions):
    """gradebook.csv, whole: the header, then `rows`."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header(functions))
    # escaped: a name from a platform's metadata may hold a terminal's escape sequences
    writer.writerows([spreadsheet_cell(escaped(str(cell))) for cell in row] for row in rows)
    write_atomically(output / FILE, buffer.getvalue())


def read(folder):
    """The rows of the gradebook.csv in `folder`, as dicts, cells as written."""
    path = folder / FILE
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    except OSError:
        raise UsageError(f"no {FILE} in {folder}: grade the class into it first "
                              f"(python -m autograder grade CLASS --output {folder})") from None
    except (UnicodeDecodeError, csv.Error):
        rows = [{}]
    # the columns every assignment's gradebook has; those of points by function differ
    if rows and set(header(())) - set(rows[0]):
        raise UsageError(f"{path} is not a gradebook this grader wrote: grade the class "
                              f"again into {folder}")
    return rows


# LMS import files: each a header and a row per graded student. Canvas matches on "SIS User ID"
# (or "SIS Login ID"), Moodle on the column the instructor maps ("ID number" or "Email address").
def _canvas(rows, assignment):
    header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment]
    possible = ["Points Possible", "", "", "", "", rows[0]["max"] if rows else ""]
    return [header, possible] + [[r["name"], "", r["sid"], r["email"], "", r["total"]]
                                 for r in rows]


def _moodle(rows, assignment):
    header = ["Full name", "ID number", "Email address", assignment]
    return [header] + [[r["name"], r["sid"], r["email"], r["total"]] for r in rows]


def _plain(rows, assignment):
    header = ["name", "sid", "email", "submission", "points", "max", "percent"]
    return [header] + [[r["name"], r["sid"], r["email"], r["id"], r["total"], r["max"],
                        _percent(r)] for r in rows]


def _percent(row):
    maximum = float(row["max"] or 0)
    return f"{100 * float(row['total']) / maximum:.1f}" if maximum else ""


EXPORTS = {"canvas": _canvas, "moodle": _moodle, "csv": _plain}


def functions_of(rows):
    """The functions a gradebook's `rows` have columns of points for: its assignment's."""
    return tuple(key for key in rows[0] if key not in header(())) if rows else ()


def left_out(rows):
    """The rows of students an LMS import leaves out, since they have no grade: those who handed
    in nothing, and those whose submission could not be graded."""
    return [row for row in rows if row["status"] != "graded"]


def made_otherwise(rows, policies):
    """The graded rows whose results were made under none of `policies` (short digests, as the
    `policy` column holds them)."""
    return [row for row in rows if row["status"] == "graded" and row["policy"] not in policies]


def export(rows, form, assignment):
    """An LMS's import file of the graded students among a gradebook's `rows`, as CSV text, and
    how many graded rows name no one an LMS can match (no SID or email)."""
    rows = [r for r in rows if r["status"] == "graded"]
    unnamed = sum(not (r["sid"] or r["email"]) for r in rows)
    buffer = io.StringIO()
    csv.writer(buffer).writerows([[spreadsheet_cell(str(c)) for c in row]
                                  for row in EXPORTS[form](rows, assignment)])
    return buffer.getvalue(), unnamed
