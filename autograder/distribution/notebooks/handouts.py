"""Each assignment as the course hands it out under nbgrader: its name there, its notebook's
introduction, the course's figures drawn in its sections and the examples its try-it cells run.

That is data beside the assignment, in its folder's handout.toml (assignments/handout.toml for the
first, assignments/cutoff/handout.toml for the second), which this module reads into a Handout: the
generator (notebook.py, examples.py) is the same for every assignment. An assignment without one
(an instructor's third) still gets its notebook: a plain introduction, no figures and no try-it
cells. Its texts are English, as the catalogs hold them (autograder.language.extraction's
handout_texts): the notebook translates them where it shows them.

The data names the course's examples by Jinja expressions over `course` (autograder.checks.course),
`checks` (the assignment's check modules, each loaded when first named) and its own [values], with
the filters of EXPRESSIONS: each example is written once, where the checks try it, and what the
notebook says of it (its nodes' names, its evaluation's scores, the code that builds it) is worked
out here.
"""
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, StrictUndefined

from autograder import assignments
from autograder.checks import course
from autograder.distribution.notebooks.examples import (Commented, TryIt, check_module, games,
                                                        quiet_code, scores, table_code)
from autograder.drawing import name_node
from autograder.language import _

HANDOUT = "handout.toml"  # in the assignment's folder, beside its stubs


@dataclass(frozen=True)
class Introduction:
    title: str          # the notebook's heading
    lesson: str         # what students program, after "You will program"
    graded_on: str      # what the reference is compared on, after "against a hidden reference: "
    interface: tuple = ()  # (call, what it gives) of the game interface beyond the first
                           # assignment's
    games: str = ""     # sentences on the games beyond the tree game and tic-tac-toe


@dataclass(frozen=True)
class Caption:
    """A figure's caption with values in it, filled in after translation."""
    message: str
    values: dict


def spoken_caption(caption):
    """A figure's caption (a message or a Caption) in the language spoken."""
    if isinstance(caption, Caption):
        return _(caption.message).format(**caption.values)
    return _(caption)


@dataclass(frozen=True)
class Handout:
    assignment: assignments.Assignment
    name: str                   # nbgrader's: its folder in source/ and its notebook's name
    introduction: Introduction
    # {module or function: [(caption, example)]}, a caption a message or a Caption
    figures: dict = field(default_factory=dict)
    try_its: dict = field(default_factory=dict)   # {module: TryIt}

    @property
    def notebook_path(self):
        return f"source/{self.name}/{self.name}.ipynb"


def node_names(game, paths):
    """The names of a tree example's nodes at `paths`, as the checks name them ("E, F")."""
    return ", ".join(name_node(game, path) for path in paths)


EXPRESSIONS = Environment(undefined=StrictUndefined)
EXPRESSIONS.filters.update(scores=scores, nodes=node_names, table=table_code, quiet=quiet_code,
                           json=json.dumps)


class CheckModules(dict):
    """An assignment's check modules by name (test_heuristic), each loaded when the data first
    names it (examples.check_module)."""

    def __init__(self, assignment):
        super().__init__()
        self.assignment = assignment

    def __missing__(self, name):
        self[name] = check_module(self.assignment, name)
        return self[name]


def handout(assignment):
    """The assignment as the course hands it out: its folder's handout.toml, or a plain
    notebook's."""
    path = Path(assignment.stubs) / HANDOUT
    if not path.is_file():
        return Handout(assignment, assignment.name, Introduction(
            f"The {assignment.name} assignment",
            f"the functions of the {assignment.name} assignment",
            "on the course's examples and on generated games"))
    return handout_of(assignment, tomllib.loads(path.read_text(encoding="utf-8")))


def handout_of(assignment, data):
    """The Handout that the data of an assignment's handout.toml describes."""
    values = named_values(assignment, data.get("values", {}))
    shared = data.get("lines", {})
    told = data["introduction"]
    introduction = Introduction(
        told["title"], told["lesson"], told["graded_on"],
        tuple((each["call"], each["gives"]) for each in told.get("interface", ())),
        told.get("games", ""))
    figures = {key: [figure(entry, values) for entry in entries]
               for key, entries in data.get("figures", {}).items()}
    try_its = {module: try_it(entry, values, shared)
               for module, entry in data.get("try_it", {}).items()}
    return Handout(assignment, data.get("name", assignment.name), introduction, figures, try_its)


def named_values(assignment, expressions):
    """What the expressions see: `course`, `checks` and the handout's [values], each worked out
    in turn over those before it."""
    values = {"course": course, "checks": CheckModules(assignment)}
    for name, expression in expressions.items():
        values[name] = evaluated(expression, values)
    return values


def evaluated(expression, values):
    """The value of a Jinja expression over `values`; a table is an example written out."""
    if isinstance(expression, dict):
        return expression
    return EXPRESSIONS.compile_expression(expression, undefined_to_none=False)(**values)


def rendered(line, values):
    """A line of code, a Jinja template over `values`."""
    return EXPRESSIONS.from_string(line).render(values)


def figure(entry, values):
    """(caption, example) of a figure: a `caption` translated (a Caption with `values` filled in
    once translated), or a `label` shown as it is."""
    example = evaluated(entry["example"], values)
    if "label" in entry:
        return entry["label"], example
    if "values" in entry:
        return Caption(entry["caption"], {name: evaluated(expression, values)
                                          for name, expression in entry["values"].items()}), example
    return entry["caption"], example


def try_it(entry, values, shared):
    """The TryIt of a module's try-it cell; `shared` holds the handout's [lines]."""
    return TryIt(code_lines(entry.get("imports", ()), values, shared),
                 code_lines(entry.get("setup", ()), values, shared),
                 [rendered(expression, values) for expression in entry["expressions"]],
                 tuple(entry.get("uses", ())))


def code_lines(entries, values, shared):
    """The lines of code `entries` write, each a line (a Jinja template), a commented one (`code`
    and a `comment` to translate, its `values` filled in after), the lines building `games`
    (examples.games, each board's rows commented with `rows`), or the handout's [lines] named by
    `lines`."""
    found = []
    for entry in entries:
        if isinstance(entry, str):
            found.append(rendered(entry, values))
        elif "lines" in entry:
            found += code_lines(shared[entry["lines"]], values, shared)
        elif "games" in entry:
            found += games([(name, evaluated(example, values)) for name, example in entry["games"]],
                           rows=entry.get("rows", False))
        else:
            found.append(Commented(rendered(entry.get("code", ""), values), entry["comment"],
                                   **{name: evaluated(expression, values)
                                      for name, expression in entry.get("values", {}).items()}))
    return found


def handouts(chosen=None):
    """The assignments the course hands out: `chosen` (an Assignment), or every built-in one."""
    return [handout(assignment) for assignment in ([chosen] if chosen else assignments.built_in())]
