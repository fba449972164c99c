"""What the instructor hands out: release, stubs, nbgrader course, Gradescope.

The students' release leaves this package out.

May import: contract, errors, files, language, drawing, games, worker, policy, assignments, runner,
intake, grading, results, feedback, checks, engine, secret.
"""
