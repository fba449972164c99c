"""Finding the student's files in what was handed in (a folder, a .zip or a notebook) and copying
them to scratch.

The worker only ever sees the copy, so nothing the student's code writes lands in the original.
Only the student's Python files are copied; a zip's files may sit one folder deep, and a folder
whose only file is a zip (an upload of one zip: Gradescope's, a platform's export of it) is that
zip, so a batch of an export and Gradescope's own run say the same of it. One module file
(minimax.py) may be handed in alone, to grade just its functions. A notebook (the
nbgrader release of the assignment), or a folder or zip whose only handed-in files are notebooks,
gives its answer cells for the assignment's modules instead, each written to its module
(autograder.intake.notebook).

Nothing handed in can make staging read what is not the student's, or fill the disk:
- a submission that is itself a symbolic link is refused, and so is one reached through a link
  (`assignments/cutoff` where `assignments` is one) below the folder the grader runs in, a folder
  holding a link that leads out of it or a zip holding a link entry (a link could hand in the
  reference); files are found without following any link, and read without following one;
- a submission may have at most TOTAL_LIMIT bytes read from it, counted as they are read; a zip may
  hold at most ENTRY_LIMIT entries, listed in at most DIRECTORY_LIMIT bytes (checked before the
  list is read), and the sizes its entries declare count against TOTAL_LIMIT before anything is
  read; each part of an entry's name is at most NAME_LIMIT bytes long (what a file system holds);
- a zip's notebooks are read one at a time, each into its answer cells before the next.
Nor can it leave open which file is graded: a zip holding two entries of one name, or a submission
holding two files whose names differ only in case (minimax.py, Minimax.py), is refused.
Nothing handed in prints what it likes either: a lone zip's name is the student's, and so is a
class's folder's, so every message about a zip or a folder shows its path escaped, as it shows the
names of the zip's entries quoted.
"""
import lzma
import os
import re
import stat
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from autograder.errors import SubmissionError
from autograder.intake.notebook import extract, extract_answers
from autograder.language import _, ngettext, number
from autograder.language.escaping import escaped

MIB = 1024 * 1024
FILE_LIMIT = 1 * MIB
NOTEBOOK_LIMIT = 16 * MIB  # a zipped notebook, outputs and pictures included
TOTAL_LIMIT = 64 * MIB     # all that is read of one submission (a zip's entries: as declared, too)
IGNORED = (".", "__MACOSX")  # what an upload may hold beside its files: a Mac's leftovers
ENTRY_LIMIT = 1000         # entries of a zip: a submission is a handful of files
DIRECTORY_LIMIT = ENTRY_LIMIT * 1024  # a zip's list of its entries: as many, names under 1 KiB
NAME_LIMIT = 255           # bytes of a file's name (of each folder's on the way): what disks hold
# What a damaged or unusual zip raises while it is read (RuntimeError: an encrypted entry;
# UnicodeDecodeError: a name marked UTF-8 that is not).
UNREADABLE_ZIP = (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, NotImplementedError,
                  RuntimeError, OSError, UnicodeDecodeError)


class _Budget:
    """The bytes that may still be read from one submission (TOTAL_LIMIT in all)."""

    def __init__(self, path):
        self.path = escaped(path)  # as its message shows it
        self.left = TOTAL_LIMIT

    def spend(self, size):
        self.left -= size
        if self.left < 0:
            # TRANSLATORS: {path} is the submission handed in; {size} a number of MiB
            raise SubmissionError(_("{path} holds over {size} MiB; hand in your solutions "
                                    "only").format(path=self.path, size=number(TOTAL_LIMIT // MIB)))


def _read_limited(handle, limit, budget, what):
    """Up to `limit` bytes from `handle`, counted against `budget`; SubmissionError past it."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        # TRANSLATORS: {what} is a file of the submission; {size} a number of MiB
        raise SubmissionError(_("{what} is over {size} MiB; hand in source files, with the "
                                "notebooks' outputs cleared").format(what=what,
                                                                     size=number(limit // MIB)))
    budget.spend(len(data))
    return data


def _python_files(path, names, files):
    """The .py files at the submission's top level, or one folder deep when nothing is on top:
    where one of the assignment's `files` is."""
    top = [n for n in names if len(PurePosixPath(n).parts) == 1 and n.endswith(".py")]
    if any(PurePosixPath(n).name in files for n in top):
        return top
    deeper = [n for n in names if len(PurePosixPath(n).parts) == 2 and n.endswith(".py")]
    folders = {PurePosixPath(n).parts[0] for n in deeper
               if PurePosixPath(n).name in files and not n.startswith("__MACOSX")}
    if len(folders) == 1:
        folder = folders.pop()
        return [n for n in deeper if PurePosixPath(n).parts[0] == folder]
    if len(folders) > 1:  # a folder of submissions, one level above the class folder it should be
        shown = ", ".join(escaped(folder) for folder in sorted(folders)[:3])  # a student's names
        # TRANSLATORS: {folders} names up to three of them
        raise SubmissionError(ngettext(
            "{path} holds solutions in {count} folder ({folders}), but one submission has its "
            "files on top or in one folder; grade it as a class, one per folder",
            "{path} holds solutions in {count} folders ({folders}), but one submission has its "
            "files on top or in one folder; grade it as a class, one per folder",
            len(folders)).format(path=path, count=number(len(folders)), folders=shown))
    return []


def _check_found(path, names, files):
    if not any(PurePosixPath(n).name in files for n in names):
        # TRANSLATORS: {files} lists the assignment's files, such as "minimax.py, alphabeta.py"
        raise SubmissionError(_("{path} holds none of {files}: hand in the folder (or a zip of "
                                "it) with your solutions").format(path=path,
                                                                  files=", ".join(files)))


def _check_entries(path, infos):
    """Refuse a zip too big to unpack, or with an entry that escapes its folder or is a link."""
    if len(infos) > ENTRY_LIMIT:
        # TRANSLATORS: {limit} is how many entries a zip may hold
        raise SubmissionError(_("{path} holds {count} entries, over {limit}: zip your solutions "
                                "folder only").format(path=path, count=number(len(infos)),
                                                      limit=number(ENTRY_LIMIT)))
    if sum(info.file_size for info in infos) > TOTAL_LIMIT:
        raise SubmissionError(_("{path} unpacks to over {size} MiB: zip your solutions folder "
                                "only").format(path=path, size=number(TOTAL_LIMIT // MIB)))
    for info in infos:
        if not info.filename:  # no length, or a NUL first (zipfile cuts a name there)
            raise zipfile.BadZipFile("an entry without a name")  # told as a damaged zip
        parts = PurePosixPath(info.filename).parts
        if any(len(part.encode(errors="surrogatepass")) > NAME_LIMIT for part in parts):
            # a name no disk holds failed to be written, and was told as a damaged zip
            # TRANSLATORS: {entry} is the start of the entry's name, quoted; {limit} a number
            raise SubmissionError(_("{path}: the name of the entry {entry}... is over {limit} "
                                    "bytes long; shorten it and zip again").format(
                path=path, entry=repr(info.filename[:40]), limit=number(NAME_LIMIT)))
        if info.filename.startswith("/") or ".." in parts or ":" in info.filename:
            # TRANSLATORS: {entry} is the name of a file in the zip, quoted
            raise SubmissionError(_("{path}: the entry {entry} escapes its folder; zip the "
                                    "submission folder itself").format(
                path=path, entry=repr(info.filename)))
        if stat.S_ISLNK(info.external_attr >> 16):
            raise SubmissionError(_("{path}: the entry {entry} is a symbolic link; zip the files "
                                    "themselves (not with zip -y)").format(
                path=path, entry=repr(info.filename)))


def _check_distinct(path, names):
    """Refuse two modules or notebooks of one name (a zip may hold two entries named
    minimax.py), or of names that differ only in case (minimax.py and Minimax.py): which one is
    graded would depend on the tool that unpacks them or the disk (zipfile reads the last of two,
    unzip asks, a Mac's or Windows' disk keeps one of each pair), so the grade might be of another
    file than the one the student meant. Names are compared as the paths they unpack to
    (./minimax.py is minimax.py, sol//x.py is sol/x.py), as staging writes them."""
    seen = {}
    for name in (name for name in names if name.lower().endswith((".py", ".ipynb"))):
        name = PurePosixPath(name).as_posix()
        if name.casefold() not in seen:
            seen[name.casefold()] = name
            continue
        first = seen[name.casefold()]
        if first == name:
            # TRANSLATORS: {entry} is the name of a file in the zip, quoted
            raise SubmissionError(_("{path} holds two entries named {entry}; zip your solutions "
                                    "again, each file once").format(path=path,
                                                                    entry=repr(name)))
        # TRANSLATORS: {first} and {second} are names of files handed in, quoted
        raise SubmissionError(_("{path} holds both {first} and {second}, whose names differ only "
                                "in case; keep the one you mean and hand in again").format(
            path=path, first=repr(first), second=repr(name)))


def _check_directory(path, zipped):
    """Refuse a zip whose list of entries is too long to read: zipfile makes an object of each
    entry before any can be counted (300,000 in a 26 MB zip took 11 s and 300 MB), and it reads
    as many as the list's size says, whatever count the zip declares."""
    with open(zipped, "rb") as handle:
        end = zipfile._EndRecData(handle)  # where ZipFile itself reads that size (zip64 too)
    if end is not None and end[zipfile._ECD_SIZE] > DIRECTORY_LIMIT:
        raise SubmissionError(_("{path} lists too many entries, or entries with too long names: "
                                "zip your solutions folder only").format(path=path))


def _from_zip(zipped, target, files):
    # the zip's own name is the student's when it is a lone zip (Gradescope's upload), so it is
    # shown escaped: no message about it prints a line break or an escape sequence
    path = escaped(zipped)
    budget = _Budget(path)
    name = None  # the entry being read, which a damaged zip's error is about
    try:
        _check_directory(path, zipped)
        with zipfile.ZipFile(zipped) as archive:
            _check_entries(path, archive.infolist())
            entries = [info.filename for info in archive.infolist() if not info.is_dir()]
            _check_distinct(path, entries)
            names = _python_files(path, entries, files)
            notebooks = _handed_in_notebooks(entries)
            if notebooks and not names:
                _from_zipped_notebooks(path, archive, notebooks, target, budget, files)
                return
            _check_found(path, names, files)
            for name in names:
                with archive.open(name) as handle:
                    data = _read_limited(handle, FILE_LIMIT, budget, f"{path}: {name!r}")
                (target / PurePosixPath(name).name).write_bytes(data)
    except UNREADABLE_ZIP as error:
        # TRANSLATORS: {error} is why, one of the messages below ("it is damaged, or not a zip")
        raise SubmissionError(_("{path} is not a readable zip file ({error}); zip it "
                                "again").format(path=path, error=_unreadable(error, name))) \
            from None


def _unreadable(error, entry):
    """Why a zip could not be read, in the language spoken: zipfile's own words are English."""
    if isinstance(error, NotImplementedError):
        return _("it is compressed with a method that cannot be read here")
    if isinstance(error, RuntimeError) and "encrypted" in str(error):
        return _("it is protected by a password")
    if entry is not None:
        return _("its entry {entry} is damaged").format(entry=repr(entry))
    return _("it is damaged, or not a zip")


def _from_zipped_notebooks(path, archive, names, target, budget, files):
    """A zip of notebooks: each is read and turned into its answer cells before the next, so no
    more than one is ever held, and none is written out."""
    for name in names:
        with archive.open(name) as handle:
            data = _read_limited(handle, NOTEBOOK_LIMIT, budget, f"{path}: {name!r}")
        extract_answers(f"{path}: {name!r}", data, target, FILE_LIMIT, _modules(files))


def _listing(root):
    """The relative paths of the regular files at `root`'s top level and one folder below, found
    without following any link. A link leading out of `root` is refused (it could hand in the
    reference); one inside it is only not followed."""
    inside = Path(os.path.realpath(root))
    found, folders = [], [(root, 1)]
    for folder, depth in folders:  # grows while it is walked: one level below the top
        try:
            entries = list(os.scandir(folder))
        except OSError as error:
            if depth == 2:
                continue  # a folder the student cannot read either (as a glob would skip it)
            raise SubmissionError(_("cannot read {path} ({error})").format(
                path=escaped(folder), error=error.strerror or error)) from None
        for entry in entries:
            path = Path(entry.path)
            if entry.is_symlink():
                if not Path(os.path.realpath(path)).is_relative_to(inside):
                    # TRANSLATORS: {link} is a file's name in the submission, quoted
                    raise SubmissionError(_(
                        "{path}: {link} is a link leading out of the submission; hand in the "
                        "files themselves, not links").format(
                            path=escaped(root), link=repr(path.relative_to(root).as_posix())))
            elif entry.is_dir(follow_symlinks=False) and depth == 1:
                folders.append((path, 2))
            elif entry.is_file(follow_symlinks=False):
                found.append(path.relative_to(root).as_posix())
    return found


def _read_file(path, limit, budget):
    """The bytes of the regular file at `path`, opened without following a link."""
    with open(os.open(path, os.O_RDONLY | os.O_NOFOLLOW), "rb") as handle:
        return _read_limited(handle, limit, budget, escaped(path))


def _from_folder(path, target, budget, files):
    # a class's folders are named by students (and by platforms, after them): every message
    # shows the path escaped, as _from_zip shows a zip's
    shown = escaped(path)
    listing = sorted(_listing(path))
    _check_distinct(shown, listing)
    names = _python_files(shown, [name for name in listing if name.endswith(".py")], files)
    notebooks = _handed_in_notebooks(listing)
    if notebooks and not names:  # a folder's .py files are graded, whatever notebooks it holds
        _from_notebooks([path / name for name in notebooks], target, budget, files)
        return
    _check_found(shown, names, files)
    for name in names:
        (target / PurePosixPath(name).name).write_bytes(_read_file(path / name, FILE_LIMIT, budget))


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


def _modules(files):
    return [name.removesuffix(".py") for name in files]


def _from_notebooks(notebooks, target, budget, files):
    for notebook in notebooks:
        budget.spend(notebook.lstat().st_size)
        extract(notebook, target, FILE_LIMIT, _modules(files), label=escaped(notebook))


def module_functions(path, modules):
    """The contract functions a submission can hold: a single module file holds its own (see
    `modules`, the assignment's), anything else all of them."""
    path = Path(path)
    if path.is_file() and path.name in {f"{module}.py" for module in modules.values()}:
        return [function for function, module in modules.items() if f"{module}.py" == path.name]
    return list(modules)


def _trusted(root):
    """`root` and the folders above it, as written and as resolved: chosen by whoever runs the
    grader, never by a student."""
    found = set()
    for path in (Path(os.path.abspath(root)), Path(os.path.realpath(root))):
        found |= {path, *path.parents}
    return found


def link_on_the_way(path, root):
    """The first component of `path` (as written: "assignments" of "assignments/cutoff") that is a
    symbolic link, or None. Components are looked at one by one, without following any link, so
    that none can lead the graded path out of the student's files. `root` (the CI's workspace,
    the folder the command runs in) and the folders above it are the grader's, and a link at the
    top of the file system (/tmp and /var on macOS) the system's: those are not looked at."""
    path = Path(path)
    trusted = _trusted(root)
    current = Path(path.anchor) if path.is_absolute() else Path(os.getcwd())
    written = Path(path.anchor)
    for part in path.parts[1 if path.is_absolute() else 0:]:
        current = current.parent if part == ".." else current / part
        written = written / part
        if current in trusted or current.parent == Path(current.anchor):
            current = Path(os.path.realpath(current))  # so that ".." climbs where the system would
        elif os.path.islink(current):
            return written
    return None


def lone_zip(folder):
    """The zip that is all a submission folder holds (beside a Mac's leftovers): what a student
    uploads to Gradescope, or a platform's export keeps of one upload; that zip is the
    submission. None when the folder holds anything else, or it is a link (staging refuses it)."""
    try:
        uploaded = [p for p in Path(folder).iterdir() if not p.name.startswith(IGNORED)]
    except OSError:
        return None  # staging the folder says what is wrong
    if len(uploaded) == 1 and uploaded[0].suffix.lower() == ".zip" and \
            uploaded[0].is_file() and not uploaded[0].is_symlink():
        return uploaded[0]
    return None


def stage(path, scratch, files, root=None):
    """Copy the student's files from `path` into `scratch/submission`; return that folder. A
    single module file (minimax.py) is copied alone. `files` are the assignment's modules. With a
    `root` (the CI's workspace, the folder the command runs in), no component of `path` below it
    may be a link either: `assignments/cutoff` is refused when `assignments` is a link."""
    path = Path(path)
    shown = escaped(path)  # a class's entries are named by students
    target = Path(scratch) / "submission"
    target.mkdir(parents=True)
    if path.is_symlink():
        raise SubmissionError(_("{path} is a symbolic link; hand in the folder or file itself, "
                                "not a link to it").format(path=shown))
    link = link_on_the_way(path, root) if root is not None else None
    if link is not None:
        # TRANSLATORS: {link} is a folder above the submission, as the command line wrote it
        raise SubmissionError(_("{path} is reached through the symbolic link {link}; hand in the "
                                "folder or file by a path without links").format(
            path=shown, link=escaped(link)))
    zipped = path.is_dir() and lone_zip(path)  # an upload of one zip (Gradescope's, a platform's)
    if zipped:
        _from_zip(zipped, target, files)
    elif path.is_dir():
        _from_folder(path, target, _Budget(path), files)
    elif path.is_file() and path.suffix.lower() == ".ipynb":
        _from_notebooks([path], target, _Budget(path), files)
    elif path.is_file() and (path.suffix.lower() == ".zip" or zipfile.is_zipfile(path)):
        _from_zip(path, target, files)
    elif path.is_file() and path.name in files:
        (target / path.name).write_bytes(_read_file(path, FILE_LIMIT, _Budget(path)))
    elif path.is_file():
        # TRANSLATORS: {files} lists the assignment's files, such as "minimax.py, alphabeta.py"
        raise SubmissionError(_("{path} is neither a folder, a zip file, a notebook nor one of "
                                "{files}: hand in your solutions folder or a .zip of it").format(
            path=shown, files=", ".join(files)))
    else:
        raise SubmissionError(_("no such file or folder: {path}").format(path=shown))
    return target


ABSOLUTE_PATH = re.compile(r"(?<![\w.~/])/(?:[^\s/:'\"]+/)+(?=[^\s/:'\"]+)")


def without_paths(reason):
    """`reason` (why a submission could not be graded) with each absolute path cut to its last
    part: the submission's file, as the student named it, never the folders it was graded in."""
    return ABSOLUTE_PATH.sub("", reason)
