"""A sign of life while one long step runs (a batch's grading of the reference, about a minute;
its gradings of the submissions, a minute or more apart in a log):
a spinner with the time elapsed on a terminal; elsewhere (a CI log, a file) a line every EVERY
seconds, which a log keeps and a spinner's redrawing would not, and one when it is done.

Apart from distribution/progress.py (the instructor's tools' counted steps), which the students'
release leaves out while a batch is in it.
"""
import threading
import time

from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.text import Text

EVERY = 15  # seconds between a log's lines: a few per minute-long step


class Waiting:
    """`what` is under way on `console` (a rich Console) while the context runs."""

    def __init__(self, what, console, every=None):
        self.what, self.console, self.every = what, console, every or EVERY
        self.start = time.perf_counter()
        self.ended = threading.Event()
        self.spinner = self.ticker = None

    def __enter__(self):
        if self.console.is_terminal:
            self.spinner = Progress(SpinnerColumn(), TextColumn("{task.description}", markup=False),
                                    TimeElapsedColumn(), console=self.console, transient=True)
            self.spinner.add_task(self.what, total=None)
            self.spinner.start()
        else:
            self.ticker = threading.Thread(target=self._tick, daemon=True)
            self.ticker.start()
        return self

    def __exit__(self, kind, error, traceback):
        self.ended.set()
        if self.spinner:
            self.spinner.stop()
        if self.ticker:
            self.ticker.join()
            if kind is None:
                self._say("done")
        return False

    def _tick(self):
        while not self.ended.wait(self.every):
            self._say("still running")

    def _say(self, state):
        seconds = time.perf_counter() - self.start
        self.console.print(Text(f"{self.what}: {state} ({seconds:.0f} s)"), soft_wrap=True)
