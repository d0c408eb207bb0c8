"""What one seat sees of the table: its own tiles, and only what lies face up.

Another seat's concealed tiles are a count; a concealed kong is face down, so its tile
is shown only to its owner. Every melded set says whose discard completed it.
"""

from __future__ import annotations

from typing import Any

from tutor.rules import tiles as T

from .moves import SEATS, Move
from .play import options, short_win, to_decide
from .state import CLAIMS, ROBBING, Exposed, TableState
from .wall import flower_name


def _set_view(exposed: Exposed, mine: bool) -> dict[str, Any]:
    meld = exposed.meld
    hidden = meld.concealed and not mine
    return {
        "kind": meld.kind,
        "concealed": meld.concealed,
        "tiles": None if hidden else [T.CODES[t] for t in meld.tiles],
        "notation": None if hidden else meld.notation(),
        "from": None if exposed.source is None else SEATS[exposed.source],
        "claimed": None if exposed.claimed is None else T.CODES[exposed.claimed],
    }


def seat_view(state: TableState, seat: int) -> dict[str, Any]:
    """The table as `seat` sees it (JSON-able)."""
    me = state.seats[seat]
    players = []
    for index, other in enumerate(state.seats):
        players.append({
            "seat": SEATS[index],
            "concealed": sum(other.counts),
            "sets": [_set_view(e, index == seat) for e in other.exposed],
            "discards": [{"tile": T.CODES[t], "claimed_by": None if by is None else SEATS[by]} for t, by in other.river],
            "flowers": [flower_name(f) for f in other.flowers],
        })
    view: dict[str, Any] = {
        "seat": SEATS[seat],
        "prevalent_wind": state.prevalent,
        "phase": state.phase,
        "turn": SEATS[state.current],
        "wall": state.wall_left,
        "tiles": [T.CODES[t] for t in me.concealed_tiles()],
        "drawn": T.CODES[state.drawn] if state.drawn is not None and state.current == seat else None,
        "players": players,
        "waiting_for": [SEATS[s] for s in to_decide(state)],
    }
    if state.phase in (CLAIMS, ROBBING):
        view["offer"] = {"kind": "discard" if state.phase == CLAIMS else "added kong",
                         "tile": T.CODES[state.window.tile], "from": SEATS[state.window.source]}
    return view


def offered(state: TableState, seat: int) -> list[dict[str, Any]]:
    """The seat's legal moves, each the JSON object to append to the record's moves, and a
    declaration the seat may try although it falls short of 8 (the table then explains)."""
    moves = list(options(state, seat))
    if short_win(state, seat) and Move(seat, "win") not in moves:
        moves.insert(0, Move(seat, "win"))
    return [m.to_json() for m in moves]
