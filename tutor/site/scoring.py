"""The one place where the site meets the scoring engine.

Hand blocks are scored at build time by tutor.rules.engine. Tests pass a stand-in engine with
the same three names (Situation, score, HandError).
"""

from __future__ import annotations

from tutor.rules import engine as real_engine
from tutor.views.scored import ScoredHand


def default_engine():
    """The real engine module (tutor.rules.engine)."""
    return real_engine


class ScoringError(ValueError):
    """The engine could not score the hand; the message is for the author."""


def score_example(engine, hand, situation: dict, edition: str) -> ScoredHand:
    """Score a parsed hand with situation fields (win as a tile int, winds as letters, flags as bools)."""
    if engine is None:
        raise ScoringError(
            "hand blocks are scored by tutor.rules.engine, which is not installed yet: "
            "this page cannot be built until the engine exists"
        )
    try:
        result = engine.score(hand, engine.Situation(**situation), edition=edition)
    except engine.HandError as err:
        raise ScoringError(str(err)) from None
    except Exception as err:  # an engine bug must still end as file:line, never as a traceback
        raise ScoringError(f"the scoring engine failed on this hand ({type(err).__name__}: {err})") from None
    return ScoredHand.of(result, edition=edition)
