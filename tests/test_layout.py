"""The package's layout: each part imports only what its docstring allows, nothing imports in a
circle, and the README's map names every part with its docstring's summary.

A part is a top-level module or a subpackage of autograder. Its docstring says what it may import
in a line "May import: a, b." (or "May import: nothing of the grader."), which the import graph is
checked against, so the layering the README draws is the one the code has.
"""
import ast
import re
from graphlib import CycleError, TopologicalSorter

import pytest

from support.paths import ROOT

PACKAGE = ROOT / "autograder"
ALLOWED = re.compile(r"^May import: (.*?)\.$", re.M | re.S)
MAP_LINE = re.compile(r"^    (\w+)/?\s+(\S.*)$")


def parts():
    """{part: the file holding its docstring}, for every top-level module and subpackage."""
    found = {path.stem: path for path in PACKAGE.glob("*.py") if not path.stem.startswith("__")}
    found.update({path.parent.name: path for path in PACKAGE.glob("*/__init__.py")})
    return dict(sorted(found.items()))


def docstring(path):
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""


def declared(path):
    """The parts a part's docstring allows it to import."""
    match = ALLOWED.search(docstring(path))
    if match is None or match[1] == "nothing of the grader":
        return set()
    return {name.strip() for name in match[1].split(",")}


def module_name(path):
    relative = path.relative_to(ROOT).with_suffix("")
    names = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(names)


def imported(path):
    """The autograder modules `path` imports, at import time or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.startswith("autograder.")}


def part_of(module):
    return module.split(".")[1]


def files_of(part, path):
    return [path] if path.name != "__init__.py" else sorted(path.parent.rglob("*.py"))


@pytest.mark.parametrize("part", parts())
def test_each_part_says_what_it_may_import(part):
    path = parts()[part]
    assert ALLOWED.search(docstring(path)), f"{path}: its docstring has no 'May import: ...' line"
    unknown = declared(path) - set(parts())
    assert not unknown, f"{part} declares imports of {sorted(unknown)}, which are not parts"


@pytest.mark.parametrize("part", parts())
def test_each_part_imports_only_what_it_declares(part):
    path = parts()[part]
    allowed = declared(path) | {part}
    for source in files_of(part, path):
        used = {part_of(module) for module in imported(source)} & set(parts())
        assert used <= allowed, (f"{source.relative_to(ROOT)} imports {sorted(used - allowed)}, "
                                 f"which {part}'s docstring does not allow")


def test_the_declared_layers_have_no_cycle():
    graph = {part: declared(path) for part, path in parts().items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"the parts' declared imports go round in a circle: {error.args[1]}")


def test_no_module_imports_itself_back():
    """Not even from inside a function: such an import hides a loop, it does not remove it."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {name: {m for m in imported(path) if m in modules} - {name}
             for name, path in modules.items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"modules import each other in a circle: {' -> '.join(error.args[1])}")


def readme_map():
    """{part: summary} from the map: the second code block under the README's "Architecture"
    heading (the first draws the flow)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Architecture\n", 1)[1].split("\n## ", 1)[0]
    block = [block for block in section.split("\n\n") if block.startswith("    ")][1]
    return dict(MAP_LINE.match(line).groups() for line in block.splitlines())


def test_the_readme_map_names_every_part_as_its_docstring_does():
    shown = readme_map()
    assert sorted(shown) == sorted(parts()), "the README's map and the package's parts differ"
    for part, summary in shown.items():
        first_line = docstring(parts()[part]).split("\n")[0]
        assert summary == first_line, f"README's map says of {part}: {summary!r}, its docstring " \
                                      f"says {first_line!r}"


def test_the_readme_map_lists_each_part_after_what_it_imports():
    order = list(readme_map())
    for part, path in parts().items():
        later = [used for used in declared(path) if order.index(used) > order.index(part)]
        assert not later, f"the README's map lists {part} before {later}, which it imports"


MOST_LINES = 450  # a module longer than this holds more than one job, the refactor found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda path: module_name(path))
def test_no_module_is_longer_than_one_job(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by job"


# What describes the built-in (first) assignment: a default naming one of these hands that
# assignment to a caller who forgot to pass theirs.
FIRST_ASSIGNMENT = {"autograder.contract": {"FUNCTIONS", "MODULES", "MODULE_NAMES", "FILES", "TRACED"},
                    "autograder.assignments": {"SEARCH", "SEARCH_REFERENCE"},
                    "autograder.grading.answers": {"REFERENCE"},
                    "autograder.grading.examples": {"CHECKS"}}


def first_assignment_names(tree, module):
    """The names `module` binds to the first assignment's constants (`MODULES`, an alias such as
    `CONTRACT_FILES`, `contract.MODULES`, or its own when it defines them)."""
    names = set(FIRST_ASSIGNMENT.get(module, ()))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in FIRST_ASSIGNMENT:
            names |= {alias.asname or alias.name for alias in node.names
                      if alias.name in FIRST_ASSIGNMENT[node.module]}
    for module, constants in FIRST_ASSIGNMENT.items():
        names |= {f"{module.rsplit('.', 1)[1]}.{constant}" for constant in constants}
    return names


def spelled(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def first_assignment_defaults(path):
    """Each function of `path` whose parameter falls back to the first assignment: a default
    naming it, or `parameter or MODULES` in its body."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = first_assignment_names(tree, module_name(path) if path.is_relative_to(ROOT) else "")
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        arguments = function.args
        defaults = [*arguments.defaults, *(d for d in arguments.kw_defaults if d is not None)]
        fallbacks = [node.values[-1] for node in ast.walk(function)
                     if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or)]
        named = {spelled(node) for node in defaults + fallbacks} & names
        found += [f"{getattr(function, 'name', 'lambda')} (line {function.lineno}): {name}"
                  for name in sorted(named)]
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda path: module_name(path))
def test_no_argument_defaults_to_the_first_assignment(path):
    found = first_assignment_defaults(path)
    assert not found, f"{path.relative_to(ROOT)}: the caller must pass the assignment: {found}"


def test_a_default_naming_the_first_assignment_is_found(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("from autograder.contract import FILES as CONTRACT_FILES, MODULES\n"
                      "from autograder import assignments\n"
                      "def stage(path, files=CONTRACT_FILES): pass\n"
                      "def order(names=()): return list(names or MODULES)\n"
                      "def grade(*, assignment=assignments.SEARCH): pass\n"
                      "def fine(files, limit=3): return files or ()\n", encoding="utf-8")
    assert first_assignment_defaults(module) == ["stage (line 3): CONTRACT_FILES",
                                                 "order (line 4): MODULES",
                                                 "grade (line 5): assignments.SEARCH"]


# Keys only a result file (report.json) has: reading one of them outside results.py is a second
# model of a result beside results.Report.
REPORT_KEYS = {"max_points", "reproduced", "diagnoses"}
READER = PACKAGE / "results.py"


def report_reads(path):
    """Where `path` reads a result file other than through results.load_report."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        key = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            key = node.slice
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "get" and node.args):
            key = node.args[0]
        if isinstance(key, ast.Constant) and key.value in REPORT_KEYS:
            found.append(f"line {node.lineno}: [{key.value!r}]")
        if isinstance(node, ast.Name) and node.id in {"report_from_json", "check_from_json"}:
            found.append(f"line {node.lineno}: {node.id}")
    return found


@pytest.mark.parametrize("path", sorted(set(PACKAGE.rglob("*.py")) - {READER}),
                         ids=lambda path: module_name(path))
def test_only_results_reads_a_result_file(path):
    found = report_reads(path)
    assert not found, f"{path.relative_to(ROOT)} reads report.json itself; use " \
                      f"results.load_report: {found}"


def test_a_second_reader_of_a_result_file_is_found(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("import json\n"
                      "report = json.loads(text)\n"
                      "total = report['max_points']\n"
                      "report['max_points'] = 3\n"
                      "mistakes = report.get('reproduced', {})\n", encoding="utf-8")
    assert report_reads(module) == ["line 3: ['max_points']", "line 5: ['reproduced']"]


README_MOST_LINES = 250  # what the project is, the two commands, a map and links: the rest is docs/


def test_the_readme_is_a_short_guide():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines: move guides to docs/"
