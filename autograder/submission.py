"""Finding the student's files in what was handed in (a folder, a .zip or a notebook) and copying
them to scratch.

The worker only ever sees the copy, so nothing the student's code writes lands in the original.
Only the student's Python files are copied; a zip's files may sit one folder deep. A notebook (the
nbgrader release of the assignment), or a folder or zip whose only handed-in files are notebooks,
gives its answer cells instead, each written to its module (autograder.notebooks.extract).
"""
import shutil
import zipfile
from pathlib import Path, PurePosixPath

CONTRACT_FILES = ("minimax.py", "alphabeta.py", "ordering.py", "price_war.py")
FILE_LIMIT = 1024 * 1024
NOTEBOOK_LIMIT = 16 * 1024 * 1024  # outputs and pictures included


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
            notebooks = _handed_in_notebooks([info.filename for info in entries])
            if notebooks and not names:
                _from_zipped_notebooks(path, archive, notebooks, target)
                return
            _check_found(path, names)
            for name in names:
                if archive.getinfo(name).file_size > FILE_LIMIT:
                    raise SubmissionError(f"{path}: {name} is over 1 MiB; submit source files only")
                (target / PurePosixPath(name).name).write_bytes(archive.read(name))
    except (zipfile.BadZipFile, OSError) as error:
        raise SubmissionError(f"{path} is not a readable zip file ({error}); zip it again") from None


def _from_zipped_notebooks(path, archive, names, target):
    """A zip of notebooks: each is unpacked beside the submission's folder, then read as one."""
    unpacked = target.parent / "notebooks"
    unpacked.mkdir()
    notebooks = []
    for name in names:
        if archive.getinfo(name).file_size > NOTEBOOK_LIMIT:
            raise SubmissionError(f"{path}: {name} is over 16 MiB; clear its outputs and zip it "
                                  f"again")
        notebooks.append(unpacked / PurePosixPath(name).name)
        notebooks[-1].write_bytes(archive.read(name))
    _from_notebooks(notebooks, target)


def _from_folder(path, target):
    names = _python_files([p.relative_to(path).as_posix() for p in path.rglob("*.py")
                           if len(p.relative_to(path).parts) <= 2 and p.is_file()
                           and not p.is_symlink()])
    _check_found(path, names)
    for name in names:
        shutil.copyfile(path / name, target / PurePosixPath(name).name)


def _handed_in_notebooks(names):
    """Of a submission's relative paths, the notebooks handed in: at its top level, or else in its
    only folder holding any (nbgrader's submitted/<student>/<assignment>/); never Jupyter's
    checkpoints, hidden files or a Mac's zip leftovers."""
    paths = [PurePosixPath(n) for n in names if n.endswith(".ipynb")]
    paths = [p for p in paths if not any(part.startswith((".", "__MACOSX")) for part in p.parts)]
    top = sorted(str(p) for p in paths if len(p.parts) == 1)
    if top:
        return top
    folders = sorted({p.parts[0] for p in paths if len(p.parts) == 2})
    return sorted(str(p) for p in paths if len(p.parts) == 2 and p.parts[0] == folders[0]) \
        if len(folders) == 1 else []


def _notebooks(folder):
    """The notebooks handed in a folder."""
    names = [p.relative_to(folder).as_posix() for p in folder.glob("*.ipynb")]
    names += [p.relative_to(folder).as_posix() for p in folder.glob("*/*.ipynb")]
    return [folder / name for name in _handed_in_notebooks(names)
            if (folder / name).is_file() and not (folder / name).is_symlink()]


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
