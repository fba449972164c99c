"""The entry points: the command line, batch grading, the pull-request job.

Each catches the error family (autograder.errors) once and prints its one-line reason.

May import: contract, errors, files, language, drawing, games, worker, policy, assignments, runner,
intake, grading, results, feedback, checks, engine, reporters, distribution, secret.
"""
