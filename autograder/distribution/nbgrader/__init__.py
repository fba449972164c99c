"""nbgrader's side of the course: the autograde kernel, a sandbox that sees none of the course's
files (kernel.py), and the preprocessor that grades a notebook's answers in nbgrader's own process
before that kernel starts (grading.py).

The notebooks' cells call autograder.commands.notebook_cells (which the students' release holds);
the course itself (a notebook per assignment, nbgrader_config.py, the kernel's spec) is generated
by autograder.distribution.notebooks.
"""
