"""Who handed in each submission: names, SIDs and emails, from where a class's platform keeps them.

Gradescope's "export submissions" names each submission's submitters in submission_metadata.yml
(several for a group); nbgrader keeps its students in the course's gradebook.db; any other class is
joined to a roster CSV by one of its columns. Every value here is a student's or a registrar's text:
the gradebook writes it as an inert CSV cell and the terminal prints it escaped, never as markup.
"""
import csv
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from autograder.errors import UsageError
from autograder.language.escaping import escaped

# A roster's headers, as registrars and LMSs spell them, for each thing the gradebook shows: in
# English, then as a course in each language the grader speaks exports them (Catalan, Spanish,
# Italian, Romanian; Moodle's column names among them), casefolded.
HEADERS = {
    "name": ("name", "full name", "student", "student name",
             "nom", "nom complet", "nom i cognoms", "alumne", "estudiant",
             "nombre", "nombre completo", "nombre y apellidos", "alumno", "estudiante",
             "nome", "nome completo", "nome e cognome", "studente",
             "nume", "nume complet", "nume și prenume", "nume si prenume"),
    "sid": ("sid", "student id", "id", "id number", "sis user id", "student number",
            "niu", "dni", "número d'identificació", "identificador", "número d'estudiant",
            "número de id", "número de identificación", "número de estudiante", "matrícula",
            "matricola", "numero identificativo", "numero di matricola",
            "număr matricol", "numar matricol", "număr id", "numar id"),
    "email": ("email", "email address", "e-mail", "sis login id", "login",
              "correu", "correu electrònic", "adreça electrònica", "adreça de correu",
              "correo", "correo electrónico", "dirección de correo", "dirección email",
              "indirizzo email", "indirizzo e-mail", "posta elettronica",
              "adresă de email", "adresa de email", "adresă email", "adresa email"),
}


@dataclass(frozen=True)
class Enrolled:
    """A student of the class as a platform or a roster names them (a Gradescope submitter, an
    nbgrader student, a roster's row): any of the three may be empty."""
    name: str = ""
    sid: str = ""
    email: str = ""

    def keys(self):
        """What a roster may join this student by, the registrar's own first: a name is the
        student's to choose on a platform, so it is tried last, never before an SID or email."""
        return [value.casefold() for value in (self.sid, self.email, self.name) if value]


class _MetadataLoader(yaml.SafeLoader):
    """YAML as Gradescope writes it: Ruby's tagged values (`!ruby/object:BigDecimal 18:0.1E2`
    for a score) read as plain text rather than refused, and nothing ever constructed. Aliases,
    which Gradescope never writes, are refused: nested, a few lines of them expand to gigabytes."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise yaml.composer.ComposerError(None, None, "an alias (*name)",
                                              self.peek_event().start_mark)
        return super().compose_node(parent, index)


_MetadataLoader.add_multi_constructor(
    "!", lambda loader, suffix, node: loader.construct_scalar(node)
    if isinstance(node, yaml.ScalarNode) else None)


def gradescope_submitters(export):
    """Each submission folder's submitters, from the export's submission_metadata.yml:
    {"submission_1001": (Enrolled, ...)}; a group submission names every member."""
    path = Path(export) / "submission_metadata.yml"
    try:
        data = yaml.load(path.read_text(encoding="utf-8", errors="replace"),
                         Loader=_MetadataLoader)
    except (OSError, yaml.YAMLError) as error:
        raise UsageError(f"{path} cannot be read ({type(error).__name__}); download "
                              f"Gradescope's export again") from None
    if not isinstance(data, dict):
        return {}
    return {str(folder): tuple(_submitter(s) for s in _list(meta, ":submitters"))
            for folder, meta in data.items()}


def _list(meta, key):
    value = meta.get(key) if isinstance(meta, dict) else None
    return value if isinstance(value, list) else []


def _submitter(entry):
    entry = entry if isinstance(entry, dict) else {}
    text = lambda key: _text(entry.get(key))  # noqa: E731
    return Enrolled(name=text(":name"), sid=text(":sid"), email=text(":email"))


def shared(entries):
    """The entries (each with .id and .students) naming a student whom another entry names too,
    by SID or email, with why: {entry id: reason}. That student would get a row of each entry's
    grade, and an LMS one of them at random, so each such entry is an error row instead (a
    roster refuses to join one of its students to two entries for the same reason)."""
    holders = {}  # a key: {the id of each entry naming it: the key as written}
    for entry in entries:
        for student in entry.students:
            for key in dict.fromkeys(key for key in (student.sid, student.email) if key):
                holders.setdefault(key.casefold(), {}).setdefault(entry.id, key)
    reasons = {}
    for by_entry in holders.values():
        if len(by_entry) > 1:
            ids = sorted(by_entry)
            for entry_id in ids:
                reasons.setdefault(entry_id, (
                    f"{by_entry[entry_id]!r} is a submitter of {len(ids)} submissions "
                    f"({', '.join(ids)}): one student, one submission; leave the others out"))
    return reasons


def nbgrader_students(course):
    """The students nbgrader's gradebook.db knows, by id: {"ana": Enrolled}; {} without one."""
    path = Path(course) / "gradebook.db"
    if not path.is_file():
        return {}
    try:
        with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as database:
            rows = database.execute("SELECT id, first_name, last_name, email FROM student")
            return {_text(id_): Enrolled(" ".join(_text(p) for p in (first, last) if p),
                                        _text(id_), _text(email))
                    for id_, first, last, email in rows}
    except sqlite3.Error as error:
        raise UsageError(f"{path} cannot be read ({error}); is it nbgrader's "
                              f"gradebook?") from None


def _text(value):
    """A scalar as text ("" for none); anything else is not a name, an SID or an email."""
    return str(value) if isinstance(value, (str, int, float)) and value is not True else ""


def read_roster(path, column=None):
    """The roster at `path`, a CSV with a header: (the column to join by, its rows as dicts).
    Without `column`, the first of its columns named like an id, email or name."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.DictReader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise UsageError(f"cannot read the roster {path} ({error}); give a CSV file with "
                              f"a header row") from None
    headers = list(rows[0]) if rows else []
    if column is None:
        known = [h for kind in ("sid", "email", "name") for h in headers
                 if h and h.strip().casefold() in HEADERS[kind]]
        column = known[0] if known else None
    if column is None:
        raise UsageError(f"the roster {path} has no column named like an SID, email or "
                              f"name: give the one to join by with --roster-column")
    if column not in headers:
        raise UsageError(f"the roster {path} has no column {column!r} to join by; its "
                              f"columns are {', '.join(map(repr, headers))} (--roster-column)")
    return column, rows


def roster_student(row):
    """A roster row as an Enrolled student, by its columns' usual names."""
    found = {}
    for kind, names in HEADERS.items():
        found[kind] = next((str(value).strip() for header, value in row.items()
                            if header and header.strip().casefold() in names and value), "")
    return Enrolled(**found)


def join_roster(entries, path, column=None):
    """(`entries` (each with .id and .students) with their students as the roster at `path`
    names them, matched by `column` against a student's SID, email or name, or the submission's
    id; the roster's students who handed in nothing; whether any student of the class matched)."""
    column, rows = read_roster(path, column)
    by_key, unkeyed = {}, []
    for row in rows:
        key = str(row.get(column) or "").strip().casefold()
        if key in by_key:
            raise UsageError(f"the roster {path} has {escaped(key)!r} twice in its column "
                                  f"{column!r}: join by a column that names each student once")
        if key:
            by_key[key] = row
        else:
            unkeyed.append(row)  # not to be joined, but still a student of the class
    matched, joined = {}, []
    for entry in entries:
        students = [_merged(_from_roster(student.keys(), by_key, matched, entry), student)
                    for student in entry.students]
        if not entry.students:
            found = _from_roster([entry.id.casefold()], by_key, matched, entry)
            students = [found] if found else []
        joined.append(replace(entry, students=tuple(students)))
    absent = [roster_student(row) for key, row in by_key.items() if key not in matched]
    return joined, absent + [roster_student(row) for row in unkeyed], bool(matched)


def _merged(roster, student):
    """The roster's record of a student (the registrar's), completed by the platform's."""
    if roster is None:
        return student
    return Enrolled(*(mine or theirs for mine, theirs in zip(
        (roster.name, roster.sid, roster.email), (student.name, student.sid, student.email))))


def _from_roster(keys, by_key, matched, entry):
    """The roster's student that the first of `keys` names, noted as `entry`'s; a roster row
    that two students of the class match is refused, since one of them would take the other's
    grade."""
    key = next((k for k in keys if k in by_key), None)
    if key is None:
        return None
    if key in matched:
        raise UsageError(f"the roster's {escaped(key)!r} matches two students (of "
                              f"{matched[key]} and {entry.id}): check their SIDs and emails")
    matched[key] = entry.id
    return roster_student(by_key[key])
