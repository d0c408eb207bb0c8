"""One reading of a hand as the checks see it, and what a check answers.

A `View` is one division of the hand (tutor.rules.divisions) together with the hand and
how it was won. It is frozen: what it holds is set once. The facts that the shape of
every reading reads (its chows and pungs, the role of the winning tile ...) are found when
it is made; the others (its concealed pungs, its kongs ...) are cached properties, worked
out the first time a check asks and kept for the other checks. Facts shared by
every reading of one hand (the tiles, their suits, the waits) are worked out once per
hand, in `HandFacts`.

A check answers with a non-empty list of `Occurrence` (one per time the fan occurs) or
with a `Miss`, which is false and carries the reason; a reason that costs something to
write is built only when someone reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import NamedTuple

from tutor.rules import tiles as T
from tutor.rules.divisions import SET_TEXT, SET_TILES, Division, Group
from tutor.rules.lazy import cached
from tutor.rules.situation import Situation
from tutor.rules.waits import only_wait, waiting_tiles


class Occurrence(NamedTuple):
    """One occurrence of a fan: the tiles that make it, the sets it uses, in words.

    Most readings scored are not the one shown, so what costs time to write is left to
    View.tiles_of and View.detail_of, asked only for the fans an answer shows: `tiles` None
    stands for the tiles of the sets, WHOLE_HAND for every tile of the hand, and "{sets}" in
    `detail` for the sets in notation.
    """

    tiles: tuple[int, ...] | None
    detail: str
    sets: frozenset[int] = frozenset()  # indices into View.sets


class Miss:
    """A fan that does not occur, and why: `Miss("needs ...")`, or `Miss(build=fn)` when the
    sentence costs time to write (fn is called, once, only if the reason is read)."""

    __slots__ = ("_build", "_text")

    def __init__(self, text: str = "", build: Callable[[], str] | None = None) -> None:
        self._text = text
        self._build = build

    def __bool__(self) -> bool:
        return False

    @property
    def reason(self) -> str:
        if self._build is not None:
            self._text, self._build = self._build(), None
        return self._text

    def __repr__(self) -> str:
        return f"Miss({self.reason!r})"


Found = list[Occurrence] | Miss  # what a check returns

# Occurrence.tiles of a fan of the whole hand: a tuple of its own, told apart by identity, so that
# one Occurrence serves every hand (tutor.rules.checks.found.whole).
WHOLE_HAND: tuple[int, ...] = tuple([-1])

_HONORS = frozenset(T.HONORS)
_ALL_SETS = tuple(frozenset(range(n)) for n in range(5))  # the indices of every set of a reading, by how many it has
# Each choice of a reading's sets (Occurrence.sets: a reading has at most four) -> its indices in
# order: looked up, because sorted() on a frozenset costs more than the rest of what shows the sets.
_IN_ORDER = {frozenset(c): c for n in range(5) for c in combinations(range(4), n)}


def _in_order(indices) -> tuple[int, ...] | list[int]:
    """Indices of a reading's sets in order: an Occurrence's frozenset looked up, others sorted."""
    return _IN_ORDER[indices] if type(indices) is frozenset else sorted(indices)


class HandFacts:
    """The hand and how it was won: the facts that every reading of it shares."""

    def __init__(self, hand, situation: Situation, edition: str) -> None:
        tiles = hand.all_tiles
        distinct = frozenset(tiles)
        suits = {t // 9 for t in distinct}
        suits.discard(3)  # the honors: 27-33 // 9
        self.hand = hand
        self.situation = situation
        # What each View holds besides its division (see View.__init__).
        self.shared = {
            "facts": self,
            "hand": hand,
            "edition": edition,
            "win": situation.win,
            "self_drawn": situation.self_drawn,
            "seat_wind": T.WIND_BY_LETTER[situation.seat_wind],
            "prevalent_wind": T.WIND_BY_LETTER[situation.prevalent_wind],
            "flowers": situation.flowers,
            "last_tile": situation.last_tile,
            "last_wall_tile": situation.last_wall_tile,
            "replacement_tile": situation.replacement_tile,
            "robbing_kong": situation.robbing_kong,
            "tiles": tiles,
            "distinct": distinct,
            "suits": suits,
            "honors": distinct & _HONORS,  # a set operation, at C speed: no loop over the tiles
            "counts": hand.tile_counts,
        }

    @cached
    def waits(self) -> tuple[int, ...]:
        """The tiles the hand waited on before the winning tile."""
        return waiting_tiles(self.hand, self.situation.win)

    @cached
    def only_wait(self) -> bool:
        """Was the winning tile the only one that could complete the hand?"""
        return only_wait(self.hand, self.situation.win)


class View:
    """One reading of a hand: a division, with the hand and how it was won.

    Attributes set once: division, sets, pair, form, and from HandFacts: facts, hand,
    edition, win, self_drawn, seat_wind and prevalent_wind (tiles), flowers, the other
    situation flags, tiles (all, sorted), distinct, suits (0-2 present), honors, counts
    (34 slots); and what the shape of every reading needs (tutor.rules.checks): chows,
    pungs, wind_pungs, dragon_pungs and concealed_pungs (indices into sets), win_role;
    open_melds (the claimed sets) and kongs (Groups); scratch. The rest are cached properties.
    """

    def __init__(self, facts: HandFacts, division: Division) -> None:
        d = self.__dict__
        d.update(facts.shared)
        sets = division.sets
        pair = division.pair
        d["division"] = division
        # Room for facts that checks work out once per reading (tutor.rules.checks keeps its
        # combinations of sets here); every reading uses it, so it is made here, not on first use.
        d["scratch"] = {}
        d["sets"] = sets
        d["pair"] = pair
        d["form"] = division.form
        # One pass over the sets for the facts that the shape of every reading reads, and for
        # the claimed sets and the kongs, which most readings are asked about.
        chows: list[int] = []
        pungs: list[int] = []
        winds: list[int] = []
        dragons: list[int] = []
        # Pungs and kongs not claimed, nor completed by the winning discard (only a pung of the
        # winning tile can have been).
        concealed: list[int] = []
        claimed: list[Group] = []
        kongs: list[Group] = []
        win = d["win"]
        edge = closed = False  # what the winning tile could complete in a concealed chow
        for i, g in enumerate(sets):
            kind, tile, is_open, declared = g
            if is_open and declared:
                claimed.append(g)
            if kind == "chow":
                chows.append(i)
                if declared:
                    continue
                if win == tile + 1:
                    closed = True
                elif (win == tile + 2 and tile % 9 == 0) or (win == tile and tile % 9 == 6):
                    edge = True
            else:
                pungs.append(i)
                if kind == "kong":
                    kongs.append(g)
                if not is_open and (tile != win or not self._won_by_discard(i)):
                    concealed.append(i)
                if tile >= 31:
                    dragons.append(i)
                elif tile >= 27:
                    winds.append(i)
        d["chows"] = chows
        d["pungs"] = pungs
        d["wind_pungs"] = winds
        d["dragon_pungs"] = dragons
        d["concealed_pungs"] = concealed
        d["open_melds"] = claimed
        d["kongs"] = kongs
        # The wait this reading scores when the winning tile fits several: edge, then closed, then single.
        d["win_role"] = (
            "edge" if edge else "closed" if closed else "single" if pair is not None and pair.tile == win else None
        )

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"a View is frozen: '{name}' cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a View is frozen: '{name}' cannot be removed")

    # ---------------------------------------------------------------- derived facts

    @property
    def all_sets(self) -> frozenset[int]:
        return _ALL_SETS[len(self.sets)]

    @cached
    def groups_with_pair(self) -> list[Group]:
        return list(self.sets) + ([self.pair] if self.pair is not None else [])

    @cached
    def concealed_kongs(self) -> int:
        return sum(1 for g in self.kongs if not g.open)

    @cached
    def melded_kongs(self) -> int:
        return len(self.kongs) - self.concealed_kongs

    @property
    def waits(self) -> tuple[int, ...]:
        """The tiles the hand waited on before the winning tile (worked out only when asked)."""
        return self.facts.waits

    @property
    def only_wait(self) -> bool:
        return self.facts.only_wait


    def _won_by_discard(self, index: int) -> bool:
        """Did the winning discard complete this concealed pung (making it count as melded)?

        When the winning tile could equally have completed a concealed chow or the pair,
        the player reads it that way and the pung stays concealed.
        """
        group = self.sets[index]
        if self.self_drawn or group.declared or group.tile != self.win:
            return False
        for g in self.sets:
            if g.kind == "chow" and not g.declared and g.tile <= self.win <= g.tile + 2:
                return False
        return self.pair is None or self.pair.tile != self.win

    # ---------------------------------------------------------------- words

    def set_tiles(self, indices) -> tuple[int, ...]:
        """The tiles of these sets (indices, most often an Occurrence's frozenset), set by set in order."""
        sets = self.sets
        out: list[int] = []
        for i in _in_order(indices):
            out += SET_TILES[sets[i]]
        return tuple(out)

    def show(self, indices) -> str:
        """These sets in notation, in order: '123m 456p'."""
        sets = self.sets
        words = []  # a loop: in Python 3.11 a list comprehension makes a function each call, which costs as much
        for i in _in_order(indices):
            words.append(SET_TEXT[sets[i]])
        return " ".join(words)

    def shown(self, indices) -> tuple[tuple[int, ...], str]:
        """What a fan made of these sets shows: their tiles sorted, and the sets in notation;
        tuple(sorted(set_tiles(indices))) and show(indices) in one pass."""
        sets = self.sets
        tiles: list[int] = []
        words = []
        for i in _in_order(indices):
            group = sets[i]
            tiles += SET_TILES[group]
            words.append(SET_TEXT[group])
        tiles.sort()
        return tuple(tiles), " ".join(words)

    def tiles_of(self, occurrence: Occurrence) -> tuple[int, ...]:
        tiles = occurrence.tiles
        if tiles is None:
            return self.set_tiles(occurrence.sets)
        return self.tiles if tiles is WHOLE_HAND else tiles

    def detail_of(self, occurrence: Occurrence) -> str:
        detail = occurrence.detail
        return detail.replace("{sets}", self.show(occurrence.sets)) if "{sets}" in detail else detail
