"""The submissions of a batch that cannot be read as a submission (a broken zip, a folder of
none of the assignment's files), remembered with their reason and all it depends on: the
submission as it lies (provenance.handed_in, its bytes, since it has no staged files to digest),
its path, what ran (policy, checks, reference, grader) and the batch's options (the language of
the reason among them). The next run keeps their error rows rather than trying them again, as
it keeps the results of those graded, until one of these changes. A grading that failed
otherwise (past its time limit, crashed) may not fail again on a quieter machine: it is tried
again, never remembered.
"""
import json
from pathlib import Path

from autograder.commands.gradebook import result_path
from autograder.files import write_atomically
from autograder.grading import provenance

FILE = Path(".cache") / "ungradable.json"  # no id starts with a dot


def stamp(entry, current, options):
    """What `entry`'s error depends on, under the stamp `current` (provenance.made_with) and the
    batch's `options`; None when the submission cannot be read to tell."""
    try:
        handed_in = provenance.handed_in(entry.path)
    except OSError:
        return None
    return {"made_with": provenance.what_ran(current), "options": list(options),
            "submission": provenance.source(entry.path), "handed_in": handed_in}


def recalled(output, entries, current, options):
    """The reasons, by id, of the `entries` without a result whose error in `output` was
    remembered as they are now."""
    try:
        kept = json.loads((output / FILE).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(kept, dict):
        return {}
    reasons = {}
    for entry in entries:
        record = kept.get(entry.id)
        if not isinstance(record, dict) or not isinstance(record.get("reason"), str) \
                or result_path(output, entry).exists():
            continue
        now = stamp(entry, current, options)
        if now is not None and record.get("stamp") == now:
            reasons[entry.id] = record["reason"]
    return reasons


def remember(output, failed, current, options):
    """Keep the `failed` (entry, reason), which do not stage, as the errors of `output`'s class
    now: those no longer among them are forgotten."""
    records = {entry.id: {"reason": reason, "stamp": stamp(entry, current, options)}
               for entry, reason in failed}
    (output / FILE).parent.mkdir(parents=True, exist_ok=True)
    write_atomically(output / FILE, json.dumps(
        {id: record for id, record in records.items() if record["stamp"] is not None},
        indent=1, sort_keys=True), private=True)
