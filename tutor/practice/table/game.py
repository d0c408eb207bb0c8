"""A game of 16 hands: who sits where, the winds of each hand, and the running totals.

The learner is player 0 and the bots players 1 to 3, numbered by the wind each drew at
the start (0 East). Seat winds move after every hand and players change chairs between
rounds, as static/data/seating.json says (the file the score sheet and lesson 13 read).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

HANDS_PER_GAME = 16
SEATING_FILE = Path(__file__).resolve().parents[3] / "static" / "data" / "seating.json"
LEARNER = 0


@dataclass(frozen=True)
class HandSeating:
    prevalent: str  # the round's wind
    seats: tuple[int, int, int, int]  # seat wind E, S, W, N -> the player sitting there

    def seat_of(self, player: int) -> int:
        return self.seats.index(player)


@cache
def _seating() -> dict:
    return json.loads(SEATING_FILE.read_text(encoding="utf-8"))


def chairs_by_round(seating: dict) -> list[tuple[int, ...]]:
    """For each round, the player in each chair (chairs named by their seat wind in hand 1)."""
    winds = seating["winds"]
    current, out = list(range(4)), []
    for round_ in seating["rounds"]:
        moves = round_.get("moves") or {}
        if moves:
            moved = [0] * 4
            for chair, player in enumerate(current):
                moved[winds.index(moves[winds[chair]])] = player
            current = moved
        out.append(tuple(current))
    return out


def hand_seating(hand: int, seating: dict | None = None) -> HandSeating:
    """The prevalent wind and who sits at each seat wind in hand `hand` (0..15) of a game."""
    seating = seating or _seating()
    winds = seating["winds"]
    per_round = seating["hands_per_round"]
    round_index, in_round = divmod(hand, per_round)
    chairs = chairs_by_round(seating)[round_index]
    seats = [0] * 4
    for chair, player in enumerate(chairs):
        seats[winds.index(seating["seat_winds"][in_round][chair])] = player
    return HandSeating(seating["rounds"][round_index]["prevalent_wind"], tuple(seats))


def running_totals(hands: list[tuple[int, tuple[int, int, int, int]]]) -> list[tuple[int, int, int, int]]:
    """Each player's total after each hand, from (hand number, each seat's gain) in order."""
    totals, out = [0, 0, 0, 0], []
    for hand, gains in hands:
        seating = hand_seating(hand)
        for seat, gain in enumerate(gains):
            totals[seating.seats[seat]] += gain
        out.append(tuple(totals))
    return out
