"""The practice table's requests: POST /api/table's JSON, and the table page's form.

    table_json       decoded JSON {"rules", "seed", "moves", "level", "hand"} -> (status, body):
                     tutor.practice.table.table.answer, or 400 {"error"} naming what is wrong
    table_answer     Asked -> Answer: the table page (the page table's answer function)

The page's form carries the hand's record as JSON text (`record`, exported by
tutor.practice.table.record) and the learner's move as a button's value (`move`: 'discard 5s',
'pung 4s', 'chow 3m', 'kong C', 'win', 'pass'); a new hand is `seed` and `level` (no seed: one is
picked). `coach=1` shows the coach's advice at every decision, `hint=1` once. Nothing about the
player is kept: the record is the whole hand, sent back with each click.
"""

from __future__ import annotations

import json
from typing import Any

from tutor.answers.asked import Answer, Asked
from tutor.answers.forms import FieldError, shown, whole_number
from tutor.answers.scoring import score_request
from tutor.practice.table import coach as C
from tutor.practice.table import table as G
from tutor.practice.table.moves import ACTIONS, SEATS, TILE_ACTIONS
from tutor.practice.table.record import LEVELS, Record, RecordError, import_record, parse_record
from tutor.practice.table.wall import MAX_SEED
from tutor.rules import tiles as T
from tutor.rules.engine import HandError
from tutor.rules.fans import EDITIONS
from tutor.views import table as V
from tutor.views.practice import random_seed, result_view

FIELDS = ("record", "move", "seed", "level", "rules", "coach", "hint")
DEFAULT_LEVEL = 2


def table_json(data: Any) -> tuple[int, dict[str, Any]]:
    """(status, body) as POST /api/table answers a decoded JSON body."""
    try:
        return 200, G.answer(data)
    except RecordError as error:
        return 400, {"error": str(error)}


def _text(form, key: str) -> str:
    value = form.get(key)
    return value.strip() if isinstance(value, str) else ""


def _number(form, key: str, low: int, high: int, default: int) -> int:
    text = _text(form, key)
    if not text:
        return default
    try:
        return whole_number(text, key, low, high)
    except FieldError as error:
        raise RecordError(str(error)) from None


def new_record(form, edition: str) -> Record:
    """A new hand from the form's seed (or a fresh one), level and rules."""
    rules = _text(form, "rules") or edition
    if rules not in EDITIONS:
        raise RecordError(f"The rules must be one of {', '.join(EDITIONS)}.")
    level = _number(form, "level", LEVELS[0], LEVELS[-1], DEFAULT_LEVEL)
    seed = _number(form, "seed", 0, MAX_SEED, -1)
    return Record(rules, random_seed() if seed < 0 else seed, (), level)


def read_move(text: str, seat: str) -> dict[str, Any]:
    """The learner's move from a button's value: 'discard 5s', 'pung 4s', 'win', 'pass'."""
    action, _, tile = text.partition(" ")
    if action not in ACTIONS:
        raise RecordError(f"Unknown move '{shown(text)}': use one of {', '.join(ACTIONS)}.")
    move: dict[str, Any] = {"seat": seat, "action": action}
    if action in TILE_ACTIONS:
        if tile not in T.CODES:
            raise RecordError(f"A {action} needs its tile, such as '{action} 5s', not '{shown(text)}'.")
        move["tile"] = tile
    elif tile:
        raise RecordError(f"A {action} takes no tile, not '{shown(text)}'.")
    return move


def _scored(request: dict[str, Any] | None, edition: str) -> dict[str, Any] | None:
    """The calculator's view of a hand the table scored (its own /api/score request)."""
    if request is None:
        return None
    try:
        return result_view(score_request(request), edition)
    except HandError:  # cannot happen for a hand the table scored; the page still shows the rest
        return None


def _page(record: Record, edition: str, coach: bool, before: int, error: str | None = None,
          hint: bool = False) -> dict[str, Any]:
    """The table after this record, the bots played up to the learner's next decision; the
    coach's ranking when asked (or always, with the option), the review once the hand is over."""
    answered = G.answer(record.to_json())
    outcome, refused = answered["result"], answered["refused"]
    played = parse_record(answered["record"])
    seat = G.learner_seat(played)
    coaching = C.replayed_coach(played, seat) if (hint or coach) and outcome is None else None
    return V.table_context(
        edition, answered=answered, record_text=json.dumps(answered["record"], separators=(",", ":")),
        before=before, coach=coach, error=error,
        hint=None if coaching is None else coaching.to_dict(),
        review=C.review(played, seat) if outcome is not None else None,
        result=_scored(outcome.get("request") if outcome else None, edition),
        refused=None if refused is None else {"message": refused["message"], "view": _scored(refused["request"], edition)},
    )


def table_answer(asked: Asked) -> Answer:
    """The page without a hand, a new hand (seed, level), or the record with the learner's move."""
    form, edition = asked.form, asked.edition
    coach = _text(form, "coach") == "1"
    text = form.get("record") if isinstance(form.get("record"), str) else ""
    if not text and "seed" not in form and "level" not in form:
        return Answer(V.table_context(edition, coach=coach))
    try:
        record = import_record(text) if text else new_record(form, edition)
    except RecordError as error:
        return Answer(V.table_context(edition, coach=coach, error=str(error)), 400)
    move_text = _text(form, "move")
    try:
        if not move_text:
            return Answer(_page(record, edition, coach, len(record.moves), hint=_text(form, "hint") == "1"))
        moved = record.to_json()
        moved["moves"].append(read_move(move_text, SEATS[G.learner_seat(record)]))
        return Answer(_page(parse_record(moved), edition, coach, len(moved["moves"])))
    except RecordError as error:
        if not move_text:
            return Answer(V.table_context(edition, coach=coach, error=str(error)), 400)
        refusal = str(error)
    # The move is refused: the table as it was, with the reason, so play goes on.
    try:
        return Answer(_page(record, edition, coach, len(record.moves), refusal), 400)
    except RecordError as bad:
        return Answer(V.table_context(edition, coach=coach, error=str(bad)), 400)
