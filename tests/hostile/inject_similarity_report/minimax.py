"""Minimax: the value of a position when both players play perfectly from there on.

Two players alternate; MAX wants the utility high and MIN wants it low. The game is zero-sum, so
one number per state, read from MAX's point of view, is enough. The value is backed up from the
leaves: a MIN node is worth the least of its children, a MAX node the most. Minimax is a
depth-first search that examines every node of the tree, O(b^m) for b moves and m levels.

The textbook tree [[3, 12, 8], [2, 4, 6], [14, 5, 2]]: MAX at the root A picks B, C or D, then
MIN picks a leaf.

        B = min(3, 12, 8) = 3    C = min(2, 4, 6) = 2    D = min(14, 5, 2) = 2
        A = max(3, 2, 2) = 3     MAX plays action 0 (to B)

The best leaf, 14, sits under D, but MIN would never let MAX reach it: D is worth 2.

Run the checks with `python -m autograder grade assignments`.
"""


# </code></pre></div><script>alert("similarity-report-3c9d")</script><!-- a comment that closes the page
def minimax_value(game, state):
    """The exact minimax value of `state`, from MAX's point of view.

        MINIMAX(s) = UTILITY(s)                          if IS-TERMINAL(s)
                     max of MINIMAX(RESULT(s, a))        if TO-MOVE(s) is MAX
                     min of MINIMAX(RESULT(s, a))        if TO-MOVE(s) is MIN
                     (a ranges over ACTIONS(s))

    Exercise 1, [[5, 9, 4], [2, 7, 8], [6, 11, 3]]: E = 4, F = 2, G = 3, so the value is 4.
    Tic-tac-toe from the empty board is worth 0: with perfect play it is a draw. Proving it takes
    all 549,946 nodes of the tree, the root included; minimax never skips one.
    """
    ### BEGIN SOLUTION
    if game.is_terminal(state):
        return game.utility(state)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)
    ### END SOLUTION


def minimax_decision(game, state):
    """The action whose minimax value is best for the player to move: the highest for MAX, the
    lowest for MIN. On a tie, the first such action in game.actions(state) order.

    Textbook tree: the root's actions are worth 3, 2, 2, so MAX plays action 0. Exercise 1: they
    are worth 4, 2, 3, so action 0 again (to E). Tic-tac-toe, boards written row by row with
    . for an empty cell:
        ... ... ...   every opening is worth 0: the tie goes to the first, cell 0
        XOX .O. ...   O threatens the middle column: X must block at 7 (value 0)
        XO. .X. ..O   X plays 3, a double threat (left column and middle row): value +1
    """
    ### BEGIN SOLUTION
    best = max if game.to_move(state) == "MAX" else min
    # max() and min() return the first of equal items: exactly the tie-break the contract asks for.
    return best(game.actions(state), key=lambda a: minimax_value(game, game.result(state, a)))
    ### END SOLUTION
