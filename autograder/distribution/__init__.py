"""What the instructor hands out: the students' release, stubs, the nbgrader course, the Gradescope export."""
