"""Does a hand win, and which tiles was it waiting on? Fast answers without listing divisions.

The standard form is tested suit by suit (a suit either splits into sets, or into sets and
one pair); the special forms are asked of the recognisers in tutor.rules.divisions, the same
ones that make the special divisions. Properties in tests/test_properties.py hold these to
the slow answers: `is_winning` is "has a division", and the waits are every tile of the 34
that makes a winning hand.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from operator import itemgetter

from tutor.rules import tiles as T
from tutor.rules.divisions import (
    KNITTED_PATTERNS,
    KNITTED_SETS,
    TERMINALS_AND_HONORS,
    concealed_counts,
    honors_knitted,
    knitted_straight_rest,
    seven_pairs,
    thirteen_orphans,
)
from tutor.rules.notation import Hand

_TERMINALS_AND_HONORS = frozenset(TERMINALS_AND_HONORS)
_HONORS = frozenset(T.HONORS)


def _suit_splits_into_sets(ranks) -> bool:
    """Can these nine rank counts of one suit be split into chows and pungs?

    Greedy from the lowest rank, which is exact: three tiles of a rank go into a pung
    (three equal chows hold the same tiles as three pungs), and whatever is left of a
    rank after the chows that began below it must begin that many chows."""
    before, last = 0, 0  # chows begun two ranks down and one rank down, which still need this rank
    for count in ranks:
        count -= before + last
        if count < 0:
            return False
        before, last = last, count % 3
    return before == 0 and last == 0


def _suit_splits_with_pair(ranks) -> bool:
    counts = list(ranks)
    for i in range(len(counts)):
        if counts[i] >= 2:
            counts[i] -= 2
            splits = _suit_splits_into_sets(counts)
            counts[i] += 2
            if splits:
                return True
    return False


def _shape(ranks) -> str | None:
    """How these rank counts of one suit (or of a run of it) split: 'sets', 'pair' (sets and
    one pair) or None."""
    left = sum(ranks) % 3
    if left == 0:
        return "sets" if _suit_splits_into_sets(ranks) else None
    if left == 2:
        return "pair" if _suit_splits_with_pair(ranks) else None
    return None


@lru_cache(maxsize=1 << 12)  # bounded, so a long-running worker levels off; a miss costs a few µs
def _suit_shape(ranks: tuple[int, ...]) -> str | None:
    """How one suit splits: 'sets', 'pair' (sets and one pair) or None."""
    return _shape(ranks)


def _group_shape(counts: list[int], group: int) -> str | None:
    """How one suit (0-2) or the honors (3) splits: 'sets', 'pair' (sets and one pair) or None."""
    if group < 3:
        return _suit_shape(tuple(counts[group * 9 : group * 9 + 9]))
    honors = counts[27:]
    if 1 in honors or 4 in honors:
        return None
    pairs = honors.count(2)
    return "sets" if pairs == 0 else "pair" if pairs == 1 else None


def is_standard_complete(counts: list[int]) -> bool:
    """Do these concealed counts split into sets and exactly one pair?"""
    shapes = [_group_shape(counts, g) for g in range(4)]
    return all(shapes) and shapes.count("pair") == 1


def is_winning(hand: Hand) -> bool:
    return counts_win(concealed_counts(hand), len(hand.melds))


def _wins_with_knitted_straight(counts: list[int], pattern) -> bool:
    """Do these counts hold the knitted straight `pattern`, and with it taken out, a set and a pair?"""
    rest = knitted_straight_rest(counts, pattern)
    return rest is not None and is_standard_complete(rest)


def counts_win(counts: list[int], melds: int) -> bool:
    """Do these concealed tile counts, beside this many declared sets, make a winning hand?"""
    if sum(counts) != (4 - melds) * 3 + 2:
        return False
    if is_standard_complete(counts):
        return True
    if not melds and any(recognise(counts) for recognise in (seven_pairs, thirteen_orphans, honors_knitted)):
        return True
    return melds <= 1 and any(_wins_with_knitted_straight(counts, pattern) for pattern in KNITTED_PATTERNS)


def waiting_tiles(hand: Hand, win_tile: int) -> tuple[int, ...]:
    """The tiles that would have completed the hand before the winning tile arrived.

    A tile counts even when all four copies are already in the hand, as PyMahjongGB
    counts it: the question is the shape of the wait, not what is left to draw.
    """
    return _waiting_tiles(hand.concealed, len(hand.melds), win_tile)


def only_wait(hand: Hand, win_tile: int) -> bool:
    """Was the winning tile the only tile that could complete the hand?"""
    concealed = hand.concealed
    if len(concealed) == 2 and win_tile in concealed:
        # Beside four declared sets one tile waited alone, on its pair: on itself and nothing else.
        return concealed[0] == concealed[1]
    counts = _counts_before(concealed, win_tile)
    found = _standard_waits(counts)
    if found and found != {win_tile}:
        return False  # another tile makes four sets and a pair: the special forms need not be asked
    return _add_special_waits(counts, len(hand.melds), found) == (win_tile,)


@lru_cache(maxsize=256)  # asked by the wait fans' reasons and by the result of the hand being scored
def _waiting_tiles(concealed: tuple[int, ...], melds: int, win_tile: int) -> tuple[int, ...]:
    counts = _counts_before(concealed, win_tile)
    return _add_special_waits(counts, melds, _standard_waits(counts))


def waits_of(counts: list[int], melds: int) -> tuple[int, ...]:
    """The tiles that complete these 13-tile concealed counts beside `melds` declared sets, in
    every form, counted by shape (a tile held four times is listed). Asked many times over by
    the advice on discards (tutor.practice.value), so it lists no division."""
    return _add_special_waits(counts, melds, _standard_waits(counts))


def _counts_before(concealed: tuple[int, ...], win_tile: int) -> list[int]:
    """The counts of the concealed tiles before the winning tile arrived."""
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    counts[win_tile] -= 1
    return counts


def _add_special_waits(counts: list[int], melds: int, found: set[int]) -> tuple[int, ...]:
    """Every wait, in order: the standard waits `found`, and those of the special forms."""
    # A knitted straight needs 8 of its 9 tiles beforehand, so 8 different suit tiles at least.
    if melds <= 1 and counts[:27].count(0) <= 19:
        for pattern, tiles_of in _KNITTED_GETTERS:
            if tiles_of(counts).count(0) <= 1:  # a knitted straight needs 8 of its 9 tiles beforehand
                found |= _knitted_straight_waits(counts, pattern)
    if melds == 0:
        kinds = 34 - counts.count(0)
        if kinds <= 7 or kinds >= 12:  # seven pairs, or fourteen (nearly) different tiles
            found.update(_special_waits(counts))
    return tuple(sorted(found))


_KNITTED_GETTERS = tuple((pattern, itemgetter(*pattern)) for pattern in KNITTED_PATTERNS)


def _standard_waits(counts: list[int]) -> set[int]:
    """Tiles that make four sets and a pair. Adding a tile changes one suit (or the honors)
    only, so each group says which tiles it takes to make sets, or sets and the pair."""
    groups = (
        _suit_waits(tuple(counts[0:9])), _suit_waits(tuple(counts[9:18])),
        _suit_waits(tuple(counts[18:27])), _honor_waits(tuple(counts[27:34])),
    )
    found: set[int] = set()
    for g, which in _TAKERS[groups[0][0], groups[1][0], groups[2][0], groups[3][0]]:
        tiles = groups[g][which]
        if tiles:
            found.update(map(_GROUP_BASE[g].__add__, tiles))  # a suit's waits are ranks, the honors' are tiles
    return found


def _takers(shapes: tuple[str | None, ...]) -> tuple[tuple[int, int], ...]:
    """Which groups can take the tile, given the four groups' shapes, and which of their waits
    (1: those that leave it as sets, 2: as sets and a pair) complete the hand."""
    broken = shapes.count(None)
    if broken > 1:
        return ()  # one tile mends one group at most
    pairs = shapes.count("pair")
    out = []
    for g, shape in enumerate(shapes):
        if broken and shape is not None:
            continue  # the tile must go to the group that does not split
        pairs_elsewhere = pairs - (shape == "pair")
        if pairs_elsewhere <= 1:
            out.append((g, 1 if pairs_elsewhere == 1 else 2))
    return tuple(out)


# The groups' shapes decide alone which of them can take the tile: 81 cases, worked out once.
_TAKERS = {shapes: _takers(shapes) for shapes in product(("sets", "pair", None), repeat=4)}
_GROUP_BASE = (0, 9, 18, 0)


@lru_cache(maxsize=1 << 12)  # bounded, so a long-running worker levels off
def _suit_waits(ranks: tuple[int, ...]) -> tuple[str | None, tuple[int, ...], tuple[int, ...]]:
    """One suit's shape now, the ranks (0-8) that leave it as sets, and those that leave it
    as sets and a pair. Keyed by the ranks alone, so the three suits share their shapes.

    No set takes a rank that is not held, so a suit splits part by part (a part: ranks held
    with gaps of one empty rank at most), and a tile added changes only the part it joins:
    two empty ranks at least lie between parts. Each part's waits are kept on their own
    (_part_waits), since a part recurs far more often than a whole suit does."""
    parts = []  # (first rank, waits) of each part
    i = 0
    while i < 9:
        if ranks[i]:
            j = i + 1
            while j < 9 and (ranks[j] or (j < 8 and ranks[j + 1])):
                j += 1
            parts.append((i, _part_waits(ranks[i:j], i > 0, j < 9)))
            i = j
        else:
            i += 1
    shapes = [shape for _, (shape, _, _) in parts]
    to_sets: list[int] = []
    to_pair: list[int] = []
    for k, (first, (_, part_sets, part_pair)) in enumerate(parts):
        others = shapes[:k] + shapes[k + 1 :]
        if None in others:
            continue  # a tile mends one part at most
        pairs = others.count("pair")
        if pairs == 0:
            to_sets += [first + r for r in part_sets]
            to_pair += [first + r for r in part_pair]
        elif pairs == 1:  # the pair is elsewhere: this part must become sets
            to_pair += [first + r for r in part_sets]
    return _joined_shape(shapes), tuple(sorted(to_sets)), tuple(sorted(to_pair))


@lru_cache(maxsize=1 << 12)  # bounded; parts are short and recur, far fewer than suits
def _part_waits(part: tuple[int, ...], room_before: bool, room_after: bool) -> tuple[str | None, tuple[int, ...], tuple[int, ...]]:
    """One part's shape now, and the places of the tiles that leave it as sets, and as sets and
    a pair: 0 is its first rank, -1 the empty rank before it and len(part) the one after (each
    only where the suit has room)."""
    padded = [0, *part, 0]  # the empty ranks either side split as nothing
    to_sets, to_pair = [], []
    for r in range(-1 if room_before else 0, len(part) + 1 if room_after else len(part)):
        padded[r + 1] += 1
        shape = _shape(padded)
        padded[r + 1] -= 1
        if shape == "sets":
            to_sets.append(r)
        elif shape == "pair":
            to_pair.append(r)
    return _shape(part), tuple(to_sets), tuple(to_pair)


def _joined_shape(shapes: list[str | None]) -> str | None:
    """The shape of a suit from the shapes of its runs: all sets, or sets and one pair."""
    if None in shapes:
        return None
    pairs = shapes.count("pair")
    return "sets" if pairs == 0 else "pair" if pairs == 1 else None


@lru_cache(maxsize=1 << 10)  # bounded; far fewer honor shapes occur
def _honor_waits(honors: tuple[int, ...]) -> tuple[str | None, tuple[int, ...], tuple[int, ...]]:
    """As _suit_waits, for the seven honors (which make pungs and pairs only)."""
    counts = [0] * 27 + list(honors)
    to_sets, to_pair = _honor_completions(counts)
    return _group_shape(counts, 3), to_sets, to_pair


def _honor_completions(counts: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tiles that, added to the honors (group 3), leave them as sets, and as sets and a pair."""
    honors = counts[27:]
    if any(c not in (0, 2, 3) for c in honors):
        # Only a single honor (or a fourth one) can be mended, by the one tile that makes it a pair (or a pung).
        bad = [i for i, c in enumerate(honors) if c not in (0, 2, 3)]
        if len(bad) != 1 or honors[bad[0]] != 1:
            return (), ()
        # a single honor becomes the pair, if there is no other
        return ((), (27 + bad[0],)) if honors.count(2) == 0 else ((), ())
    # Every honor is 0, 2 or 3: a 2 becomes a pung, a 0 a single (never complete), a 3 a kong's worth (never).
    pairs = honors.count(2)
    to_sets = tuple(27 + i for i, c in enumerate(honors) if c == 2) if pairs == 1 else ()
    to_pair = tuple(27 + i for i, c in enumerate(honors) if c == 2) if pairs == 2 else ()
    return to_sets, to_pair


def _knitted_straight_waits(counts: list[int], pattern: tuple[int, ...]) -> set[int]:
    found: set[int] = set()
    missing = [t for t in pattern if not counts[t]]
    if missing:
        for candidate in missing:
            counts[candidate] += 1
            if _wins_with_knitted_straight(counts, pattern):
                found.add(candidate)
            counts[candidate] -= 1
        return found
    # All nine tiles held: whichever tile comes, the same nine come out as the straight, so the
    # tile must make the rest (four tiles, or one beside a claimed set) into sets and a pair. Such
    # a tile joins a tile of the rest in a pair, pung or chow, so it is one of the rest's
    # neighbours: asked of those alone, not of every held tile's and the nine's.
    rest = knitted_straight_rest(counts, pattern)
    for candidate in _standard_candidates(rest):
        rest[candidate] += 1
        if is_standard_complete(rest):
            found.add(candidate)
        rest[candidate] -= 1
    return found


_KNITTED_WITH_HONORS = tuple(pattern | _HONORS for pattern in KNITTED_SETS)  # what honors and knitted tiles may hold


def _special_waits(counts: list[int]):
    """The tiles that make thirteen concealed tiles into seven pairs, thirteen orphans or
    honors and knitted tiles. Each form's waits follow from the counts alone (a set operation
    or two), as tests/test_properties.py checks against trying every tile on the recognisers."""
    if counts.count(0) >= 34 - 7:  # seven pairs: the single tile pairs up
        singles, threes = counts.count(1), counts.count(3)
        if singles + threes == 1:
            # Every other count is even (a pair, or two), so this tile makes seven pairs:
            # the recognisers need not be asked.
            yield counts.index(1 if singles else 3)
        return
    kinds = {t for t in range(34) if counts[t]}
    if len(kinds) < 12 or sum(counts) != 13:
        return  # thirteen orphans and honors and knitted tiles are fourteen (nearly) different tiles
    # Twelve kinds at least among thirteen tiles: at most one pair, so never seven pairs.
    if kinds <= _TERMINALS_AND_HONORS:
        # Thirteen orphans: the missing kind, or, when all thirteen are held, any of them (the pair).
        yield from (_TERMINALS_AND_HONORS - kinds) or _TERMINALS_AND_HONORS
    if len(kinds) == 13:
        # Honors and knitted tiles are fourteen kinds of one knitted set and the honors: any kind of
        # that set not yet held. (Twelve kinds and a pair can never become fourteen.)
        for tiles in _KNITTED_WITH_HONORS:
            if kinds <= tiles:
                yield from tiles - kinds


def _standard_candidates(counts: list[int]) -> set[int]:
    """Tiles that could complete four sets and a pair: each held tile and its neighbours."""
    out: set[int] = set()
    for t in range(34):
        if counts[t]:
            out.update(_NEIGHBOURS[t])
    return out


# A suit tile's neighbours within two ranks in its suit; an honor is its own only neighbour.
_NEIGHBOURS = tuple(
    (t,) if t >= 27 else tuple(range(max(t - t % 9, t - 2), min(t - t % 9 + 8, t + 2) + 1)) for t in range(34)
)
