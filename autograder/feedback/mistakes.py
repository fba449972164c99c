"""The course's known mistakes: what a search with each one does and its fix, which mistakes each
graded function is suspected of, alone and in pairs, and which graded function calls which.

Diagnosis (diagnosis.py) replays them on a failing input; function_diagnosis.py names them and
foresight.py foretells the checks they fail. The names are variants.py's switches.
"""
from itertools import combinations

from autograder.language import N_

# mistake -> what a search with it does and the fix, translated where the diagnosis says them.
EXPLANATIONS = {
    "strict_pruning": (
        # TRANSLATORS: what a search with a common mistake does, ending "... a search that";
        # lower case, no full stop.
        N_("prunes only when alpha > beta"),
        # TRANSLATORS: the fix for it, after "The fix: "; lower case, no full stop.
        N_("equality must prune too: once alpha equals beta nothing below can change the answer")),
    "swapped_bounds": (
        N_("raises alpha at MIN nodes and lowers beta at MAX nodes"),
        N_("MAX raises alpha, MIN lowers beta, and both prune when alpha >= beta")),
    "stale_bounds": (
        N_("gives every child the node's original alpha and beta"),
        N_("pass the bounds as they stand after each child, so later children search a narrower "
           "window")),
    "children_first": (
        N_("examines every child before searching the first one"),
        N_("ask a child nothing (is_terminal, to_move, actions) until you search it; building "
           "them with result is fine")),
    "no_pruning": (
        N_("never prunes"),
        N_("stop a node's loop as soon as alpha >= beta")),
    "levels_from_root": (
        N_("assumes MAX at the root and alternates from there"),
        N_("ask game.to_move(state) who moves: the root may be MIN")),
    "starts_at_zero": (
        N_("starts v at 0"),
        N_("start v at -inf for MAX and +inf for MIN, or a node whose values are all below (or "
           "above) 0 gets 0")),
    "root_not_tightened": (
        N_("searches every root action with the full window (-inf, +inf)"),
        N_("the root is an alpha-beta node too: tighten its bound after each action and pass it "
           "on")),
    "last_of_ties": (
        N_("keeps the last of equally good actions"),
        N_("change the best action only for a strictly better value, so ties keep the first")),
    "cut_one_level_deep": (
        N_("evaluates a position one level below the cut-off (depth < 0), so it looks one move "
           "further than asked"),
        N_("the cut-off test is depth == 0: a position with no levels left is evaluated, and "
           "its children are never searched")),
    "evaluates_terminals": (
        N_("tests the cut-off before the end of the game, so a finished game at the cut-off is "
           "evaluated and never examined"),
        N_("ask is_terminal first: a terminal position is worth its utility at any depth, and "
           "only a position still in play is evaluated")),
    "children_at_full_depth": (
        N_("looks one move further than asked: it searches each root action's child depth more "
           "levels, not depth - 1 (or evaluates at depth < 0)"),
        N_("the root's move is one level: search each child depth - 1 levels further, so that "
           "depth 1 evaluates the children themselves")),
    "child_not_negated": (
        N_("takes each child's value as the child returns it"),
        N_("a child's value is for the player who moves there, the opponent: negate it "
           "(-negamax_value(...)) before comparing it with alpha")),
    "leaf_from_max_view": (
        N_("returns a leaf's utility from MAX's view even when MIN is to move there"),
        N_("negamax's values are the mover's: negate the utility when MIN is to move")),
    "window_not_swapped": (
        N_("passes the window down as (-alpha, -beta)"),
        N_("the child's window is the opponent's view of this one: negated and swapped, (-beta, "
           "-alpha)")),
    "keyed_by_path": (
        N_("keys the table by the path (the moves that led there), which no other path shares, "
           "so it never finds a position again"),
        N_("key the table by the position, game.key(state), which the same board reached by "
           "another order of moves shares")),
    "looked_up_after_asking": (
        N_("asks is_terminal before looking in the table, so a position reached again is "
           "examined again"),
        N_("look the position up first and ask the game nothing about a position found there")),
    "never_reorders": (
        N_("searches every pass in the game's order"),
        N_("rank the root's actions by each pass's values, best first, and search the next pass "
           "in that order")),
    "worst_first": (
        N_("ranks the root's actions worst first"),
        N_("best first: highest value first for MAX, lowest first for MIN")),
    "ties_by_action": (
        N_("ranks equal values by the action instead of keeping their order"),
        N_("sort by the value alone: a stable sort keeps equal values in the pass's order")),
    "ties_by_action_reversed": (
        N_("ranks the root's actions by (value, action), highest first for MAX, so equal values "
           "are ranked by the action instead of keeping their order"),
        N_("sort by the value alone: a stable sort keeps equal values in the pass's order")),
    "never_searches_on": (
        N_("evaluates every position at the cut-off, quiet or not"),
        N_("at the cut-off and past it, evaluate only a quiet position and search a noisy one "
           "on (is_quiet)")),
    "one_level_past": (
        N_("searches a noisy position at the cut-off one level on, then evaluates whatever is "
           "there"),
        N_("past the cut-off too, search on while the position is noisy: evaluate when depth <= "
           "0 and the position is quiet")),
    "depth_equals_zero": (
        N_("tests depth == 0, so past the cut-off nothing is evaluated again and the search runs "
           "on to the leaves"),
        N_("test depth <= 0: past the cut-off a quiet position is evaluated too")),
    # Made at one player's nodes only: each named only where the same mistake made at both
    # players' nodes does not explain as much (function_diagnosis.named_mistakes).
    "no_pruning_at_max": (
        N_("never prunes at MAX nodes"),
        N_("stop a MAX node's loop as soon as alpha >= beta, as a MIN node's")),
    "no_pruning_at_min": (
        N_("never prunes at MIN nodes"),
        N_("stop a MIN node's loop as soon as alpha >= beta, as a MAX node's")),
    "strict_pruning_at_max": (
        N_("prunes at MAX nodes only when alpha > beta"),
        N_("at MAX nodes as at MIN ones, equality must prune too: once alpha equals beta nothing "
           "below can change the answer")),
    "strict_pruning_at_min": (
        N_("prunes at MIN nodes only when alpha > beta"),
        N_("at MIN nodes as at MAX ones, equality must prune too: once alpha equals beta nothing "
           "below can change the answer")),
    "swapped_bounds_at_max": (
        N_("lowers beta at MAX nodes instead of raising alpha"),
        N_("a MAX node raises alpha (alpha = max(alpha, v)); only MIN nodes lower beta")),
    "swapped_bounds_at_min": (
        N_("raises alpha at MIN nodes instead of lowering beta"),
        N_("a MIN node lowers beta (beta = min(beta, v)); only MAX nodes raise alpha")),
    "starts_at_zero_at_max": (
        N_("starts v at 0 at MAX nodes"),
        N_("start v at -inf at a MAX node, or a MAX node whose values are all below 0 gets 0")),
    "starts_at_zero_at_min": (
        N_("starts v at 0 at MIN nodes"),
        N_("start v at +inf at a MIN node, or a MIN node whose values are all above 0 gets 0")),
    "root_not_tightened_at_max": (
        N_("searches every action of a MAX root with the full window (-inf, +inf)"),
        N_("a MAX root is an alpha-beta node too: raise alpha after each action and pass it on")),
    "root_not_tightened_at_min": (
        N_("searches every action of a MIN root with the full window (-inf, +inf)"),
        N_("a MIN root is an alpha-beta node too: lower beta after each action and pass it on")),
    "last_of_ties_at_max": (
        N_("keeps the last of equally good actions when MAX moves"),
        N_("at a MAX root as at a MIN one, change the best action only for a strictly better "
           "value, so ties keep the first")),
    "last_of_ties_at_min": (
        N_("keeps the last of equally good actions when MIN moves"),
        N_("at a MIN root as at a MAX one, change the best action only for a strictly better "
           "value, so ties keep the first")),
    # Not a search's mistake, so never replayed: named where a failing input, called again by a
    # worker of its own, is answered right (function_trial.py).
    "kept_between_calls": (
        N_("keeps something from one call to the next, such as a table made once at module level "
           "or as a default argument (table={}), which Python makes only once"),
        N_("make a new one at the start of each search and pass it down to the recursive calls")),
}
KEPT_BETWEEN_CALLS = "kept_between_calls"

SUSPECTS = {
    "minimax_value": ["starts_at_zero", "levels_from_root", "starts_at_zero_at_max",
                      "starts_at_zero_at_min"],
    "minimax_decision": ["last_of_ties", "starts_at_zero", "levels_from_root",
                         "last_of_ties_at_max", "last_of_ties_at_min", "starts_at_zero_at_max",
                         "starts_at_zero_at_min"],
    "alphabeta_value": ["strict_pruning", "swapped_bounds", "stale_bounds", "children_first",
                        "no_pruning", "levels_from_root", "starts_at_zero",
                        "no_pruning_at_max", "no_pruning_at_min", "strict_pruning_at_max",
                        "strict_pruning_at_min", "swapped_bounds_at_max", "swapped_bounds_at_min",
                        "starts_at_zero_at_max", "starts_at_zero_at_min"],
    "alphabeta_decision": ["root_not_tightened", "last_of_ties", "strict_pruning",
                           "swapped_bounds", "stale_bounds", "children_first", "no_pruning",
                           "levels_from_root", "root_not_tightened_at_max",
                           "root_not_tightened_at_min", "last_of_ties_at_max",
                           "last_of_ties_at_min", "no_pruning_at_max", "no_pruning_at_min",
                           "strict_pruning_at_max", "strict_pruning_at_min",
                           "swapped_bounds_at_max", "swapped_bounds_at_min"],
}
# Heuristic alpha-beta is alpha-beta cut off at a depth, and a student who wrote the window rule
# wrong in alphabeta_value carries it over: alpha-beta's mistakes about the window are suspected
# of it, and of the two searches that call it.
HEURISTIC_WINDOW = ["strict_pruning", "swapped_bounds", "stale_bounds", "swapped_bounds_at_max",
                    "swapped_bounds_at_min"]
# The second assignment's, apart since its functions take more arguments than the first's. A
# transposition table kept between searches does not show in one search, which is all a replay
# sees, so it is not suspected. In heuristic_decision a cut-off one level too deep is the same
# search as children searched at full depth: which one is named hangs on whether heuristic_value
# fails too (function_diagnosis.named_mistakes).
CUTOFF_SUSPECTS = {
    "heuristic_value": ["cut_one_level_deep", "evaluates_terminals", "no_pruning",
                        *HEURISTIC_WINDOW],
    "heuristic_decision": ["children_at_full_depth", "root_not_tightened", "last_of_ties",
                           "cut_one_level_deep", "evaluates_terminals", "no_pruning",
                           *HEURISTIC_WINDOW],
    "iterative_deepening_decision": ["never_reorders", "worst_first", "ties_by_action",
                                     "ties_by_action_reversed", "cut_one_level_deep",
                                     "evaluates_terminals", "no_pruning", *HEURISTIC_WINDOW],
    "negamax_value": ["child_not_negated", "leaf_from_max_view", "strict_pruning",
                      "window_not_swapped"],
    "transposition_value": ["keyed_by_path", "looked_up_after_asking"],
    "quiescence_value": ["never_searches_on", "one_level_past", "depth_equals_zero"],
}
EVERY_SUSPECT = {**SUSPECTS, **CUTOFF_SUSPECTS}
# A mistake's name ends so when it is made at one player's nodes only (as variants.py's switches).
SIDE_SUFFIXES = ("_at_max", "_at_min")
# A mistake that is another made for one player only: ranking by (value, action) reversed for MAX
# ranks a MIN root as ranking by (value, action) does.
ONE_PLAYERS = {"ties_by_action_reversed": "ties_by_action"}


def both_sides(mistake):
    """The mistake made for both players that `mistake` makes for one only (at its nodes, or at
    its root); itself for one made for both."""
    for suffix in SIDE_SUFFIXES:
        mistake = mistake.removesuffix(suffix)
    return ONE_PLAYERS.get(mistake, mistake)


def pairs_of(function):
    """The pairs of `function`'s suspects that together tries, in the order suspected: two
    different mistakes (the same one made at both players' nodes and at one player's, or at each
    player's, is one)."""
    return [pair for pair in combinations(EVERY_SUSPECT.get(function, ()), 2)
            if both_sides(pair[0]) != both_sides(pair[1])]


# Which graded function calls which, as the references do. A caller suspects its callee's mistakes
# too, since a search calling a wrong one is that wrong search.
CALLS = {"minimax_decision": "minimax_value", "alphabeta_decision": "alphabeta_value",
         "rational_decision": "rational_response", "heuristic_decision": "heuristic_value",
         "iterative_deepening_decision": "heuristic_value"}
