"""Hypothesis strategies: winning hands built by construction.

A hand is four sets and a pair (at most four of any tile), some sets melded or made
into kongs, or one of the special forms; the winning tile is one of the concealed
tiles and the situation is consistent with the hand.
"""

from __future__ import annotations

from hypothesis import strategies as st

from tutor.practice.hands import ALL_SETS, add_tiles, fits, set_tiles
from tutor.rules import tiles as T
from tutor.rules.divisions import KNITTED_PATTERNS, TERMINALS_AND_HONORS
from tutor.rules.engine import Situation, validate
from tutor.rules.notation import Hand, Meld


@st.composite
def standard_hands(draw) -> Hand:
    counts = [0] * 34
    chosen = []
    while len(chosen) < 4:
        kind, t = draw(st.sampled_from(ALL_SETS))
        tiles = set_tiles((kind, t))
        if fits(counts, tiles):
            add_tiles(counts, tiles)
            chosen.append((kind, t))
    pair = draw(st.sampled_from([t for t in range(34) if counts[t] <= 2]))
    counts[pair] += 2
    melds, concealed = [], [pair, pair]
    for kind, t in chosen:
        how = draw(st.sampled_from(["concealed", "concealed", "melded", "kong"]))
        if how == "kong" and kind == "pung" and counts[t] == 3:
            counts[t] += 1
            melds.append(Meld("kong", t, concealed=draw(st.booleans())))
        elif how == "melded":
            melds.append(Meld(kind, t))
        else:
            concealed.extend(set_tiles((kind, t)))
    return Hand(tuple(melds), tuple(sorted(concealed)))


@st.composite
def seven_pairs_hands(draw) -> Hand:
    kinds = draw(st.lists(st.integers(0, 33), min_size=6, max_size=7, unique=True))
    tiles = [t for t in kinds for _ in range(2)]
    if len(kinds) == 6:  # one kind twice: four alike
        tiles += [kinds[0], kinds[0]]
    return Hand((), tuple(sorted(tiles)))


@st.composite
def thirteen_orphans_hands(draw) -> Hand:
    extra = draw(st.sampled_from(TERMINALS_AND_HONORS))
    return Hand((), tuple(sorted(TERMINALS_AND_HONORS + (extra,))))


@st.composite
def knitted_hands(draw) -> Hand:
    pattern = list(draw(st.sampled_from(KNITTED_PATTERNS)))
    honors = draw(st.lists(st.sampled_from(T.HONORS), min_size=5, max_size=7, unique=True))
    suited = draw(st.permutations(pattern))[: 14 - len(honors)]
    return Hand((), tuple(sorted(honors + suited)))


@st.composite
def knitted_straight_hands(draw) -> Hand:
    pattern = list(draw(st.sampled_from(KNITTED_PATTERNS)))
    counts = [0] * 34
    for t in pattern:
        counts[t] += 1
    kind, t = draw(st.sampled_from([s for s in ALL_SETS if fits(counts, set_tiles(s))]))
    add_tiles(counts, set_tiles((kind, t)))
    pair = draw(st.sampled_from([x for x in range(34) if counts[x] <= 2]))
    if draw(st.booleans()):
        return Hand((Meld(kind, t),), tuple(sorted(pattern + [pair, pair])))
    return Hand((), tuple(sorted(pattern + list(set_tiles((kind, t))) + [pair, pair])))


def winning_hands():
    return st.one_of(
        standard_hands(), standard_hands(), standard_hands(), seven_pairs_hands(),
        thirteen_orphans_hands(), knitted_hands(), knitted_straight_hands(),
    )


@st.composite
def near_winning_hands(draw) -> Hand:
    """A winning hand, or (half the time) one with a concealed tile swapped for any tile:
    mostly not winning, sometimes winning another way. It may hold five of a tile."""
    hand = draw(winning_hands())
    if draw(st.booleans()):
        return hand
    concealed = list(hand.concealed)
    concealed[draw(st.integers(0, len(concealed) - 1))] = draw(st.integers(0, 33))
    return Hand(hand.melds, tuple(sorted(concealed)))


@st.composite
def deals(draw) -> tuple[Hand, Situation]:
    """A winning hand with a situation that validate() accepts."""
    hand = draw(winning_hands())
    win = draw(st.sampled_from(hand.concealed))
    self_drawn = draw(st.booleans())
    flags = {}
    if hand.concealed.count(win) == 1 and draw(st.booleans()):
        flags["last_tile"] = True
    extra = draw(st.sampled_from(["none", "none", "wall", "replacement", "robbing"]))
    if extra == "wall":
        flags["last_wall_tile"] = True
    elif extra == "replacement" and self_drawn and hand.kongs:
        flags["replacement_tile"] = True
    elif extra == "robbing" and not self_drawn and hand.counts()[win] == 1:
        flags["robbing_kong"] = True
    situation = Situation(
        win=win, self_drawn=self_drawn,
        seat_wind=draw(st.sampled_from("ESWN")), prevalent_wind=draw(st.sampled_from("ESWN")),
        flowers=draw(st.integers(0, 8)), **flags,
    )
    validate(hand, situation)  # the construction above only makes valid situations
    return hand, situation


@st.composite
def hands_to_advise(draw, tiles: int = 14) -> tuple[Hand, Situation]:
    """A winning hand with one concealed tile swapped for another (never a fifth copy): 14 tiles
    about to discard; tiles=13: one more concealed tile taken out. With winds and how a win comes."""
    hand = draw(winning_hands())
    concealed = list(hand.concealed)
    out = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    held = Hand(hand.melds, tuple(concealed)).counts()
    concealed.append(draw(st.sampled_from([t for t in range(34) if held[t] < 4 and t != out] or [out])))
    if tiles == 13:
        concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    situation = Situation(win=concealed[0], self_drawn=draw(st.booleans()),
                          seat_wind=draw(st.sampled_from("ESWN")), prevalent_wind=draw(st.sampled_from("ESWN")))
    return Hand(hand.melds, tuple(sorted(concealed))), situation

# Anything a JSON body can hold, nested a few levels, with the values that break parsers:
# huge and negative numbers, Unicode digits, booleans where numbers go, near-miss words.
_JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**100), max_value=10**100), st.floats(allow_nan=False),
    st.sampled_from(["", "E", "5s", "５s", "①", "²", "10", "9" * 30, "discard", "win", "pass", "wmo", "china1998"]),
    st.text(max_size=8),
)
json_values = st.recursive(
    _JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
table_move_like = st.fixed_dictionaries(
    {"seat": st.one_of(st.sampled_from(["E", "S", "W", "N"]), json_values),
     "action": st.one_of(st.sampled_from(["discard", "kong", "pung", "chow", "win", "pass", "draw"]), json_values)},
    optional={"tile": st.one_of(st.sampled_from(["5s", "E", "C", "0m", "5z"]), json_values), "extra": json_values},
)
table_records = st.fixed_dictionaries(
    {},
    optional={"rules": st.one_of(st.sampled_from(["wmo", "china1998"]), json_values),
              "seed": st.one_of(st.integers(min_value=-5, max_value=2**60), json_values),
              "level": st.one_of(st.integers(min_value=0, max_value=4), json_values),
              "hand": st.one_of(st.integers(min_value=-1, max_value=17), json_values),
              "moves": st.one_of(st.lists(table_move_like, max_size=5), json_values),
              "other": json_values},
)
