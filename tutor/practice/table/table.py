"""One click at the table: replay the record, play the bots up to the learner's next
decision, and answer with what the learner sees.

    answer({"rules": "wmo", "seed": 42, "moves": [...], "level": 1})
    -> {"record": {..., "moves": [... the bots' moves added]},
        "view": {... tutor.practice.table.view.seat_view},
        "legal": [{"seat": "E", "action": "discard", "tile": "9p"}, ...],
        "result": None | {...},
        "refused": None | {...}}

A record's last move may be the learner's declaration of a win that falls short of 8
points: it is not played. The answer keeps the record as it was and says why in
`refused`, with the calculator's scored hand, so the learner can read why and play on.

The learner decides before the bots in a claim: a bot's claim is not written into the
record until the learner has chosen, so the record never shows the learner a claim
that the table has not yet made.
"""

from __future__ import annotations

from typing import Any

from .bots import Policy, policy
from .game import LEARNER, hand_seating, running_totals
from .moves import SEATS
from .play import apply, options, short_win, to_decide
from .record import Record, RecordError, parse_record, replay
from .state import OVER, TableState
from .view import offered, seat_view


def learner_seat(record: Record) -> int:
    return hand_seating(record.hand).seat_of(LEARNER)


def advance(record: Record, state: TableState, learner: int | None, bot: Policy | None = None) -> Record:
    """Play the bots' moves until the learner decides or the hand is over (learner None:
    every seat is a bot). The state moves along; the record with the moves is returned.
    `bot` is the record's level's policy unless another is given (a bench, a test)."""
    bot = bot or policy(record.level)
    moves = list(record.moves)
    while state.phase != OVER:
        waiting = to_decide(state)
        if learner in waiting:
            break
        seat = waiting[0]
        move = bot.choose(state, seat, options(state, seat))
        apply(state, move)
        moves.append(move)
    return record.with_moves(moves)


def result_view(state: TableState) -> dict[str, Any] | None:
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return {"draw": True, "winner": None, "payments": [0, 0, 0, 0]}
    return {
        "draw": False,
        "winner": SEATS[outcome.winner],
        "discarder": None if outcome.discarder is None else SEATS[outcome.discarder],
        "request": outcome.request,
        "scored": outcome.result.to_dict(),
        "payments": list(outcome.payments),
    }


def _refusal(record: Record) -> tuple[Record, dict[str, Any]] | None:
    """When the last move is the learner's declaration under 8 points: the record without it
    and the calculator's explanation."""
    if not record.moves or record.moves[-1].action != "win" or record.moves[-1].seat != learner_seat(record):
        return None
    before = record.with_moves(record.moves[:-1])
    state = replay(before)
    won = short_win(state, record.moves[-1].seat)
    if won is None:
        return None
    request, result = won
    message = (f"This hand scores {result.points_without_flowers} points without flowers; a win needs 8. "
               "It is not declared, and play goes on.")
    return before, {"message": message, "request": request, "scored": result.to_dict()}


def answer(data: Any) -> dict[str, Any]:
    """The answer to one request of the table (RecordError for a bad record)."""
    record = parse_record(data)
    refusal = _refusal(record)
    if refusal:
        record, refused = refusal
    else:
        refused = None
    state = replay(record)
    seat = learner_seat(record)
    record = advance(record, state, seat)
    return {
        "record": record.to_json(),
        "view": seat_view(state, seat),
        "legal": offered(state, seat) if state.phase != OVER else [],
        "result": result_view(state),
        "refused": refused,
    }


def bot_hand(seed: int, level: int = 1, rules: str = "wmo", hand: int = 0) -> tuple[Record, TableState]:
    """A hand played by four bots to its end."""
    record = Record(rules, seed, (), level, hand)
    state = replay(record)
    return advance(record, state, None), state


def game_totals(records: list[Record]) -> dict[str, Any]:
    """A game so far: each finished hand's gains and every player's running total (players
    numbered as in tutor.practice.table.game, the learner 0). RecordError for a hand that is
    not finished, or two records for the same place in the game."""
    hands, results = [], []
    for index, record in enumerate(records):
        if record.hand != index:
            raise RecordError(f"hand {index + 1} of the game has the record of hand {record.hand + 1}")
        state = replay(record)
        if state.outcome is None:
            raise RecordError(f"hand {index + 1} of the game is not finished")
        hands.append((record.hand, state.outcome.payments))
        results.append(_hand_result(record, state))
    totals = running_totals(hands)
    return {"hands": [list(gains) for _hand, gains in hands], "totals": [list(t) for t in totals],
            "results": results}


def _hand_result(record: Record, state: TableState) -> dict[str, Any]:
    """A finished hand as the score sheet enters it: who won (a player, not a seat), whose
    discard it was (None: self-drawn), the points with flowers and the flowers; a draw has no
    winner. `request` is the /api/score request of the winning hand."""
    outcome, seats = state.outcome, hand_seating(record.hand).seats
    if outcome.winner is None:
        return {"draw": True, "winner": None, "discarder": None, "points": 0, "flowers": 0, "request": None}
    total = outcome.result.total
    return {"draw": False, "winner": seats[outcome.winner],
            "discarder": None if outcome.discarder is None else seats[outcome.discarder],
            "points": total, "flowers": total - outcome.result.points_without_flowers,
            "request": outcome.request}


__all__ = ["RecordError", "advance", "answer", "bot_hand", "game_totals", "learner_seat", "result_view"]
