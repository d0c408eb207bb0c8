"""Hand notation: parse it into a Hand, format a Hand back into canonical text.

    [EEE] [123m] {9999s} 456p 78p 55s

Space-separated groups. Suited tiles are digits followed by a suit letter (m, p, s),
honors are capital letters, one per tile (E S W N winds, C F P red/green/white dragon).
A group in [ ] is one melded set (chow, pung or kong); a group in { } is a concealed
kong; every other group is concealed tiles, the winning tile included.

Errors are raised as NotationError with a sentence meant for a player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tutor.rules import tiles as T
from tutor.rules.lazy import cached

MAX_NOTATION_LENGTH = 200


class NotationError(ValueError):
    """Hand text that cannot be read; the message says why in a player's words."""


@dataclass(frozen=True, order=True)
class Meld:
    """A declared set: a melded chow, pung or kong, or a concealed kong."""

    kind: str  # "chow", "pung" or "kong"
    tile: int  # the lowest tile of a chow, the tile of a pung or kong
    concealed: bool = False  # only a concealed kong is declared but concealed

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    def notation(self) -> str:
        return _meld_notation(self.kind, self.tile, self.concealed)


@lru_cache(maxsize=512)  # a few hundred sets can be declared; every answer writes its hand's
def _meld_notation(kind: str, tile: int, concealed: bool) -> str:
    body = format_tiles(Meld(kind, tile, concealed).tiles)
    return f"{{{body}}}" if concealed else f"[{body}]"


@dataclass(frozen=True)
class Hand:
    """Declared sets plus the concealed tiles (sorted, the winning tile among them)."""

    melds: tuple[Meld, ...]
    concealed: tuple[int, ...]

    # The derived facts are cached: a Hand never changes, and the scorer asks them often.

    @cached
    def all_tiles(self) -> tuple[int, ...]:
        out = list(self.concealed)
        for meld in self.melds:
            out.extend(meld.tiles)
        return tuple(sorted(out))

    @cached
    def tile_counts(self) -> tuple[int, ...]:
        """How many of each of the 34 tiles the hand holds, kongs counted as four."""
        counts = [0] * 34
        for t in self.all_tiles:
            counts[t] += 1
        return tuple(counts)

    def counts(self) -> list[int]:
        """tile_counts as a new list, for the caller to change."""
        return list(self.tile_counts)

    @cached
    def kongs(self) -> tuple[Meld, ...]:
        return tuple([m for m in self.melds if m.kind == "kong"])  # a list first: quicker than a generator

    @cached
    def open_melds(self) -> tuple[Meld, ...]:
        return tuple([m for m in self.melds if not m.concealed])

    def notation(self) -> str:
        return format_hand(self)


_SUITED_RUN = re.compile(r"([0-9]+)([a-z])")
_HONOR_RUN = re.compile(r"[A-Z]")


def parse_tiles(text: str) -> list[int]:
    """Tiles of one group of compact notation ('123m55p', 'EEE'), in written order."""
    return list(_parse_group(text))


@lru_cache(maxsize=4096)  # the same groups ('123m', 'EEE', '55s') come back in hand after hand
def _parse_group(text: str) -> tuple[int, ...]:
    if not text:
        raise NotationError("An empty group: remove the extra brackets.")
    out: list[int] = []
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch.isdigit():
            match = _SUITED_RUN.match(text, pos)
            if match is None:
                raise NotationError(
                    f"The digits in '{text}' need a suit letter after them: m (characters), p (dots) or s (bamboo)."
                )
            digits, suit = match.groups()
            _check_suit_letter(suit, digits, text)
            for d in digits:
                if d == "0":
                    raise NotationError(
                        f"Unknown tile '0{suit}': ranks run from 1 to 9 (MCR has no red fives, so 0 means nothing)."
                    )
                out.append(T.tile(int(d), suit))
            pos = match.end()
        elif ch in T.HONOR_LETTERS:
            out.append(T.from_code(ch))
            pos += 1
        elif ch.isalpha():
            hint = ""
            if ch.upper() in T.HONOR_LETTERS:
                hint = f" Honors are capital letters: write '{ch.upper()}'."
            elif ch in "msp":
                hint = " A suit letter follows its digits, as in '123m'."
            raise NotationError(
                f"Unknown tile letter '{ch}' in '{text}'.{hint} Use digits with m, p or s for suits, "
                "and E S W N (winds), C F P (red, green, white dragon) for honors."
            )
        else:
            raise NotationError(
                f"Unexpected character {ch!r} in '{text}': use digits with m, p or s, honor letters E S W N C F P, "
                "[ ] for a melded set and { } for a concealed kong."
            )
    return tuple(out)


def _check_suit_letter(suit: str, digits: str, group: str) -> None:
    if suit in T.SUITS:
        return
    if suit == "z":
        raise NotationError(
            f"'{digits}z' uses the riichi 'z' suffix for honors, which tutor does not read because the two "
            "common 'z' conventions disagree about which dragon is which. Write honors as letters: "
            "E S W N for the winds, C for the red dragon, F for the green dragon, P for the white dragon."
        )
    raise NotationError(
        f"Unknown suit letter '{suit}' in '{group}': use m (characters), p (dots) or s (bamboo)."
    )


def parse_tile(text: str) -> int:
    """One tile, such as '5s' or 'E' (used for the winning tile)."""
    if not isinstance(text, str):
        raise NotationError("A tile must be written as text, such as '5s' or 'E'.")
    stripped = text.strip()
    found = parse_tiles(stripped) if stripped else []
    if len(found) != 1:
        raise NotationError(f"'{text}' is not one tile: write one tile such as '5s' or 'E'.")
    return found[0]


def _meld_from_tiles(group: str, found: list[int], concealed_kong: bool) -> Meld:
    ordered = sorted(found)
    shown = f"{{{group}}}" if concealed_kong else f"[{group}]"
    if concealed_kong:
        if len(ordered) == 4 and len(set(ordered)) == 1:
            return Meld("kong", ordered[0], concealed=True)
        raise NotationError(f"{shown} is not a concealed kong: braces hold four of one tile, such as {{9999s}}.")
    if len(ordered) == 3 and len(set(ordered)) == 1:
        return Meld("pung", ordered[0])
    if len(ordered) == 4 and len(set(ordered)) == 1:
        return Meld("kong", ordered[0])
    first = ordered[0]
    if (
        len(ordered) == 3
        and T.is_suited(first)
        and ordered == [first, first + 1, first + 2]
        and T.rank_of(first) <= 7
    ):
        return Meld("chow", first)
    raise NotationError(
        f"{shown} is not a set: a melded set is a chow (three in a row in one suit, such as [123m]), "
        "a pung (three alike, such as [EEE]) or a kong (four alike, such as [5555p])."
    )


def parse_hand(text: str) -> Hand:
    """Read hand notation. Checks the shape of each group, not whether the hand wins."""
    if not isinstance(text, str):
        raise NotationError("The hand must be written as text, such as '[EEE] 123m 456p 789s 55s'.")
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(f"The hand text is too long ({len(text)} characters; at most {MAX_NOTATION_LENGTH}).")
    groups = text.split()
    if not groups:
        raise NotationError("The hand is empty: write its tiles, such as '[EEE] 123m 456p 789s 55s'.")
    melds: list[Meld] = []
    concealed: list[int] = []
    for group in groups:
        if group[0] in "[{":
            closing = "]" if group[0] == "[" else "}"
            if group[-1] != closing or len(group) < 2:
                raise NotationError(f"'{group}' opens a bracket that it does not close with '{closing}'.")
            inner = group[1:-1]
            if any(c in inner for c in "[]{}"):
                raise NotationError(f"'{group}' has brackets inside brackets: one set per bracket.")
            melds.append(_meld_from_tiles(inner, parse_tiles(inner), concealed_kong=group[0] == "{"))
        elif any(c in group for c in "[]{}"):
            raise NotationError(
                f"'{group}' mixes brackets with loose tiles: put a space before '[' or '{{' and after ']' or '}}'."
            )
        else:
            concealed.extend(parse_tiles(group))
    return Hand(tuple(melds), tuple(sorted(concealed)))


def format_tiles(tiles) -> str:
    """Tiles grouped by suit in canonical order: '123m 55p EEC'."""
    return _format_sorted(tuple(sorted(tiles)))


@lru_cache(maxsize=4096)  # sets, pairs and fans' tiles recur from hand to hand: every answer writes dozens
def _format_sorted(ordered: tuple[int, ...]) -> str:
    # One pass puts each tile's digit (or letter) in its suit's run: a hand's concealed tiles
    # rarely recur, and four passes over them with str() per tile were a large part of the answer.
    runs = ["", "", "", ""]
    for t in ordered:
        runs[_GROUP_OF[t]] += _CHAR_OF[t]
    return " ".join([run + suffix for run, suffix in zip(runs, _RUN_SUFFIXES) if run])


_GROUP_OF = tuple(min(t // 9, 3) for t in range(34))  # the three suits, then the honors
_CHAR_OF = tuple(str(t % 9 + 1) if t < 27 else T.HONOR_LETTERS[t - 27] for t in range(34))
_RUN_SUFFIXES = (*T.SUITS, "")  # honors are letters, with no suit after them


def format_hand(hand: Hand) -> str:
    """Canonical text: melded sets, then concealed kongs, then the concealed tiles by suit."""
    parts = []
    if hand.melds:
        # Sorted by (kind, tile), the order Meld compares in, without its generated __lt__.
        melded = sorted([(m.kind, m.tile, m) for m in hand.melds if not m.concealed])
        kongs = sorted([(m.kind, m.tile, m) for m in hand.melds if m.concealed])
        parts = [m.notation() for _, _, m in melded + kongs]
    if hand.concealed:
        parts.append(format_tiles(hand.concealed))
    return " ".join(parts)
