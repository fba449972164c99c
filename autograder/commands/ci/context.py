"""What the CI says about the run, which the summary puts around the report: the pull request's
base branch and changed files (from the event and --changed-files), the run's address, and whether
this is GitLab, whose words and Markdown differ from GitHub's."""
import json
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from autograder.assignments import SEARCH
from autograder.errors import UsageError
from autograder.language import _

# What a pull request must not need to change; grading takes none of it from the student's branch.
PROTECTED = (".github/", ".gitlab-ci.yml", "autograder/", "grading.toml", "pyproject.toml")


@dataclass
class Context:
    """What the summary says around the report: where the grader came from, what it compares."""
    grader: str = ""                 # "owner/name@ref" of the grader that graded
    base_label: str = ""             # the branch the pull request goes into
    base_note: str = ""              # why there is no comparison, when there is none
    run_url: str = ""
    protected: list = field(default_factory=list)  # the changed files grading depends on
    gitlab: bool = False             # GitLab's words and Markdown instead of GitHub's
    threshold: object = None         # the policy's Threshold the score must reach, if any
    checkable: float = 0             # the points the job can check, which a percentage is of


def required(context):
    """The points the score must reach (--fail-under, else the policy's), None when any will do."""
    return None if context.threshold is None else context.threshold.points(context.checkable)


def read_event(path):
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def run_url(environ):
    if environ.get("GITHUB_RUN_ID") and environ.get("GITHUB_REPOSITORY"):
        server = environ.get("GITHUB_SERVER_URL", "https://github.com")
        return f"{server}/{environ['GITHUB_REPOSITORY']}/actions/runs/{environ['GITHUB_RUN_ID']}"
    return environ.get("CI_JOB_URL", "")  # GitLab's


def make_context(args, environ):
    """The context that needs nothing read but the event, which may be missing or broken: the
    changed files come later (read_changed), once there is somewhere to say they cannot be read."""
    event = read_event(environ.get("GITHUB_EVENT_PATH")) if environ.get("GITHUB_EVENT_PATH") else {}
    pull_request = event.get("pull_request") if isinstance(event.get("pull_request"), dict) else {}
    base_label = args.base_label or (pull_request.get("base") or {}).get("ref", "")
    return Context(grader=args.grader, base_label=base_label, run_url=run_url(environ),
                   gitlab=environ.get("GITLAB_CI") == "true")


def read_changed(path):
    """The names listed in --changed-files (None when not given)."""
    if not path:
        return None
    try:
        listed = Path(path).read_bytes()
    except OSError as error:
        raise UsageError(_("cannot read --changed-files: {error}").format(error=error)) from None
    # NUL-separated, as `git diff -z` writes them: unquoted, so a non-ASCII name (which git would
    # otherwise print as "autograder/\303\251.py") still matches PROTECTED.
    return [name for name in listed.decode("utf-8", "replace").split("\0") if name]


def protected_paths(assignment, folder):
    """PROTECTED, the graded `folder` and each folder above it as files (`assignments` changed into
    a link is a file to git, and is never graded), and what of the `assignment` the students'
    repository keeps in their `folder` beside their modules: another assignment's checks, policy
    and declaration."""
    stubs = Path(assignment.stubs).resolve()
    parts = [(Path(assignment.checks), "/"), (Path(assignment.policy), "")]
    if assignment is not SEARCH:
        parts.append((Path(assignment.argument), ""))
    on_the_way = tuple(path.as_posix() for path in (*reversed(PurePosixPath(folder).parents),
                                                    PurePosixPath(folder)) if path.name)
    return PROTECTED + on_the_way + tuple(
        f"{folder}/{path.resolve().relative_to(stubs).as_posix()}{end}"
        for path, end in parts if path.resolve().is_relative_to(stubs))


def protected_changes(changed, assignment, folder):
    """The `changed` files grading depends on, of the `assignment` graded in `folder`."""
    protected = protected_paths(assignment, Path(folder).as_posix())
    return [name for name in changed or ()
            if any(name == p or (p.endswith("/") and name.startswith(p)) for p in protected)]
