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


def imported(path, top_level_only=False):
    """The autograder modules `path` imports (at any depth, or only at import time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else ast.walk(tree)
    found = set()
    for node in nodes:
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
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {name: {m for m in imported(path, top_level_only=True) if m in modules} - {name}
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
