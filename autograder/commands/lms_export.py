"""`python -m autograder export grades DIR`: a graded class's gradebook as an LMS imports it.

Results made under another policy than the assignment's grading.toml now are refused (unless
--allow-stale), since an LMS would take them as final; official grading stamps a digest of the
course's secret, so without the secret no stamp can be matched and the export says so. Each
assignment's grades go to a column of its own, so that the second's import never overwrites the
first's. Names and ids are the students' text, printed escaped.
"""
import sys
from dataclasses import replace
from pathlib import Path

from autograder import assignments, policy as grading_config, secret as course_secret
from autograder.commands import gradebook
from autograder.errors import UsageError
from autograder.files import write_atomically
from autograder.grading import provenance
from autograder.language import LANGUAGES, _, speaking
from autograder.language.escaping import escaped


def export_grades_command(args):
    folder = Path(args.directory)
    rows = gradebook.read(folder)
    stale = stale_results(rows, folder, args)
    column = args.assignment or column_of(rows, args.config)
    text, unnamed = gradebook.export(rows, args.format, column)
    target = Path(args.output or folder / f"grades-{args.format}.csv")
    if not target.resolve().parent.is_dir():
        raise UsageError(f"cannot write {target}: its folder does not exist")
    write_atomically(target, text)
    if stale:
        print(f"autograder: warning: {len(stale)} of the results exported were made under "
              f"another policy (--allow-stale)", file=sys.stderr)
    if unnamed:
        print(f"autograder: warning: {unnamed} graded rows name no SID or email, which "
              f"{args.format} cannot match; name the students with --roster FILE.csv",
              file=sys.stderr)
    say_exported(target, rows)


def stale_results(rows, folder, args):
    """The graded `rows` made under another policy than the current one, refused unless
    --allow-stale."""
    policies, secret_missing = current_policies(rows, args.config)
    stale = gradebook.made_otherwise(rows, policies)
    if stale and secret_missing and not args.allow_stale:
        # the stamps of official grading hold the secret's digest: without it, none matches
        raise UsageError(f"cannot tell whether {len(stale)} graded results in {folder} were made "
                         f"under the policy now without the course's secret: set "
                         f"{course_secret.ENVIRONMENT} as when grading, or pass --allow-stale")
    if stale and not args.allow_stale:
        raise UsageError(f"{len(stale)} graded results in {folder} were made under another "
                         f"policy than the assignment's grading.toml now: grade the class again "
                         f"into {folder} to bring them up to date, or pass --allow-stale to "
                         f"export them as they are")
    return stale


def say_exported(target, rows):
    """What was written to `target`, and each student of `rows` left out, who has no grade."""
    left_out = gradebook.left_out(rows)
    print(f"wrote {target}: {len(rows) - len(left_out)} students graded"
          + (f"; left out {len(left_out)}, who have no grade:" if left_out else ""))
    for row in left_out:
        # dict.fromkeys: a class folder named by emails makes the id the email, said once
        who = ", ".join(dict.fromkeys(escaped(row[key]) for key in ("sid", "email", "id")
                                      if row[key]))
        print(f"  {escaped(row['name']) or 'unnamed'} ({who or 'no SID or email'}): "
              f"{escaped(row['status'])}")


def assignment_of(rows):
    """The built-in assignment whose functions the gradebook's `rows` have columns of, or None."""
    functions = gradebook.functions_of(rows)
    return next((a for a in assignments.built_in() if tuple(a.modules) == functions), None)


def column_of(rows, config=None):
    """The LMS column the grades of `rows` go to by default: each assignment's own, so that the
    second's import never overwrites the first's grades; the first's named in the course's
    language (of `config`, else of its grading.toml), as its students see it in the LMS."""
    assignment = assignment_of(rows)
    if assignment is not None and assignment is not assignments.SEARCH:
        return assignment.name
    with speaking(grading_config.load(config or assignments.SEARCH.policy).language):
        return _("Adversarial search")


def current_policies(rows, config=None):
    """The policy column's values of results made as grading would make them now: under
    `config`, else the policy of the assignment whose functions the gradebook's `rows` have
    columns of; in any language, officially or not. And whether the course's secret, which
    official grading stamps a digest of, is missing here."""
    functions = gradebook.functions_of(rows)
    if config is None:
        config = getattr(assignment_of(rows), "policy", None)
    if config is None:
        if not any(row["status"] == "graded" for row in rows):
            return set(), False
        raise UsageError(f"the gradebook's assignment ({', '.join(functions)}) is none of this "
                         f"course's: name the grading.toml it was graded under with --config")
    policy = grading_config.load(config)
    secret = course_secret.find(policy).value if policy.official else None
    return {provenance.short_policy(replace(policy, secret=known, language=language))
            for known in {None, secret} for language in LANGUAGES}, \
        policy.official and secret is None
