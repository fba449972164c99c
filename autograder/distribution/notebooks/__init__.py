"""The assignment as an nbgrader course, generated from the reference: one source of truth.

The notebook is built from reference/*.py and grading.toml, as the .py stubs are:

- text: the reference's docstrings as markdown, its code as answer cells;
- examples: the course's examples, drawn and tried (autograder.checks.course);
- notebook: the cells, section by section, and their points;
- course: the course folder (assignments/nbgrader/), written or checked;
- rendering: the long texts, jinja2 templates in templates/;
- __main__: the command line, `python -m autograder.distribution.notebooks [--check]`.

The way back, each answer cell to its `<module>.py`, is autograder.intake.notebook: the students'
repository holds it, not this generator, which runs the reference.
"""
