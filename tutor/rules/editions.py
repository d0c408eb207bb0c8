"""Where the two rule editions differ, as data.

Points per edition live in the fan table (tutor.rules.fans). This module holds the rest:
fans that one edition says never combine and the other allows, and the few
situations that an edition scores by a rule of its own. The rulings page
(content/rulings.md) gives the text each entry rests on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.rules.fans import CHINA1998, WMO

# The special forms after which the 1998 reading (as PyMahjongGB implements it) drops
# Fully Concealed Hand, leaving Self-Drawn; the WMO Green Book lets them combine.
SPECIAL_CONCEALED_FORMS = (4, 6, 7, 12, 19, 20, 34)


@dataclass(frozen=True)
class Edition:
    key: str
    title: str
    # fan -> more fans it implies in this edition only
    extra_implies: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # fan -> (per-set fan, how many occurrences of it the fan absorbs); None means all
    absorbs_some: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    # points for one melded plus one concealed kong, scored under Two Melded Kongs
    mixed_kongs_points: int = 6


EDITIONS: dict[str, Edition] = {
    WMO: Edition(
        key=WMO,
        title="World Mahjong Organization (Green Book 2006, 2014 clarifications)",
        extra_implies={},
        # The Green Book: Nine Gates does not also score Pung of Terminals or Honors.
        absorbs_some={4: (73, None)},
        mixed_kongs_points=6,
    ),
    CHINA1998: Edition(
        key=CHINA1998,
        title="Chinese competition rules, 1998",
        extra_implies={
            3: (49,),  # All Green does not also score Half Flush
            8: (65,),  # All Terminals does not also score Double Pung
            5: (53, 67),  # Four Kongs: no concealed-kong fans on top
            17: (53, 67),  # Three Kongs: likewise
            **{form: (56,) for form in SPECIAL_CONCEALED_FORMS},
        },
        # Nine Gates holds a pung of 1s and one of 9s; the 1998 reading drops only one of them.
        absorbs_some={4: (73, 1)},
        mixed_kongs_points=5,
    ),
}


def edition(key: str) -> Edition:
    return EDITIONS[key]
