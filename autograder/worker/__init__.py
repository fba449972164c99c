"""The code that runs inside the untrusted worker process, and the wire format both sides share.

Only this package and autograder.games are copied into the worker's runtime folder: nothing here may
import the reference, the checks or anything that holds expected answers.
"""
