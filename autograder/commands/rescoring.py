"""Rescoring a graded batch after an edit of how its policy scores: points, the total, hints, the
names checks are shown by, hidden against after_due_date (provenance.SCORED).

A check's outcome does not depend on those, only its score and how it reads, so a result whose
stamp matches in what ran (provenance.changed finds only "scoring") keeps every check's status and
feedback and takes the rest from the policy: each check's points are the policy's for its status
(all of them passed, none otherwise), never a number read from the file. Its report, and the
student view handed back (feedback/ID.md and .html), are written again in the language it was
graded in, and its stamp takes the new scoring: seconds for a class that took many minutes to grade.
"""
from dataclasses import replace

from autograder.files import write_atomically
from autograder.grading import provenance
from autograder.language import speaking
from autograder.reporters import FORMATS

FEEDBACK_FORMATS = (("markdown", ".md"), ("html", ".html"))


def rescored(report, config):
    """`report` (a Report) scored and named as `config` says, its outcomes as they are."""
    with speaking(report.language):
        checks = [scored(check, config.policy(check.name)) for check in report.checks]
    return replace(report, checks=checks,
                   made_with={**report.made_with, "scoring": provenance.scoring(config)})


def scored(check, policy):
    """A check's result with the points, visibility, hint and name `policy` gives it, in the
    language spoken."""
    return replace(check, points=policy.points if check.passed else 0, max_points=policy.points,
                   visibility=policy.visibility, hint=policy.hint, title=policy.title(check.name))


def write_feedback(prefix, report):
    """The student view of `report`, PREFIX.md and PREFIX.html, as a student reads it."""
    for form, suffix in FEEDBACK_FORMATS:
        write_atomically(f"{prefix}{suffix}", FORMATS[form](report.for_students()))


def rescore(result, feedback_prefix, report, config):
    """Rescore the result at `result` (its report.json, read as `report`, a Report) under
    `config`: the report (for its owner alone, as the batch wrote it) and its student view at
    `feedback_prefix`."""
    report = rescored(report, config)
    with speaking(report.language):
        write_atomically(result, FORMATS["json"](report), private=True)
        write_feedback(feedback_prefix, report)
