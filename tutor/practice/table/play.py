"""The rules of play: which moves a seat may make, and what each move does.

`options(state, seat)` lists a seat's moves at this point; `apply(state, move)` checks a
move against them and plays it, with everything the wall then decides (the next draw, a
kong's replacement, flowers set aside). A move not among the options raises MoveError.

A win is an option only when it scores 8 points without flowers (`declarable`); the tiles
may win in shape below that (`short_wins` lists such declarations, which the table answers
with the calculator's explanation, and which never enter a record).

Claims: on a discard, every other seat may win; any may pung or kong; the next seat may
chow. A seat decides only when it has such a claim (or its tiles win in shape below 8, so a
player may try to declare). When all have decided, a win goes to the winner nearest in turn
after the discarder, then a pung or kong, then a chow; a discard nobody claims is dead and
the next seat draws. Once the wall is empty a discard can only be claimed for a win, and
no kong can be declared (it would need a replacement).
"""

from __future__ import annotations

from tutor.rules import tiles as T
from tutor.rules.notation import Meld

from .moves import Move, MoveError
from .scoring import score_win, seat_payments, wins_in_shape
from .state import CLAIMS, OVER, ROBBING, TURN, Exposed, Outcome, TableState, Window

CLAIM_RANK = {"win": 0, "kong": 1, "pung": 1, "chow": 2}


def to_decide(state: TableState) -> list[int]:
    """The seats whose decision the table waits for (nearest in turn first)."""
    if state.phase == TURN:
        return [state.current]
    if state.phase in (CLAIMS, ROBBING):
        return state.window.waiting()
    return []


def options(state: TableState, seat: int) -> tuple[Move, ...]:
    """The moves `seat` may make now (empty when it is not its decision)."""
    if state.phase == TURN and seat == state.current:
        return _turn_options(state, seat)
    if state.phase in (CLAIMS, ROBBING) and seat in state.window.waiting():
        return state.window.options[seat]
    return ()


def declarable(state: TableState, seat: int, tile: int, self_drawn: bool, robbing: bool = False):
    """The (request, result) of a win worth 8 points without flowers, else None."""
    won = score_win(state, seat, tile, self_drawn, robbing)
    return won if won and won[1].meets_minimum else None


def short_win(state: TableState, seat: int):
    """The (request, result) of a win `seat` could declare now that falls short of 8, else None."""
    won = _win_now(state, seat)
    return won if won and not won[1].meets_minimum else None


def _win_now(state: TableState, seat: int):
    if state.phase == TURN and seat == state.current and state.drawn is not None:
        return score_win(state, seat, state.drawn, True)
    if state.phase in (CLAIMS, ROBBING) and seat in state.window.waiting():
        return score_win(state, seat, state.window.tile, False, state.phase == ROBBING)
    return None


def _turn_options(state: TableState, seat: int) -> tuple[Move, ...]:
    player = state.seats[seat]
    out: list[Move] = []
    if state.drawn is not None and declarable(state, seat, state.drawn, True):
        out.append(Move(seat, "win"))
    if state.drawn is not None and state.wall_left:  # no kong right after a claim, nor without a replacement
        for t in range(34):
            if player.counts[t] == 4:
                out.append(Move(seat, "kong", t))
        for exposed in player.exposed:
            if exposed.meld.kind == "pung" and player.counts[exposed.meld.tile]:
                out.append(Move(seat, "kong", exposed.meld.tile))
    out.extend(Move(seat, "discard", t) for t in range(34) if player.counts[t])
    return tuple(out)


def _claim_options(state: TableState, seat: int, tile: int, source: int) -> tuple[Move, ...]:
    player = state.seats[seat]
    counts = player.counts
    out: list[Move] = []
    if declarable(state, seat, tile, False):
        out.append(Move(seat, "win"))
    if state.wall_left:
        if counts[tile] >= 2:
            out.append(Move(seat, "pung", tile))
        if counts[tile] == 3:
            out.append(Move(seat, "kong", tile))
        if seat == (source + 1) % 4 and T.is_suited(tile):
            rank = T.rank_of(tile)
            for low in range(max(1, rank - 2), min(rank, 7) + 1):
                first = tile - rank + low
                if all(counts[t] for t in (first, first + 1, first + 2) if t != tile):
                    out.append(Move(seat, "chow", first))
    if out or _wins_short(state, seat, tile):
        out.append(Move(seat, "pass"))
    return tuple(out)


def _wins_short(state: TableState, seat: int, tile: int) -> bool:
    counts = list(state.seats[seat].counts)
    counts[tile] += 1
    return wins_in_shape(counts, state.seats[seat].meld_tuple())


def _open_window(state: TableState, kind: str, tile: int, source: int) -> None:
    found = {}
    for seat in range(4):
        if seat == source:
            continue
        if kind == CLAIMS:
            moves = _claim_options(state, seat, tile, source)
        else:
            moves = (Move(seat, "win"),) if declarable(state, seat, tile, False, True) else ()
            if moves or _wins_short(state, seat, tile):
                moves += (Move(seat, "pass"),)
        if moves:
            found[seat] = moves
    state.window = Window(kind, tile, source, found)
    state.phase = kind
    if not found:
        _close_window(state)


# ---------------------------------------------------------------------------- playing a move


def apply(state: TableState, move: Move) -> None:
    """Play `move` (MoveError if it is not one of the seat's options), then whatever the wall
    decides, up to the next decision."""
    if state.phase == OVER:
        raise MoveError(f"{move.describe()}: the hand is over")
    allowed = options(state, move.seat)
    if move not in allowed:
        if not allowed:
            raise MoveError(f"{move.describe()}: it is not that seat's decision (waiting for "
                            f"{', '.join('ESWN'[s] for s in to_decide(state))})")
        raise MoveError(f"{move.describe()}: {'ESWN'[move.seat]} may only {_list(allowed)}")
    state.moves += 1
    if state.phase == TURN:
        _turn_move(state, move)
    else:
        state.window.decisions[move.seat] = move
        if not state.window.waiting():
            _close_window(state)


def _list(moves: tuple[Move, ...]) -> str:
    """The moves in words, the tiles of one action together: 'win, discard 2m 5p E'."""
    by_action: dict[str, list[str]] = {}
    for m in moves:
        by_action.setdefault(m.action, []).append(T.CODES[m.tile] if m.tile is not None else "")
    return ", ".join(f"{action} {' '.join(tiles)}".strip() for action, tiles in by_action.items())


def _turn_move(state: TableState, move: Move) -> None:
    seat, tile = move.seat, move.tile
    player = state.seats[seat]
    if move.action == "win":
        _finish_win(state, seat, state.drawn, None, self_drawn=True)
    elif move.action == "discard":
        player.counts[tile] -= 1
        player.river.append([tile, None])
        state.drawn, state.on_replacement = None, False
        _open_window(state, CLAIMS, tile, seat)
    elif player.counts[tile] == 4:  # a concealed kong
        player.counts[tile] -= 4
        player.exposed.append(Exposed(Meld("kong", tile, True)))
        _replace(state, seat)
    else:  # an added kong: others may rob it first
        player.counts[tile] -= 1
        _open_window(state, ROBBING, tile, seat)


def _replace(state: TableState, seat: int) -> None:
    """The kong's replacement from the back of the wall; the hand is drawn if none is left."""
    state.current, state.phase, state.window = seat, TURN, None
    state.drawn = state.draw(seat, from_back=True)
    state.on_replacement = True
    if state.drawn is None:
        _finish_draw(state)


def _close_window(state: TableState) -> None:
    window = state.window
    claims = sorted(window.decisions.values(), key=lambda m: (CLAIM_RANK.get(m.action, 9), (m.seat - window.source) % 4))
    taken = claims[0] if claims and claims[0].action != "pass" else None
    if window.kind == ROBBING:
        if taken:
            _finish_win(state, taken.seat, window.tile, window.source, self_drawn=False, robbing=True)
            return
        kong_seat = state.seats[window.source]
        index = next(i for i, e in enumerate(kong_seat.exposed) if e.meld.kind == "pung" and e.meld.tile == window.tile)
        pung = kong_seat.exposed[index]
        kong_seat.exposed[index] = Exposed(Meld("kong", window.tile), pung.source, pung.claimed)
        _replace(state, window.source)
        return
    if taken is None:  # the discard is dead; the next seat draws
        seat = (window.source + 1) % 4
        state.current, state.phase, state.window = seat, TURN, None
        state.drawn, state.on_replacement = state.draw(seat, from_back=False), False
        if state.drawn is None:
            _finish_draw(state)
        return
    if taken.action == "win":
        _finish_win(state, taken.seat, window.tile, window.source, self_drawn=False)
        return
    _take_discard(state, taken, window)


def _take_discard(state: TableState, taken: Move, window: Window) -> None:
    seat = state.seats[taken.seat]
    state.seats[window.source].river[-1][1] = taken.seat
    tile = window.tile
    if taken.action == "chow":
        meld = Meld("chow", taken.tile)
        for t in meld.tiles:
            if t != tile:
                seat.counts[t] -= 1
    else:
        meld = Meld(taken.action, tile)
        seat.counts[tile] -= len(meld.tiles) - 1
    seat.exposed.append(Exposed(meld, window.source, tile))
    if taken.action == "kong":
        _replace(state, taken.seat)
    else:
        state.current, state.phase, state.window = taken.seat, TURN, None
        state.drawn, state.on_replacement = None, False


def _finish_win(state: TableState, seat: int, tile: int, discarder: int | None, self_drawn: bool, robbing: bool = False) -> None:
    request, result = declarable(state, seat, tile, self_drawn, robbing)
    if not self_drawn:
        state.seats[seat].counts[tile] += 1
        if not robbing:
            state.seats[discarder].river[-1][1] = seat
    state.phase, state.window = OVER, None
    state.outcome = Outcome(seat, discarder, request, result, seat_payments(result, seat, discarder))


def _finish_draw(state: TableState) -> None:
    state.phase, state.window = OVER, None
    state.outcome = Outcome(None)
