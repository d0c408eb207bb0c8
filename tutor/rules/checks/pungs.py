"""The checks of the fans of pungs and kongs: Pung of Terminals or Honors, the concealed pungs, the kongs and Tile Hog."""

from __future__ import annotations

from functools import lru_cache

from tutor.rules import tiles as T
from tutor.rules.checks.gates import (
    FOUR_ALIKE_NOT_A_KONG,
    FOUR_CONCEALED_PUNGS,
    FOUR_KONGS,
    ONE_CONCEALED_KONG,
    ONE_KONG,
    TERMINAL_OR_HONOR_PUNG,
    TERMINALS_OR_HONORS,
    THREE_CONCEALED_PUNGS,
    THREE_KONGS,
    TWO_CONCEALED_KONGS,
    TWO_CONCEALED_PUNGS,
    TWO_KONGS,
    check,
)
from tutor.rules.divisions import Group
from tutor.rules.reading import Found, Miss, Occurrence, View


@check("pung-of-terminals-or-honors", when=TERMINAL_OR_HONOR_PUNG)
def pung_of_terminals_or_honors(view: View) -> Found:
    sets = view.sets
    found = [_END_PUNGS[i, sets[i].kind, sets[i].tile] for i in view.pungs if sets[i].tile in TERMINALS_OR_HONORS]
    if found:
        return found
    return Miss("needs a pung or kong of 1s, 9s, winds or dragons")


# (set index, kind, tile) -> the occurrence of Pung of Terminals or Honors that set makes: it depends
# on nothing else, so each is made once and shared (an Occurrence never changes).
_END_PUNGS = {
    (i, kind, t): Occurrence(Group(kind, t).tiles, f"a pung of {T.name(t)}", frozenset([i]))
    for i in range(4) for kind in ("pung", "kong") for t in sorted(TERMINALS_OR_HONORS)
}


@lru_cache(maxsize=1 << 8)  # bounded; a few sets of indices (0-3) times three labels
def _concealed_pungs_occurrence(found: tuple[int, ...], label: str) -> Occurrence:
    """The occurrence of a concealed-pungs fan made of these sets: made once and shared."""
    return Occurrence(None, f"{label}: {{sets}}", frozenset(found))


def _concealed_pung_fan(view: View, least: int, label: str):
    found = view.concealed_pungs
    if len(found) >= least:
        return [_concealed_pungs_occurrence(tuple(found), label)]

    def reason() -> str:
        text = f"needs {least} concealed pungs or kongs; this reading has {len(found)}"
        by_discard = [i for i in view.pungs if not view.sets[i].open and i not in found]
        if by_discard:
            text += f" (the winning discard completed {view.show(by_discard)}, which then counts as melded)"
        return text

    return Miss(build=reason)


@check("four-concealed-pungs", when=FOUR_CONCEALED_PUNGS)
def four_concealed_pungs(view: View) -> Found:
    return _concealed_pung_fan(view, 4, "four concealed pungs")


@check("three-concealed-pungs", when=THREE_CONCEALED_PUNGS)
def three_concealed_pungs(view: View) -> Found:
    return _concealed_pung_fan(view, 3, "three concealed pungs")


@check("two-concealed-pungs", when=TWO_CONCEALED_PUNGS)
def two_concealed_pungs(view: View) -> Found:
    return _concealed_pung_fan(view, 2, "two concealed pungs")


def _kong_counts(view: View) -> tuple[int, int]:
    return view.melded_kongs, view.concealed_kongs


def _kong_occurrence(view: View, detail: str, concealed_only: bool = False) -> list[Occurrence]:
    idx = [i for i, g in enumerate(view.sets) if g.kind == "kong" and (not concealed_only or not g.open)]
    return [Occurrence(None, detail, frozenset(idx))]


@check("four-kongs", when=FOUR_KONGS)
def four_kongs(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded + concealed == 4:
        return _kong_occurrence(view, "four kongs")
    return Miss(build=lambda: f"needs four kongs; this hand has {melded + concealed}")


@check("three-kongs", when=THREE_KONGS)
def three_kongs(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded + concealed == 3:
        return _kong_occurrence(view, "three kongs")
    return Miss(build=lambda: f"needs three kongs; this hand has {melded + concealed}")


@check("two-melded-kongs", when=TWO_KONGS)
def two_melded_kongs(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded + concealed == 2 and melded >= 1:
        detail = "two melded kongs" if melded == 2 else "one melded and one concealed kong"
        return _kong_occurrence(view, detail)
    return Miss(build=lambda: f"needs two kongs, at least one melded; this hand has {melded} melded and {concealed} concealed")


@check("two-concealed-kongs", when=TWO_CONCEALED_KONGS)
def two_concealed_kongs(view: View) -> Found:
    _, concealed = _kong_counts(view)
    if concealed == 2:
        return _kong_occurrence(view, "two concealed kongs", concealed_only=True)
    return Miss(build=lambda: f"needs two concealed kongs; this hand has {concealed}")


@check("melded-kong", when=ONE_KONG)
def melded_kong(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded == 1 and concealed == 0:
        return _kong_occurrence(view, "one melded kong")
    return Miss(build=lambda: f"needs exactly one kong, melded; this hand has {melded} melded and {concealed} concealed")


@check("concealed-kong", when=ONE_CONCEALED_KONG)
def concealed_kong(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    # One melded plus one concealed kong is scored as a pair of kongs under Two Melded Kongs.
    if concealed == 1 and melded != 1:
        return _kong_occurrence(view, "one concealed kong", concealed_only=True)
    if concealed == 1:
        return Miss("is not counted on its own: one melded and one concealed kong score together under Two Melded Kongs")
    return Miss(build=lambda: f"needs one concealed kong; this hand has {concealed}")


@check("tile-hog", when=FOUR_ALIKE_NOT_A_KONG)
def tile_hog(view: View) -> Found:
    kong_tiles = {g.tile for g in view.kongs}
    counts = view.counts
    found = [_TILE_HOGS[t] for t in sorted(view.distinct) if counts[t] == 4 and t not in kong_tiles]
    if found:
        return found
    return Miss("needs all four copies of a tile used in sets or pairs, not as a kong")


_TILE_HOGS = tuple(Occurrence((t,) * 4, f"all four {T.name(t)} without a kong") for t in range(34))  # one per tile, shared
