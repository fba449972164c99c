"""The progress of an instructor's tool that takes a while (release, export gradescope, the
notebook generator): a rich bar on a terminal; elsewhere (a CI log, a file) one line per step on
stderr, which a log keeps and a bar's redrawing would not, and while a step takes longer than
EVERY seconds (the public games' explanations, minutes on a busy machine) a line saying the
tool is still running, so that a log never goes quiet for minutes.

The steps are named by the instructor's own files (known mistakes' folders, the project's paths);
they are printed literally all the same, never read as markup.
"""
import threading
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from autograder.language.escaping import escaped

EVERY = 30  # seconds a log may go without a line before it is told the tool is still running


class Steps:
    """`total` steps of `command`, said as each is done (`done`); a context manager."""

    def __init__(self, command, total, console=None):
        self.command, self.total, self.count = command, total, 0
        self.console = console or Console(stderr=True, highlight=False)
        self.start = self.said = time.perf_counter()
        self.bar = self.ticker = None
        self.ended = threading.Event()
        if self.console.is_terminal:
            self.bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(),
                                MofNCompleteColumn(), TimeElapsedColumn(), console=self.console,
                                transient=True)
            self.task = self.bar.add_task(command, total=total)

    def __enter__(self):
        if self.bar:
            self.bar.start()
        else:
            self.ticker = threading.Thread(target=self._tick, daemon=True)
            self.ticker.start()
        return self

    def __exit__(self, *exc):
        self.ended.set()
        if self.bar:
            self.bar.stop()
        if self.ticker:
            self.ticker.join()
        return False

    def _tick(self):
        # read EVERY at each wait, not once: a test shortens it
        while not self.ended.wait(max(self.said + EVERY - time.perf_counter(), 0.01)):
            if time.perf_counter() - self.said >= EVERY:
                self._say(f"still running, {self.count} of {self.total} steps done")

    def done(self, what):
        """One step done: `what` it was."""
        self.count += 1
        if self.bar:
            self.bar.update(self.task, advance=1, description=f"{self.command}: {escaped(what)}")
            return
        self._say(f"[{self.count}/{self.total}] {escaped(what)}")

    def _say(self, what):
        self.said = now = time.perf_counter()
        self.console.print(Text(f"{self.command}: {what} ({now - self.start:.1f} s)"),
                           soft_wrap=True)


class Silent:
    """Steps nobody is told of: a library call's default."""

    def done(self, what):
        pass


def in_steps(steps):
    """`steps`, or Silent ones when None."""
    return steps if steps is not None else Silent()
