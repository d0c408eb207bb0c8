"""The JSON API: POST /api/score, POST /api/analyze.

request -> parse (this module) -> score (tutor.rules.engine) -> JSON. Every failure is a 400
(malformed or impossible input) or 422 (a well-formed hand that does not win) with
{"error": "..."} in words a player understands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, jsonify, request

from tutor.rules import tiles as T
from tutor.rules.analysis import Analysis, analyze, check_hand, last_written_tile
from tutor.rules.engine import HandError, Result, Situation, score
from tutor.rules.fans import DEFAULT_EDITION, EDITIONS, FAN_BY_ID, FAN_BY_SLUG
from tutor.rules.notation import MAX_NOTATION_LENGTH, NotationError, parse_hand
from tutor.views.scored import ScoredHand
from tutor.web.forms import MAX_FAN_TEXT, MAX_HAND_TEXT, MAX_TILE_TEXT, FieldError, is_whole_number, shown, text

bp = Blueprint("api", __name__, url_prefix="/api")

MAX_WHY_NOT = 81
SCORE_FIELDS = frozenset(
    {"hand", "win", "rules", "why_not"} | set(Situation.FLAGS) | {"seat_wind", "prevalent_wind", "flowers"}
)


def parse_fan_key(value: Any) -> int:
    """A fan given by number (22) or slug ('full-flush'); HandError otherwise."""
    if isinstance(value, bool):
        raise HandError("Each entry of 'why_not' must be a fan number from 1 to 81 or a fan's slug.")
    if isinstance(value, int):
        if value in FAN_BY_ID:
            return value
        raise HandError(f"There is no fan {value}: fans are numbered 1 to 81.")
    if isinstance(value, str):
        if is_whole_number(value, 2) and int(value) in FAN_BY_ID:
            return int(value)
        if value in FAN_BY_SLUG:
            return FAN_BY_SLUG[value].id
        raise HandError(f"There is no fan '{shown(value, MAX_FAN_TEXT)}': use a number from 1 to 81 or a slug such as 'full-flush'.")
    raise HandError("Each entry of 'why_not' must be a fan number from 1 to 81 or a fan's slug.")


def parse_score_request(data: Any) -> tuple[Any, Situation, str, list[int]]:
    """Turn a decoded JSON body into (hand, situation, edition, why_not); HandError on bad input."""
    if not isinstance(data, Mapping):
        raise HandError("The request body must be a JSON object, such as {\"hand\": \"...\", \"win\": \"5s\"}.")
    unknown = sorted(shown(str(k), 40) for k in data if k not in SCORE_FIELDS)
    if unknown:
        raise HandError(f"Unknown field '{unknown[0]}'. The fields are: {', '.join(sorted(SCORE_FIELDS))}.")
    if "hand" not in data:
        raise HandError("Missing field 'hand': write the hand in notation, such as \"[EEE] 123m 456p 789s 55s\".")
    if not isinstance(data["hand"], str):
        raise HandError("Field 'hand' must be text in hand notation.")
    try:
        text(data["hand"], "hand", MAX_HAND_TEXT)
        if isinstance(data.get("win"), str):
            text(data["win"], "win", MAX_TILE_TEXT)
    except FieldError as error:
        raise HandError(str(error)) from None
    try:
        hand = parse_hand(data["hand"])
    except NotationError as error:
        raise HandError(str(error)) from None
    situation = Situation.from_mapping(data)
    edition = data.get("rules", DEFAULT_EDITION)
    if edition not in EDITIONS:
        raise HandError(f"Field 'rules' must be one of: {', '.join(EDITIONS)}.")
    why_not = data.get("why_not", [])
    if not isinstance(why_not, list):
        raise HandError("Field 'why_not' must be a list of fan numbers, such as [22, 68].")
    if len(why_not) > MAX_WHY_NOT:
        raise HandError(f"Field 'why_not' may name at most {MAX_WHY_NOT} fans.")
    fan_ids = list(dict.fromkeys(parse_fan_key(v) for v in why_not))
    return hand, situation, edition, fan_ids


def score_request(data: Any) -> Result:
    hand, situation, edition, why_not = parse_score_request(data)
    return score(hand, situation, edition, why_not)


def error_response(message: str, status: int):
    response = jsonify({"error": message})
    response.status_code = status
    return response


@bp.post("/score")
def api_score():
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON decoder goes: no hand looks like that
        data = None
    if data is None:
        return error_response(
            "The request body must be JSON (send Content-Type: application/json), such as "
            "{\"hand\": \"[EEE] 123m 456p 789s 55s\", \"win\": \"5s\"}.",
            400,
        )
    try:
        result = score_request(data)
    except HandError as error:
        return error_response(str(error), error.status)
    return jsonify(ScoredHand.of(result).to_json())


# ---------------------------------------------------------------- POST /api/analyze

ANALYZE_FIELDS = SCORE_FIELDS - {"win"}


def analyze_request(data: Any) -> Analysis:
    """The fields of /api/score except 'win', parsed by the same parser; HandError on bad input.

    A 14-tile hand that wins is scored on its last concealed tile as written; for a
    13-tile hand the parser is given a stand-in win, which the analysis replaces by each wait."""
    if not isinstance(data, Mapping):
        raise HandError("The request body must be a JSON object, such as {\"hand\": \"123m 456p 789s 11s 23p\"}.")
    if "win" in data:
        raise HandError(
            "/api/analyze takes no 'win': it tries every tile on a 13-tile hand, and scores a winning "
            "14-tile hand on its last tile as written."
        )
    unknown = sorted(str(k)[:40] for k in data if k not in ANALYZE_FIELDS)
    if unknown:
        raise HandError(f"Unknown field '{unknown[0]}'. The fields are: {', '.join(sorted(ANALYZE_FIELDS))}.")
    text = data.get("hand")
    last = last_written_tile(text) if isinstance(text, str) and len(text) <= MAX_NOTATION_LENGTH else None
    stand_in = T.code(last) if last is not None else "1m"
    hand, situation, edition, why_not = parse_score_request({**data, "win": stand_in})
    check_hand(hand)
    return analyze(hand, situation, edition, why_not)


@bp.post("/analyze")
def api_analyze():
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON decoder goes: no hand looks like that
        data = None
    if data is None:
        return error_response(
            "The request body must be JSON (send Content-Type: application/json), such as "
            "{\"hand\": \"123m 456p 789s 11s 23p\"}.",
            400,
        )
    try:
        analysis = analyze_request(data)
    except HandError as error:
        return error_response(str(error), error.status)
    return jsonify(analysis.to_dict())


@bp.get("/fans")
def api_fans():
    """The fan table, for clients that show names and points."""
    return jsonify(
        [
            {
                "id": f.id,
                "slug": f.slug,
                "name": f.name,
                "chinese": f.chinese,
                "pinyin": f.pinyin,
                "points": f.points_by_edition,
                "category": f.category,
                "implies": [other.id for other in f.implied],
            }
            for f in FAN_BY_ID.values()
        ]
    )


@bp.route("/<path:rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
def api_unknown(rest: str):
    if rest.rstrip("/") in ("score", "analyze", "fans"):
        return error_response(
            "Use POST for /api/score and /api/analyze (with a JSON body) and GET for /api/fans.", 405
        )
    return error_response("No such API endpoint: use POST /api/score, POST /api/analyze or GET /api/fans.", 404)
