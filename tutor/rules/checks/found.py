"""What the checks of every family answer with: occurrences of the whole hand or of the winning
tile (made once and shared: an Occurrence never changes), and the words of a few reasons."""

from __future__ import annotations

from functools import lru_cache

from tutor.rules.divisions import HONORS_KNITTED, KNITTED_STRAIGHT, SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from tutor.rules.notation import format_tiles
from tutor.rules.reading import WHOLE_HAND, Miss, Occurrence, View

SPECIAL_FORM_NAMES = {
    SEVEN_PAIRS: "seven pairs",
    THIRTEEN_ORPHANS: "thirteen orphans",
    HONORS_KNITTED: "honors and knitted tiles",
    KNITTED_STRAIGHT: "a knitted straight with a set and a pair",
    STANDARD: "four sets and a pair",
}


def whole(view: View, detail: str) -> list[Occurrence]:
    """One occurrence that covers the whole hand. It depends only on the words and the number of
    sets (its tiles are WHOLE_HAND), so each is made once and shared: an Occurrence never changes."""
    by_sets = _WHOLE.get(detail)
    if by_sets is None:
        by_sets = _WHOLE[detail] = tuple(Occurrence(WHOLE_HAND, detail, frozenset(range(n))) for n in range(5))
    return [by_sets[len(view.sets)]]


# The words of a whole-hand fan -> its occurrence in a reading of 0 to 4 sets. Bounded: the
# details of the whole-hand fans are few.
_WHOLE: dict[str, tuple[Occurrence, ...]] = {}


def tile_list(tiles) -> str:
    return format_tiles(sorted(set(tiles)))


def needs_standard(view: View) -> Miss | None:
    if view.form != STANDARD:
        return Miss(f"needs four sets and a pair; this reading is {SPECIAL_FORM_NAMES[view.form]}")
    return None


@lru_cache(maxsize=1 << 9)  # bounded: 34 tiles times the words of the fans of the winning tile
def won_on(win: int, detail: str) -> Occurrence:
    """The occurrence of a fan of the winning tile alone: it depends on the tile and the words
    only, so each is made once and shared (an Occurrence never changes)."""
    return Occurrence((win,), detail)
