"""The students' grading.toml, as text: the instructor's, line by line, with what the students'
grader needs written in, and its other lines as they are (the instructor's comments and layout
stay, and a student reads the released policy).

Without [official], so that the students' copy meets the public games whose answers it holds; the
checks it leaves out marked `checked_here = false`, so that a student's run names them as checked
when graded, with what each `catches` of the known mistakes (feedback/foresight.py); the course's
language and settings it inherits; each hint in the language spoken.
"""
import json
import re
import tomllib

from autograder.errors import ConfigError
from autograder.language import ENGLISH, _, spoken


def public_config(config_text, kept):
    """grading.toml without [official], which has grading draw the course's secret games: the
    students' copy meets the public games, whose answers it holds. Its other sections as they
    are. The checks the release leaves out keep their entries, marked `checked_here = false`, so
    that a student's run names them, with their points and hints, as checked when graded."""
    out, section = [], None
    for line in config_text.splitlines():
        if line.startswith("["):
            section = line.strip()
        if section == "[official]":
            continue
        if (section == "[checks]" and line.startswith('"')
                and line.split('" =')[0][1:] not in kept):
            line = line.replace("{", "{ checked_here = false,", 1)
        out.append(line)
    text = "\n".join(out) + "\n"
    left_out = {name for name, entry in tomllib.loads(text)["checks"].items()
                if entry.get("checked_here", True) is False}
    if left_out != set(tomllib.loads(config_text)["checks"]) - set(kept):
        raise ConfigError("grading.toml: write each check's entry on one line, "
                          "\"name\" = { points = ... }, so that release can mark the checks it "
                          "leaves out")
    return text


def with_catches(config_text, catches):
    """The released grading.toml with `catches = [...]` in the entry of each check of `catches`
    ({check: known mistakes}), which public_config marked as not checked here; its other lines as
    they are. The release alone writes `catches`: a grading.toml that names them is refused."""
    declared = [name for name, entry in tomllib.loads(config_text)["checks"].items()
                if "catches" in entry]
    if declared:
        raise ConfigError(f"grading.toml: [checks] {json.dumps(declared[0])} names what it "
                          f"catches; leave catches out, release writes it from the known mistakes")
    lines = []
    for line in config_text.splitlines():
        name = line.split('" =')[0][1:] if line.startswith('"') else None
        if name in catches:
            listed = ", ".join(json.dumps(mistake) for mistake in catches[name])
            line = line.replace("{ checked_here = false,",
                                f"{{ checked_here = false, catches = [{listed}],", 1)
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_language(config_text, language):
    """grading.toml with `[course] language = language`, its other lines as they are."""
    return with_course_setting(config_text, "language", language, ENGLISH)


# A check's English hint as grading.toml writes it on the check's line: `hint = "..."`.
ENGLISH_HINT = re.compile(r'\bhint = ("(?:[^"\\]|\\.)*")')


def with_spoken_hints(config_text):
    """grading.toml with each check's English hint its catalog translates written as the hint of
    the language spoken (`hint.ca = "..."`), which the students' grader shows as it is: students
    read the released policy too. A hint no catalog translates (an instructor's own) and one
    given per language stay as written."""
    if spoken() == ENGLISH:
        return config_text
    lines = []
    for line in config_text.splitlines():
        found = ENGLISH_HINT.search(line) if line.startswith('"') else None
        if found:
            hint = tomllib.loads(f"hint = {found[1]}")["hint"]
            if _(hint) != hint:
                line = (line[:found.start()] + f"hint.{spoken()} = "
                        + json.dumps(_(hint), ensure_ascii=False) + line[found.end():])
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_course_setting(config_text, key, value, default=None):
    """grading.toml with `[course] key = value` (a string), its other lines as they are: what the
    assignment inherits from the course's grading.toml, which the students' repository may not
    hold, written into its own."""
    if value is None or tomllib.loads(config_text).get("course", {}).get(key, default) == value:
        return config_text
    lines, section = [], None
    for line in config_text.splitlines():
        if line.startswith("["):
            section = line.strip()
        if not (section == "[course]" and line.split("=")[0].strip() == key):
            lines.append(line)
        if line.strip() == "[course]":
            lines.append(f"{key} = {json.dumps(value)}")
    if "[course]" not in map(str.strip, lines):
        lines += ["", "[course]", f"{key} = {json.dumps(value)}"]
    return "\n".join(lines) + "\n"
