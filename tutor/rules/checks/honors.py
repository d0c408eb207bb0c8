"""The checks of the honor fans: wind and dragon pungs, All Honors."""

from __future__ import annotations

from tutor.rules import tiles as T
from tutor.rules.checks.found import tile_list, whole
from tutor.rules.checks.gates import DRAGON_PUNG, NO_SUITS, THREE_WIND_PUNGS, TWO_DRAGON_PUNGS, WIND_PUNG, check
from tutor.rules.reading import Found, Miss, Occurrence, View


def _pungs_of(view: View, tiles) -> list[int]:
    return [i for i in view.pungs if view.sets[i].tile in tiles]


def _honor_pungs_fan(view: View, pungs: list[int], least: int, what: str, pair_of=None):
    """Pungs of winds or dragons, at least `least` of them (and, for the 'little' fans,
    the pair of the one missing). `what` names them: 'pungs of three winds'."""
    has_pair = pair_of is None or (view.pair is not None and pair_of(view.pair.tile))
    if len(pungs) >= least and has_pair:
        tiles = view.set_tiles(pungs) + (view.pair.tiles if pair_of else ())
        return [Occurrence(tiles, what, frozenset(pungs))]
    return Miss(build=lambda: f"needs {what}; this hand has {len(pungs)} such pungs" + (
        "" if has_pair else " and no such pair"
    ))


@check("big-four-winds", when=THREE_WIND_PUNGS)
def big_four_winds(view: View) -> Found:
    return _honor_pungs_fan(view, view.wind_pungs, 4, "pungs of all four winds")


@check("big-three-dragons", when=TWO_DRAGON_PUNGS)
def big_three_dragons(view: View) -> Found:
    return _honor_pungs_fan(view, view.dragon_pungs, 3, "pungs of all three dragons")


@check("little-four-winds", when=THREE_WIND_PUNGS)
def little_four_winds(view: View) -> Found:
    if len(view.wind_pungs) == 4:
        return Miss("needs exactly three wind pungs; with four it is Big Four Winds")
    return _honor_pungs_fan(view, view.wind_pungs, 3, "pungs of three winds and a pair of the fourth", T.is_wind)


@check("little-three-dragons", when=TWO_DRAGON_PUNGS)
def little_three_dragons(view: View) -> Found:
    if len(view.dragon_pungs) == 3:
        return Miss("needs exactly two dragon pungs; with three it is Big Three Dragons")
    return _honor_pungs_fan(view, view.dragon_pungs, 2, "pungs of two dragons and a pair of the third", T.is_dragon)


@check("big-three-winds", when=THREE_WIND_PUNGS)
def big_three_winds(view: View) -> Found:
    return _honor_pungs_fan(view, view.wind_pungs, 3, "pungs of three winds")


@check("two-dragon-pungs", when=TWO_DRAGON_PUNGS)
def two_dragon_pungs(view: View) -> Found:
    return _honor_pungs_fan(view, view.dragon_pungs, 2, "pungs of two dragons")


@check("dragon-pung", when=DRAGON_PUNG)
def dragon_pung(view: View) -> Found:
    dragons = view.dragon_pungs
    if dragons:
        return [
            Occurrence(view.sets[i].tiles, f"a pung of the {T.name(view.sets[i].tile)}", frozenset([i]))
            for i in dragons
        ]
    return Miss("needs a pung or kong of a dragon (C, F or P)")


def _wind_pung(view: View, wind: int, label: str):
    found = _pungs_of(view, (wind,))
    if found:
        i = found[0]
        return [Occurrence(view.sets[i].tiles, f"a pung of the {label}, {T.name(wind)}", frozenset([i]))]
    return Miss(f"needs a pung or kong of the {label}, {T.name(wind)} ({T.code(wind)})")


@check("prevalent-wind", when=WIND_PUNG)
def prevalent_wind(view: View) -> Found:
    return _wind_pung(view, view.prevalent_wind, "prevalent wind")


@check("seat-wind", when=WIND_PUNG)
def seat_wind(view: View) -> Found:
    return _wind_pung(view, view.seat_wind, "seat wind")


@check("all-honors", when=NO_SUITS)
def all_honors(view: View) -> Found:
    if not view.suits:
        return whole(view, "every tile is a wind or a dragon")
    return Miss(build=lambda: f"needs winds and dragons only; this hand has {tile_list(t for t in view.tiles if t < 27)}")

