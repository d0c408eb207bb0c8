"""Comparison of one hand between tutor (china1998) and PyMahjongGB, shared by the
differential test and bench/differential.py."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from oracle import gb_fans, gb_total

from tutor.rules import tiles as T
from tutor.rules.engine import score
from tutor.rules.notation import Hand


@dataclass
class Outcome:
    hand: Hand
    situation: object
    tutor_fans: Counter
    oracle_fans: Counter
    deliberate: str = ""

    @property
    def agree(self) -> bool:
        return self.tutor_fans == self.oracle_fans

    @property
    def signature(self) -> str:
        only_tutor = sorted((self.tutor_fans - self.oracle_fans).elements())
        only_oracle = sorted((self.oracle_fans - self.tutor_fans).elements())
        return f"tutor+{only_tutor} oracle+{only_oracle}"

    def describe(self) -> str:
        s = self.situation
        flags = [f for f in ("self_drawn", "last_tile", "last_wall_tile", "replacement_tile", "robbing_kong")
                 if getattr(s, f)]
        return (f"{self.hand.notation()} win={T.code(s.win)} {' '.join(flags)} seat={s.seat_wind} "
                f"prev={s.prevalent_wind} flowers={s.flowers} | tutor={dict(sorted(self.tutor_fans.items()))} "
                f"oracle={dict(sorted(self.oracle_fans.items()))}")


def compare(hand: Hand, situation) -> Outcome:
    result = score(hand, situation, "china1998")
    mine = Counter({f.fan.id: f.count for f in result.fans})
    theirs = gb_fans(hand, situation)
    outcome = Outcome(hand, situation, mine, theirs)
    if not outcome.agree:
        outcome.deliberate = known_difference(outcome, result.total, gb_total(hand, situation))
    return outcome


def known_difference(outcome: Outcome, our_total: int, their_total: int) -> str:
    """The deliberate ruling that explains a disagreement, or ''.

    The only one so far: two readings of the hand score the same total and the two
    calculators show different ones (tutor's tie-break is written up on the rulings page).
    """
    if our_total == their_total:
        return "equal-points tie-break"
    return ""
