"""How a hand was won (the Situation), its fields declared once, and the test that a hand
and situation could happen at a table.

`SITUATION_FIELDS` is the one declaration of the situation's fields: for each, the name
(the same spelling in the scoring API, in a form or query string and in a hand block of the
site's markdown), its type, its default, a label for people and, for a number, its bounds.
`Situation` is the frozen record the scorer reads; its fields are checked against the
declaration when this module loads, and `Situation.FLAGS` (the yes/no fields) is read off it.

Errors are HandError (input that cannot describe a real hand, HTTP 400) with a sentence
meant for a player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any

from tutor.rules import tiles as T
from tutor.rules.notation import Hand, NotationError, parse_tile

MAX_FLOWERS = 8
WIND_LETTERS = ("E", "S", "W", "N")


class HandError(ValueError):
    """Input that cannot describe a real hand (HTTP 400). The message is for a player."""

    status = 400


class NotWinning(HandError):
    """A well-formed hand that is not a winning hand (HTTP 422)."""

    status = 422


# ---------------------------------------------------------------------------- the fields

TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "off", "0"})
_WIND_WORDS = {"E": "E", "S": "S", "W": "W", "N": "N", "EAST": "E", "SOUTH": "S", "WEST": "W", "NORTH": "N"}


@dataclass(frozen=True)
class SituationField:
    """One field of the situation.

    name     the spelling everywhere: the Situation attribute, the API's JSON key, the form
             and query-string field, the key of a hand block
    type     "tile" (one tile, written '5s' or 'E'), "bool", "wind" (E, S, W or N) or "int"
    default  the value when the field is left out; None for `win`, which must be given
    label    what a person reads beside the field
    low, high  the bounds of an "int" field
    """

    name: str
    type: str
    default: Any
    label: str
    low: int | None = None
    high: int | None = None

    @property
    def required(self) -> bool:
        return self.default is None

    def parse(self, text: str) -> Any:
        """The value from text as typed in a form, a query string or a hand block; ValueError
        with a sentence for a player if it is not one. Tiles come back as ints, winds as letters."""
        word = text.strip()
        if self.type == "tile":
            try:
                return parse_tile(word)
            except NotationError as error:
                raise ValueError(str(error)) from None
        if self.type == "bool":
            if word.lower() in TRUE_WORDS:
                return True
            if word.lower() in FALSE_WORDS:
                return False
            raise ValueError(f"write true or false, not '{word[:20]}'")
        if self.type == "wind":
            if word.upper() not in _WIND_WORDS:
                raise ValueError(f"write a wind as E, S, W or N, not '{word[:20]}'")
            return _WIND_WORDS[word.upper()]
        # ASCII digits only: str.isdigit() also takes '²', which int() then refuses.
        if not (word.isascii() and word.isdigit() and len(word) <= 4) or not self.low <= int(word) <= self.high:
            raise ValueError(f"write a whole number from {self.low} to {self.high}, not '{word[:20]}'")
        return int(word)

    def format(self, value: Any) -> str:
        """The value as text for a form, a query string or a hand block (parse reads it back)."""
        if self.type == "tile":
            return T.code(value)
        if self.type == "bool":
            return "true" if value else "false"
        return str(value)


SITUATION_FIELDS: tuple[SituationField, ...] = (
    SituationField("win", "tile", None, "Winning tile"),
    SituationField("self_drawn", "bool", False, "Self-drawn"),
    SituationField("seat_wind", "wind", "E", "Seat wind"),
    SituationField("prevalent_wind", "wind", "E", "Prevalent wind"),
    SituationField("flowers", "int", 0, "Flowers and seasons shown", low=0, high=MAX_FLOWERS),
    SituationField("last_tile", "bool", False, "Last tile of its kind (the other three shown)"),
    SituationField("last_wall_tile", "bool", False, "Last tile of the wall"),
    SituationField("replacement_tile", "bool", False, "Won on a kong replacement tile"),
    SituationField("robbing_kong", "bool", False, "Won by robbing a kong"),
)
SITUATION_FIELD: dict[str, SituationField] = {f.name: f for f in SITUATION_FIELDS}


@dataclass(frozen=True)
class Situation:
    """How the hand was won: the fields of SITUATION_FIELDS, in its order."""

    win: int
    self_drawn: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    flowers: int = 0
    last_tile: bool = False
    last_wall_tile: bool = False
    replacement_tile: bool = False
    robbing_kong: bool = False

    # The yes/no fields, in declaration order.
    FLAGS = tuple(f.name for f in SITUATION_FIELDS if f.type == "bool")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Situation:
        """Build from API-style fields (win as notation); HandError on a wrong type or value."""
        if "win" not in data or data["win"] in (None, ""):
            raise HandError("Missing field 'win': say which tile completed the hand, such as '5s'.")
        if not isinstance(data["win"], str):
            raise HandError("Field 'win' must be text naming one tile, such as '5s' or 'E'.")
        try:
            win = parse_tile(data["win"])
        except NotationError as error:
            raise HandError(f"Winning tile: {error}") from None
        values: dict[str, Any] = {"win": win}
        for field in _CHECK_ORDER:
            value = data.get(field.name, field.default)
            if field.type == "bool" and not isinstance(value, bool):
                raise HandError(f"Field '{field.name}' must be true or false.")
            if field.type == "wind" and value not in WIND_LETTERS:
                raise HandError(f"Field '{field.name}' must be one of E, S, W or N.")
            if field.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise HandError(f"Field '{field.name}' must be a whole number from {field.low} to {field.high}.")
            values[field.name] = value
        return cls(**values)


# The yes/no fields are checked first, then the winds, then the numbers.
_CHECK_ORDER = tuple(sorted(SITUATION_FIELDS[1:], key=lambda f: ("bool", "wind", "int").index(f.type)))


def _check_the_declaration() -> None:
    declared = [(f.name, f.default) for f in SITUATION_FIELDS]
    actual = [(f.name, None if f.default is MISSING else f.default) for f in fields(Situation)]
    if declared != actual:
        raise ValueError(f"Situation's fields {actual} differ from SITUATION_FIELDS {declared}")


_check_the_declaration()


# ---------------------------------------------------------------------------- validation


def validate(hand: Hand, situation: Situation) -> None:
    """Raise HandError when the hand and situation could not happen at a table."""
    needed = 14 - 3 * len(hand.melds)
    if len(hand.concealed) != needed:
        sets = len(hand.melds)
        declared = f"with {sets} declared set{'s' if sets != 1 else ''}" if sets else "with no declared sets"
        raise HandError(
            f"The hand has {len(hand.concealed)} concealed tiles; {declared} it needs {needed} "
            f"(14 tiles in all, the winning tile included, each kong counting as 3)."
        )
    counts = hand.tile_counts
    if max(counts) > 4:
        t = next(t for t in range(34) if counts[t] > 4)
        raise HandError(f"The hand holds {counts[t]} copies of {T.code(t)}; there are only four of each tile.")
    if not 0 <= situation.flowers <= MAX_FLOWERS:
        raise HandError(f"Flowers must be from 0 to {MAX_FLOWERS} (there are four flowers and four seasons).")
    if situation.seat_wind not in WIND_LETTERS or situation.prevalent_wind not in WIND_LETTERS:
        raise HandError("Winds must be one of E, S, W or N.")
    win = situation.win
    if win not in hand.concealed:
        # Only a hand that shows the tile in a declared set is told where it went wrong; otherwise the
        # tile is simply not in the hand (a new hand typed under an old winning tile).
        where = ("write it with the concealed tiles, not inside a melded set" if counts[win]
                 else "it is not in the hand at all")
        raise HandError(f"The winning tile {T.code(win)} is not among the concealed tiles; {where}.")
    _validate_flags(hand, situation, counts)


def _validate_flags(hand: Hand, situation: Situation, counts) -> None:
    win = situation.win
    if situation.replacement_tile:
        if not situation.self_drawn:
            raise HandError("A win on a replacement tile is self-drawn: set self_drawn as well.")
        if not hand.kongs:
            raise HandError("A win on a replacement tile needs a kong in the hand: the replacement is drawn for it.")
    if situation.robbing_kong:
        if situation.self_drawn:
            raise HandError("Robbing the kong is a win on another player's tile, so it cannot be self-drawn.")
        if counts[win] > 1:
            raise HandError(
                f"You cannot rob a kong of {T.code(win)}: the other player holds a pung of it and adds the fourth, "
                f"so your hand can hold no other {T.code(win)}."
            )
        if situation.last_wall_tile:
            raise HandError("No kong can be added once the wall's last tile is drawn, so none can be robbed.")
    if situation.last_tile:
        others_concealed = hand.concealed.count(win) - 1
        if others_concealed:
            raise HandError(
                f"Last tile means the other three {T.code(win)} were already shown on the table, "
                f"but your concealed tiles hold another {T.code(win)}."
            )
