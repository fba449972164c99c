"""An assignment's notebook, built from its reference and grading.toml, with what its handout.toml
says of it (its introduction, figures and try-it examples: handouts.py). Each reference module
becomes a section:

- markdown (read-only): the module's docstring, then each function's docstring, as the course
  explains them, with the course's trees drawn (Mermaid, and as text) and its boards and price war;
- one answer cell (an nbgrader "autograded answer" whose grade_id is the module's name);
- a cell to try the code on the course's examples;
- one test cell per function (read-only, "autograded tests"), worth the sum of that function's
  points in grading.toml: it calls autograder.commands.notebook_cells.grade, which grades the
  hidden checks too under nbgrader autograde only, so the cell has no hidden-test section (nbgrader
  checksums a test cell before removing that section from the release, and would warn on every
  untouched one).

The try-it and test cells import the autograder; where it is not installed, they fail with one line
saying how to install it, as the notebook's introduction does.
"""
import ast
import json
from pathlib import Path

from autograder import policy as grading_config
from autograder.checks import course
from autograder.contract import judged_function
from autograder.distribution.notebooks.examples import figure_markdown, game_code, try_it_code
from autograder.distribution.notebooks.handouts import spoken_caption
from autograder.distribution.notebooks.rendering import CELLS, render
from autograder.distribution.notebooks.text import (answer_code, docstring_markdown, drop_cli_note,
                                                    functions, module_title)
from autograder.intake.notebook import TEST_PREFIX
from autograder.language import spoken

# The notebook's metadata that names its language, which the course's nbgrader_config.py reads to
# write the students' stubs in it.
METADATA = "autograder"

def function_checks(config, function):
    """[(what, points, hidden)] of a function's checks, in grading.toml's order: what each checks
    as its name reads in the language spoken, after its function's name (a name grading.toml
    gives in a language may leave the function out)."""
    return [(policy.title(name).split(":", 1)[-1].strip(), policy.points,
             policy.visibility == "hidden")
            for name, policy in config.checks.items() if judged_function(name) == function]


def test_code(function, checks):
    """A test cell: the same in the source and the release, with no hidden-test section (nbgrader
    autograde would take each untouched cell for a changed one); the cells' grade() grades the
    hidden checks under autograde only."""
    return render("test_cell.py.j2", function=function, checks=checks,
                  total=sum(p for _, p, _ in checks),
                  imports=[f"from {CELLS} import grade"])


def introduction(handout, config, sections):
    rows = []
    for module, names in sections:
        for function in names:
            checks = function_checks(config, function)
            rows.append({"function": function, "module": module, "checks": len(checks),
                         "hidden": sum(h for _, _, h in checks),
                         "points": sum(p for _, p, _ in checks)})
    return render("introduction.md.j2", introduction=handout.introduction, rows=rows,
                  checks=len(config.checks),
                  total=sum(policy.points for policy in config.checks.values()),
                  files=", ".join(f"`{name}`" for name in handout.assignment.files),
                  tree_game=game_code(course.TEXTBOOK))


def _source(text):
    # As Jupyter saves a cell: its lines, the last without a newline.
    return text.rstrip("\n").splitlines(keepends=True)


def markdown_cell(cell_id, text):
    return {"cell_type": "markdown", "id": cell_id, "metadata": {"nbgrader": {
        "grade": False, "grade_id": cell_id, "locked": True, "schema_version": 3,
        "solution": False, "task": False}}, "source": _source(text)}


def code_cell(cell_id, code, nbgrader=None):
    metadata = {"nbgrader": {"schema_version": 3, "task": False, **nbgrader}} if nbgrader else {}
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": metadata,
            "outputs": [], "source": _source(code)}


def _explained(heading, doc, figures):
    parts = [heading, "", doc]
    parts += ["\n" + figure_markdown(spoken_caption(caption), example)
              for caption, example in figures]
    return "\n".join(parts)


def section(number, module, source, config, handout):
    """The cells of one reference module's section."""
    doc = drop_cli_note(ast.get_docstring(ast.parse(source)))
    title, lead = module_title(doc)
    body = docstring_markdown("\n".join(doc.splitlines()[1:]))
    explained = f"{lead}\n\n{body}" if lead else body
    found = [markdown_cell(f"{module}-explained", _explained(f"## {number}. {title}", explained,
                                                             handout.figures.get(module, [])))]
    for name, signature, docstring in functions(source):
        found.append(markdown_cell(f"{name}-explained",
                                   _explained(f"### `{signature}`", docstring_markdown(docstring),
                                              handout.figures.get(name, []))))
    found.append(code_cell(module, answer_code(module, source),
                           {"grade": False, "grade_id": module, "locked": False,
                            "solution": True}))
    if module in handout.try_its:
        found.append(code_cell(f"{module}-try-it", try_it_code(
            module, handout.try_its[module], handout.assignment.reference)))
    for name, _signature, _docstring in functions(source):
        checks = function_checks(config, name)
        test_id = f"{TEST_PREFIX}{name}"
        found.append(code_cell(test_id, test_code(name, checks),
                               {"grade": True, "grade_id": test_id, "locked": True,
                                "points": sum(p for _, p, _ in checks), "solution": False}))
    return found


def build_notebook(handout, config=None):
    """The notebook of `handout`, its points from `config` (by default the assignment's
    grading.toml)."""
    config = config or grading_config.load(handout.assignment.policy)
    sources = {module: (Path(handout.assignment.reference) / f"{module}.py")
               .read_text(encoding="utf-8")
               for module in dict.fromkeys(f.module for f in handout.assignment.functions)}
    sections = [(module, [name for name, _signature, _docstring in functions(source)])
                for module, source in sources.items()]
    notebook_cells = [markdown_cell("introduction", introduction(handout, config, sections))]
    for number, (module, source) in enumerate(sources.items(), 1):
        notebook_cells += section(number, module, source, config, handout)
    return {"cells": notebook_cells, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"},
        "language_info": {"name": "python"}, METADATA: {"language": spoken()}},
        "nbformat": 4, "nbformat_minor": 5}


def notebook_json(notebook):
    """As nbformat writes a notebook (indent 1, sorted keys), so Jupyter saves it unchanged."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
