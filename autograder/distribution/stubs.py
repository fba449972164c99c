"""The students' stubs, generated from the reference solutions so that there is one source of truth.

Each reference module marks its solution with nbgrader-style markers, indented like the code they
wrap:

    def minimax_value(game, state):
        \"\"\"The teaching docstring, which the stub keeps.\"\"\"
        ### BEGIN SOLUTION
        ...
        ### END SOLUTION

An indented region (a function's body) becomes `# YOUR CODE HERE` (in the language spoken) and
`raise NotImplementedError` at the markers' indentation, so the stub keeps the signature and the
docstring and says clearly, when called, that it is not done yet. A region at column 0
(module-level solution code, such as a constant) is removed entirely. A docstring, a signature or
a fix made in reference/ reaches the stubs with

    python -m autograder.distribution.stubs          regenerate assignments/ from reference/
    python -m autograder.distribution.stubs --check  only report whether assignments/ is current

(with --assignment cutoff, assignments/cutoff/ from reference/cutoff/; with --lang it --target
DIR, Italian stubs elsewhere), and the project's tests
fail while a stub differs from what the reference generates.

The stubs are written in the language spoken (`with speaking(code):`, autograder.language): each
docstring is looked up as Babel extracts it from assignments/ (inspect.cleandoc'd, see
autograder.language.extraction), so English stubs are the reference's text as it is.
"""
import argparse
import ast
import sys
from pathlib import Path

from autograder import assignments
from autograder.errors import AutograderError
from autograder.language import LANGUAGES, N_, _, speaking
from autograder.language.extraction import code_comments, documented

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
# Where the student's code goes, in the language spoken (nbgrader's code_stub, as the notebook's
# release writes it too: see the course's nbgrader_config.py).
YOUR_CODE = N_("YOUR CODE HERE")
ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENTS_DIR = ROOT / "assignments"


def _marker(line, number):
    """BEGIN or END when the line is a marker, else None; a near miss is an error, not code."""
    text = line.strip()
    if text in (BEGIN, END):
        return text
    if "BEGIN SOLUTION" in text or "END SOLUTION" in text:
        raise ValueError(f"line {number}: {text!r} looks like a solution marker but is not exactly "
                         f"{BEGIN!r} or {END!r}")
    return None


def _is_blank(line):
    return not line.strip()


def stub_source(reference_source: str) -> str:
    """The stub for one reference module's source text.

    Raises ValueError, naming the line, when a marker is unbalanced, nested, malformed, or ends at
    another indentation than it began.
    """
    out = []
    lines = reference_source.splitlines(keepends=True)
    opened = None  # (line number, indentation) of the region being skipped
    i = 0
    while i < len(lines):
        line, number = lines[i], i + 1
        marker = _marker(line, number)
        indent = line[:len(line) - len(line.lstrip())]
        i += 1
        if marker == BEGIN:
            if opened:
                raise ValueError(f"line {number}: nested {BEGIN!r}; the region opened at line "
                                 f"{opened[0]} is still open")
            opened = (number, indent)
        elif marker == END:
            if not opened:
                raise ValueError(f"line {number}: {END!r} without a {BEGIN!r} before it")
            if indent != opened[1]:
                raise ValueError(f"line {number}: {END!r} is not indented like the {BEGIN!r} "
                                 f"at line {opened[0]}")
            newline = line[len(line.rstrip("\r\n")):] or "\n"
            if indent:
                out += [f"{indent}# {_(YOUR_CODE)}{newline}",
                        f"{indent}raise NotImplementedError{newline}"]
            else:
                # Keep the module's spacing: as many blank lines as the wider side of the hole had.
                before = 0
                while out and _is_blank(out[-1]):
                    out.pop()
                    before += 1
                after = 0
                while i < len(lines) and _is_blank(lines[i]):
                    i += 1
                    after += 1
                if i < len(lines):
                    out += ["\n"] * max(before, after)
            opened = None
        elif not opened:
            out.append(line)
    if opened:
        raise ValueError(f"line {opened[0]}: {BEGIN!r} is never closed by {END!r}")
    return "".join(out)


def docstring_literal(text, indent):
    """`text` as a triple-quoted docstring at `indent`, its lines after the first indented so that
    inspect.cleandoc gives `text` back."""
    escaped = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if escaped.endswith('"'):
        escaped = escaped[:-1] + '\\"'
    lines = escaped.split("\n")
    body = "\n".join([lines[0], *(f"{indent}{line}" if line else "" for line in lines[1:])])
    return f'{indent}"""{body}"""\n' if len(lines) == 1 else f'{indent}"""{body}\n{indent}"""\n'


def spoken_comments(source):
    """Python `source` with each comment in the language spoken, where its catalog translates it
    (a comment stays on its line)."""
    lines = source.splitlines(keepends=True)
    for line, column, english in code_comments(source):
        if (spoken := _(english)) != english:
            end = lines[line - 1][len(lines[line - 1].rstrip("\r\n")):]
            lines[line - 1] = f"{lines[line - 1][:column]}# {spoken}{end}"
    return "".join(lines)


def spoken_stub(stub):
    """The stub with each docstring and comment in the language spoken, where its catalog
    translates it."""
    stub = spoken_comments(stub)
    lines = stub.splitlines(keepends=True)
    for node, english in sorted(documented(ast.parse(stub)), key=lambda found: -found[0].lineno):
        if (spoken := _(english)) != english:
            lines[node.lineno - 1:node.end_lineno] = [
                docstring_literal(spoken, " " * node.col_offset)]
    return "".join(lines)


def generate(reference_dir, target_dir, files):
    """Write the stub of each contract module (`files`, the assignment's) of `reference_dir` into
    `target_dir`.

    Returns the paths written. Refuses (ValueError) a module without any solution region, since its
    stub would hand out the solution, and a stub that is not valid Python.
    """
    reference_dir, target_dir = Path(reference_dir), Path(target_dir)
    stubs = {}
    for name in files:
        source = (reference_dir / name).read_text(encoding="utf-8")
        try:
            stubs[name] = spoken_stub(stub_source(source))
        except ValueError as error:
            raise ValueError(f"{reference_dir / name}, {error}") from None
        if stubs[name] == source:
            raise ValueError(f"{reference_dir / name} marks no solution with {BEGIN!r}; "
                             f"its stub would be the solution itself")
        compile(stubs[name], str(target_dir / name), "exec")
    target_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, stub in stubs.items():
        (target_dir / name).write_text(stub, encoding="utf-8")
        written.append(target_dir / name)
    return written


def stale(reference_dir, target_dir, files):
    """The names of the stubs in `target_dir` that differ from (or lack) what generate() writes."""
    target_dir = Path(target_dir)
    return [name for name in files
            if not (target_dir / name).is_file()
            or (target_dir / name).read_text(encoding="utf-8")
            != spoken_stub(stub_source((Path(reference_dir) / name).read_text(encoding="utf-8")))]


def run_generator(args, outdated, write, command):
    """A generator's command line: with --check, report what is out of date (exit 1) and write
    nothing; otherwise write everything and say where."""
    if args.check:
        stale_files = outdated()
        if stale_files:
            print(f"out of date in {args.target}: {', '.join(map(str, stale_files))}; "
                  f"run python -m {command}", file=sys.stderr)
            return 1
        print(f"{args.target} is up to date")
        return 0
    for path in write():
        print(f"wrote {path}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m autograder.distribution.stubs",
                                     description="Generate the students' stubs from the reference.")
    parser.add_argument("--assignment", metavar="NAME_OR_FILE",
                        help="whose stubs: a built-in assignment's name or an assignment file "
                             "(default: the first assignment's)")
    parser.add_argument("--reference", help="default: the assignment's reference/")
    parser.add_argument("--target", help="default: the assignment's folder of stubs")
    parser.add_argument("--lang", metavar="CODE",
                        help=f"the docstrings' language, one of {', '.join(LANGUAGES)} "
                             f"(default: English, as assignments/ holds them)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a stub is out of date")
    args = parser.parse_args(argv)
    try:
        assignment = assignments.chosen(args.assignment)
        args.reference = args.reference or assignment.reference
        args.target = args.target or assignment.stubs
        with speaking(args.lang):
            return run_generator(
                args, lambda: stale(args.reference, args.target, assignment.files),
                lambda: generate(args.reference, args.target, assignment.files), __spec__.name)
    except (AutograderError, OSError, ValueError, SyntaxError) as error:
        print(f"autograder.distribution.stubs: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
