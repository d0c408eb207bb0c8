"""Advice on discards that knows the 8-point minimum: the value engine.

A hand in MCR may be declared only with 8 points without flowers, so the best discard is not
always the one closest to ready. For a hand of 13 tiles (waiting for a draw) or 14 (about to
discard), what the player can see on the table and the tiles left in the wall, `advise` gives
for each discard:

    shanten, useful     tiles from ready; the tiles that bring it closer and their unseen copies
    waits               for a ready hand, each winning tile scored, with the 8-point verdict
    routes              fan combinations within reach that make 8 points or more (and those that
                        fall short), each with the tiles it still needs (routes.py)
    value               one number that ranks the discards: a rough chance of drawing into a
                        declarable win, worked out from the routes (advice.py)
    chance              a seeded Monte-Carlo estimate of a declarable win before the wall runs
                        out, with its number of play-outs (chance.py); asked for, never by default
    reason              a sentence in a player's words (words.py)

Pure: builds on tutor.rules (shanten, the fast wait finder and the scorer); no rendering.
"""

from tutor.practice.value.advice import DEFAULT_WALL, AdviceError, Table, advise, unseen_counts
from tutor.practice.value.model import Advice, Chance, DiscardAdvice, RouteAdvice, WaitAdvice

__all__ = ["DEFAULT_WALL", "Advice", "AdviceError", "Chance", "DiscardAdvice", "RouteAdvice", "Table", "WaitAdvice",
           "advise", "unseen_counts"]
