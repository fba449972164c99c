"""The students' repository: `python -m autograder release DIR [--assignment NAME]`.

A release is written in phases, each said as a step of its progress (progress.py), into a staging
folder renamed to DIR only when whole: the files that need no grading (students_repository.py),
the reference's answers on the public games, graded by the released grader itself
(reference_answers.py), what the feedback engine finds on each of their games (explanations.py),
and, given the course's known mistakes, the answers of the games their failures shrink through and
what each left-out check catches (mistake_gradings.py). A known mistake's report, as the
instructor's grader gives it on the public games, is kept where the instructor asks.
"""
import shutil
import sys
import tempfile
from pathlib import Path

from autograder.assignments import SEARCH, mistake_folders
from autograder.distribution.explanations import explained
from autograder.distribution.mistake_gradings import caught, known_mistakes, record_shrinking
from autograder.distribution.progress import Steps, in_steps
from autograder.distribution.reference_answers import record_answers
from autograder.distribution.released_policy import with_catches
from autograder.distribution.students_repository import (ROOT, inside, public_declaration,
                                                         students_files)
from autograder.errors import UsageError
from autograder.files import write_atomically
from autograder.grading import answers
from autograder.language import speaking
from autograder.policy import load as load_policy


# The command line's defaults for the instructor's repositories are placeholders: option ->
# (placeholder, what the students' workflow takes from the repository).
PLACEHOLDERS = {
    "--grader-repository": ("your-course/adversarial-search", "installs the grader"),
    "--private-grader-repository": ("your-course/grader",
                                    "checks out the hidden checks (given GRADER_TOKEN)"),
}
# The steps of every release, which its progress counts (with more for known mistakes: steps_of).
BUILD_STEPS = ("written", "reference graded", "public games explained", "answers written")


def steps_of(mistakes, assignment):
    """How many steps a release of `assignment` with the known mistakes in the folder `mistakes`
    (None: none) says, counted before the first, so that its total holds from `[1/N]`: the
    build's, and the reference's grading on the public games and one per known mistake."""
    known = 1 + len(list(known_mistakes(mistakes, assignment))) if mistakes else 0
    return len(BUILD_STEPS) + known


def build(target, substitutions, mistakes, assignment, language=None, steps=None,
          every_check=True):
    """The students' repository of `assignment` in `target`, in `language` (None: the course's),
    each step said to `steps` (progress.Steps; None: to no one); the known mistakes' reports
    (prepared_for_mistakes), of every check if `every_check`."""
    steps = in_steps(steps)
    kept = students_files(target, substitutions, assignment, language)
    steps.done("the grader, stubs, documents and workflows written")
    record_answers(target, assignment)
    steps.done("the reference graded with the released grader")
    released_answers = target / inside(assignment.answers)
    # explained first, so that each known mistake is graded with what the students' grader reads
    # on the public games, and its report says which mistakes reproduce it there
    known, reports = explained(answers.public_answers(released_answers)), {}
    steps.done("the public games explained")
    if mistakes:
        known, reports = prepared_for_mistakes(target, known, mistakes, assignment, steps,
                                               every_check, kept)
    answers.record(released_answers, known)  # once: the whole file is 8 MB of JSON
    steps.done("the answers written")
    if assignment is not SEARCH:  # last: it names the answers, which grade from then on
        with speaking(language or load_policy(assignment.policy).language):
            (target / inside(assignment.argument)).write_text(public_declaration(assignment),
                                                              encoding="utf-8")
    return reports


def prepared_for_mistakes(target, known, mistakes, assignment, steps, every_check, kept):
    """The release in `target` prepared for the known mistakes in the folder `mistakes`: the
    answers `known` with those their failures were shrunk through, explained (record_shrinking),
    and the released grading.toml with what each check left out of `kept` catches of them
    (caught); returns those answers, and each mistake's report (JSON text) by its folder's
    name."""
    with tempfile.TemporaryDirectory(prefix="autograder-release-") as scratch:
        known, reports = record_shrinking(known, mistakes, assignment, steps, scratch,
                                          every_check)
        known = explained(known)
        policy = target / inside(assignment.policy)
        policy.write_text(with_catches(policy.read_text(encoding="utf-8"), caught(reports, kept)),
                          encoding="utf-8")
        return known, {name: path.read_text() for name, path in reports.items()}


def placeholder_warnings(grader_repository, private_repository):
    """One line per repository option left at its placeholder."""
    given = {"--grader-repository": grader_repository,
             "--private-grader-repository": private_repository}
    return [f"autograder: warning: {option} is left at its placeholder {placeholder}, from which "
            f"the students' workflow {use}; pass your own as {option} owner/name"
            for option, (placeholder, use) in PLACEHOLDERS.items()
            if given[option] == placeholder]


def new_or_empty(folder):
    folder = Path(folder)
    return not folder.exists() or (folder.is_dir() and not any(folder.iterdir()))


def release(directory, grader_repository, grader_ref, private_repository, mistakes, reports,
            assignment, language=None):
    """Write the students' repository of `assignment` into `directory`, which must not exist or
    be empty, prepared for the known mistakes in the folder `mistakes` (prepared_for_mistakes;
    None: none), and each mistake's report, as the instructor's grader gives it on the public
    games, into the folder `reports` (None: nowhere) as NAME.json; then warn on stderr of each
    repository left at its placeholder. It is written in `language`, by default the course's
    (grading.toml's [course] language), which its grading.toml names."""
    directory = Path(directory)
    if not assignment.live or not all(Path(path).resolve().is_relative_to(ROOT) for path in (
            assignment.stubs, assignment.checks, assignment.policy)):
        raise UsageError(f"the assignment {assignment.name!r} lives outside this project or has "
                         f"no reference here; release one declared in assignments/ (its "
                         f"reference in reference/)")
    if mistakes is not None and mistake_folders(mistakes) is None:
        raise UsageError(f"--known-mistakes {mistakes}: no such folder; give a folder of "
                              f"submissions, one per subfolder")
    if not new_or_empty(directory):
        raise UsageError(f"{directory} already exists and is not empty: release into a new "
                              f"folder")
    if reports is not None and not new_or_empty(reports):
        raise UsageError(f"--mistakes-reports {reports} already exists and is not empty: give "
                         f"a new folder")
    directory.parent.mkdir(parents=True, exist_ok=True)
    substitutions = {"GRADER_REPOSITORY": grader_repository, "GRADER_REF": grader_ref,
                     "PRIVATE_GRADER_REPOSITORY": private_repository}
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        with Steps("release", steps_of(mistakes, assignment)) as steps:
            written = build(staging, substitutions, mistakes, assignment, language, steps,
                            reports is not None)
        if directory.exists():
            directory.rmdir()
        staging.rename(directory)
    except BaseException:  # Ctrl-C too: nothing half-written is left
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if reports is not None:
        Path(reports).mkdir(parents=True, exist_ok=True)
        for name, text in written.items():
            write_atomically(Path(reports) / f"{name}.json", text)
    for warning in placeholder_warnings(grader_repository, private_repository):
        print(warning, file=sys.stderr)
    return directory
