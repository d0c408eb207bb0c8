"""A game of 16 hands: who sits where, the winds of each hand, and the running totals.

The learner is player 0 and the bots players 1 to 3, numbered by the wind each drew at
the start (0 East). Seat winds move after every hand and players change chairs between
rounds, as static/data/seating.json says (the file the score sheet and lesson 13 read).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tutor.practice.seating import SEATING_FILE, Seating, load

HANDS_PER_GAME = 16
# The file at the root of the checkout, or of the engine bundle (tutor.site.engine_bundle), which
# lays it out at the same place beside tutor/.
SEATING_PATH = Path(__file__).resolve().parents[3] / SEATING_FILE
LEARNER = 0


@dataclass(frozen=True)
class HandSeating:
    prevalent: str  # the round's wind
    seats: tuple[int, int, int, int]  # seat wind E, S, W, N -> the player sitting there

    def seat_of(self, player: int) -> int:
        return self.seats.index(player)


@cache
def _seating() -> Seating:
    return load(SEATING_PATH)


def hand_seating(hand: int, seating: Seating | None = None) -> HandSeating:
    """The prevalent wind and who sits at each seat wind in hand `hand` (0..15) of a game."""
    seating = seating or _seating()
    round_index, in_round = divmod(hand, seating.hands_per_round())
    seats = [0] * 4
    for chair, player in enumerate(seating.chairs[round_index]):
        seats[seating.winds.index(seating.seat_winds[in_round][chair])] = player
    return HandSeating(seating.rounds[round_index], tuple(seats))


def hand_seed(game_seed: int, hand: int, high: int) -> int:
    """The seed of hand `hand` of a game dealt from `game_seed`: the game is its first seed, and
    each later hand's wall follows from it, so a game's records need no other shared state."""
    return (game_seed + hand * 7_919) % (high + 1)  # a prime step: neighbouring games share no walls


def running_totals(hands: list[tuple[int, tuple[int, int, int, int]]]) -> list[tuple[int, int, int, int]]:
    """Each player's total after each hand, from (hand number, each seat's gain) in order."""
    totals, out = [0, 0, 0, 0], []
    for hand, gains in hands:
        seating = hand_seating(hand)
        for seat, gain in enumerate(gains):
            totals[seating.seats[seat]] += gain
        out.append(tuple(totals))
    return out
