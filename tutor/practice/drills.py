"""Hand-reading drills: hands dealt to order for four questions, checked with the analysis.

    waits     a ready 13-tile hand: which tiles win it with 8 points or more, so that it may be
              declared? (tutor.rules.analysis waits, each scored; those under 8 are explained)
    declare   a winning hand, its winning tile and situation: may it be declared (8 points
              without flowers), and for how many points?
    shanten   a 13-tile hand: how many tiles from ready, and which tiles bring it closer?
    discard   a 14-tile hand: which tile to discard? (tutor.practice.value: every discard ranked by
              value, its routes to 8 and why; any discard within DISCARD_TOLERANCE of the best is right)

A ready hand is a winning hand (tutor.practice.hands, tutor.practice.quiz's plans) with one
tile taken out, drawn from a mix of shapes that players misread: long runs in one suit, a
pung beside a chow, seven pairs, knitted hands, and waits on a tile the hand already holds
three of. A hand further from ready is a ready hand with tiles swapped for others; a
discard hand is a 13-tile hand with one tile drawn. Every deal is checked with the
analysis, and everything is seeded: a (mode, seed, edition) triple always deals the same hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.practice import hands as G
from tutor.practice import quiz as Q
from tutor.practice.value import Advice, advise
from tutor.rules.analysis import Analysis, analyze
from tutor.rules.engine import HandError, Result, Situation, score, validate
from tutor.rules.fans import DEFAULT_EDITION
from tutor.rules.notation import Hand
from tutor.rules.shanten import counts_of, form_shanten

MODES = ("waits", "declare", "shanten", "discard")
# A discard is graded right when its value (the rough chance of a declarable win that ranks the
# discards, tutor.practice.value) is within this of the best discard's: 2 percentage points.
DISCARD_TOLERANCE = 0.02
MAX_SEED = Q.MAX_SEED
ATTEMPTS = 400

# The shapes of a ready hand, and how often each is dealt.
SHAPES = (("plain", 2), ("one_suit", 3), ("pung_chow", 3), ("three_held", 2), ("seven_pairs", 1), ("knitted", 1))


class DrillError(ValueError):
    """A drill request that cannot be served (unknown mode, a deal that found no hand)."""


@dataclass(frozen=True)
class Drill:
    mode: str
    seed: int
    edition: str
    hand: Hand  # 13 tiles (waits, shanten), 14 (declare, discard), kongs as 3
    situation: Situation  # its win tile is the winning tile for declare, a placeholder otherwise
    analysis: Analysis | None = None  # waits, shanten, discard
    result: Result | None = None  # declare
    shape: str = ""
    advice: Advice | None = None  # discard


# ---------------------------------------------------------------- winning hands of a shape


def _suit_pool(suit: int) -> frozenset[int]:
    return frozenset(range(suit * 9, suit * 9 + 9))


def _winning(rng: random.Random, shape: str) -> tuple[Hand, int | None] | None:
    """A winning hand of the shape, and the tile to take out of it (None: any)."""
    s = rng.randrange(3)
    if shape == "plain":
        return G.random_deal(rng).hand, None
    if shape == "one_suit":
        built = Q.build(rng, Q.Plan([], pool=_suit_pool(s), claimed=rng.choice(("none", "none", "some"))))
        return (built[0], None) if built else None
    if shape == "pung_chow":
        t = s * 9 + rng.randrange(7)
        chow = rng.choice((t, max(s * 9, t - 1), max(s * 9, t - 2)))
        built = Q.build(rng, Q.Plan([("pung", t), ("chow", chow)], claimed="none"))
        return (built[0], rng.choice((t, chow, chow + 1, chow + 2))) if built else None
    if shape == "three_held":
        t = s * 9 + rng.randrange(7)
        chow = rng.choice([c for c in (t - 2, t - 1, t) if s * 9 <= c <= s * 9 + 6])
        built = Q.build(rng, Q.Plan([("pung", t), ("chow", chow)], claimed="none"))
        return (built[0], t) if built else None
    if shape == "seven_pairs":
        return G.seven_pairs_hand(rng), None
    made = G.honors_knitted_hand(rng) if rng.random() < 0.4 else G.knitted_straight_hand(rng)
    return (made, None) if made else None


def _without(hand: Hand, tile: int) -> Hand:
    concealed = list(hand.concealed)
    concealed.remove(tile)
    return Hand(hand.melds, tuple(concealed))


def _situation(rng: random.Random, hand: Hand, win: int | None = None) -> Situation:
    return Situation(win=hand.concealed[0] if win is None else win, self_drawn=rng.random() < 0.35,
                     seat_wind=rng.choice("ESWN"), prevalent_wind=rng.choice("ESWN"))


def _ready(rng: random.Random, edition: str, scored: bool = True) -> tuple[Hand, Situation, Analysis | None, str] | None:
    """A ready 13-tile hand with at least one wait the situation allows, its analysis and shape.

    scored=False: only ready in shape, without the analysis (whose waits are each scored: the
    costly part), for a hand that is changed before it is asked about."""
    shape = rng.choices([name for name, _ in SHAPES], [weight for _, weight in SHAPES])[0]
    made = _winning(rng, shape)
    if made is None:
        return None
    won, out = made
    if out is None or out not in won.concealed:
        out = rng.choice(won.concealed)
    hand = _without(won, out)
    situation = _situation(rng, hand)
    if not scored:
        forms = form_shanten(counts_of(hand.concealed), len(hand.melds))
        return (hand, situation, None, shape) if min(v for v in forms.values() if v is not None) == 0 else None
    analysis = analyze(hand, situation, edition)
    waits = [w for w in analysis.waits if w.result is not None]
    if analysis.shanten != 0 or not any(w.result.meets_minimum for w in waits):
        return None  # the waits drill asks for the tiles that may be declared: there must be one
    counts = hand.counts()
    if shape == "one_suit" and len(waits) < 3:
        return None
    if shape == "pung_chow" and len(waits) < 2:
        return None
    if shape == "three_held" and not any(counts[w.tile] == 3 for w in waits):
        return None
    return hand, situation, analysis, shape


# ---------------------------------------------------------------- one deal per mode


def _deal_waits(rng: random.Random, edition: str):
    made = _ready(rng, edition)
    if made is None:
        return None
    hand, situation, analysis, shape = made
    return hand, situation, analysis, None, shape


def _deal_declare(rng: random.Random, edition: str):
    want = rng.random() < 0.5  # as many hands that may be declared as hands that may not
    for _ in range(40):
        if want:
            deal = G.random_deal(rng)
            hand, situation = deal.hand, deal.situation
        else:  # plain hands with claimed sets: about half fall short of 8 points
            built = Q.build(rng, Q.Plan([], claimed=rng.choice(("some", "all"))))
            if built is None:
                continue
            hand, situation = built
        try:
            validate(hand, situation)
            result = score(hand, situation, edition)
        except HandError:
            continue
        if result.meets_minimum == want:
            return hand, situation, None, result, "declare"
    return None


def _swap(rng: random.Random, hand: Hand) -> Hand | None:
    """The hand with one concealed tile replaced by another (never a fifth copy)."""
    if not hand.concealed:
        return None
    out = rng.choice(hand.concealed)
    counts = hand.counts()
    options = [t for t in range(34) if t != out and counts[t] < 4]
    swapped = list(_without(hand, out).concealed) + [rng.choice(options)]
    return Hand(hand.melds, tuple(sorted(swapped)))


def _deal_shanten(rng: random.Random, edition: str):
    target = rng.choice((1, 1, 2, 2, 3))
    made = _ready(rng, edition, scored=False)
    if made is None:
        return None
    hand, situation, _analysis, shape = made
    for _ in range(target + 3):
        swapped = _swap(rng, hand)
        if swapped is None:
            return None
        hand = swapped
        analysis = analyze(hand, situation, edition)
        if analysis.shanten == target and analysis.useful:
            return hand, situation, analysis, None, shape
        if analysis.shanten > target:
            return None
    return None


def _deal_discard(rng: random.Random, edition: str):
    made = _ready(rng, edition, scored=False)
    if made is None:
        return None
    hand, situation, _analysis, shape = made
    if rng.random() < 0.5:  # one step further away first: a harder choice
        swapped = _swap(rng, hand)
        if swapped is None:
            return None
        hand = swapped
    counts = hand.counts()
    drawn = rng.choice([t for t in range(34) if counts[t] < 4])
    hand = Hand(hand.melds, tuple(sorted(hand.concealed + (drawn,))))
    analysis = analyze(hand, situation, edition)
    if analysis.shanten < 0 or len({(d.shanten, d.useful_count) for d in analysis.discards}) < 2:
        return None  # a hand that already wins, or one where every discard is alike
    advice = advise(hand, situation, edition=edition)
    if len(accepted_discards(advice)) == len(analysis.discards):
        return None  # every discard is as good as the best: nothing to learn
    return hand, situation, analysis, None, shape, advice


DEALERS = {"waits": _deal_waits, "declare": _deal_declare, "shanten": _deal_shanten, "discard": _deal_discard}


def deal(mode: str, seed: int, edition: str = DEFAULT_EDITION) -> Drill:
    """The hand of (mode, seed, edition); DrillError for an unknown mode."""
    if mode not in DEALERS:
        raise DrillError(f"Unknown drill '{mode[:20]}': choose one of {', '.join(MODES)}.")
    rng = random.Random(f"drill|{mode}|{seed}|{edition}")
    for _ in range(ATTEMPTS):
        made = DEALERS[mode](rng, edition)
        if made is None:
            continue
        hand, situation, analysis, result, shape, *advice = made  # the discard drill's advice, when dealt
        if result is not None:
            validate(hand, situation)
        advice = advice[0] if advice else None
        return Drill(mode, seed, edition, hand, situation, analysis, result, shape, advice)
    raise DrillError(f"No {mode} hand could be dealt for seed {seed}; try another.")  # pragma: no cover


# ---------------------------------------------------------------- grading


@dataclass(frozen=True)
class Verdict:
    """How an answer compares with the analysis: right, and the tiles found, missed and wrong."""

    right: bool
    found: tuple[int, ...] = ()
    missed: tuple[int, ...] = ()
    wrong: tuple[int, ...] = ()


def grade_tiles(answer: set[int], expected: set[int]) -> Verdict:
    return Verdict(answer == expected, tuple(sorted(answer & expected)), tuple(sorted(expected - answer)),
                   tuple(sorted(answer - expected)))


def accepted_discards(advice: Advice) -> tuple[int, ...]:
    """The discards graded right: those whose value is within DISCARD_TOLERANCE of the best's.
    When no discard keeps a route to 8 (every value 0) they are those best by shape: as close to
    ready as the best, with as many unseen useful tiles."""
    best = advice.best
    if best.value <= 0:
        return tuple(d.tile for d in advice.discards
                     if d.value <= 0 and (d.shanten, d.useful_unseen) == (best.shanten, best.useful_unseen))
    return tuple(d.tile for d in advice.discards if d.value > 0 and d.value >= best.value - DISCARD_TOLERANCE)


def declarable_waits(analysis: Analysis) -> tuple[int, ...]:
    """The waits of a ready hand on which it scores 8 points without flowers: what may be declared."""
    return tuple(w.tile for w in analysis.waits if w.result is not None and w.result.meets_minimum)
