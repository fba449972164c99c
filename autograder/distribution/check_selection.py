"""Which checks the students' repository holds: read from the check modules' syntax trees and the
policy, never by running them.

Students get the visible checks (after_due_date and hidden ones stay with the instructor), less
those that run the reference on what the student's own code builds (`@check(...,
needs_reference=True)`), which no answers file can hold ahead. The checks of fixed inputs (no
`@given`) are told apart too: the known mistakes' gradings may leave them out
(mistake_gradings.mistakes_policy).
"""
import ast
import tomllib
from pathlib import Path


def public_checks(config_text):
    """The names of the checks students get: the visible ones (after_due_date and hidden checks
    stay with the instructor)."""
    checks = tomllib.loads(config_text)["checks"]
    return {name for name, entry in checks.items()
            if entry.get("visibility", "visible") == "visible"}


def decorator_named(function, name):
    """A test function's @name(...) decorator, or None."""
    for decorator in function.decorator_list:
        if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name)
                and decorator.func.id == name):
            return decorator
    return None


def check_decorator(function):
    """A test function's @check(...) decorator, or None."""
    return decorator_named(function, "check")


def check_marker(function):
    """The name in a test function's @check decorator, or None."""
    decorator = check_decorator(function)
    return decorator.args[0].value if decorator else None


def needs_reference(function):
    """Whether the check runs the reference on what the student's code builds, which no answers
    file can hold ahead (@check(..., needs_reference=True))."""
    return any(keyword.arg == "needs_reference" and ast.literal_eval(keyword.value) is True
               for keyword in check_decorator(function).keywords)


def draws_inputs(function):
    """Whether a check's inputs are drawn by hypothesis (@given), rather than fixed: the course's
    own positions, which no shrinking passes through."""
    return decorator_named(function, "given") is not None


def fixed_checks(folder):
    """The names of the checks in the check modules of `folder` whose inputs are fixed."""
    return {name for module in Path(folder).glob("test_*.py")
            for node in ast.parse(module.read_text(encoding="utf-8")).body
            if isinstance(node, ast.FunctionDef) and (name := check_marker(node))
            and not draws_inputs(node)}


def public_module(source, public):
    """A check module's source without the checks students do not get: those not `public`, and
    those that need the reference itself."""
    lines = source.splitlines(keepends=True)
    drop = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and (name := check_marker(node)):
            if name not in public or needs_reference(node):
                start = min(d.lineno for d in node.decorator_list) - 1
                end = node.end_lineno
                while end < len(lines) and not lines[end].strip():
                    end += 1
                drop.append((start, end))
    for start, end in reversed(drop):
        del lines[start:end]
    return "".join(lines)


def released_checks(source):
    """The names of the checks a released module keeps."""
    return [name for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef) and (name := check_marker(node))]
