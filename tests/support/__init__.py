"""Helpers the project's own tests share, imported as `from support import ...`.

pytest puts tests/ on the path, since tests/ is not a package.
"""
