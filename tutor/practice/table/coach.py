"""The coach at the table, and the review of a hand: the value engine's ranking of a seat's
legal moves, with its sentence, worked out from what that seat can see.

    coach(state, seat)      at one decision: each legal move with the value it leaves (a rough
                            chance of a declarable win, tutor.practice.value), best first, and
                            the sentence of the best; None when the seat has nothing to choose
    review(record)          after a hand: every decision of the learner where the choice
                            was worse than the coach's best, what each gave up (value, or
                            shape where the values tie), the match rate, and the three
                            costliest mistakes with a sentence and the position (for the
                            calculator's discard advice)

Every move is judged by where it leaves the hand: a discard by the 13 tiles it leaves; a pass
by the hand as it stands; a pung or chow by the best discard after it; a kong by the hand with
the kong declared; a win (8 points or more) beats everything. First by value (the value
engine's rough chance of a declarable win), then, as the value engine ranks discards, by shape:
fewer tiles from ready, then more unseen useful tiles. Early in a hand no route to 8 is in reach
yet, every value is 0 and shape is all that tells moves apart, so the review counts a choice
that keeps the value but worsens the shape as a mistake too (else any discard would "match").
The coach never plays: it only ranks. Pure, like the rest of the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.practice.value import advise
from tutor.rules import tiles as T
from tutor.rules.engine import HandError
from tutor.rules.notation import Hand, Meld
from tutor.rules.situation import Situation

from .moves import SEATS, Move
from .play import apply, options
from .record import Record, replay, start
from .state import CLAIMS, OVER, ROBBING, TableState

WIN_VALUE = 1.0  # a declarable win: nothing a discard leaves can be worth more
MISTAKES_SHOWN = 3
UNREAD = 99  # tiles from ready of a position the value engine cannot read: worse than any


@dataclass(frozen=True)
class Shape:
    """Where a move leaves the hand: tiles from ready (0: ready, -1: won), and the unseen copies
    of the tiles that would bring it a step closer (when ready, of its winning tiles)."""
    from_ready: int = UNREAD
    useful: int = 0

    def to_json(self) -> dict[str, int]:
        return {"from_ready": self.from_ready, "useful": self.useful}


WON = Shape(-1, 0)


@dataclass(frozen=True)
class Ranked:
    move: Move
    value: float
    reason: str
    shape: Shape = Shape()

    @property
    def standing(self) -> tuple:
        """What ranks moves, best least: value, then tiles from ready, then useful tiles."""
        return (-round(self.value, 9), self.shape.from_ready, -self.shape.useful)


@dataclass(frozen=True)
class Coaching:
    ranked: tuple[Ranked, ...]  # best first
    hand: str  # the seat's hand as notation (14 tiles at a discard), for the calculator
    seat_wind: str
    prevalent: str

    @property
    def best(self) -> Ranked:
        return self.ranked[0]

    def ranked_move(self, move: Move) -> Ranked:
        return next(r for r in self.ranked if r.move == move)

    def to_dict(self) -> dict[str, Any]:
        return {"moves": [{"move": r.move.to_json(), "value": round(r.value, 4), "reason": r.reason,
                           "shape": r.shape.to_json()} for r in self.ranked],
                "reason": self.best.reason, "hand": self.hand}


def _seen(state: TableState, seat: int) -> list[int]:
    """Every face-up tile the seat can see outside its own hand."""
    seen = []
    for index, other in enumerate(state.seats):
        seen += [t for t, claimed_by in other.river if claimed_by is None]
        if index != seat:
            seen += [t for e in other.exposed if not e.meld.concealed for t in e.meld.tiles]
    return seen


def _hand(concealed: list[int], melds: tuple[Meld, ...]) -> Hand:
    return Hand(tuple(melds), tuple(sorted(concealed)))


def _value(hand: Hand, state: TableState, seat: int, seen: list[int]) -> tuple[float, str, int | None, Shape]:
    """(value, sentence, best discard, shape) of a hand of 13 tiles (as it stands) or 14 (its best discard)."""
    situation = Situation(win=hand.concealed[0], seat_wind=SEATS[seat], prevalent_wind=state.prevalent)
    try:
        advice = advise(hand, situation, seen, min(state.wall_left, 200), state.edition)
    except HandError:  # a table position the value engine cannot read: no advice rather than a wrong one
        return 0.0, "", None, Shape()
    best = advice.best
    return best.value, advice.reason, best.tile, Shape(best.shanten, best.useful_unseen)


def _after(concealed: list[int], remove: list[int]) -> list[int]:
    left = list(concealed)
    for t in remove:
        left.remove(t)
    return left


def _claimed(concealed: list[int], melds: tuple[Meld, ...], move: Move, offered: int | None):
    """(concealed tiles, declared sets) once the pung, chow or kong is made, before any draw."""
    t = move.tile
    if move.action == "chow":
        tiles = [t, t + 1, t + 2]
        tiles.remove(offered)
        return _after(concealed, tiles), melds + (Meld("chow", t),)
    if offered is not None:  # a pung or kong claimed on a discard
        return _after(concealed, [t] * (2 if move.action == "pung" else 3)), melds + (Meld(move.action, t),)
    if concealed.count(t) == 4:  # a concealed kong
        return _after(concealed, [t] * 4), melds + (Meld("kong", t, True),)
    # An added kong: the fourth tile joins the melded pung.
    return _after(concealed, [t]), tuple(Meld("kong", t) if m.kind == "pung" and m.tile == t else m for m in melds)


def coach(state: TableState, seat: int) -> Coaching | None:
    """The value engine's ranking of the seat's legal moves (None: no choice to make)."""
    legal = options(state, seat)
    if len(legal) < 2 or state.phase == OVER:
        return None
    me = state.seats[seat]
    concealed, melds = me.concealed_tiles(), me.meld_tuple()
    seen = _seen(state, seat)
    offered = state.window.tile if state.phase in (CLAIMS, ROBBING) else None
    if state.phase == ROBBING:  # the kong's fourth tile, face up, is in no river or set yet
        seen = seen + [offered]
    ranked, order = [], {}
    discards = None
    if any(m.action == "discard" for m in legal):  # one call ranks every discard, shape breaking ties
        try:
            situation = Situation(win=concealed[0], seat_wind=SEATS[seat], prevalent_wind=state.prevalent)
            discards = advise(_hand(concealed, melds), situation, seen, min(state.wall_left, 200), state.edition)
        except HandError:
            discards = None
        order = {d.tile: i for i, d in enumerate(discards.discards)} if discards else {}
    for move in legal:
        value, reason, shape = 0.0, "", Shape()
        if move.action == "win":
            value, reason, shape = WIN_VALUE, "Declare: the hand wins with 8 points or more.", WON
        elif move.action == "discard" and discards is not None:
            advice = discards.by_tile(move.tile)
            if advice:
                value, reason, shape = advice.value, advice.reason, Shape(advice.shanten, advice.useful_unseen)
        elif move.action == "pass":
            hand = _hand(concealed, melds) if len(concealed) + 3 * len(melds) == 13 else None
            if hand is not None:
                value, reason, _, shape = _value(hand, state, seat, seen)
                reason = f"Passing keeps the hand as it is: {reason}" if reason else ""
        elif move.action in ("pung", "chow", "kong"):
            held, now = _claimed(concealed, melds, move, offered)
            # A claimed discard leaves the river for the seat's own set: seen once, as its own.
            value, reason, best, shape = _value(_hand(held, now), state, seat, _after(seen, [offered]))
            what = {"pung": "Claiming the pung", "chow": "Claiming the chow", "kong": "The kong"}[move.action]
            then = f", then discarding {T.code(best)}" if best is not None else ""
            reason = f"{what}{then}: {reason}" if reason else ""
        ranked.append(Ranked(move, value, reason, shape))
    # The value engine's own order among discards settles what value and shape leave tied.
    ranked.sort(key=lambda r: (r.standing, order.get(r.move.tile, 0) if r.move.action == "discard" else -1))
    hand = _hand(concealed, melds)
    return Coaching(tuple(ranked), hand.notation(), SEATS[seat], state.prevalent)


# ------------------------------------------------------------------------------ the review


def _said(move: Move) -> str:
    if move.action == "discard":
        return f"discard {T.name(move.tile)}"
    if move.action in ("pung", "kong"):
        return f"{move.action} {T.name(move.tile)}"
    if move.action == "chow":
        return f"chow from {T.name(move.tile)}"
    return {"win": "declare a win", "pass": "pass"}[move.action]


def review(record: Record, learner: int) -> dict[str, Any]:
    """The learner's decisions in this record against the coach's best (decisions with a choice only).

    A choice matches when it stands as well as the best: the same value and the same shape (a
    discard of the other tile of a pair, say). Each mistake gives what it cost: "lost", the value
    given up, and "shape", where the choice and the best leave the hand."""
    state = start(record)
    decisions, matched, mistakes = 0, 0, []
    for index, move in enumerate(record.moves):
        if move.seat == learner and move.action != "win":
            coaching = coach(state, learner)
            if coaching is not None:
                decisions += 1
                best, chosen = coaching.best, coaching.ranked_move(move)
                if chosen.standing <= best.standing:
                    matched += 1
                else:
                    mistakes.append({
                        "move": index + 1, "chose": move.to_json(), "best": best.move.to_json(),
                        "lost": round(best.value - chosen.value, 4),
                        "shape": {"chose": chosen.shape.to_json(), "best": best.shape.to_json()},
                        "sentence": f"You chose to {_said(move)}; the coach would {_said(best.move)}. {best.reason}".strip(),
                        "hand": coaching.hand, "seat_wind": coaching.seat_wind, "prevalent_wind": coaching.prevalent,
                    })
        elif move.seat == learner:
            decisions += 1
            matched += 1  # a declared win is always the coach's best
        apply(state, move)
    costliest = sorted(mistakes, key=_cost)[:MISTAKES_SHOWN]
    return {"decisions": decisions, "matched": matched,
            "match_rate": round(matched / decisions, 4) if decisions else None,
            "mistakes": mistakes, "costliest": costliest}


def _cost(mistake: dict[str, Any]) -> tuple:
    """The costliest first: the most value given up, then the most steps from ready, then the
    most useful tiles given up; the earlier move first among equals."""
    chose, best = mistake["shape"]["chose"], mistake["shape"]["best"]
    return (-mistake["lost"], best["from_ready"] - chose["from_ready"], chose["useful"] - best["useful"], mistake["move"])


def replayed_coach(record: Record, learner: int) -> Coaching | None:
    """The coach at the record's current decision."""
    return coach(replay(record), learner)
