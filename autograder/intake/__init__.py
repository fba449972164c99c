"""Submissions in: a folder, a zip or a notebook, copied into a scratch folder the worker may read."""
