"""The 34 playing tiles, their codes, names and properties.

A tile is a small int, because the scorer counts tiles in 34-slot lists many
thousands of times per hand and ints keep that cheap:

    0..8   characters 1..9 (m)      27 East   31 red dragon (C)
    9..17  dots 1..9 (p)            28 South  32 green dragon (F)
    18..26 bamboo 1..9 (s)          29 West   33 white dragon (P)
                                    30 North

Flowers and seasons are not playing tiles: a hand only records how many were shown.
"""

from __future__ import annotations

SUITS = ("m", "p", "s")
SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}
HONOR_LETTERS = ("E", "S", "W", "N", "C", "F", "P")
HONOR_NAMES = (
    "East wind",
    "South wind",
    "West wind",
    "North wind",
    "red dragon",
    "green dragon",
    "white dragon",
)

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)
HONORS = WINDS + DRAGONS
ALL_TILES = tuple(range(34))
WIND_BY_LETTER = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}

# Unicode has one character per tile face; pages use it as a text fallback.
_UNICODE_SUIT_START = {"m": 0x1F007, "p": 0x1F019, "s": 0x1F010}
_UNICODE_HONORS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F004, 0x1F005, 0x1F006)


def tile(rank: int, suit: str) -> int:
    return SUITS.index(suit) * 9 + rank - 1


def is_suited(t: int) -> bool:
    return t < 27


def is_honor(t: int) -> bool:
    return t >= 27


def is_wind(t: int) -> bool:
    return 27 <= t <= 30


def is_dragon(t: int) -> bool:
    return t >= 31


def suit_of(t: int) -> str | None:
    """'m', 'p' or 's' for a suited tile; None for an honor."""
    return SUITS[t // 9] if t < 27 else None


def suit_index(t: int) -> int:
    """0, 1, 2 for the suits; 3 for winds and 4 for dragons (used by All Types)."""
    if t < 27:
        return t // 9
    return 3 if t <= 30 else 4


def rank_of(t: int) -> int:
    """1..9 for a suited tile; 0 for an honor."""
    return t % 9 + 1 if t < 27 else 0


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


def is_terminal_or_honor(t: int) -> bool:
    return t >= 27 or t % 9 in (0, 8)


def is_simple(t: int) -> bool:
    return t < 27 and t % 9 not in (0, 8)


def code(t: int) -> str:
    """The notation of one tile: '5s', 'E', 'C'."""
    if t < 27:
        return f"{t % 9 + 1}{SUITS[t // 9]}"
    return HONOR_LETTERS[t - 27]


# Every tile's notation, looked up by the API's answer for each of the dozens of tiles it names.
CODES = tuple(code(t) for t in range(34))


def name(t: int) -> str:
    """The spoken name of a tile, used as its accessible name: '5 of bamboo', 'red dragon'."""
    if t < 27:
        return f"{t % 9 + 1} of {SUIT_NAMES[SUITS[t // 9]]}"
    return HONOR_NAMES[t - 27]


def unicode_char(t: int) -> str:
    if t < 27:
        return chr(_UNICODE_SUIT_START[SUITS[t // 9]] + t % 9)
    return chr(_UNICODE_HONORS[t - 27])


def from_code(text: str) -> int:
    """The tile for a single code such as '5s' or 'E'; ValueError if it is not one."""
    if len(text) == 1 and text in HONOR_LETTERS:
        return 27 + HONOR_LETTERS.index(text)
    if len(text) == 2 and text[0] in "123456789" and text[1] in SUITS:
        return tile(int(text[0]), text[1])
    raise ValueError(text)

