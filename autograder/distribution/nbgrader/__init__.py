"""The autograde kernel nbgrader runs the course's notebooks in, which cannot import the reference.

The notebooks' cells call autograder.commands.notebook_cells (which the students' release holds);
the course itself (a notebook per assignment, nbgrader_config.py, the kernel's spec) is generated
by autograder.distribution.notebooks.
"""
