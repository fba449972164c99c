"""The instructor's grader run once per known mistake, each time in a process of its own that did
not import it.

A release grades some thirty known mistakes, each `python -m autograder.commands.grade_process ...`
alone in its process (so that nothing one grading leaves behind reaches the next). Started from the
command line, each would import the grader, pytest and hypothesis again: a third of the CPU time of
a known mistake's grading, measured side by side (2.8 s against 1.9 s). Here a forkserver imports
them once, and each grading runs the internal entry point's main in a process forked from it for
that grading alone (max_tasks_per_child=1), in the project's folder, what it prints kept to say why
it failed. It runs the program `python -m autograder.commands.grade_process` (runpy), as a batch
would, and imports nothing of the commands: the forkserver's preloading only spares each grading
their import.
"""
import multiprocessing
import os
import runpy
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor

# the command line, and what every grading would work out alike (prepared.py)
PRELOADED = ["autograder.commands.cli", "autograder.distribution.prepared"]


def pool(workers):
    """A pool of `workers` processes, each forked for one grading (`run`) from a forkserver that
    imported the grader."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOADED)
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, max_tasks_per_child=1)


def run(arguments, folder):
    """`python -m autograder.commands.grade_process ARGUMENTS` (one grading) run in `folder`, in
    this process, which serves it alone:
    its exit code, and the last line it printed (its error, when it failed). Its output, its
    workers' included, goes to a file of its own rather than the release's terminal."""
    os.chdir(folder)
    sys.argv = ["grade_process", *arguments]
    with tempfile.TemporaryFile() as said:
        os.dup2(said.fileno(), 1)
        os.dup2(said.fileno(), 2)
        try:
            runpy.run_module("autograder.commands.grade_process", run_name="__main__",
                             alter_sys=True)
            code = 0
        except SystemExit as exit:  # as the program ends: sys.exit(main())
            code = exit.code
        sys.stdout.flush()
        sys.stderr.flush()
        said.seek(0)
        lines = said.read().decode(errors="replace").strip().splitlines()
    return code, lines[-1:]
