"""Shanten and useful tiles of tutor against PyMahjongGB's shanten functions, on generated
hands; shared by tests/test_shanten.py and bench/shanten_differential.py.

Hands (13 tiles, kongs counted as 3) come in four kinds, so that every form is met
both far from and near to ready:
    random     13 tiles drawn from a shuffled wall
    melded     a generated winning hand with declared sets, one concealed tile dropped,
               then up to two concealed tiles swapped for random ones
    near       a generated winning hand of any form (special forms included), one tile
               dropped, then 0 to 3 tiles swapped: ready, 1-, 2- and 3-shanten hands
    special    the same, from hands of a special form only (seven pairs, thirteen orphans,
               honors and knitted, knitted straight, nine gates)

What is compared, form by form: the shanten, and the useful tiles except those held
four times. PyMahjongGB drops a tile held four times from the useful tiles of the
standard form unless the hand is ready, and keeps it otherwise (it counts by shape);
tutor counts by shape everywhere and leaves it to the analysis to drop dead tiles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import MahjongGB
from oracle import gb_tile

from tutor.practice.hands import random_deal
from tutor.rules.divisions import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    all_divisions,
)
from tutor.rules.notation import Hand
from tutor.rules.shanten import counts_of, form_useful

_GB_FORMS = {
    STANDARD: MahjongGB.RegularShanten,
    SEVEN_PAIRS: MahjongGB.SevenPairsShanten,
    THIRTEEN_ORPHANS: MahjongGB.ThirteenOrphansShanten,
    HONORS_KNITTED: MahjongGB.HonorsAndKnittedTilesShanten,
    KNITTED_STRAIGHT: MahjongGB.KnittedStraightShanten,
}
_CODE_TO_TILE = {gb_tile(t): t for t in range(34)}
KINDS = ("random", "melded", "near", "special")


@dataclass
class Case:
    kind: str
    hand: Hand  # 13 tiles, kongs as 3
    disagreements: list[str] = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return not self.disagreements


def gb_packs(hand: Hand) -> tuple:
    packs = []
    for meld in hand.melds:
        if meld.kind == "chow":
            packs.append(("CHI", gb_tile(meld.tile + 1), 1))
        elif meld.kind == "pung":
            packs.append(("PENG", gb_tile(meld.tile), 1))
        else:
            packs.append(("GANG", gb_tile(meld.tile), 0 if meld.concealed else 1))
    return tuple(packs)


def compare(case: Case) -> Case:
    hand = case.hand
    counts = counts_of(hand.concealed)
    melds = len(hand.melds)
    standing = tuple(gb_tile(t) for t in hand.concealed)
    ours = form_useful(counts, melds)
    for form, gb_function in _GB_FORMS.items():
        mine, mine_useful = ours[form]
        try:
            theirs, their_codes = gb_function(standing)
        except TypeError:  # PyMahjongGB refuses the form for this many standing tiles
            theirs, their_codes = None, ()
        their_useful = {_CODE_TO_TILE[c] for c in their_codes}
        live = {t for t in range(34) if counts[t] < 4}
        if mine != theirs:
            case.disagreements.append(f"{form}: shanten {mine} vs {theirs}")
        elif mine is not None and mine_useful & live != their_useful & live:
            case.disagreements.append(
                f"{form}: useful +{sorted(mine_useful & live - their_useful)} -{sorted(their_useful & live - mine_useful)}"
            )
    overall = min(s for s, _ in ours.values() if s is not None)
    theirs_overall = MahjongGB.MahjongShanten(gb_packs(hand), standing)
    if overall != theirs_overall:
        case.disagreements.append(f"overall: {overall} vs MahjongShanten {theirs_overall}")
    return case


# ---------------------------------------------------------------- hand generators


def _swap(rng: random.Random, hand: Hand, swaps: int) -> Hand:
    """Replace `swaps` concealed tiles by random tiles, keeping at most four of each."""
    concealed = list(hand.concealed)
    held = hand.counts()
    for _ in range(swaps):
        out = rng.randrange(len(concealed))
        held[concealed[out]] -= 1
        new = rng.choice([t for t in range(34) if held[t] < 4])
        held[new] += 1
        concealed[out] = new
    return Hand(hand.melds, tuple(sorted(concealed)))


def _drop(rng: random.Random, hand: Hand) -> Hand:
    concealed = list(hand.concealed)
    concealed.pop(rng.randrange(len(concealed)))
    return Hand(hand.melds, tuple(concealed))


def _is_special(hand: Hand) -> bool:
    return any(d.form != STANDARD for d in all_divisions(hand)) or (
        len(set(hand.concealed)) <= 9 and len({t // 9 for t in hand.concealed}) == 1 and not hand.melds
    )


def generate(seed: int, count: int) -> list[Case]:
    """`count` hands, a quarter of each kind."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    deal_rng = random.Random(seed + 1)
    cases: list[Case] = []
    for i in range(count):
        kind = KINDS[i % 4]
        if kind == "random":
            cases.append(Case(kind, Hand((), tuple(sorted(rng.sample(wall, 13))))))
            continue
        while True:
            hand = random_deal(deal_rng).hand
            if kind == "melded" and not hand.melds:
                continue
            if kind == "special" and (hand.melds or not _is_special(hand)):
                continue
            break
        swaps = rng.choice((0, 1, 2)) if kind == "melded" else rng.choice((0, 0, 1, 1, 2, 3))
        cases.append(Case(kind, _swap(rng, _drop(rng, hand), swaps)))
    return cases
