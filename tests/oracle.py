"""PyMahjongGB as a test-only oracle for the china1998 edition.

Translates a tutor hand and situation into MahjongGB's call and its answer back into
fan ids. Never imported by the tutor package.
"""

from __future__ import annotations

from collections import Counter

import MahjongGB

from tutor.rules.engine import Situation
from tutor.rules.notation import Hand

_SUIT_CODES = ("W", "B", "T")  # characters, dots, bamboo
_HONOR_CODES = ("F1", "F2", "F3", "F4", "J1", "J2", "J3")  # E S W N, red green white

# PyMahjongGB's English names -> tutor fan ids.
NAME_TO_ID = {
    "Big Four Winds": 1, "Big Three Dragons": 2, "All Green": 3, "Nine Gates": 4, "Four Kongs": 5,
    "Seven Shifted Pairs": 6, "Thirteen Orphans": 7, "All Terminals": 8, "Little Four Winds": 9,
    "Little Three Dragons": 10, "All Honors": 11, "Four Concealed Pungs": 12, "Pure Terminal Chows": 13,
    "Quadruple Chow": 14, "Four Pure Shifted Pungs": 15, "Four Pure Shifted Chows": 16, "Three Kongs": 17,
    "All Terminals and Honors": 18, "Seven Pairs": 19, "Greater Honors and Knitted Tiles": 20,
    "All Even Pungs": 21, "Full Flush": 22, "Pure Triple Chow": 23, "Pure Shifted Pungs": 24,
    "Upper Tiles": 25, "Middle Tiles": 26, "Lower Tiles": 27, "Pure Straight": 28,
    "Three-Suited Terminal Chows": 29, "Pure Shifted Chows": 30, "All Fives": 31, "All Five": 31, "Triple Pung": 32,
    "Three Concealed Pungs": 33, "Lesser Honors and Knitted Tiles": 34, "Knitted Straight": 35,
    "Upper Four": 36, "Lower Four": 37, "Big Three Winds": 38, "Mixed Straight": 39, "Reversible Tiles": 40,
    "Mixed Triple Chow": 41, "Mixed Shifted Pungs": 42, "Chicken Hand": 43, "Last Tile Draw": 44,
    "Last Tile Claim": 45, "Out with Replacement Tile": 46, "Robbing The Kong": 47, "Robbing the Kong": 47,
    "All Pungs": 48, "Half Flush": 49, "Mixed Shifted Chows": 50, "All Types": 51, "Melded Hand": 52,
    "Two Concealed Kongs": 53, "Two Dragon Pungs": 54, "Two Dragons Pungs": 54, "Outside Hand": 55,
    "Fully Concealed Hand": 56, "Two Melded Kongs": 57, "Last Tile": 58, "Dragon Pung": 59,
    "Prevalent Wind": 60, "Seat Wind": 61, "Concealed Hand": 62, "All Chows": 63, "Tile Hog": 64,
    "Double Pung": 65, "Two Concealed Pungs": 66, "Concealed Kong": 67, "All Simples": 68,
    "Pure Double Chow": 69, "Mixed Double Chow": 70, "Short Straight": 71, "Two Terminal Chows": 72,
    "Pung of Terminals or Honors": 73, "Melded Kong": 74, "One Voided Suit": 75, "No Honors": 76,
    "Edge Wait": 77, "Closed Wait": 78, "Single Wait": 79, "Self-Drawn": 80, "Flower Tiles": 81,
    # PyMahjongGB's own name for one melded plus one concealed kong; tutor records it under 57.
    "Concealed Kong and Melded Kong": 57,
}


def gb_tile(t: int) -> str:
    if t < 27:
        return f"{_SUIT_CODES[t // 9]}{t % 9 + 1}"
    return _HONOR_CODES[t - 27]


def gb_call(hand: Hand, situation: Situation) -> tuple:
    packs = []
    for meld in hand.melds:
        if meld.kind == "chow":
            packs.append(("CHI", gb_tile(meld.tile + 1), 1))
        elif meld.kind == "pung":
            packs.append(("PENG", gb_tile(meld.tile), 1))
        else:
            packs.append(("GANG", gb_tile(meld.tile), 0 if meld.concealed else 1))
    standing = list(hand.concealed)
    standing.remove(situation.win)
    winds = "ESWN"
    return (
        tuple(packs),
        tuple(gb_tile(t) for t in standing),
        gb_tile(situation.win),
        situation.flowers,
        situation.self_drawn,
        situation.last_tile or situation.robbing_kong,
        situation.replacement_tile or situation.robbing_kong,
        situation.last_wall_tile,
        winds.index(situation.seat_wind),
        winds.index(situation.prevalent_wind),
    )


def gb_fans(hand: Hand, situation: Situation) -> Counter:
    """Fan id -> count, as PyMahjongGB scores the hand; raises TypeError where it refuses."""
    answer = MahjongGB.MahjongFanCalculator(*gb_call(hand, situation), True)
    out: Counter = Counter()
    for _points, count, _chinese, english in answer:
        out[NAME_TO_ID[english]] += count
    return out


def gb_total(hand: Hand, situation: Situation) -> int:
    answer = MahjongGB.MahjongFanCalculator(*gb_call(hand, situation), True)
    return sum(points * count for points, count, _c, _e in answer)
