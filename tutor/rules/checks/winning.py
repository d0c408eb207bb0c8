"""The checks of how the hand was won: the winning tile, flowers, and Chicken Hand."""

from __future__ import annotations

from tutor.rules import tiles as T
from tutor.rules.checks.found import won_on
from tutor.rules.checks.gates import (
    FLOWERS,
    LAST_OF_ITS_KIND,
    LAST_TILE_CLAIMED,
    LAST_TILE_DRAWN,
    NEVER,
    REPLACEMENT_TILE,
    ROBBING_KONG,
    SELF_DRAWN,
    check,
)
from tutor.rules.reading import Found, Miss, Occurrence, View


@check("self-drawn", when=SELF_DRAWN)
def self_drawn(view: View) -> Found:
    if view.self_drawn:
        return [won_on(view.win, "won on a tile drawn from the wall")]
    return Miss("needs a winning tile drawn from the wall; this one was a discard")


@check("last-tile-draw", when=LAST_TILE_DRAWN)
def last_tile_draw(view: View) -> Found:
    if view.last_wall_tile and view.self_drawn:
        return [won_on(view.win, "won on the last tile of the wall")]
    return Miss("needs a self-drawn win on the last tile of the wall")


@check("last-tile-claim", when=LAST_TILE_CLAIMED)
def last_tile_claim(view: View) -> Found:
    if view.last_wall_tile and not view.self_drawn:
        return [won_on(view.win, "won on the discard after the wall's last tile")]
    return Miss("needs a win on the discard made after the wall's last tile was drawn")


@check("out-with-replacement-tile", when=REPLACEMENT_TILE)
def out_with_replacement_tile(view: View) -> Found:
    if view.replacement_tile:
        return [won_on(view.win, "won on the replacement tile drawn for a kong")]
    return Miss("needs a win on the replacement tile drawn after a kong")


@check("robbing-the-kong", when=ROBBING_KONG)
def robbing_the_kong(view: View) -> Found:
    if view.robbing_kong:
        return [won_on(view.win, "won on the tile another player added to a melded pung")]
    return Miss("needs a win on a tile another player adds to a melded pung to make a kong")


@check("last-tile", when=LAST_OF_ITS_KIND)
def last_tile(view: View) -> Found:
    shown_in_own_melds = sum(g.tiles.count(view.win) for g in view.open_melds)
    if view.last_tile or shown_in_own_melds == 3:
        return [Occurrence((view.win,), f"the other three {T.name(view.win)} were already shown")]
    return Miss("needs the other three copies of the winning tile to be already shown on the table")


_FLOWER = Occurrence((), "a flower or season tile")  # one per flower, all alike, so one shared


@check("flower-tiles", when=FLOWERS)
def flower_tiles(view: View) -> Found:
    if view.flowers:
        return [_FLOWER] * view.flowers
    return Miss("needs flower or season tiles")


@check("chicken-hand", when=NEVER)
def chicken_hand(view: View) -> Found:
    # Decided in the engine after every other fan: it scores only when nothing else does.
    return Miss("scores only when no other fan (flowers aside) applies")

