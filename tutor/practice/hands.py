"""Winning hands built by construction, for tests, benchmarks and the quiz.

Hands are assembled set by set from a tile pool (never more than four of a tile), so
every hand made here is a winning hand. Shapes are drawn from a mix that reaches every
fan: plain random hands, hands restricted to a flavour (one suit, simples, terminals
and honors, green tiles ...), hands built around a pattern of sets (a straight, shifted
chows or pungs, the same chow in three suits ...), and the special forms.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.rules import tiles as T
from tutor.rules.checks import GREEN_TILES, REVERSIBLE_TILES
from tutor.rules.divisions import KNITTED_PATTERNS, TERMINALS_AND_HONORS
from tutor.rules.engine import Situation, validate
from tutor.rules.notation import Hand, Meld


@dataclass(frozen=True)
class Deal:
    hand: Hand
    situation: Situation


# Pools of allowed tiles: each one steers hands toward a group of fans.
def _ranks(lo: int, hi: int) -> frozenset[int]:
    return frozenset(t for t in range(27) if lo <= t % 9 + 1 <= hi)


POOLS: dict[str, frozenset[int]] = {
    "any": frozenset(range(34)),
    "simples": _ranks(2, 8),
    "upper": _ranks(7, 9),
    "middle": _ranks(4, 6),
    "lower": _ranks(1, 3),
    "upper_four": _ranks(6, 9),
    "lower_four": _ranks(1, 4),
    "terminals_honors": frozenset(TERMINALS_AND_HONORS),
    "terminals": frozenset(t for t in range(27) if t % 9 in (0, 8)),
    "honors": frozenset(T.HONORS),
    "green": GREEN_TILES,
    "reversible": REVERSIBLE_TILES,
    "even": frozenset(t for t in range(27) if (t % 9 + 1) % 2 == 0),
    "fives": frozenset(range(34)),  # handled by the set picker
}


def candidate_sets(pool: frozenset[int], allow_chows: bool, allow_pungs: bool, need_five: bool = False):
    sets = []
    for t in pool:
        if allow_pungs:
            sets.append(("pung", t))
        if allow_chows and t < 27 and t % 9 <= 6 and t + 1 in pool and t + 2 in pool:
            sets.append(("chow", t))
    if need_five:
        sets = [s for s in sets if any(x < 27 and x % 9 == 4 for x in set_tiles(s))]
    return sets


SetSpec = tuple[str, int]  # a set to build: ("chow" | "pung", its lowest tile)

# Every chow and pung, as (kind, lowest tile): what the builders below choose sets from.
ALL_SETS: tuple[tuple[str, int], ...] = tuple([("chow", t) for t in range(27) if t % 9 <= 6]
                                              + [("pung", t) for t in range(34)])


def set_tiles(s) -> tuple[int, ...]:
    """The tiles of a set given as (kind, lowest tile)."""
    kind, t = s
    return (t, t + 1, t + 2) if kind == "chow" else (t, t, t)


def fits(counts: list[int], tiles) -> bool:
    """The four-copies rule: these tiles can join a hand whose tiles are counted in counts."""
    need: dict[int, int] = {}
    for t in tiles:
        need[t] = need.get(t, 0) + 1
    return all(counts[t] + n <= 4 for t, n in need.items())


def set_fits(counts: list[int], spec: SetSpec) -> bool:
    """fits(counts, set_tiles(spec)), without making the tiles: the dealers ask it of every
    candidate set each time they add one."""
    kind, t = spec
    if kind == "chow":
        return counts[t] < 4 and counts[t + 1] < 4 and counts[t + 2] < 4
    return counts[t] < 2


def add_tiles(counts: list[int], tiles) -> None:
    for t in tiles:
        counts[t] += 1


# ---------------------------------------------------------------- patterns of sets


def _pattern_sets(rng: random.Random) -> list[tuple[str, int]]:
    """Two to four sets that form a chow or pung pattern fan."""
    suits = [0, 1, 2]
    rng.shuffle(suits)
    s, s2, s3 = suits
    r = rng.randrange(9)
    name = rng.choice(
        [
            "straight", "mixed_straight", "shifted_chows", "shifted_chows2", "mixed_shifted_chows",
            "triple_chow", "mixed_triple", "quad_chow", "four_shifted_chows", "terminal_chows",
            "shifted_pungs", "four_shifted_pungs", "mixed_shifted_pungs", "triple_pung", "double_pung",
            "pure_double", "mixed_double", "short_straight", "two_terminal", "three_winds", "dragons",
            "three_suited_terminal",
        ]
    )
    c = min(r, 6)
    p = min(r, 6)
    if name == "straight":
        return [("chow", s * 9), ("chow", s * 9 + 3), ("chow", s * 9 + 6)]
    if name == "mixed_straight":
        return [("chow", s * 9), ("chow", s2 * 9 + 3), ("chow", s3 * 9 + 6)]
    if name == "shifted_chows":
        c = min(r, 4)
        return [("chow", s * 9 + c), ("chow", s * 9 + c + 1), ("chow", s * 9 + c + 2)]
    if name == "shifted_chows2":
        c = min(r, 2)
        return [("chow", s * 9 + c), ("chow", s * 9 + c + 2), ("chow", s * 9 + c + 4)]
    if name == "mixed_shifted_chows":
        c = min(r, 4)
        return [("chow", s * 9 + c), ("chow", s2 * 9 + c + 1), ("chow", s3 * 9 + c + 2)]
    if name == "triple_chow":
        return [("chow", s * 9 + c)] * 3
    if name == "mixed_triple":
        return [("chow", s * 9 + c), ("chow", s2 * 9 + c), ("chow", s3 * 9 + c)]
    if name == "quad_chow":
        return [("chow", s * 9 + c)] * 4
    if name == "four_shifted_chows":
        step = rng.choice((1, 2))
        c = rng.randrange(7 - 3 * step)
        return [("chow", s * 9 + c + k * step) for k in range(4)]
    if name == "terminal_chows":
        return [("chow", s * 9), ("chow", s * 9), ("chow", s * 9 + 6), ("chow", s * 9 + 6)]
    if name == "three_suited_terminal":
        return [("chow", s * 9), ("chow", s * 9 + 6), ("chow", s2 * 9), ("chow", s2 * 9 + 6)]
    if name == "shifted_pungs":
        p = min(r, 6)
        return [("pung", s * 9 + p + k) for k in range(3)]
    if name == "four_shifted_pungs":
        p = min(r, 5)
        return [("pung", s * 9 + p + k) for k in range(4)]
    if name == "mixed_shifted_pungs":
        return [("pung", s * 9 + p), ("pung", s2 * 9 + p + 1), ("pung", s3 * 9 + p + 2)]
    if name == "triple_pung":
        return [("pung", s * 9 + r), ("pung", s2 * 9 + r), ("pung", s3 * 9 + r)]
    if name == "double_pung":
        return [("pung", s * 9 + r), ("pung", s2 * 9 + r)]
    if name == "pure_double":
        return [("chow", s * 9 + c)] * 2
    if name == "mixed_double":
        return [("chow", s * 9 + c), ("chow", s2 * 9 + c)]
    if name == "short_straight":
        c = min(r, 3)
        return [("chow", s * 9 + c), ("chow", s * 9 + c + 3)]
    if name == "two_terminal":
        return [("chow", s * 9), ("chow", s * 9 + 6)]
    if name == "three_winds":
        winds = list(T.WINDS)
        rng.shuffle(winds)
        return [("pung", w) for w in winds[: rng.choice((3, 3, 4))]]
    # dragons
    dragons = list(T.DRAGONS)
    rng.shuffle(dragons)
    return [("pung", d) for d in dragons[: rng.choice((2, 2, 3))]]


# ---------------------------------------------------------------- standard hands


def _standard_sets(rng: random.Random) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets and a pair tile, or None when the draw ran out of room."""
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    style = rng.random()
    if style < 0.35:
        for s in _pattern_sets(rng):
            if not set_fits(counts, s):
                return None
            sets.append(s)
            add_tiles(counts, set_tiles(s))
        pool_name = rng.choice(["any", "any", "any", "simples", "terminals_honors"])
    else:
        pool_name = rng.choice(list(POOLS))
    pool = POOLS[pool_name]
    suit_limit = rng.random()
    if suit_limit < 0.3:  # one suit (plus honors sometimes): flushes
        suit = rng.randrange(3)
        keep_honors = rng.random() < 0.5
        pool = frozenset(t for t in pool if t // 9 == suit or (keep_honors and t >= 27))
    elif suit_limit < 0.45:  # two suits: one voided suit
        gone = rng.randrange(3)
        pool = frozenset(t for t in pool if t >= 27 or t // 9 != gone)
    if rng.random() < 0.3:
        pool = frozenset(t for t in pool if t < 27)
    chow_bias = rng.choice((0.0, 0.3, 0.6, 0.9, 1.0))
    choices_chow = candidate_sets(pool, True, False, pool_name == "fives")
    choices_pung = candidate_sets(pool, False, True, pool_name == "fives")
    while len(sets) < 4:
        options = choices_chow if (choices_chow and rng.random() < chow_bias) or not choices_pung else choices_pung
        if not options:
            return None
        fitting = [s for s in options if set_fits(counts, s)]
        if not fitting:
            return None
        s = rng.choice(fitting)
        sets.append(s)
        add_tiles(counts, set_tiles(s))
    pair_pool = [t for t in pool if counts[t] <= 2]
    if pool_name == "fives":
        pair_pool = [t for t in pair_pool if t < 27 and t % 9 == 4]
    if not pair_pool:
        return None
    return sets, rng.choice(pair_pool)


def _standard_hand(rng: random.Random) -> Hand | None:
    drawn = _standard_sets(rng)
    if drawn is None:
        return None
    sets, pair_tile = drawn
    rng.shuffle(sets)
    meld_rate = rng.choice((0.0, 0.0, 0.25, 0.5, 1.0))
    kong_rate = rng.choice((0.0, 0.0, 0.1, 0.3, 0.8))
    counts = [0] * 34
    for s in sets:
        add_tiles(counts, set_tiles(s))
    counts[pair_tile] += 2
    melds: list[Meld] = []
    concealed: list[int] = [pair_tile, pair_tile]
    for kind, t in sets:
        if kind == "pung" and counts[t] < 4 and rng.random() < kong_rate:
            counts[t] += 1
            melds.append(Meld("kong", t, concealed=rng.random() < 0.4))
            continue
        if rng.random() < meld_rate:
            melds.append(Meld(kind, t))
        else:
            concealed.extend(set_tiles((kind, t)))
    return Hand(tuple(melds), tuple(sorted(concealed)))


# ---------------------------------------------------------------- special forms


def seven_pairs_hand(rng: random.Random) -> Hand:
    if rng.random() < 0.2:
        suit = rng.randrange(3)
        start = rng.randrange(3)
        tiles = [suit * 9 + start + k for k in range(7)] * 2
    else:
        pool = list(POOLS[rng.choice(["any", "any", "simples", "terminals_honors", "green", "reversible", "honors"])])
        if len(pool) < 4:
            pool = list(range(34))
        tiles = []
        counts = [0] * 34
        while len(tiles) < 14:
            t = rng.choice(pool)
            if counts[t] <= 2:
                counts[t] += 2
                tiles += [t, t]
    return Hand((), tuple(sorted(tiles)))


def thirteen_orphans_hand(rng: random.Random) -> Hand:
    tiles = list(TERMINALS_AND_HONORS) + [rng.choice(TERMINALS_AND_HONORS)]
    return Hand((), tuple(sorted(tiles)))


def honors_knitted_hand(rng: random.Random) -> Hand:
    pattern = list(rng.choice(KNITTED_PATTERNS))
    honors = list(T.HONORS)
    n_honors = rng.choice((5, 6, 7, 7))
    chosen = rng.sample(honors, n_honors) + rng.sample(pattern, 14 - n_honors)
    return Hand((), tuple(sorted(chosen)))


def knitted_straight_hand(rng: random.Random) -> Hand | None:
    pattern = list(rng.choice(KNITTED_PATTERNS))
    counts = [0] * 34
    add_tiles(counts, pattern)
    options = [s for s in candidate_sets(POOLS["any"], True, True) if set_fits(counts, s)]
    kind, t = rng.choice(options)
    add_tiles(counts, set_tiles((kind, t)))
    pair_options = [x for x in range(34) if counts[x] <= 2]
    pair = rng.choice(pair_options)
    if rng.random() < 0.3:
        melds = (Meld(kind, t),)
        concealed = pattern + [pair, pair]
    else:
        melds = ()
        concealed = pattern + list(set_tiles((kind, t))) + [pair, pair]
    return Hand(melds, tuple(sorted(concealed)))


def nine_gates_hand(rng: random.Random) -> Hand:
    suit = rng.randrange(3)
    tiles = [suit * 9 + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
    tiles.append(suit * 9 + rng.randrange(9))
    return Hand((), tuple(sorted(tiles)))


# ---------------------------------------------------------------- situation


def _situation(rng: random.Random, hand: Hand) -> Situation:
    win = rng.choice(hand.concealed)
    self_drawn = rng.random() < 0.4
    counts = hand.counts()
    flags = {"self_drawn": self_drawn}
    roll = rng.random()
    if roll < 0.08 and hand.kongs and self_drawn:
        flags["replacement_tile"] = True
    elif roll < 0.16:
        flags["last_wall_tile"] = True
    elif roll < 0.22 and not self_drawn and counts[win] == 1:
        flags["robbing_kong"] = True
    if rng.random() < 0.12 and hand.concealed.count(win) == 1:
        flags["last_tile"] = True
    return Situation(
        win=win,
        seat_wind=rng.choice("ESWN"),
        prevalent_wind=rng.choice("ESWN"),
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
        **flags,
    )


def random_deal(rng: random.Random) -> Deal:
    """A random winning hand with a consistent situation."""
    while True:
        roll = rng.random()
        if roll < 0.78:
            hand = _standard_hand(rng)
        elif roll < 0.86:
            hand = seven_pairs_hand(rng)
        elif roll < 0.89:
            hand = thirteen_orphans_hand(rng)
        elif roll < 0.93:
            hand = honors_knitted_hand(rng)
        elif roll < 0.98:
            hand = knitted_straight_hand(rng)
        else:
            hand = nine_gates_hand(rng)
        if hand is None:
            continue
        situation = _situation(rng, hand)
        try:
            validate(hand, situation)
        except ValueError:
            continue
        return Deal(hand, situation)


def random_deals(seed: int, count: int) -> list[Deal]:
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(count)]
