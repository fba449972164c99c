"""The course's long texts, as jinja2 templates in templates/: the notebook's introduction, its
try-it and test cells, and the course folder's README, nbgrader_config.py and .gitignore.

The templates speak the language spoken (`_()` in them, autograder.language.templates). Every
template sees what the students install (the try-it and test cells import the autograder),
and the filters `points` (as every report writes them) and `literals` (a long text as Python
string literals).
"""
import json
import textwrap

from jinja2 import Environment, PackageLoader, StrictUndefined

from autograder.language.templates import install
from autograder.results import points

# As the students' repository's README installs it (release_templates/README.md): editable, since
# the grader reads grading.toml from the repository. A running kernel sees it after a restart.
DISTRIBUTION = "adversarial-search-autograder"
INSTALL = "%pip install -e FOLDER"
# What the try-it and test cells import: a module of the students' release, which leaves out
# this package (test_nbgrader imports it by this name).
CELLS = "autograder.commands.notebook_cells"


def literals(text, width=88):
    """`text` as Python string literals of about `width` characters of it each, which Python
    joins back into `text` (one per line of a cell)."""
    # broken only at spaces, which the joins put back
    parts = textwrap.wrap(text, width=width, break_on_hyphens=False, break_long_words=False)
    return [json.dumps(part + " ") for part in parts[:-1]] + [json.dumps(parts[-1])]


def hanging(text, indent, width=100):
    """`text` wrapped to `width`, its lines after the first indented by `indent` spaces: a
    described call of the game interface whose description goes on below itself."""
    return textwrap.fill(text, width=width, subsequent_indent=" " * indent,
                         break_on_hyphens=False)


ENVIRONMENT = install(Environment(loader=PackageLoader(__package__), undefined=StrictUndefined,
                                  trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                                  extensions=["jinja2.ext.i18n"]))
ENVIRONMENT.filters.update(points=points, literals=literals, hanging=hanging)
ENVIRONMENT.globals.update(distribution=DISTRIBUTION, install=INSTALL)


def render(name, **values):
    return ENVIRONMENT.get_template(name).render(**values)
