"""The assignments as an nbgrader course, generated from the reference: one source of truth.

Each assignment's notebook is built from its reference and grading.toml, as the .py stubs are:

- text: the reference's docstrings as markdown, its code as answer cells;
- examples: the course's examples, drawn and tried (autograder.checks.course, the checks');
- handouts: each assignment's nbgrader name, introduction, figures and try-it examples, read
  from the data beside it (its folder's handout.toml);
- notebook: the cells, section by section, and their points;
- course: the course folder (assignments/nbgrader/), written or checked;
- rendering: the long texts, jinja2 templates in templates/;
- __main__: the command line, `python -m autograder.distribution.notebooks [--check]
  [--assignment NAME]`.

The way back, each answer cell to its `<module>.py`, is autograder.intake.notebook: the students'
repository holds it, not this generator, which runs the reference.
"""
