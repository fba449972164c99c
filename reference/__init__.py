"""The hidden reference solutions, written to read like the course's pseudocode.

The trusted grader imports them in its own process to answer the games a check meets
(autograder.checks.calling); the student's code runs in a separate worker, which the bwrap and
unshare sandboxes keep from reading this folder (autograder.runner.sandbox says what the weaker
modes leave open). The students' release holds their answers instead (autograder.grading.answers),
and the stubs in assignments/ and the notebooks are generated from them
(autograder.distribution.stubs and autograder.distribution.notebooks).
"""
