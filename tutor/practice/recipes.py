"""Hands built around one fan: a recipe per fan of the table (RECIPES, by slug), from plans of
sets (Plan, build) and the special-form builders of tutor.practice.hands. The quiz deals from them
(tutor.practice.quiz), and so do the examples and tests that need a hand showing a given fan.
"""


from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from tutor.practice import hands as G
from tutor.practice.hands import SetSpec
from tutor.rules import tiles as T
from tutor.rules.divisions import KNITTED_PATTERNS, TERMINALS_AND_HONORS
from tutor.rules.engine import Situation
from tutor.rules.fans import FAN_BY_SLUG
from tutor.rules.notation import Hand, Meld

# ---------------------------------------------------------------- building blocks


@dataclass
class Plan:
    """What a recipe asks for; `build` turns it into a hand."""

    sets: list[SetSpec]
    pool: frozenset[int] = G.POOLS["any"]
    pair_pool: frozenset[int] | None = None
    chows: bool = True
    pungs: bool = True
    claimed: str = "some"  # "none", "some" or "all" sets claimed
    kongs: tuple[bool, ...] = ()  # one entry per kong to make: True for a concealed kong
    win: str = "any"  # "any", "pair", "set": where the winning tile sits
    self_drawn: bool | None = None
    flags: dict | None = None


def _fill(rng: random.Random, plan: Plan) -> tuple[list[SetSpec], int] | None:
    counts = [0] * 34
    sets = []
    for spec in plan.sets:
        tiles = G.set_tiles(spec)
        if not G.fits(counts, tiles):
            return None
        G.add_tiles(counts, tiles)
        sets.append(spec)
    options = G.candidate_sets(plan.pool, plan.chows, plan.pungs)
    while len(sets) < 4:
        fitting = [s for s in options if G.set_fits(counts, s)]
        if not fitting:
            return None
        spec = rng.choice(fitting)
        G.add_tiles(counts, G.set_tiles(spec))
        sets.append(spec)
    pairs = [t for t in (plan.pair_pool if plan.pair_pool is not None else plan.pool) if counts[t] <= 2]
    if not pairs:
        return None
    return sets, rng.choice(sorted(pairs))


def build(rng: random.Random, plan: Plan) -> tuple[Hand, Situation] | None:
    filled = _fill(rng, plan)
    if filled is None:
        return None
    sets, pair = filled
    order = list(range(4))
    rng.shuffle(order)
    kong_slots = [i for i in order if sets[i][0] == "pung"][: len(plan.kongs)]
    if len(kong_slots) < len(plan.kongs):
        return None
    claim_rate = {"none": 0.0, "some": rng.choice((0.25, 0.5)), "all": 1.0}[plan.claimed]
    melds: list[Meld] = []
    concealed = [pair, pair]
    for i, (kind, t) in enumerate(sets):
        if i in kong_slots:
            melds.append(Meld("kong", t, concealed=plan.kongs[kong_slots.index(i)]))
        elif rng.random() < claim_rate:
            melds.append(Meld(kind, t))
        else:
            concealed.extend(G.set_tiles((kind, t)))
    hand = Hand(tuple(melds), tuple(sorted(concealed)))
    if plan.win == "pair":
        win = pair
    elif plan.win == "set" and len(concealed) > 2:
        win = rng.choice([t for t in concealed if t != pair] or concealed)
    else:
        win = rng.choice(hand.concealed)
    self_drawn = plan.self_drawn if plan.self_drawn is not None else rng.random() < 0.35
    situation = Situation(
        win=win,
        self_drawn=self_drawn,
        seat_wind=rng.choice("ESWN"),
        prevalent_wind=rng.choice("ESWN"),
        flowers=rng.choice((0, 0, 0, 1, 2)),
        **(plan.flags or {}),
    )
    return hand, situation


def _special(hand: Hand, rng: random.Random, self_drawn: bool | None = None) -> tuple[Hand, Situation]:
    return hand, Situation(
        win=rng.choice(hand.concealed),
        self_drawn=rng.random() < 0.4 if self_drawn is None else self_drawn,
        seat_wind=rng.choice("ESWN"),
        prevalent_wind=rng.choice("ESWN"),
        flowers=rng.choice((0, 0, 1, 2)),
    )


def _suits(rng: random.Random) -> list[int]:
    suits = [0, 1, 2]
    rng.shuffle(suits)
    return suits


def _suit_pool(suit: int, honors: bool = False) -> frozenset[int]:
    return frozenset(t for t in range(34) if t // 9 == suit and t < 27 or (honors and t >= 27))


# ---------------------------------------------------------------- one recipe per fan


def _r(fn: Callable[[random.Random], tuple[Hand, Situation] | Plan | None]):
    return fn


def _pungs_of(tiles: Iterable[int]) -> list[SetSpec]:
    return [("pung", t) for t in tiles]


def _pattern(rng, name: str) -> list[SetSpec]:
    s, s2, s3 = _suits(rng)
    if name == "pure_straight":
        return [("chow", s * 9), ("chow", s * 9 + 3), ("chow", s * 9 + 6)]
    if name == "mixed_straight":
        return [("chow", s * 9), ("chow", s2 * 9 + 3), ("chow", s3 * 9 + 6)]
    if name == "pure_shifted_chows":
        step = rng.choice((1, 2))
        start = rng.randrange(7 - 2 * step)
        return [("chow", s * 9 + start + k * step) for k in range(3)]
    if name == "four_pure_shifted_chows":
        step = rng.choice((1, 2))
        start = rng.randrange(7 - 3 * step)
        return [("chow", s * 9 + start + k * step) for k in range(4)]
    if name == "mixed_shifted_chows":
        start = rng.randrange(5)
        return [("chow", s * 9 + start), ("chow", s2 * 9 + start + 1), ("chow", s3 * 9 + start + 2)]
    if name == "mixed_triple_chow":
        start = rng.randrange(7)
        return [("chow", x * 9 + start) for x in (s, s2, s3)]
    if name == "pure_triple_chow":
        return [("chow", s * 9 + rng.randrange(7))] * 3
    if name == "quadruple_chow":
        return [("chow", s * 9 + rng.randrange(7))] * 4
    if name == "pure_double_chow":
        return [("chow", s * 9 + rng.randrange(7))] * 2
    if name == "mixed_double_chow":
        start = rng.randrange(7)
        return [("chow", s * 9 + start), ("chow", s2 * 9 + start)]
    if name == "short_straight":
        start = rng.randrange(4)
        return [("chow", s * 9 + start), ("chow", s * 9 + start + 3)]
    if name == "two_terminal_chows":
        return [("chow", s * 9), ("chow", s * 9 + 6)]
    if name == "pure_shifted_pungs":
        start = rng.randrange(7)
        return _pungs_of(s * 9 + start + k for k in range(3))
    if name == "four_pure_shifted_pungs":
        start = rng.randrange(6)
        return _pungs_of(s * 9 + start + k for k in range(4))
    if name == "mixed_shifted_pungs":
        start = rng.randrange(7)
        return _pungs_of([s * 9 + start, s2 * 9 + start + 1, s3 * 9 + start + 2])
    if name == "triple_pung":
        rank = rng.randrange(9)
        return _pungs_of(x * 9 + rank for x in (s, s2, s3))
    if name == "double_pung":
        rank = rng.randrange(9)
        return _pungs_of([s * 9 + rank, s2 * 9 + rank])
    raise KeyError(name)


def _winds(rng, n: int) -> list[int]:
    return rng.sample(list(T.WINDS), n)


def _dragons(rng, n: int) -> list[int]:
    return rng.sample(list(T.DRAGONS), n)


RECIPES: dict[str, Callable[[random.Random], tuple[Hand, Situation] | Plan | None]] = {
    "big-four-winds": lambda rng: Plan(_pungs_of(T.WINDS)),
    "big-three-dragons": lambda rng: Plan(_pungs_of(T.DRAGONS)),
    "all-green": lambda rng: Plan([], pool=G.POOLS["green"]),
    "nine-gates": lambda rng: _special(G.nine_gates_hand(rng), rng),
    "four-kongs": lambda rng: Plan([], chows=False, kongs=tuple(rng.random() < 0.3 for _ in range(4))),
    "seven-shifted-pairs": lambda rng: _special(_seven_shifted_pairs(rng), rng),
    "thirteen-orphans": lambda rng: _special(G.thirteen_orphans_hand(rng), rng),
    "all-terminals": lambda rng: Plan([], pool=G.POOLS["terminals"], chows=False),
    "little-four-winds": lambda rng: Plan(_pungs_of(_winds(rng, 3)), pair_pool=frozenset(T.WINDS)),
    "little-three-dragons": lambda rng: Plan(_pungs_of(_dragons(rng, 2)), pair_pool=frozenset(T.DRAGONS)),
    "all-honors": lambda rng: Plan([], pool=G.POOLS["honors"]),
    "four-concealed-pungs": lambda rng: Plan([], chows=False, claimed="none", win="pair"),
    "pure-terminal-chows": lambda rng: _pure_terminal_chows(rng),
    "quadruple-chow": lambda rng: Plan(_pattern(rng, "quadruple_chow")),
    "four-pure-shifted-pungs": lambda rng: Plan(_pattern(rng, "four_pure_shifted_pungs")),
    "four-pure-shifted-chows": lambda rng: Plan(_pattern(rng, "four_pure_shifted_chows")),
    "three-kongs": lambda rng: Plan([], chows=rng.random() < 0.5, pungs=True, kongs=tuple(rng.random() < 0.3 for _ in range(3))),
    "all-terminals-and-honors": lambda rng: Plan([], pool=G.POOLS["terminals_honors"], chows=False),
    "seven-pairs": lambda rng: _special(G.seven_pairs_hand(rng), rng),
    "greater-honors-and-knitted-tiles": lambda rng: _special(_honors_knitted(rng, 7), rng),
    "all-even-pungs": lambda rng: Plan([], pool=G.POOLS["even"], chows=False),
    "full-flush": lambda rng: Plan([], pool=_suit_pool(rng.randrange(3))),
    "pure-triple-chow": lambda rng: Plan(_pattern(rng, "pure_triple_chow")),
    "pure-shifted-pungs": lambda rng: Plan(_pattern(rng, "pure_shifted_pungs")),
    "upper-tiles": lambda rng: Plan([], pool=G.POOLS["upper"]),
    "middle-tiles": lambda rng: Plan([], pool=G.POOLS["middle"]),
    "lower-tiles": lambda rng: Plan([], pool=G.POOLS["lower"]),
    "pure-straight": lambda rng: Plan(_pattern(rng, "pure_straight")),
    "three-suited-terminal-chows": lambda rng: _three_suited_terminal_chows(rng),
    "pure-shifted-chows": lambda rng: Plan(_pattern(rng, "pure_shifted_chows")),
    "all-fives": lambda rng: _all_fives(rng),
    "triple-pung": lambda rng: Plan(_pattern(rng, "triple_pung")),
    "three-concealed-pungs": lambda rng: Plan(_pungs_of(rng.sample(range(34), 3)), claimed="none", win="pair"),
    "lesser-honors-and-knitted-tiles": lambda rng: _special(_honors_knitted(rng, rng.choice((5, 6))), rng),
    "knitted-straight": lambda rng: _special(G.knitted_straight_hand(rng), rng),
    "upper-four": lambda rng: Plan([], pool=G.POOLS["upper_four"]),
    "lower-four": lambda rng: Plan([], pool=G.POOLS["lower_four"]),
    "big-three-winds": lambda rng: Plan(_pungs_of(_winds(rng, 3))),
    "mixed-straight": lambda rng: Plan(_pattern(rng, "mixed_straight")),
    "reversible-tiles": lambda rng: Plan([], pool=G.POOLS["reversible"]),
    "mixed-triple-chow": lambda rng: Plan(_pattern(rng, "mixed_triple_chow")),
    "mixed-shifted-pungs": lambda rng: Plan(_pattern(rng, "mixed_shifted_pungs")),
    # Chicken Hand is the absence of fans: chows in all three suits, an honor pair (so not
    # All Chows), some claimed, won on a discard; fill-ins that make a fan are rebuilt.
    "chicken-hand": lambda rng: Plan([], pungs=False, claimed="some", self_drawn=False, pair_pool=frozenset(T.HONORS)),
    "last-tile-draw": lambda rng: Plan([], self_drawn=True, flags={"last_wall_tile": True}),
    "last-tile-claim": lambda rng: Plan([], self_drawn=False, flags={"last_wall_tile": True}),
    "out-with-replacement-tile": lambda rng: Plan([], chows=True, self_drawn=True, kongs=(rng.random() < 0.5,),
                        flags={"replacement_tile": True}),
    "robbing-the-kong": lambda rng: _robbing(rng),
    "all-pungs": lambda rng: Plan([], chows=False),
    "half-flush": lambda rng: Plan([("pung", rng.choice(T.HONORS))], pool=_suit_pool(rng.randrange(3), honors=True)),
    "mixed-shifted-chows": lambda rng: Plan(_pattern(rng, "mixed_shifted_chows")),
    "all-types": lambda rng: _all_types(rng),
    "melded-hand": lambda rng: Plan([], claimed="all", self_drawn=False, win="pair"),
    "two-concealed-kongs": lambda rng: Plan([], kongs=(True, True)),
    "two-dragon-pungs": lambda rng: Plan(_pungs_of(_dragons(rng, 2)), pair_pool=frozenset(range(31))),
    "outside-hand": lambda rng: _outside(rng),
    "fully-concealed-hand": lambda rng: Plan([], claimed="none", self_drawn=True),
    "two-melded-kongs": lambda rng: Plan([], kongs=(False, rng.random() < 0.3)),
    "last-tile": lambda rng: _last_tile(rng),
    "dragon-pung": lambda rng: Plan(_pungs_of(_dragons(rng, 1))),
    "prevalent-wind": lambda rng: _wind_pung(rng, "prevalent_wind"),
    "seat-wind": lambda rng: _wind_pung(rng, "seat_wind"),
    "concealed-hand": lambda rng: Plan([], claimed="none", self_drawn=False),
    "all-chows": lambda rng: Plan([], pungs=False, pair_pool=frozenset(range(27))),
    "tile-hog": lambda rng: _tile_hog(rng),
    "double-pung": lambda rng: Plan(_pattern(rng, "double_pung")),
    "two-concealed-pungs": lambda rng: Plan(_pungs_of(rng.sample(range(34), 2)), claimed="none", win="pair"),
    "concealed-kong": lambda rng: Plan([], kongs=(True,)),
    "all-simples": lambda rng: Plan([], pool=G.POOLS["simples"]),
    "pure-double-chow": lambda rng: Plan(_pattern(rng, "pure_double_chow")),
    "mixed-double-chow": lambda rng: Plan(_pattern(rng, "mixed_double_chow")),
    "short-straight": lambda rng: Plan(_pattern(rng, "short_straight")),
    "two-terminal-chows": lambda rng: Plan(_pattern(rng, "two_terminal_chows")),
    "pung-of-terminals-or-honors": lambda rng: Plan(_pungs_of([rng.choice(TERMINALS_AND_HONORS)])),
    "melded-kong": lambda rng: Plan([], kongs=(False,)),
    "one-voided-suit": lambda rng: Plan([], pool=frozenset(t for t in range(34) if t >= 27 or t // 9 != rng.randrange(3))),
    "no-honors": lambda rng: Plan([], pool=frozenset(range(27))),
    "edge-wait": lambda rng: _wait(rng, "edge"),
    "closed-wait": lambda rng: _wait(rng, "closed"),
    "single-wait": lambda rng: _wait(rng, "single"),
    "self-drawn": lambda rng: Plan([], self_drawn=True),
    "flower-tiles": lambda rng: Plan([]),
}

if RECIPES.keys() != FAN_BY_SLUG.keys():
    raise ValueError(
        "quiz recipes must cover exactly the 81 fans, by slug: "
        f"missing {sorted(FAN_BY_SLUG.keys() - RECIPES.keys())}, unknown {sorted(RECIPES.keys() - FAN_BY_SLUG.keys())}"
    )


def _seven_shifted_pairs(rng) -> Hand:
    suit, start = rng.randrange(3), rng.randrange(3)
    return Hand((), tuple(sorted(suit * 9 + start + k for k in range(7) for _ in range(2))))


def _honors_knitted(rng, honors: int) -> Hand:
    pattern = list(rng.choice(KNITTED_PATTERNS))
    tiles = rng.sample(list(T.HONORS), honors) + rng.sample(pattern, 14 - honors)
    return Hand((), tuple(sorted(tiles)))


def _pure_terminal_chows(rng):
    s = rng.randrange(3)
    return Plan([("chow", s * 9)] * 2 + [("chow", s * 9 + 6)] * 2, pair_pool=frozenset({s * 9 + 4}))


def _three_suited_terminal_chows(rng):
    s, s2, s3 = _suits(rng)
    sets = [("chow", s * 9), ("chow", s * 9 + 6), ("chow", s2 * 9), ("chow", s2 * 9 + 6)]
    return Plan(sets, pair_pool=frozenset({s3 * 9 + 4}))


def _all_fives(rng):
    fives = [("chow", s * 9 + start) for s in range(3) for start in (2, 3, 4)] + [("pung", s * 9 + 4) for s in range(3)]
    return Plan([rng.choice(fives) for _ in range(4)], pair_pool=frozenset({4, 13, 22}))


def _all_types(rng):
    s, s2, s3 = _suits(rng)
    return Plan(
        [("chow", s * 9 + rng.randrange(7)), ("chow", s2 * 9 + rng.randrange(7)), ("pung", rng.choice(T.WINDS))],
        pool=_suit_pool(s3),
        pair_pool=frozenset(T.DRAGONS),
    )


def _outside(rng):
    terminal_chows = [("chow", s * 9 + d) for s in range(3) for d in (0, 6)]
    pungs = [("pung", t) for t in TERMINALS_AND_HONORS]
    sets = [rng.choice(terminal_chows + pungs) for _ in range(4)]
    return Plan(sets, pair_pool=frozenset(TERMINALS_AND_HONORS))


def _wind_pung(rng, which: str):
    wind = rng.choice(T.WINDS)
    plan = Plan(_pungs_of([wind]))
    built = build(rng, plan)
    if built is None:
        return None
    hand, situation = built
    letter = T.HONOR_LETTERS[wind - 27]
    return hand, replace(situation, **{which: letter})


def _last_tile(rng):
    built = build(rng, Plan([], win="set"))
    if built is None:
        return None
    hand, situation = built
    if hand.concealed.count(situation.win) != 1:
        return None
    return hand, replace(situation, last_tile=True)


def _robbing(rng):
    built = build(rng, Plan([], pungs=False, self_drawn=False, win="set"))
    if built is None:
        return None
    hand, situation = built
    if hand.counts()[situation.win] != 1:
        return None
    return hand, replace(situation, robbing_kong=True)


def _tile_hog(rng):
    s = rng.randrange(3)
    start = rng.randrange(7)
    tile = s * 9 + start + rng.randrange(3)
    return Plan([("chow", s * 9 + start), ("pung", tile)])


def _wait(rng, kind: str):
    s = rng.randrange(3)
    if kind == "edge":
        chow = ("chow", s * 9) if rng.random() < 0.5 else ("chow", s * 9 + 6)
        plan = Plan([chow], claimed="some", win="set")
    elif kind == "closed":
        plan = Plan([("chow", s * 9 + rng.randrange(7))], claimed="some", win="set")
    else:
        plan = Plan([], claimed="some", win="pair")
    built = build(rng, plan)
    if built is None:
        return None
    hand, situation = built
    if kind == "edge":
        t = plan.sets[0][1]
        win = t + 2 if t % 9 == 0 else t
    elif kind == "closed":
        win = plan.sets[0][1] + 1
    else:
        return built
    if win not in hand.concealed:
        return None
    return hand, replace(situation, win=win)


