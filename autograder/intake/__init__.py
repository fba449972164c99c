"""Submissions in: a folder, a zip or a notebook, copied to a scratch folder.

Every name, link and size a student controls is checked here, before any code runs; so is a class
handed in, with who handed in each of its submissions.

May import: contract, errors, files, language.
"""
