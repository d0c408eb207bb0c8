"""Shanten: how many tiles a hand is from ready, in every MCR form, and the tiles that help.

Shanten is the number of tiles still to be drawn before the hand is ready: 0 means
ready (one tile from winning), -1 a complete winning hand. It is the least over the
forms a hand can take:

    standard          four sets and a pair (declared sets count as sets)
    seven_pairs       seven pairs; four alike count as two pairs, as in the scorer
    thirteen_orphans  the thirteen terminals and honors plus a pair of one of them
    honors_knitted    fourteen different tiles from one knitted pattern and the honors
    knitted_straight  the nine tiles of 147/258/369 in three suits, a set and a pair

Only the standard form and the knitted straight (with at most one declared set) are
open to a hand with declared sets; the other forms get None.

Counting. For a hand H and any complete hand W of the form, the tiles of W missing
from H must be drawn; shanten = (least number of missing tiles) - 1. Tiles are counted
by shape, as PyMahjongGB counts them: a fifth copy of a tile counts as drawable, so a
hand such as 1111m 123s 456p 789s is ready (on a fifth 1m). Callers that want what is
really left in the wall drop the tiles held four times (tutor.rules.analysis does).

The standard form is computed group by group (each suit, then the honors): for every
group a vector of ten costs, the least tiles to add so that the group holds k sets
(k = 0..4) with or without the pair; the groups combine by a (min, +) product. A
group's vector depends only on its counts, so it is cached, and the useful tiles of a
suit are found by recombining one changed vector with the other groups' product.

Input is a 34-slot list of counts of the concealed tiles and the number of declared
sets (a kong counts as one set of three). Pure: standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from tutor.rules.divisions import (
    HONORS_KNITTED,
    KNITTED_PATTERNS,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    TERMINALS_AND_HONORS,
    THIRTEEN_ORPHANS,
)

FORMS = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT)

_HONORS = tuple(range(27, 34))
_ORPHAN_SET = frozenset(TERMINALS_AND_HONORS)
_HONOR_SET = frozenset(_HONORS)
# Per knitted pattern: its tiles, and those tiles with the seven honors (honors and knitted).
_KNITS = tuple(frozenset(p) for p in KNITTED_PATTERNS)
_KNITS_WITH_HONORS = tuple(k | _HONOR_SET for k in _KNITS)

# ---------------------------------------------------------------- group cost vectors
#
# A vector v has ten entries: v[k] for k sets and no pair, v[5 + k] for k sets and the
# pair, each the least number of tiles to add to the group to hold them (tiles of the
# group not used are discarded, so cost nothing). From nothing a set costs 3, the pair 2.

_FAR = 99
_EMPTY = tuple(3 * k for k in range(5)) + tuple(3 * k + 2 for k in range(5))


def _with_set(v: tuple[int, ...], cost: int) -> list[int]:
    """The costs when one more set is made for `cost` tiles beside the groups of v."""
    return [_FAR] + [v[k] + cost for k in range(4)] + [_FAR] + [v[5 + k] + cost for k in range(4)]


def _with_pair(v: tuple[int, ...], cost: int) -> list[int]:
    return [_FAR] * 5 + [v[k] + cost for k in range(5)]


def _best(*options) -> tuple[int, ...]:
    return tuple(map(min, *options))


@lru_cache(maxsize=1 << 16)  # bounded, so a long-running worker levels off
def _suit_vector(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The cost vector of one suit's nine rank counts (an honor is a suit of one rank).

    The lowest tile held is either discarded or goes into one group of the complete
    hand, together with the other tiles of that group that are held: a single (a set
    or the pair still to be drawn around it), two alike, a pung, a chow, or two of a
    chow. Every reading is tried, and the rest of the suit is costed the same way."""
    i = 0
    while i < 9 and not ranks[i]:
        i += 1
    if i == 9:
        return _EMPTY
    rest = list(ranks)
    rest[i] -= 1
    without = _suit_vector(tuple(rest))
    options = [without, _with_set(without, 2), _with_pair(without, 1)]
    if ranks[i] >= 2:
        rest[i] -= 1
        two = _suit_vector(tuple(rest))
        options += [_with_pair(two, 0), _with_set(two, 1)]
        if ranks[i] >= 3:
            rest[i] -= 1
            options.append(_with_set(_suit_vector(tuple(rest)), 0))
            rest[i] += 1
        rest[i] += 1
    if i <= 7 and ranks[i + 1]:
        rest[i + 1] -= 1
        if i <= 6 and ranks[i + 2]:
            rest[i + 2] -= 1
            options.append(_with_set(_suit_vector(tuple(rest)), 0))
            rest[i + 2] += 1
        options.append(_with_set(_suit_vector(tuple(rest)), 1))
        rest[i + 1] += 1
    if i <= 6 and ranks[i + 2]:
        rest[i + 2] -= 1
        options.append(_with_set(_suit_vector(tuple(rest)), 1))
    return _best(*options)


_HONOR_VECTORS = tuple(_suit_vector((c, 0, 0, 0, 0, 0, 0, 0, 0)) for c in range(6))


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The (min, +) product: the groups of a beside the groups of b."""
    out = [_FAR] * 10
    for ka in range(5):
        a0, a1 = a[ka], a[5 + ka]
        for kb in range(5 - ka):
            k = ka + kb
            b0, b1 = b[kb], b[5 + kb]
            if a0 + b0 < out[k]:
                out[k] = a0 + b0
            s = a1 + b0 if a1 + b0 < a0 + b1 else a0 + b1
            if s < out[5 + k]:
                out[5 + k] = s
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _honors_vector(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The cost vector of the honors, by their counts in any order (sorted by the caller)."""
    v = _EMPTY
    for c in counts:
        if c:
            v = _combine(v, _HONOR_VECTORS[c])
    return v


def _group_vectors(counts: list[int]) -> list[tuple[int, ...]]:
    return [
        _suit_vector(tuple(counts[0:9])),
        _suit_vector(tuple(counts[9:18])),
        _suit_vector(tuple(counts[18:27])),
        _honors_vector(tuple(sorted(counts[27:34]))),
    ]


def _others(vectors: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """For each group, the product of the other three."""
    a, b, c, d = vectors
    ab, cd = _combine(a, b), _combine(c, d)
    return [_combine(b, cd), _combine(a, cd), _combine(ab, d), _combine(ab, c)]


def _cost(v: tuple[int, ...], rest: tuple[int, ...], sets: int) -> int:
    """Tiles missing for `sets` sets and the pair, group v beside the groups of rest."""
    best = _FAR
    for k in range(sets + 1):
        s = v[k] + rest[5 + sets - k]
        if s < best:
            best = s
        s = v[5 + k] + rest[sets - k]
        if s < best:
            best = s
    return best


def _standard_missing(counts: list[int], sets: int) -> int:
    a, b, c, d = _group_vectors(counts)
    return _cost(a, _combine(_combine(b, c), d), sets)


def _standard_useful(counts: list[int], sets: int) -> tuple[int, set[int]]:
    """(missing tiles, the tiles that lower it) for `sets` sets and a pair."""
    vectors = _group_vectors(counts)
    others = _others(vectors)
    missing = _cost(vectors[0], others[0], sets)
    useful: set[int] = set()
    if missing == 0:
        return missing, useful
    for suit in range(3):
        base = suit * 9
        ranks = counts[base : base + 9]
        rest = others[suit]
        for r in range(9):
            # A tile with no held tile within two ranks only replaces a single: no gain.
            if not any(ranks[max(0, r - 2) : r + 3]):
                continue
            ranks[r] += 1
            if _cost(_suit_vector(tuple(ranks)), rest, sets) < missing:
                useful.add(base + r)
            ranks[r] -= 1
    honors = counts[27:34]
    rest = others[3]
    for h in range(7):
        if honors[h]:
            honors[h] += 1
            if _cost(_honors_vector(tuple(sorted(honors))), rest, sets) < missing:
                useful.add(27 + h)
            honors[h] -= 1
    return missing, useful


# ---------------------------------------------------------------- the special forms


def _seven_pairs(counts: list[int]) -> tuple[int, set[int]]:
    pairs = sum(c // 2 for c in counts)
    return 7 - pairs, {t for t in range(34) if counts[t] % 2}


def _thirteen_orphans(counts: list[int]) -> tuple[int, set[int]]:
    held = [t for t in TERMINALS_AND_HONORS if counts[t]]
    paired = any(counts[t] >= 2 for t in held)
    missing = 14 - len(held) - paired
    useful = _ORPHAN_SET - set(held) if paired else set(_ORPHAN_SET)
    return missing, useful


def _honors_knitted(counts: list[int]) -> tuple[int, set[int]]:
    held = {t for t in range(34) if counts[t]}
    best, useful = _FAR, set()
    for allowed in _KNITS_WITH_HONORS:
        have = held & allowed
        missing = 14 - len(have)
        if missing < best:
            best, useful = missing, set(allowed - have)
        elif missing == best:
            useful |= allowed - have
    return best, useful


def _knitted_straight(counts: list[int], melds: int, want_useful: bool) -> tuple[int, set[int]]:
    """A knitted straight, then a set and the pair from what is left (a declared set may be it)."""
    sets = 1 - melds
    best, useful = _FAR, set()
    for pattern in KNITTED_PATTERNS:
        rest = counts[:]
        absent = []
        for t in pattern:
            if rest[t]:
                rest[t] -= 1
            else:
                absent.append(t)
        if len(absent) > best:
            continue  # even a complete rest cannot beat the best pattern so far
        if want_useful:
            rest_missing, rest_useful = _standard_useful(rest, sets)
        else:
            rest_missing, rest_useful = _standard_missing(rest, sets), set()
        missing = len(absent) + rest_missing
        if missing < best:
            best, useful = missing, set(absent) | rest_useful
        elif missing == best:
            useful |= set(absent) | rest_useful
    return best, useful


# ---------------------------------------------------------------- the public functions


def _check(counts: list[int], melds: int) -> int:
    """The number of concealed tiles; ValueError unless they fit beside the declared sets."""
    if len(counts) != 34 or not 0 <= melds <= 4:
        raise ValueError("counts must have 34 slots and melds be 0 to 4")
    n = sum(counts)
    if n + 3 * melds not in (13, 14) or min(counts) < 0:
        raise ValueError(f"{n} concealed tiles beside {melds} declared sets is not a 13- or 14-tile hand")
    return n


def form_missing(counts: list[int], melds: int = 0, forms: Iterable[str] = FORMS) -> dict[str, int | None]:
    """For each form, the least number of tiles the hand lacks (None where the form is closed,
    or not among `forms`: a caller that knows a form is out of reach skips its cost)."""
    _check(counts, melds)
    forms = frozenset(forms)
    out: dict[str, int | None] = dict.fromkeys(FORMS)
    if STANDARD in forms:
        out[STANDARD] = _standard_missing(counts, 4 - melds)
    if melds == 0:
        if SEVEN_PAIRS in forms:
            out[SEVEN_PAIRS] = _seven_pairs(counts)[0]
        if THIRTEEN_ORPHANS in forms:
            out[THIRTEEN_ORPHANS] = _thirteen_orphans(counts)[0]
        if HONORS_KNITTED in forms:
            out[HONORS_KNITTED] = _honors_knitted(counts)[0]
    if melds <= 1 and KNITTED_STRAIGHT in forms:
        out[KNITTED_STRAIGHT] = _knitted_straight(counts, melds, False)[0]
    return out


def form_shanten(counts: list[int], melds: int = 0) -> dict[str, int | None]:
    """For each form, its shanten (None where the form is closed to a hand with declared sets)."""
    return {form: None if m is None else m - 1 for form, m in form_missing(counts, melds).items()}


def shanten(counts: list[int], melds: int = 0, forms: Iterable[str] = FORMS) -> int:
    """The hand's shanten: the least over its forms (over `forms` if given). -1 when the 14
    tiles already win."""
    return min(m for m in form_missing(counts, melds, forms).values() if m is not None) - 1


def form_useful(counts: list[int], melds: int = 0, forms: Iterable[str] = FORMS) -> dict[str, tuple[int | None, frozenset[int]]]:
    """For a 13-tile hand: per form, (shanten, the tiles that lower that form's shanten).

    Tiles are counted by shape (see the module docstring): a tile held four times can
    still be listed. Forms closed to the hand, or not among `forms`, get (None, frozenset())."""
    n = _check(counts, melds)
    if n + 3 * melds != 13:
        raise ValueError("useful tiles are asked of a 13-tile hand (one that waits for a draw)")
    counts = list(counts)
    forms = frozenset(forms)
    found: dict[str, tuple[int, set[int]]] = {}
    if STANDARD in forms:
        found[STANDARD] = _standard_useful(counts, 4 - melds)
    if melds == 0:
        for form, count in ((SEVEN_PAIRS, _seven_pairs), (THIRTEEN_ORPHANS, _thirteen_orphans), (HONORS_KNITTED, _honors_knitted)):
            if form in forms:
                found[form] = count(counts)
    if melds <= 1 and KNITTED_STRAIGHT in forms:
        found[KNITTED_STRAIGHT] = _knitted_straight(counts, melds, True)
    out: dict[str, tuple[int | None, frozenset[int]]] = {form: (None, frozenset()) for form in FORMS}
    for form, (missing, useful) in found.items():
        out[form] = (missing - 1, frozenset(useful))
    return out


def useful_tiles(counts: list[int], melds: int = 0, forms: Iterable[str] = FORMS) -> tuple[int, frozenset[int]]:
    """For a 13-tile hand: (shanten, the tiles that lower it), over the hand's best forms
    (among `forms` if given)."""
    by_form = form_useful(counts, melds, forms)
    best = min(s for s, _ in by_form.values() if s is not None)
    useful: set[int] = set()
    for s, tiles in by_form.values():
        if s == best:
            useful |= tiles
    return best, frozenset(useful)


def counts_of(tiles: Iterable[int]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts
