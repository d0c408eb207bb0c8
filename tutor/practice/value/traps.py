"""Hands that test the advice: the discard best by shape leaves only waits under 8 points, and
another discard keeps a wait that can be declared.

A winning hand (tutor.practice.hands, and plain hands with claimed sets, which often fall short
of 8) has one concealed tile swapped for another; the 14 tiles are kept when the shape ranking
(tutor.rules.analysis.discards, tiles from ready then unseen useful tiles) puts first a discard
whose waits all score under 8 while another discard is ready on a declarable wait with a copy
left. The check uses the analysis and the scorer only, never the advice it tests. Seeded.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.practice import hands as G
from tutor.practice import quiz as Q
from tutor.rules.analysis import discards, waits
from tutor.rules.engine import HandError, Situation
from tutor.rules.notation import Hand


@dataclass(frozen=True)
class Trap:
    hand: Hand  # 14 tiles
    situation: Situation
    shape_best: int  # the discard first by shape: every wait under 8
    declarable: tuple[int, ...]  # discards ready on a declarable wait with a copy left


def _without(hand: Hand, tile: int) -> Hand:
    concealed = list(hand.concealed)
    concealed.remove(tile)
    return Hand(hand.melds, tuple(concealed))


def _winning(rng: random.Random) -> tuple[Hand, Situation] | None:
    if rng.random() < 0.5:
        deal = G.random_deal(rng)
        return deal.hand, deal.situation
    return Q.build(rng, Q.Plan([], claimed=rng.choice(("none", "some", "some", "all"))))


def _swapped(rng: random.Random, hand: Hand) -> Hand | None:
    if not hand.concealed:
        return None
    held = hand.counts()
    options = [t for t in range(34) if held[t] < 4]
    return Hand(hand.melds, tuple(sorted(_without(hand, rng.choice(hand.concealed)).concealed + (rng.choice(options),))))


def _declarable_waits(hand13: Hand, situation: Situation, held: list[int]) -> tuple[bool, bool]:
    """(ready with at least one scored wait, some wait scores 8 with a copy left)."""
    found = [w for w in waits(hand13, situation) if w.result is not None]
    return bool(found), any(w.result.meets_minimum and held[w.tile] < 4 for w in found)


def trap(rng: random.Random) -> Trap | None:
    made = _winning(rng)
    if made is None:
        return None
    won, situation = made
    hand = _swapped(rng, won)
    if hand is None:
        return None
    try:
        options = discards(hand)
    except HandError:
        return None
    first = options[0]
    if first.shanten != 0 or any(d.shanten < 0 for d in options):
        return None
    held = hand.counts()
    ready, good = _declarable_waits(_without(hand, first.tile), situation, held)
    if not ready or good:
        return None
    keeps = tuple(d.tile for d in options[1:] if d.shanten == 0
                  and _declarable_waits(_without(hand, d.tile), situation, held)[1])
    return Trap(hand, situation, first.tile, keeps) if keeps else None


def traps(seed: int, count: int, attempts: int = 200_000) -> list[Trap]:
    rng = random.Random(f"traps|{seed}")
    out: list[Trap] = []
    for _ in range(attempts):
        if len(out) == count:
            break
        found = trap(rng)
        if found is not None:
            out.append(found)
    return out
