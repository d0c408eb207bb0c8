"""A win at the table, scored by the engine with every situation fan read off the play.

    self_drawn        the winner drew the tile (from the wall or as a kong's replacement)
    last_tile         the other three copies of the winning tile are visible: in the
                      rivers or in melded sets (a concealed kong is face down, so unseen)
    last_wall_tile    a self-drawn win when the wall is then empty (Last Tile Draw), or a
                      win on the discard that followed the wall's last tile (Last Tile Claim)
    replacement_tile  the tile drawn for a kong (a flower's replacement does not count)
    robbing_kong      the tile another seat was adding to its pung
    flowers           the flowers the winner set aside; both winds from the hand's seating

The request is exactly what /api/score takes, so the calculator can open it.
"""

from __future__ import annotations

from typing import Any

from tutor.rules import tiles as T
from tutor.rules.divisions import all_divisions
from tutor.rules.engine import NotWinning, Result, Situation, score
from tutor.rules.notation import Hand, Meld

from .moves import SEATS
from .state import TableState


def wins_in_shape(counts: list[int], exposed: tuple[Meld, ...]) -> bool:
    """Whether the concealed tiles beside the declared sets make a winning hand in any form
    (the scorer's own division into sets: a tenth of the time of asking the shanten)."""
    return bool(all_divisions(Hand(exposed, tuple([t for t in range(34) for _ in range(counts[t])]))))


def visible_copies(state: TableState, tile: int) -> int:
    """Copies of `tile` face up on the table: in the rivers (not claimed) and in melded sets."""
    seen = 0
    for seat in state.seats:
        for entry in seat.river:
            if entry[0] == tile and entry[1] is None:
                seen += 1
        for exposed in seat.exposed:
            if not exposed.meld.concealed:
                seen += exposed.meld.tiles.count(tile)
    return seen


def score_request(state: TableState, seat: int, tile: int, self_drawn: bool, robbing: bool = False) -> dict[str, Any]:
    """The /api/score request for `seat` winning on `tile`, its hand holding the tile or not."""
    player = state.seats[seat]
    concealed = player.concealed_tiles()
    if not self_drawn:
        concealed = sorted([*concealed, tile])
    hand = Hand(tuple(e.meld for e in player.exposed), tuple(concealed))
    visible = visible_copies(state, tile)
    if not self_drawn and not robbing:
        visible -= 1  # the discard itself is the winning tile, still lying in the river
    return {
        "hand": hand.notation(),
        "win": T.CODES[tile],
        "self_drawn": self_drawn,
        "seat_wind": SEATS[seat],
        "prevalent_wind": state.prevalent,
        "flowers": len(player.flowers),
        "last_tile": visible >= 3,
        "last_wall_tile": state.wall_left == 0,
        "replacement_tile": self_drawn and state.on_replacement,
        "robbing_kong": robbing,
        "rules": state.edition,
    }


def score_win(state: TableState, seat: int, tile: int, self_drawn: bool, robbing: bool = False) -> tuple[dict, Result] | None:
    """The request and the engine's scored hand for this win; None when the tiles do not win."""
    player = state.seats[seat]
    counts = list(player.counts)
    if not self_drawn:
        counts[tile] += 1
    if not wins_in_shape(counts, player.meld_tuple()):
        return None
    request = score_request(state, seat, tile, self_drawn, robbing)
    hand = Hand(tuple(e.meld for e in player.exposed), tuple(t for t in range(34) for _ in range(counts[t])))
    fields = {k: v for k, v in request.items() if k not in ("hand", "rules")}
    try:
        result = score(hand, Situation.from_mapping(fields), state.edition)
    except NotWinning:
        return None
    return request, result


def seat_payments(result: Result, winner: int, discarder: int | None) -> tuple[int, int, int, int]:
    """Each seat's gain from the engine's payments: the discarder pays the hand plus 8 and
    the others 8, or on a self-drawn win everyone pays the hand plus 8."""
    paid = result.payments() or {}
    gains = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        if discarder is None:
            owed = paid.get("each_player", 0)
        else:
            owed = paid.get("discarder", 0) if seat == discarder else paid.get("each_other_player", 0)
        gains[seat] -= owed
        gains[winner] += owed
    return tuple(gains)  # type: ignore[return-value]

