"""The entry points: the command line, batch grading and the pull-request job."""
