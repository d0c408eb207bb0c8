"""Seats over a 16-hand game, as static/data/seating.json gives them (the one source): who
sits in which chair each round, the seat wind of each chair in each hand, and each round's
prevalent wind. The score sheet (static/js/scoresheet-rules.js), the rotation lesson's tables
(tutor.site.seating) and the practice table's games (tutor.practice.table.game) all read it
through this model.

    parse(data)    the decoded file -> Seating, checked (SeatingError says what is wrong)
    load(path)     the same from a file
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

SEATING_FILE = "static/data/seating.json"


class SeatingError(ValueError):
    pass


@dataclass(frozen=True)
class Seating:
    winds: tuple[str, ...]  # chair names, by seat wind in hand 1: E S W N
    wind_names: dict
    seat_winds: tuple[tuple[str, ...], ...]  # [hand in round][chair] -> seat wind
    rounds: tuple[str, ...]  # prevalent wind of each round
    chairs: tuple[tuple[int, ...], ...]  # [round][chair] -> player (numbered by the wind drawn)

    def hands_per_round(self) -> int:
        return len(self.seat_winds)

    def seat_wind(self, round_index: int, hand: int, player: int) -> str:
        return self.seat_winds[hand][self.chairs[round_index].index(player)]


def load(path: Path) -> Seating:
    """Read and check the seating file; SeatingError says what is wrong with it."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SeatingError(f"cannot read {SEATING_FILE}: {err}") from None
    return parse(data)


def parse(data: dict) -> Seating:
    try:
        winds = tuple(data["winds"])
        names = dict(data["wind_names"])
        rows = tuple(tuple(row) for row in data["seat_winds"])
        rounds = data["rounds"]
    except (KeyError, TypeError) as err:
        raise SeatingError(f"{SEATING_FILE}: missing or malformed {err}") from None
    if len(winds) != 4 or set(winds) != set(names):
        raise SeatingError(f"{SEATING_FILE}: 'winds' must be four winds, each with a name")
    if len(rows) != data.get("hands_per_round") or rows[0] != winds:
        raise SeatingError(f"{SEATING_FILE}: 'seat_winds' needs one row per hand, the first one being 'winds'")
    for hand, row in enumerate(rows):
        if sorted(row) != sorted(winds) or row[hand % 4] != winds[0]:
            raise SeatingError(f"{SEATING_FILE}: in hand {hand + 1} the deal must sit in chair {winds[hand % 4]}")
    if len(rounds) != 4:
        raise SeatingError(f"{SEATING_FILE}: a game has 4 rounds")
    chairs, current = [], list(range(4))
    for index, round_ in enumerate(rounds):
        moves = round_.get("moves") or {}
        if index and (sorted(moves) != sorted(winds) or sorted(moves.values()) != sorted(winds)):
            raise SeatingError(f"{SEATING_FILE}: round {index + 1}: 'moves' must send each chair's player "
                               "to a different chair")
        if moves:
            moved = [0] * 4
            for chair, player in enumerate(current):
                moved[winds.index(moves[winds[chair]])] = player
            current = moved
        chairs.append(tuple(current))
    return Seating(winds, names, rows, tuple(r["prevalent_wind"] for r in rounds), tuple(chairs))
