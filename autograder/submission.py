"""Finding the student's files in what was handed in (a folder, a .zip or a notebook) and copying
them to scratch.

The worker only ever sees the copy, so nothing the student's code writes lands in the original.
Only the student's Python files are copied; a zip's files may sit one folder deep. A notebook (the
nbgrader release of the assignment), or a folder whose only handed-in files are notebooks, gives
its answer cells instead, each written to its module (autograder.notebooks.extract).
"""
import shutil
import zipfile
from pathlib import Path, PurePosixPath

CONTRACT_FILES = ("minimax.py", "alphabeta.py", "ordering.py", "price_war.py")
FILE_LIMIT = 1024 * 1024


class SubmissionError(Exception):
    """The submission cannot be graded; the message says what to do, in one line."""


def _python_files(names):
    """The .py files at the submission's top level, or one folder deep when nothing is on top."""
    top = [n for n in names if len(PurePosixPath(n).parts) == 1 and n.endswith(".py")]
    if any(PurePosixPath(n).name in CONTRACT_FILES for n in top):
        return top
    deeper = [n for n in names if len(PurePosixPath(n).parts) == 2 and n.endswith(".py")]
    folders = {PurePosixPath(n).parts[0] for n in deeper
               if PurePosixPath(n).name in CONTRACT_FILES and not n.startswith("__MACOSX")}
    if len(folders) == 1:
        folder = folders.pop()
        return [n for n in deeper if PurePosixPath(n).parts[0] == folder]
    return []


def _check_found(path, names):
    if not any(PurePosixPath(n).name in CONTRACT_FILES for n in names):
        raise SubmissionError(f"{path} holds none of {', '.join(CONTRACT_FILES)}: "
                              f"hand in the folder (or a zip of it) with your solutions")


def _from_zip(path, target):
    try:
        with zipfile.ZipFile(path) as archive:
            entries = [info for info in archive.infolist() if not info.is_dir()]
            for info in entries:
                parts = PurePosixPath(info.filename).parts
                if info.filename.startswith("/") or ".." in parts or ":" in info.filename:
                    raise SubmissionError(f"{path}: the entry {info.filename!r} escapes its folder; "
                                          f"zip the submission folder itself")
            names = _python_files([info.filename for info in entries])
            _check_found(path, names)
            for name in names:
                if archive.getinfo(name).file_size > FILE_LIMIT:
                    raise SubmissionError(f"{path}: {name} is over 1 MiB; submit source files only")
                (target / PurePosixPath(name).name).write_bytes(archive.read(name))
    except (zipfile.BadZipFile, OSError) as error:
        raise SubmissionError(f"{path} is not a readable zip file ({error}); zip it again") from None


def _from_folder(path, target):
    names = _python_files([p.relative_to(path).as_posix() for p in path.rglob("*.py")
                           if len(p.relative_to(path).parts) <= 2 and p.is_file()
                           and not p.is_symlink()])
    _check_found(path, names)
    for name in names:
        shutil.copyfile(path / name, target / PurePosixPath(name).name)


def _notebooks(folder):
    """The notebooks handed in a folder: at its top level, or else in its only subfolder holding
    any (nbgrader's submitted/<student>/<assignment>/); never Jupyter's checkpoints."""
    def handed_in(where):
        return sorted(p for p in where.glob("*.ipynb")
                      if p.is_file() and not p.is_symlink() and not p.name.startswith("."))
    top = handed_in(folder)
    if top:
        return top
    deeper = [handed_in(child) for child in sorted(folder.iterdir())
              if child.is_dir() and not child.name.startswith((".", "__MACOSX"))]
    deeper = [found for found in deeper if found]
    return deeper[0] if len(deeper) == 1 else []


def _from_notebooks(notebooks, target):
    from autograder.notebooks import extract  # here: autograder.notebooks imports this module
    for notebook in notebooks:
        extract(notebook, target)


def stage(path, scratch):
    """Copy the student's files from `path` into `scratch/submission`; return that folder."""
    path = Path(path)
    target = Path(scratch) / "submission"
    target.mkdir(parents=True)
    if path.is_dir():
        notebooks = _notebooks(path)
        try:
            _from_folder(path, target)
        except SubmissionError:
            if not notebooks:  # a folder with the .py files is graded from them, notebooks or not
                raise
            _from_notebooks(notebooks, target)
    elif path.is_file() and path.suffix.lower() == ".ipynb":
        _from_notebooks([path], target)
    elif path.is_file() and (path.suffix.lower() == ".zip" or zipfile.is_zipfile(path)):
        _from_zip(path, target)
    elif path.is_file():
        raise SubmissionError(f"{path} is neither a folder nor a zip file: hand in your solutions "
                              f"folder or a .zip of it")
    else:
        raise SubmissionError(f"no such file or folder: {path}")
    return target
