"""A hand's record: its rules edition, seed, place in the game, bot level and every move.

    {"rules": "wmo", "seed": 42, "hand": 0, "level": 1,
     "moves": [{"seat": "E", "action": "discard", "tile": "N"}, ...]}

The record is the whole hand: the seed deals the wall, and the moves (every bot move
included) are replayed without deciding anything again. `parse_record` reads one strictly
and `replay` plays it; each raises RecordError with a sentence that names what is wrong,
the move by its number and what it tried, and nothing else escapes them.

`hand` is the hand's number in a 16-hand game (0 to 15; tutor.practice.table.game): it
fixes the prevalent wind and the learner's seat. `level` is the bots' level, 1 to 3.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tutor.rules.editions import DEFAULT_EDITION, EDITIONS

from .game import HANDS_PER_GAME, hand_seating
from .moves import Move, MoveError, parse_move
from .play import apply
from .state import TableState, deal
from .wall import MAX_SEED

MAX_MOVES = 1000  # a hand of 144 tiles has at most some 400 decisions, claims and passes included
LEVELS = (1, 2, 3)
FIELDS = ("rules", "seed", "hand", "level", "moves")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message is for a player."""


@dataclass(frozen=True)
class Record:
    rules: str
    seed: int
    moves: tuple[Move, ...] = ()
    level: int = 1
    hand: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "seed": self.seed, "hand": self.hand, "level": self.level,
                "moves": [m.to_json() for m in self.moves]}

    def with_moves(self, moves) -> Record:
        return Record(self.rules, self.seed, tuple(moves), self.level, self.hand)


def _whole_number(data: dict, name: str, low: int, high: int, default: int | None = None) -> int:
    """An int field, or its ASCII digits as text (a record read from an address); nothing else."""
    value = data.get(name, default)
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"'{name}' must be a whole number from {low} to {high}")
    return value


def parse_record(data: Any) -> Record:
    """The Record of a JSON object; RecordError for anything else."""
    if not isinstance(data, dict):
        raise RecordError("a record is an object with 'rules', 'seed', 'level', 'hand' and 'moves'")
    unknown = sorted(str(k)[:20] for k in set(data) - set(FIELDS))
    if unknown:
        raise RecordError(f"a record has no field '{unknown[0]}' (its fields: {', '.join(FIELDS)})")
    rules = data.get("rules", DEFAULT_EDITION)
    if not isinstance(rules, str) or rules not in EDITIONS:
        raise RecordError(f"'rules' must be one of {', '.join(EDITIONS)}")
    if "seed" not in data:
        raise RecordError("a record needs 'seed', the whole number that deals its wall")
    seed = _whole_number(data, "seed", 0, MAX_SEED)
    level = _whole_number(data, "level", LEVELS[0], LEVELS[-1], 1)
    hand = _whole_number(data, "hand", 0, HANDS_PER_GAME - 1, 0)
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("'moves' must be a list of moves")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"'moves' has {len(moves)} moves; a hand has at most {MAX_MOVES}")
    parsed = []
    for index, entry in enumerate(moves):
        try:
            parsed.append(parse_move(entry))
        except MoveError as error:
            raise RecordError(f"move {index + 1}: {error}") from None
    return Record(rules, seed, tuple(parsed), level, hand)


MAX_RECORD_TEXT = 200_000  # some 1,000 moves of 60 characters, with room to spare


def import_record(text: str) -> Record:
    """A record from its exported JSON text; RecordError for text that is not one."""
    if not isinstance(text, str) or len(text) > MAX_RECORD_TEXT:
        raise RecordError(f"a record is JSON text of at most {MAX_RECORD_TEXT:,} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: nesting deeper than the parser's stack
        raise RecordError(f"the record is not JSON: {str(error)[:80]}") from None
    return parse_record(data)


def export_record(record: Record) -> str:
    """The record as JSON text, one line, for a file or a link."""
    return json.dumps(record.to_json(), separators=(",", ":"))


def start(record: Record) -> TableState:
    """The hand as dealt, before any move."""
    return deal(record.seed, record.rules, hand_seating(record.hand).prevalent)


def replay(record: Record) -> TableState:
    """The state after every move of the record; RecordError naming the first move that
    is not allowed (which is also how a record that does not match its seed shows)."""
    state = start(record)
    for index, move in enumerate(record.moves):
        try:
            apply(state, move)
        except MoveError as error:
            raise RecordError(f"move {index + 1} ({move.describe()}) is not allowed: {str(error).split(': ', 1)[-1]}") from None
    return state
