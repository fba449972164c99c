"""Submissions in: a folder, a zip or a notebook, copied to a scratch folder.

Every name, link and size a student controls is checked here, before any code runs.

May import: contract, errors, language.
"""
