"""The autograde kernel nbgrader runs the course's notebooks in: a sandbox that sees none of the
course's files (kernel.py). The preprocessor that grades a notebook's answers in nbgrader's own
process before that kernel starts is autograder.commands.nbgrader_grading.

The notebooks' cells call autograder.commands.notebook_cells (which the students' release holds);
the course itself (a notebook per assignment, nbgrader_config.py, the kernel's spec) is generated
by autograder.distribution.notebooks.
"""
