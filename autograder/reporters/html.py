"""A self-contained HTML page per submission: the score per function and, for each failure, its
explanation and its input drawn; a tree as an SVG picture whose nodes are coloured by who examined
them (both searches, neither, only the student's, only the reference's), with alpha and beta where
the reference pruned. Failures follow the table's order; a problem every check of a function meets
alike (missing, not importable, not implemented) is one line for the function, and a function's
diagnosis comes before its failures. No scripts, no
external files: it opens anywhere, offline."""
from jinja2 import Environment, PackageLoader, select_autoescape

from autograder.contract import encode_path
from autograder.drawing import (EXAMINED, OTHER, bound, draw_example, draw_mermaid, examined_by,
                                layout, node_names)
from autograder.language import templates, value
from autograder.reporters.readable import readable
from autograder.reporters.text import (COLUMNS, every_check_passed, graded_in, not_run_line,
                                       when_graded_items)
from autograder.results import FunctionDiagnosis, FunctionProblem

X_STEP, Y_STEP, MARGIN, RADIUS = 56, 78, 34, 17
CUT_ROOM = 90  # to the right of the rightmost node, for its alpha >= beta label
ENVIRONMENT = templates.install(Environment(
    loader=PackageLoader("autograder.reporters"), autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"]))


def tree_picture(spec, traces):
    """Everything the template needs to draw `spec` as SVG."""
    tree, root = spec["tree"], spec.get("root", "MAX")
    names, positions = node_names(tree), layout(tree)
    if traces:
        traces = {**traces, "student": set(traces["student"]),
                  "reference": set(traces["reference"])}
    cuts = traces.get("cuts", {}) if traces else {}
    point = {path: (MARGIN + x * X_STEP, MARGIN + y * Y_STEP) for path, (x, y) in positions.items()}
    nodes, edges = [], []
    for path, (x, y) in point.items():
        node = tree
        for index in path:
            node = node[index]
        player = root if len(path) % 2 == 0 else OTHER[root]
        key = encode_path(path)
        cut = cuts.get(key)
        kind = examined_by(key, traces["student"], traces["reference"]) if traces else "plain"
        nodes.append({"x": x, "y": y, "name": names[path], "kind": kind,
                      "leaf": not isinstance(node, list),
                      "value": None if isinstance(node, list) else value(node),
                      "player": player, "cut": f"α={bound(cut[0])} ≥ β={bound(cut[1])}"
                      if cut else ""})
        if path:
            edges.append((*point[path[:-1]], x, y))
    width = 2 * MARGIN + max(x for x, _ in positions.values()) * X_STEP + CUT_ROOM
    height = 2 * MARGIN + max(y for _, y in positions.values()) * Y_STEP + 20
    return {"nodes": nodes, "edges": edges, "width": width, "height": height,
            "radius": RADIUS, "mermaid": draw_mermaid(spec)}


def failure(check):
    if isinstance(check, FunctionDiagnosis):
        return {"diagnosis": check}
    if isinstance(check, FunctionProblem):
        return {"problem": check}
    shown = None if check.whole_function else check.shown
    picture = board = None
    if shown and shown["example"].get("kind") == "tree":
        picture = tree_picture(shown["example"], check.traces)
    elif shown and shown["example"].get("kind") == "tictactoe":
        board = shown["example"]["board"]
    return {"check": check, "picture": picture, "board": board,
            "drawing": draw_example(shown["example"]) if shown else "",
            "heading": shown["heading"] if shown else "", "note": shown["note"] if shown else ""}


def render(report):
    report = readable(report)
    template = ENVIRONMENT.get_template("report.html.j2")
    return template.render(report=report, functions=report.by_function(), kinds=EXAMINED,
                           failures=[failure(c) for c in report.failures()],
                           not_run=not_run_line(report), columns=COLUMNS,
                           graded_in=graded_in(report), passed=every_check_passed(report),
                           when_graded=when_graded_items(report))
