# Hostile: the reference's price war, except that its answers and its exception carry format
# fields ({function}, {0.__class__...}, %(name)s), hoping that a translated message is formatted a
# second time with them inside and quotes the grader's own objects, or raises on a field it lacks.
"""The price war: NovaMarket against a competitor, a general-sum game of two moves.

NovaMarket sets a TV's weekly price: keep it (mantenir), cut it 5% (baixar_5) or cut it 10%
(baixar_10). The competitor answers by keeping theirs, matching ours or cutting deeper. `tree` maps
each inner node to its children, in order; `ours` and `theirs` map each leaf to the two players'
weekly margins, in thousands of euros (ties and negative payoffs are allowed). The course's seed:

    option      leaves, ours / theirs
    mantenir    m_comp_mante 12/10    m_comp_baixa5 6/11     m_comp_baixa10 3/9
    baixar_5    b5_comp_mante 14/7    b5_comp_iguala 8/9     b5_comp_baixa10 5/6
    baixar_10   b10_comp_mante 13/5   b10_comp_iguala 6/7    b10_comp_baixa15 4/4

The game is not zero-sum (a price war can hurt both sides), so there are two ways to decide:
- minimax on `ours` assumes the competitor only wants to hurt us, and guarantees a floor;
- a rational competitor maximises `theirs`, and predicting their response gives an expectation.
Here both choose baixar_5, worth a floor of 5 but an expected 8; with other payoffs they can
choose differently. A good analyst looks at both.

Run the checks with `python -m autograder grade assignments`.
"""


def rational_response(tree, theirs, option):
    """The leaf under `option` that the competitor picks: the one with the highest `theirs`.
    On a tie, the first in tree[option].

    Seed: under mantenir the competitor earns 10, 11, 9, so they answer m_comp_baixa5 (a 5% cut);
    our cuts they match: b5_comp_iguala (9) and b10_comp_iguala (7).
    """
    raise ValueError("{function}{0.__class__.__mro__}{answer!r:>99999}%(name)s")


def rational_decision(tree, ours, theirs, root):
    """The option under `root` whose rational response leaves us the most `ours`.
    On a tie, the first option in tree[root].

    Seed: the responses m_comp_baixa5, b5_comp_iguala, b10_comp_iguala leave us 6, 8, 6, so the
    decision is baixar_5, with a margin of 8.
    """
    return max(tree[root], key=lambda option: ours[rational_response(tree, theirs, option)])


def guaranteed_decision(tree, ours, root):
    """The minimax option under `root`: the one whose worst leaf for us is best, the floor that
    we keep whatever the competitor does. On a tie, the first option in tree[root].

    Seed: the worst cases are mantenir 3, baixar_5 5, baixar_10 4, so the decision is baixar_5,
    with a floor of 5. Its best leaf, 14, plays no part: a hostile competitor would never allow it.
    """
    return "{count}{0.__init__.__globals__}{expected:{width}}%(count)d{{}}"
