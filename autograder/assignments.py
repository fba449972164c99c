"""Assignments as data: each one's contract, reference, checks and policy, named in a file.

An instructor adds an assignment without touching the engine. An assignment is its contract (the
functions students write, their modules, whose nodes are counted), the folder of its reference
solutions, the folder of its checks and its grading policy. The course's first assignment, SEARCH,
is built in: its contract is contract.py's. Any other is declared in a TOML file whose paths are
relative to that file, and whose folder holds the stubs students start from (python -m
autograder.distribution.stubs --assignment FILE writes them there):

    name = "doubling"
    reference = "reference"          # a package folder: reference/doubling.py holds double()
    checks = "checks"                # test_*.py, each check an @check test, as in autograder/checks
    policy = "grading.toml"          # points and limits, as the course's grading.toml
    mistakes = "known_mistakes"      # optional: one submission per subfolder, for `release`
                                     # (or "FOLDER/bug_*": the subfolders that match)

    [[functions]]
    name = "double"
    module = "doubling"              # students hand in doubling.py
    traced = false                   # true: its calls send back the nodes it examined

The students' release (distribution/release.py) declares its copy without `reference` and
`mistakes`: there the reference's answers come from the file beside its checks (ANSWERS).

May import: contract, errors, policy.
"""
import functools
import importlib.util
import sys
import tomllib
import types
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from autograder.contract import FUNCTIONS, Function
from autograder.errors import UsageError
from autograder.policy import DEFAULT_PATH, refuse_unknown

ROOT = Path(__file__).resolve().parent.parent
KEYS = ("name", "reference", "checks", "policy", "functions", "mistakes")
ANSWERS = "public_answers.json.gz"  # in an assignment's checks folder, where it has no reference
FUNCTION_KEYS = ("name", "module", "traced")


@dataclass(frozen=True)
class Assignment:
    name: str
    functions: tuple[Function, ...]
    reference: Path | None  # the reference solutions' package folder, one module per contract
    # module; None in the students' release, which holds none
    checks: Path
    policy: Path
    stubs: Path  # what students start from: the reference's modules, their solutions cut out
    argument: str = "search"  # what --assignment names it by: a built-in name or its file
    mistakes: Path | None = None  # the course's common errors, one submission per subfolder

    @property
    def live(self):
        """Whether the reference is here to answer games no file holds: not in the students'
        release, which grades from the answers recorded beside its checks (`answers`). The
        built-in assignment's imports as `reference` from wherever the path finds it, as the
        release does when it records answers with the instructor's."""
        if self.reference == SEARCH_REFERENCE:
            return importlib.util.find_spec("reference") is not None
        return self.reference is not None and self.reference.is_dir()

    @property
    def answers(self):
        """The file of the reference's answers that the students' release grades from."""
        return self.checks / ANSWERS

    @cached_property
    def modules(self):
        """Each function's module, in the contract's order."""
        return {function.name: function.module for function in self.functions}

    @cached_property
    def traced(self):
        """The functions whose examined nodes the checks compare."""
        return frozenset(function.name for function in self.functions if function.traced)

    @cached_property
    def files(self):
        return tuple(dict.fromkeys(f"{function.module}.py" for function in self.functions))

    def reference_package(self):
        """The name the reference solutions import under: `reference` for the built-in
        assignment, a package of the assignment's own name, made here, for any other."""
        if self.reference == SEARCH_REFERENCE:
            return "reference"
        name = f"assignment_reference_{self.name}"
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [str(self.reference)]
            sys.modules[name] = package
        return name

    def holds(self, names):
        """Whether any of the file names `names` is one of this assignment's modules."""
        return bool(set(names) & set(self.files))


def load(path):
    """The assignment a TOML file declares, each mistake in it a one-line UsageError."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UsageError(f"{path}: cannot read the assignment ({error.strerror}); give the path "
                         f"of its TOML file or one of: {', '.join(a.name for a in built_in())}"
                         ) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: not valid TOML ({error}); fix the assignment's file") from None
    refuse_unknown(data, KEYS, "the assignment", path, error=UsageError)
    folders = {key: path.parent / _text(data, key, path)
               for key in ("reference", "checks", "mistakes") if key in data or key == "checks"}
    # the known mistakes serve release alone, which says so when they are not there: a copy of
    # the grader without them (Gradescope's zip) grades all the same
    for key, folder in folders.items():
        if key != "mistakes" and not folder.is_dir():
            raise UsageError(f"{path}: {key} = {str(folder)!r} is not a folder; create it or "
                             f"correct the path (relative to the assignment's file)")
    if "reference" not in folders and not (folders["checks"] / ANSWERS).is_file():
        raise UsageError(f"{path}: the assignment names no reference, and its checks have no "
                         f"{ANSWERS} to grade from; add reference = \"FOLDER\"")
    policy = path.parent / _text(data, "policy", path)
    if not policy.is_file():
        raise UsageError(f"{path}: policy = {str(policy)!r} is not a file; write the "
                         f"assignment's grading.toml there or correct the path")
    name = _text(data, "name", path)
    if not name.isidentifier():
        raise UsageError(f"{path}: name must be a Python name (letters, digits and _), not "
                         f"{name!r}")
    return Assignment(name, _functions(data.get("functions"), path), folders.get("reference"),
                      folders["checks"], policy, path.parent, str(path), folders.get("mistakes"))


def mistake_folders(path):
    """The known mistakes' submissions that `path` names, sorted: its subfolders, or, where its
    last part is a pattern ("bug_*"), the subfolders of its parent that match it (a course's
    corpus of test submissions holds correct and hostile ones too, which are no mistake to
    prepare for); None where that folder is not there."""
    path = Path(path)
    folder, pattern = ((path.parent, path.name) if any(c in path.name for c in "*?[") else
                       (path, "*"))
    if not folder.is_dir():
        return None
    return sorted(match for match in folder.glob(pattern) if match.is_dir())


SEARCH_REFERENCE = ROOT / "reference"
SEARCH = Assignment("search", FUNCTIONS, SEARCH_REFERENCE, ROOT / "autograder" / "checks",
                    DEFAULT_PATH, ROOT / "assignments",
                    mistakes=ROOT / "tests" / "submissions" / "bug_*")
DECLARED = ROOT / "assignments"  # each folder with an assignment.toml there is an assignment


@functools.cache
def built_in():
    """The built-in assignment and every one declared in a folder of assignments/ (the course's
    second, cutoff, is declared so, as any instructor's would be)."""
    return (SEARCH, *map(load, sorted(DECLARED.glob("*/assignment.toml"))))


def chosen(name_or_path, submitted=()):
    """The assignment `--assignment` names (a built-in one's name or a TOML file); without one,
    the built-in assignment whose modules the file names `submitted` include (the first when they
    include none, which staging then reports). Files of two assignments are a UsageError, never a
    guess: otherwise one student's extra files could choose what a whole class is graded as."""
    if name_or_path:
        named = {assignment.name: assignment for assignment in built_in()}
        return named.get(name_or_path) or load(name_or_path)
    held = [assignment for assignment in built_in() if assignment.holds(submitted)]
    if len(held) > 1:
        found = "; ".join(f"{a.name}: {', '.join(sorted(set(a.files) & set(submitted)))}"
                          for a in held)
        raise UsageError(f"what was handed in holds files of {len(held)} assignments ({found}); "
                         f"name the one to grade with --assignment")
    return held[0] if held else SEARCH


def _functions(entries, path):
    if not isinstance(entries, list) or not entries:
        raise UsageError(f"{path}: declare the assignment's functions as [[functions]] tables, "
                         f"each with a name and a module")
    functions = []
    for number, entry in enumerate(entries, 1):
        where = f" in function {number}"
        if not isinstance(entry, dict):
            raise UsageError(f"{path}: function {number} must be a [[functions]] table")
        refuse_unknown(entry, FUNCTION_KEYS, f"function {number}", path, error=UsageError)
        name, module = _text(entry, "name", path, where), _text(entry, "module", path, where)
        traced = entry.get("traced", False)
        if not (name.isidentifier() and module.isidentifier()) or type(traced) is not bool:
            raise UsageError(f"{path}: function {number} needs a name and a module that are "
                             f"Python names, and traced = true or false")
        if name in (function.name for function in functions):
            raise UsageError(f"{path}: the function {name!r} is declared twice")
        functions.append(Function(name, module, traced))
    return tuple(functions)


def _text(table, key, path, where=""):
    value = table.get(key)
    if type(value) is not str or not value.strip():
        raise UsageError(f"{path}: {key} must be a non-empty string{where}")
    return value

