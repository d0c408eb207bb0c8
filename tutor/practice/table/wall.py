"""The 144 tiles of a table and the wall built from a seed.

A playing tile is an int 0..33 as in tutor.rules.tiles; the eight flowers and seasons are
34..41, one tile each. They never enter a hand's notation: a seat sets them aside and
draws a replacement, and the scorer only learns how many it showed.

The wall is shuffled by Python's own Mersenne Twister seeded with the record's seed, so the
same seed deals the same wall in CPython and in the browser's Pyodide. Seeds are whole
numbers from 0 to 2**53 - 1, the integers JavaScript's JSON keeps exactly: a record made in
the browser and sent to the server names the same wall.
"""

from __future__ import annotations

import random

FLOWER_TILES = tuple(range(34, 42))
FLOWER_NAMES = ("plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter")
ALL_144 = tuple(sorted([t for t in range(34) for _ in range(4)] + list(FLOWER_TILES)))
MAX_SEED = 2**53 - 1


def is_flower(tile: int) -> bool:
    return tile >= 34


def flower_name(tile: int) -> str:
    return FLOWER_NAMES[tile - 34]


def build_wall(seed: int) -> list[int]:
    """The 144 tiles in drawing order: the deal and every draw take from the front, every
    replacement (for a flower or a kong) from the back."""
    wall = list(ALL_144)
    random.Random(seed).shuffle(wall)
    return wall
