"""The grader's one family of errors, each a one-line reason to stop.

Every entry point (the command line, batch grading, the pull-request job, Gradescope's
run_autograder and the nbgrader kernel) catches `AutograderError` once and prints its message; the
subclass says whose move it is. Every part may raise them.

May import: nothing of the grader.
"""


class AutograderError(Exception):
    """Grading cannot go on; the message says why and what to do, in one line."""


class UsageError(AutograderError):
    """An argument or a file named on the command line cannot be used."""


class SubmissionError(AutograderError):
    """What was handed in cannot be graded."""


class ConfigError(AutograderError):
    """grading.toml cannot be used; the message says where and what to change."""


class GradingError(AutograderError):
    """Grading could not complete, through no fault of the submission's."""


class SandboxError(GradingError):
    """The sandbox could not be set up, or could not remove what a worker left."""


class LaneError(GradingError):
    """A lane ended without reporting; the message says how."""
