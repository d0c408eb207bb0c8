"""A move at the table, and its strict reading from JSON.

Every decision a seat takes is one move, written as a small JSON object and appended to
the hand's record:

    {"seat": "S", "action": "discard", "tile": "7p"}
    {"seat": "W", "action": "kong", "tile": "C"}      concealed or added kong on one's turn,
                                                      or a kong claimed on a discard
    {"seat": "N", "action": "pung", "tile": "4s"}     the tile is the discard claimed
    {"seat": "E", "action": "chow", "tile": "3m"}     the chow's lowest tile (345m)
    {"seat": "S", "action": "win"}                    self-drawn, on a discard, or robbing a kong
    {"seat": "W", "action": "pass"}                   a claim not taken

Draws, flower replacements and kong replacements are not moves: the wall decides them.
A seat is named by its seat wind in this hand, a tile by its notation ('5s', 'E', 'C').
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.rules import tiles as T

SEATS = ("E", "S", "W", "N")
TILE_ACTIONS = ("discard", "kong", "pung", "chow")
PLAIN_ACTIONS = ("win", "pass")
ACTIONS = TILE_ACTIONS + PLAIN_ACTIONS
_TILE_BY_CODE = {code: t for t, code in enumerate(T.CODES)}


class MoveError(ValueError):
    """A move that cannot be read or is not allowed; the message names it for a player."""


@dataclass(frozen=True)
class Move:
    seat: int  # 0..3: E, S, W, N of this hand
    action: str
    tile: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": SEATS[self.seat], "action": self.action}
        if self.tile is not None:
            out["tile"] = T.CODES[self.tile]
        return out

    def describe(self) -> str:
        """The move in words, for messages: 'S discards 7p'."""
        words = {"discard": "discards", "kong": "declares a kong of", "pung": "claims a pung of",
                 "chow": "claims the chow from", "win": "declares a win", "pass": "passes"}[self.action]
        tile = f" {T.CODES[self.tile]}" if self.tile is not None else ""
        return f"{SEATS[self.seat]} {words}{tile}"


def parse_move(data: Any) -> Move:
    """The Move of a JSON object; MoveError with a sentence for anything else."""
    if not isinstance(data, dict):
        raise MoveError("a move is an object such as {\"seat\": \"E\", \"action\": \"discard\", \"tile\": \"5s\"}")
    action = data.get("action")
    if not isinstance(action, str) or action not in ACTIONS:
        shown = action[:20] if isinstance(action, str) else type(action).__name__
        raise MoveError(f"unknown action '{shown}': use one of {', '.join(ACTIONS)}")
    allowed = {"seat", "action", "tile"} if action in TILE_ACTIONS else {"seat", "action"}
    extra = sorted(str(k)[:20] for k in set(data) - allowed)
    if extra:
        raise MoveError(f"a {action} move has no field '{extra[0]}'")
    seat = data.get("seat")
    if not isinstance(seat, str) or seat not in SEATS:
        raise MoveError("'seat' must be one of E, S, W or N (the seat wind in this hand)")
    tile = None
    if action in TILE_ACTIONS:
        code = data.get("tile")
        if not isinstance(code, str) or code not in _TILE_BY_CODE:
            raise MoveError(f"a {action} move needs 'tile', one tile in notation such as '5s' or 'E'")
        tile = _TILE_BY_CODE[code]
    return Move(SEATS.index(seat), action, tile)
