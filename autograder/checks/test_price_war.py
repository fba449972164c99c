"""Checks of price_war.py on random general-sum games of two moves, and on the course's price
war."""
from hypothesis import example, given

from autograder.checks import check, course, judge
from autograder.checks.replay import replays
from autograder.grading import strategies
from autograder.language import _
from autograder.worker.calls import call


@check("rational_response: random price wars with ties and negatives")
@given(war=strategies.price_wars())
@example(war=course.PRICE_WAR)
@example(war=course.TIED_REPLIES)
def test_rational_response(caller, war):
    for option in war["tree"][war["root"]]:
        pair = caller.both(call("rational_response", None, war["tree"], war["theirs"], option))
        judge.same_answer(pair, judge.shown(war),
                          # TRANSLATORS: {option} is one of our options, such as baixar_5
                          _("the competitor's best leaf under {option} (the first of "
                            "ties)").format(option=option))


@check("rational_decision: random price wars with ties and negatives")
@replays("war")
@given(war=strategies.price_wars())
@example(war=course.PRICE_WAR)
@example(war=course.TIED_REPLIES)
def test_rational_decision(caller, war):
    pair = caller.both(call("rational_decision", None, war["tree"], war["ours"], war["theirs"],
                            war["root"]))
    judge.same_answer(pair, judge.shown(war),
                      _("the option whose rational response leaves us the most (the first of "
                        "ties)"))


@check("guaranteed_decision: random price wars with ties and negatives")
@given(war=strategies.price_wars())
@example(war=course.PRICE_WAR)
def test_guaranteed_decision(caller, war):
    pair = caller.both(call("guaranteed_decision", None, war["tree"], war["ours"], war["root"]))
    judge.same_answer(pair, judge.shown(war),
                      _("the option whose worst leaf for us is best (the first of ties)"))
