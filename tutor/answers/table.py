"""The practice table's requests: POST /api/table's JSON, and the table page's form.

    table_json       decoded JSON {"rules", "seed", "moves", "level", "hand"} -> (status, body):
                     tutor.practice.table.table.answer, or 400 {"error"} naming what is wrong;
                     with "game" (the finished hands' records, a list), a hand of a game: the
                     answer adds "game", the totals (tutor.practice.table.table.game_totals), and
                     {"game": [...]} alone deals the game's next hand
    table_answer     Asked -> Answer: the table page (the page table's answer function)

The page's form carries the hand's record as JSON text (`record`, exported by
tutor.practice.table.record) and the learner's move as a button's value (`move`: 'discard 5s',
'pung 4s', 'chow 3m', 'kong C', 'win', 'pass'); a new hand is `seed` and `level` (no seed: one is
picked). `coach=1` shows the coach's advice at every decision, `hint=1` once. Nothing about the
player is kept: the record is the whole hand, sent back with each click.

A game of 16 hands (`mode=game` on a new hand) adds `game`: the finished hands' records as a JSON
list, carried by the form beside the hand in play. A form with `game` and no `record` deals the
next hand, its seed following from the first hand's (tutor.practice.table.game.hand_seed). The
totals are worked out from the records each time (tutor.practice.table.table.game_totals).
"""

from __future__ import annotations

import json
from typing import Any

from tutor.answers.asked import Answer, Asked
from tutor.answers.forms import FieldError, shown, whole_number
from tutor.answers.scoring import score_request
from tutor.practice.table import coach as C
from tutor.practice.table import table as G
from tutor.practice.table.game import HANDS_PER_GAME, hand_seed
from tutor.practice.table.moves import ACTIONS, SEATS, TILE_ACTIONS
from tutor.practice.table.record import LEVELS, MAX_RECORD_TEXT, Record, RecordError, parse_record
from tutor.practice.table.wall import MAX_SEED
from tutor.rules import tiles as T
from tutor.rules.engine import HandError
from tutor.rules.fans import EDITIONS
from tutor.views import table as V
from tutor.views.practice import random_seed, result_view

FIELDS = ("record", "move", "seed", "level", "rules", "coach", "hint", "game", "mode")
DEFAULT_LEVEL = 2
# The largest body the table's page and POST /api/table take. A game carries its finished hands'
# records with every click: 16 hands measured 100 KB as the page's form sends them (urlencoded
# JSON, 5 to 8 KB a hand), against 16 KB for every other request.
GAME_BODY_BYTES = 256 * 1024


def table_json(data: Any) -> tuple[int, dict[str, Any]]:
    """(status, body) as POST /api/table answers a decoded JSON body."""
    try:
        if isinstance(data, dict) and "game" in data:
            return 200, _game_json(data)
        return 200, G.answer(data)
    except RecordError as error:
        return 400, {"error": str(error)}


def saved_game(data: dict[str, Any]) -> tuple[list[Record], Record]:
    """A game as POST /api/table takes it and the table page exports it: {"game": [the finished
    hands' records], and the hand in play's record beside it (none: the game's next hand)}."""
    game = parse_game(data["game"])
    hand = {key: value for key, value in data.items() if key != "game"}
    record = parse_record(hand) if hand else next_hand(game) if game else None
    if record is None:
        raise RecordError("A game with no hands finished needs its first hand's record (rules, seed, level).")
    _in_place(game, record)
    return game, record


def _in_place(game: list[Record], record: Record) -> None:
    if record.hand != len(game):
        raise RecordError(f"This hand's record is hand {record.hand + 1} of a game, but the game has {len(game)} hands before it.")
    if game:
        _one_game(game[0], record, len(game))


def export_game(game: list[Record], record: Record) -> str:
    """The game in play as one JSON text (saved_game reads it back): to keep, or to play on later."""
    return json.dumps({"game": [r.to_json() for r in game], **record.to_json()}, separators=(",", ":"))


def _game_json(data: dict[str, Any]) -> dict[str, Any]:
    """A hand of a game: the record beside the game's finished hands (none: the next hand)."""
    game, record = saved_game(data)
    answered = G.answer(record.to_json())
    played = parse_record(answered["record"])
    answered["game"] = G.game_totals([*game, played] if answered["result"] else game)
    return answered


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


def read_game(text: str) -> list[Record]:
    """The finished hands of a game in play, from the form's `game` (a JSON list of records)."""
    return parse_game(_decoded(text, "The game is too long to be 16 hands' records.",
                               "The game's hands are not JSON: start a new game."))


def _decoded(text: str, too_long: str, not_json: str) -> Any:
    """JSON text no longer than a game of 16 hands' records, decoded; RecordError in these words
    otherwise (not_json may name the decoder's complaint as {error})."""
    if len(text) > HANDS_PER_GAME * MAX_RECORD_TEXT:
        raise RecordError(too_long)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: nesting deeper than the parser's stack
        raise RecordError(not_json.format(error=str(error)[:80])) from None


def parse_game(data: Any) -> list[Record]:
    """The finished hands of a game from decoded JSON: a list of at most 16 records."""
    if not isinstance(data, list) or len(data) > HANDS_PER_GAME:
        raise RecordError(f"A game is a list of at most {HANDS_PER_GAME} hands' records.")
    records = []
    for index, entry in enumerate(data):
        try:
            records.append(parse_record(entry))
        except RecordError as error:
            raise RecordError(f"Hand {index + 1} of the game: {error}") from None
        if records[0] is not records[-1]:
            _one_game(records[0], records[-1], index)
    return records


def _one_game(first: Record, record: Record, index: int) -> None:
    """Hand index + 1 of the game that `first` began: the same rules and bots, dealt from the seed
    that follows from the first's, so that an edited record cannot deal itself another hand."""
    if (record.rules, record.level) != (first.rules, first.level):
        raise RecordError(f"Hand {index + 1} of the game is played with other rules or bots than hand 1.")
    if record.seed != hand_seed(first.seed, index, MAX_SEED):
        raise RecordError(f"Hand {index + 1} of the game has a seed of its own, not the game's.")


def next_hand(game: list[Record]) -> Record:
    """The game's next hand: the first hand's rules and bots, its seed following from the first's."""
    if len(game) >= HANDS_PER_GAME:
        raise RecordError(f"The game's {HANDS_PER_GAME} hands are all played: start a new game.")
    first = game[0]
    return Record(first.rules, hand_seed(first.seed, len(game), MAX_SEED), (), first.level, len(game))


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


def _records_text(records: list[Record]) -> str:
    return json.dumps([r.to_json() for r in records], separators=(",", ":"))


def _page(record: Record, edition: str, coach: bool, before: int, error: str | None = None,
          hint: bool = False, game: list[Record] | None = None) -> dict[str, Any]:
    """The table after this record, the bots played up to the learner's next decision; the
    coach's ranking when asked (or always, with the option), the review once the hand is over;
    in a game, the totals of the hands finished (this one too once it is over)."""
    answered = G.answer(record.to_json())
    outcome, refused = answered["result"], answered["refused"]
    played = parse_record(answered["record"])
    seat = G.learner_seat(played)
    coaching = C.replayed_coach(played, seat) if (hint or coach) and outcome is None else None
    context = V.table_context(
        edition, answered=answered, record_text=json.dumps(answered["record"], separators=(",", ":")),
        before=before, coach=coach, error=error,
        hint=None if coaching is None else coaching.to_dict(),
        review=C.review(played, seat) if outcome is not None else None,
        result=_scored(outcome.get("request") if outcome else None, edition),
        refused=None if refused is None else {"message": refused["message"], "view": _scored(refused["request"], edition)},
    )
    if game is not None:
        finished = [*game, played] if outcome is not None else game
        totals = G.game_totals(finished)
        for hand in totals["results"]:  # the score sheet links each won hand to the calculator
            view = _scored(hand["request"], edition)
            hand["from"] = f"calculator/?{view['scored'].query}" if view else None
        context["game"] = V.game_view(totals, played.hand, seed=(game or [played])[0].seed, over=outcome is not None,
                                      game_text=_records_text(game), finished_text=_records_text(finished),
                                      saved_text=export_game(game, played))
    return context


def _game_and_record(form, edition: str, text: str) -> tuple[list[Record] | None, Record]:
    """The game in play (None: a single hand) and the hand to show: the record sent, the game's
    next hand, or a new hand (the first of a new game with mode=game)."""
    game_text = _text(form, "game")
    game = read_game(game_text) if game_text else ([] if _text(form, "mode") == "game" else None)
    if text:
        saved = _saved(text)
        if isinstance(saved, tuple):  # a whole game pasted under "Play a saved record"
            if game_text:
                raise RecordError("Send a game's record, or a hand's record beside its game, not both.")
            return saved
        record = saved
    elif game:
        return game, next_hand(game)
    else:
        record = new_record(form, edition)
    if game is not None:
        _in_place(game, record)
    return game, record


def _saved(text: str) -> Record | tuple[list[Record], Record]:
    """A hand's record, or a game's (export_game), from the JSON text a player pasted or the form carries."""
    data = _decoded(text, "The record is too long to be a game of 16 hands.", "the record is not JSON: {error}")
    if isinstance(data, dict) and "game" in data:
        return saved_game(data)
    if len(text) > MAX_RECORD_TEXT:
        raise RecordError(f"a record is JSON text of at most {MAX_RECORD_TEXT:,} characters")
    return parse_record(data)


def table_answer(asked: Asked) -> Answer:
    """The page without a hand, a new hand (seed, level), or the record with the learner's move;
    in a game, with the finished hands' records beside it."""
    form, edition = asked.form, asked.edition
    coach = _text(form, "coach") == "1"
    text = form.get("record") if isinstance(form.get("record"), str) else ""
    if not text and not any(key in form for key in ("seed", "level", "game")):
        return Answer(V.table_context(edition, coach=coach))
    try:
        game, record = _game_and_record(form, edition, text)
    except RecordError as error:
        return Answer(V.table_context(edition, coach=coach, error=str(error)), 400)
    move_text = _text(form, "move")
    try:
        if not move_text:
            return Answer(_page(record, edition, coach, len(record.moves), hint=_text(form, "hint") == "1", game=game))
        moved = record.to_json()
        moved["moves"].append(read_move(move_text, SEATS[G.learner_seat(record)]))
        return Answer(_page(parse_record(moved), edition, coach, len(moved["moves"]), game=game))
    except RecordError as error:
        if not move_text:
            return Answer(V.table_context(edition, coach=coach, error=str(error)), 400)
        refusal = str(error)
    # The move is refused: the table as it was, with the reason, so play goes on.
    try:
        return Answer(_page(record, edition, coach, len(record.moves), refusal, game=game), 400)
    except RecordError as bad:
        return Answer(V.table_context(edition, coach=coach, error=str(bad)), 400)
