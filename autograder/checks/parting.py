"""Where two searches part, said in words: the nodes each examined counted, the first node where
their traces differ, and, where a search in the student's order parts from the course's, the order
expected at that node (judge.py's same_trace and follows_the_search say them).
"""
from autograder.contract import decode_path
from autograder.drawing import name_node
from autograder.feedback.explain import Names
from autograder.language import N_, _, ngettext, number
from autograder.language.escaping import quoted

ALPHA_BETA = N_("alpha-beta")


def compared_counts(mine, theirs, searcher):
    """How many nodes the two traces examine; when as many, whether they are the same ones (each
    as often), since "73 nodes where alpha-beta examines 73" reads as if the counts differed.
    `searcher`, a message marked with N_ (ALPHA_BETA...), names the correct search."""
    values = {"count": number(len(mine)), "theirs": number(len(theirs)), "searcher": _(searcher)}
    if len(mine) != len(theirs):
        # TRANSLATORS: {searcher} is the correct search: "alpha-beta", "iterative deepening"
        return ngettext("your search examined {count} node where {searcher} examines {theirs}",
                        "your search examined {count} nodes where {searcher} examines {theirs}",
                        len(mine)).format(**values)
    if sorted(mine) == sorted(theirs):
        return ngettext("your search examined the same {count} node as {searcher}, but in "
                        "another order",
                        "your search examined the same {count} nodes as {searcher}, but in "
                        "another order", len(mine)).format(**values)
    return ngettext("your search examined {count} node, as many as {searcher}, but not the same "
                    "one",
                    "your search examined {count} nodes, as many as {searcher}, but not the same "
                    "ones", len(mine)).format(**values)


def parted(step, mine, theirs, searcher, name):
    """Where the student's trace `mine` first parts from the correct one, `theirs`, at `step`;
    `searcher` names the correct search as compared_counts has it, `name` names a node by its
    key."""
    said = _(searcher)
    if step == len(theirs):
        # TRANSLATORS: {node} is a node's name; {searcher} names the correct search
        went_on = (ngettext("after the same first {count} node, your search went on to examine "
                            "{node}, which {searcher} prunes",
                            "after the same first {count} nodes, your search went on to examine "
                            "{node}, which {searcher} prunes", step)
                   if searcher == ALPHA_BETA else
                   ngettext("after the same first {count} node, your search went on to examine "
                            "{node}, which {searcher} never examines",
                            "after the same first {count} nodes, your search went on to examine "
                            "{node}, which {searcher} never examines", step))
        return went_on.format(count=number(step), node=name(mine[step]), searcher=said)
    if step == len(mine):
        return ngettext("after the same first {count} node, your search stopped, but {searcher} "
                        "still examines {node}",
                        "after the same first {count} nodes, your search stopped, but {searcher} "
                        "still examines {node}", step).format(
            count=number(step), node=name(theirs[step]), searcher=said)
    detail = ngettext("the first {count} node agrees; then your search examined {mine} where "
                      "{searcher} examines {theirs}",
                      "the first {count} nodes agree; then your search examined {mine} where "
                      "{searcher} examines {theirs}", step).format(
        count=number(step), mine=name(mine[step]), theirs=name(theirs[step]), searcher=said)
    if theirs[step] not in mine:
        detail += " " + _("({node} is never examined by your search)").format(
            node=name(theirs[step]))
    return detail


def searched_children(trace):
    """{path: [child path, ...]}: the children each node of a trace searched, in the trace's order
    (a node's children follow it in the trace, each after the subtree of the one before)."""
    children = {}
    for key in trace[1:]:
        path = decode_path(key)
        children.setdefault(path[:-1], []).append(path)
    return children


def parting(searched, place, path, order):
    """Where alpha-beta searching in `order` at `path` first examines another node than it does
    searching in the course's order: (trace position, child path, the child searched instead), or
    None when the children it searched come first in `order` too."""
    for mine, theirs in zip(order, searched[path]):
        if path + (mine,) != theirs:
            return place[theirs], path + (mine,), theirs
    return None


# TRANSLATORS: {node} is a node ("node C", "the given position", or "position P (after moves 0,
# 4)", drawn below); {searched} and {answer} are lists of actions
EXPECTED_ORDER = N_("Expected at {node}: an order that starts {searched}, the actions alpha-beta "
                    "searches there in the course's order; your order: {answer}.")


def expected_order(spec, path, answer, searched):
    """The order expected at the node `path` where the searches part, beside the student's
    `answer` there, and that position drawn when it is a board: the children the course's
    alpha-beta searched at it (`searched`, searched_children's) must come first, in that order.
    The given position is drawn already, as the input shown."""
    names = Names(spec)
    node = name_node(spec, path) if names.board and not path else names.subject(path)
    actions = [child[-1] for child in searched[path]]
    sentence = _(EXPECTED_ORDER).format(node=node, searched=quoted(actions),
                                        answer=quoted(answer))
    return f"\n{sentence}{names.drawings()}"
