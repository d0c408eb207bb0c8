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
from tutor.rules.engine import HandError
from tutor.rules.fans import FAN_BY_ID
from tutor.rules.notation import MAX_NOTATION_LENGTH
from tutor.views.scored import ScoredHand
from tutor.web.scoring import SCORE_FIELDS, parse_fan_key, parse_score_request, score_request

__all__ = ["bp", "parse_fan_key", "parse_score_request", "score_request"]

bp = Blueprint("api", __name__, url_prefix="/api")

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
