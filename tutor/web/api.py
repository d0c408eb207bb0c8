"""The JSON API: POST /api/score, POST /api/analyze, POST /api/table.

request -> parse (tutor.answers.scoring) -> score (tutor.rules.engine) -> JSON. Every failure is a 400
(malformed or impossible input) or 422 (a well-formed hand that does not win) with
{"error": "..."} in words a player understands.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from tutor.answers.scoring import analyze_answer, score_request
from tutor.answers.table import table_json
from tutor.rules.engine import HandError
from tutor.rules.fans import FAN_BY_ID
from tutor.views.scored import ScoredHand

bp = Blueprint("api", __name__, url_prefix="/api")


def error_response(message: str, status: int):
    response = jsonify({"error": message})
    response.status_code = status
    return response


def json_body():
    """The request's JSON, or None when it has none (or nests deeper than the decoder goes: no
    hand or record looks like that)."""
    try:
        return request.get_json(silent=True)
    except RecursionError:
        return None


def not_json(example: str):
    """The 400 for a body that is not JSON, with an example of the endpoint's own."""
    return error_response(
        f"The request body must be JSON (send Content-Type: application/json), such as {example}.", 400)


@bp.post("/score")
def api_score():
    data = json_body()
    if data is None:
        return not_json("{\"hand\": \"[EEE] 123m 456p 789s 55s\", \"win\": \"5s\"}")
    try:
        result = score_request(data)
    except HandError as error:
        return error_response(str(error), error.status)
    return jsonify(ScoredHand.of(result).to_json())


# ---------------------------------------------------------------- POST /api/analyze


@bp.post("/analyze")
def api_analyze():
    data = json_body()
    if data is None:
        return not_json("{\"hand\": \"123m 456p 789s 11s 23p\"}")
    try:
        answer = analyze_answer(data)
    except HandError as error:
        return error_response(str(error), error.status)
    return jsonify(answer)


# ---------------------------------------------------------------- POST /api/table


@bp.post("/table")
def api_table():
    """One click at the practice table: the record -> the bots' moves to the learner's next decision."""
    data = json_body()
    if data is None:
        return not_json("{\"rules\": \"wmo\", \"seed\": 42, \"level\": 2, \"moves\": []}")
    status, body = table_json(data)
    response = jsonify(body)
    response.status_code = status
    return response


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
    if rest.rstrip("/") in ("score", "analyze", "table", "fans"):
        return error_response(
            "Use POST for /api/score, /api/analyze and /api/table (with a JSON body) and GET for /api/fans.", 405
        )
    return error_response(
        "No such API endpoint: use POST /api/score, POST /api/analyze, POST /api/table or GET /api/fans.", 404)
