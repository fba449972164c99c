"""The lines of the student's own files that feedback quotes, read by the grader itself.

A worker says where the student's code raised, or where it was stopped, as a file's name and a line
number, nothing more: the line is read here, from the staged submission, so nothing the student's
code does inside the worker (rewriting `linecache`, forging a frame's code, a SyntaxError's text)
can put other words into it, such as a hidden check's input. Only the staged folder's own Python
files are read, never through a link; the worker cannot write them (a read-only bind, or files of
another uid, in every sandbox mode but `plain`, which defends against nothing).
"""
import io
import os
import tokenize

READ_LIMIT = 1024 * 1024  # bytes of one file: staging copies none larger (intake/submission.py)


class SourceFiles:
    """The Python files at the top of a staged submission `folder` (where the worker imports the
    student's modules from), listed now and each read the first time one of its lines is asked
    for; and the file the assignment's `modules` say each function is in, which a hidden check
    names rather than any name a worker sends."""

    def __init__(self, folder, modules):
        self.folder, self.modules = os.path.abspath(folder), modules
        with os.scandir(self.folder) as entries:
            self.names = {entry.name for entry in entries
                          if entry.name.endswith(".py") and entry.is_file(follow_symlinks=False)}
        self._lines = {}

    def holds(self, name):
        """Whether `name`, as a worker sent it, is one of the staged files."""
        return type(name) is str and name in self.names

    def lines(self, name):
        """The file's lines, as Python numbers them, or None when it is not a staged file."""
        if not self.holds(name):
            return None
        if name not in self._lines:
            self._lines[name] = _read_lines(os.path.join(self.folder, name))
        return self._lines[name]

    def text(self, name):
        """The whole file, or None when it is not a staged file."""
        lines = self.lines(name)
        return None if lines is None else "".join(lines)

    def line(self, name, number):
        """Line `number` (counted from 1) of the staged file `name`, stripped; None when there is
        no such file or line. `number` is checked as the worker sent it."""
        lines = self.lines(name)
        if lines is None or type(number) is not int or not 1 <= number <= len(lines):
            return None
        return lines[number - 1].strip()


def _read_lines(path):
    """The lines of the Python file at `path`, decoded as Python would (its coding line, else
    UTF-8), undecodable bytes replaced; lines split only where Python counts a new line."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with open(descriptor, "rb") as handle:
            data = handle.read(READ_LIMIT)
    except OSError:
        return []
    try:
        encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    except SyntaxError:  # an unknown or contradictory coding line
        encoding = "utf-8"
    try:
        text = data.decode(encoding, errors="replace")
    except LookupError:  # a codec that is no text encoding, such as rot13
        text = data.decode("utf-8", errors="replace")
    return io.StringIO(text, newline=None).readlines()
