"""The progress of an instructor's tool that takes a while (release, export gradescope, the
notebook generator): a rich bar on a terminal; elsewhere (a CI log, a file) one line per step on
stderr, which a log keeps and a bar's redrawing would not.

The steps are named by the instructor's own files (known mistakes' folders, the project's paths);
they are printed literally all the same, never read as markup.
"""
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from autograder.runner.observations import escaped


class Steps:
    """`total` steps of `command`, said as each is done (`done`); a context manager."""

    def __init__(self, command, total, console=None):
        self.command, self.total, self.count = command, total, 0
        self.console = console or Console(stderr=True, highlight=False)
        self.start = time.perf_counter()
        self.bar = None
        if self.console.is_terminal:
            self.bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(),
                                MofNCompleteColumn(), TimeElapsedColumn(), console=self.console,
                                transient=True)
            self.task = self.bar.add_task(command, total=total)

    def __enter__(self):
        if self.bar:
            self.bar.start()
        return self

    def __exit__(self, *exc):
        if self.bar:
            self.bar.stop()
        return False

    def more(self, count):
        """`count` more steps than first said (known only on the way)."""
        self.total += count
        if self.bar:
            self.bar.update(self.task, total=self.total)

    def done(self, what):
        """One step done: `what` it was."""
        self.count += 1
        if self.bar:
            self.bar.update(self.task, advance=1, description=f"{self.command}: {escaped(what)}")
            return
        seconds = time.perf_counter() - self.start
        self.console.print(Text(f"{self.command}: [{self.count}/{self.total}] {escaped(what)} "
                                f"({seconds:.1f} s)"), soft_wrap=True)


class Silent:
    """Steps nobody is told of: a library call's default."""

    def more(self, count):
        pass

    def done(self, what):
        pass


def in_steps(steps):
    """`steps`, or Silent ones when None."""
    return steps if steps is not None else Silent()
