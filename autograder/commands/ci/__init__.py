"""Grading in a CI job: everything the pull-request workflow does that Python can do.

    python -I -m autograder.commands.ci --assignments assignments [--base BASE/assignments]
        [--changed-files FILE] [--output-dir autograder-results] [--config GRADER/grading.toml]
        [--grader OWNER/NAME@REF] [--base-label main] [--allow-weak-sandbox] [--sandbox MODE]
        [--lanes N] [--fail-under POINTS]

What it writes, its exit codes and what it refuses from the student's repository:
docs/pull-requests.md. The modules: arguments (the command line), context (what the CI says
about the run), checkout (grading the folders of the checkout), summary (the Markdown), outputs
(the files written), github (workflow commands) and job (main).
"""
