"""A Report every output can hold: no lone surrogates in any of its text.

Student text reaches a Report undecoded: json turns a reply's "\\ud800" into a lone surrogate, and
file names read with Python's surrogateescape carry their undecodable bytes as surrogates. No UTF-8
writer accepts one (the terminal, Markdown, HTML and CI outputs crashed on it), and json writes one
as an escape a strict reader refuses, so each reporter replaces them with U+FFFD first.
"""
import re
from dataclasses import fields, replace

_SURROGATE = re.compile("[\ud800-\udfff]")


def readable_text(text):
    """`text` with every surrogate (which only undecodable input makes) replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", str(text))


def _readable_value(value):
    if isinstance(value, str):
        return readable_text(value)
    if isinstance(value, dict):
        return {_readable_value(key): _readable_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_readable_value(item) for item in value)
    return value


def readable(report):
    """A copy of `report` whose every string, however deep in a check, is readable_text."""
    checks = [replace(check, **{f.name: _readable_value(getattr(check, f.name))
                                for f in fields(check)})
              for check in report.checks]
    return replace(report, submission=readable_text(report.submission),
                   sandbox=readable_text(report.sandbox), checks=checks)
