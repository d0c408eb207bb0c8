"""The state of one hand at the table: the wall, the four seats, whose decision it is.

The state is made from a seed (`deal`) and changed only by tutor.practice.table.play, one
move at a time. Seats are numbered 0..3 by their seat wind in this hand (E, S, W, N),
which is also the order of turns.

Phases:
    turn     `current` holds 14 tiles (kongs as 3) and discards, declares a kong or wins
    claims   a discard may be claimed: every seat in `window.options` decides (win, pung,
             kong, chow or pass), in any order; then the claim of highest priority is taken
    robbing  an added kong may be robbed: every seat that wins on its tile decides
    over     the hand is won or drawn (`outcome`)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutor.rules.notation import Meld

from .moves import Move
from .wall import build_wall, is_flower

TURN, CLAIMS, ROBBING, OVER = "turn", "claims", "robbing", "over"
DEAL_BLOCKS = (4, 4, 4, 1)  # each seat takes four tiles three times, then one; East one more


@dataclass(frozen=True)
class Exposed:
    """A declared set on the table: the scorer's Meld, and where its claimed tile came from."""

    meld: Meld
    source: int | None = None  # the seat whose discard completed it; None for a concealed kong
    claimed: int | None = None  # the tile taken from that discard


@dataclass
class Seat:
    counts: list[int] = field(default_factory=lambda: [0] * 34)  # the concealed tiles
    exposed: list[Exposed] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    river: list[list] = field(default_factory=list)  # [tile, seat that claimed it or None], in order

    def concealed_tiles(self) -> list[int]:
        return [t for t in range(34) for _ in range(self.counts[t])]

    def meld_tuple(self) -> tuple[Meld, ...]:
        return tuple([e.meld for e in self.exposed])

    @property
    def melds(self) -> int:
        return len(self.exposed)


@dataclass
class Window:
    """A discard (or an added kong's tile) that other seats may claim."""

    kind: str  # CLAIMS or ROBBING
    tile: int
    source: int  # the seat that discarded it, or that adds it to a kong
    options: dict[int, tuple[Move, ...]]  # each seat that decides -> the moves it may choose
    decisions: dict[int, Move] = field(default_factory=dict)

    def waiting(self) -> list[int]:
        """The seats still to decide, nearest after the source first."""
        return sorted((s for s in self.options if s not in self.decisions), key=lambda s: (s - self.source) % 4)


@dataclass
class Outcome:
    winner: int | None  # None: the wall ran out
    discarder: int | None = None  # who paid as discarder (or whose kong was robbed)
    request: dict[str, Any] | None = None  # the /api/score request
    result: Any = None  # tutor.rules.result.Result
    payments: tuple[int, int, int, int] = (0, 0, 0, 0)  # each seat's gain (negative: it pays)


@dataclass
class TableState:
    edition: str
    seed: int
    prevalent: str  # the prevalent wind, E S W N
    wall: list[int]
    front: int = 0  # next tile drawn
    back: int = 144  # one past the next replacement tile
    seats: list[Seat] = field(default_factory=lambda: [Seat() for _ in range(4)])
    phase: str = TURN
    current: int = 0
    drawn: int | None = None  # the tile `current` just drew; None after a claim
    on_replacement: bool = False  # `drawn` replaced a kong
    window: Window | None = None
    outcome: Outcome | None = None
    moves: int = 0  # moves applied

    @property
    def wall_left(self) -> int:
        return self.back - self.front

    def draw(self, seat: int, from_back: bool) -> int | None:
        """Draw for `seat`, setting flowers aside and replacing them from the back; the
        playing tile drawn, or None when the wall is empty."""
        player = self.seats[seat]
        while self.front < self.back:
            if from_back:
                self.back -= 1
                tile = self.wall[self.back]
            else:
                tile = self.wall[self.front]
                self.front += 1
            if not is_flower(tile):
                player.counts[tile] += 1
                return tile
            player.flowers.append(tile)
            from_back = True
        return None


def deal(seed: int, edition: str, prevalent: str = "E") -> TableState:
    """The hand as dealt: East 14 tiles, the others 13, every flower replaced."""
    state = TableState(edition, seed, prevalent, build_wall(seed))
    held: list[list[int]] = [[] for _ in range(4)]
    for block in DEAL_BLOCKS:
        for seat in range(4):
            held[seat].extend(state.wall[state.front:state.front + block])
            state.front += block
    held[0].append(state.wall[state.front])
    state.front += 1
    for seat in range(4):  # in turn from East; a seat draws again until it holds no flower
        player = state.seats[seat]
        for index, tile in enumerate(held[seat]):
            if is_flower(tile):
                player.flowers.append(tile)
                tile = state.draw(seat, from_back=True)
            else:
                player.counts[tile] += 1
            if seat == 0 and index == 13:
                state.drawn = tile  # East's fourteenth tile (or its replacement) counts as its draw
    return state


def tiles_on_table(state: TableState) -> list[int]:
    """Every tile where it lies now (the wall, hands, sets, flowers, rivers, a kong being
    robbed), sorted: always the 144 of tutor.practice.table.wall.ALL_144."""
    tiles = list(state.wall[state.front:state.back])
    for seat in state.seats:
        tiles += seat.concealed_tiles() + seat.flowers
        tiles += [t for e in seat.exposed for t in e.meld.tiles]
        tiles += [t for t, claimed_by in seat.river if claimed_by is None]
    if state.phase == ROBBING:
        tiles.append(state.window.tile)
    return sorted(tiles)
