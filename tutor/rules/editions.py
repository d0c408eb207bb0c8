"""The rule editions, and where they differ, as data.

`EDITIONS` is the one list of edition keys, the default first (`DEFAULT_EDITION` names it:
write that, not `EDITIONS[0]`); `EDITION_RULES` maps each key to its Edition record, and
EDITIONS is read off it, so the two cannot disagree.

Points per edition live in the fan table (tutor.rules.fans). This module holds the rest:
fans that one edition says never combine and the other allows, and the few situations that
an edition scores by a rule of its own. Fans are named by slug; tutor.rules.fans checks every
slug here when it loads. The rulings page (content/rulings.md) gives the text each entry
rests on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

WMO = "wmo"
CHINA1998 = "china1998"
DEFAULT_EDITION = WMO

# The special forms after which the 1998 reading (as PyMahjongGB implements it) drops
# Fully Concealed Hand, leaving Self-Drawn; the WMO Green Book lets them combine.
SPECIAL_CONCEALED_FORMS = (
    "nine-gates", "seven-shifted-pairs", "thirteen-orphans", "four-concealed-pungs", "seven-pairs",
    "greater-honors-and-knitted-tiles", "lesser-honors-and-knitted-tiles",
)


@dataclass(frozen=True)
class Edition:
    key: str
    title: str
    # fan -> more fans it implies in this edition only (slugs)
    extra_implies: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # fan -> (per-set fan, how many occurrences of it the fan absorbs); None means all
    absorbs_some: Mapping[str, tuple[str, int | None]] = field(default_factory=dict)
    # points for one melded plus one concealed kong, scored under Two Melded Kongs
    mixed_kongs_points: int = 6


EDITION_RULES: dict[str, Edition] = {
    WMO: Edition(
        key=WMO,
        title="World Mahjong Organization (Green Book 2006, 2014 clarifications)",
        extra_implies={},
        # The Green Book: Nine Gates does not also score Pung of Terminals or Honors.
        absorbs_some={"nine-gates": ("pung-of-terminals-or-honors", None)},
        mixed_kongs_points=6,
    ),
    CHINA1998: Edition(
        key=CHINA1998,
        title="Chinese competition rules, 1998",
        extra_implies={
            "all-green": ("half-flush",),  # All Green does not also score Half Flush
            "all-terminals": ("double-pung",),  # All Terminals does not also score Double Pung
            "four-kongs": ("two-concealed-kongs", "concealed-kong"),  # no concealed-kong fans on top
            "three-kongs": ("two-concealed-kongs", "concealed-kong"),  # likewise
            **{form: ("fully-concealed-hand",) for form in SPECIAL_CONCEALED_FORMS},
        },
        # Nine Gates holds a pung of 1s and one of 9s; the 1998 reading drops only one of them.
        absorbs_some={"nine-gates": ("pung-of-terminals-or-honors", 1)},
        mixed_kongs_points=5,
    ),
}

EDITIONS: tuple[str, ...] = tuple(EDITION_RULES)

if EDITIONS[0] != DEFAULT_EDITION:
    raise ValueError("EDITION_RULES must list the default edition first")
