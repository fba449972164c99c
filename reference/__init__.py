"""The hidden reference solutions, written to read like the course's pseudocode.

Only the trusted grader imports these modules; student code never runs in a process that can.
The stubs in assignments/ are generated from them (issue 5 adds the generator).
"""
