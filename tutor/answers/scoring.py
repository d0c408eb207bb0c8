"""A score request read and answered without Flask: what POST /api/score and the calculator
page share with the in-browser engine (tutor.browser, run by Pyodide in a Web Worker), so a
hand scored by the backend and one scored in the browser go through the same code.

    parse_score_request   decoded JSON (or a form turned into its fields) -> hand, situation, edition, why_not
    score_request         the same, scored
    analyze_answer        POST /api/analyze's answer: the analysis, and every discard advised by
                          value (tutor.practice.value) with the fields 'seen', 'wall', 'playouts', 'seed'
    calculator_answer     the calculator's form -> (template context, HTTP status)

Standard library, the engine, tutor.views and the strict field parsers of tutor.answers.forms only:
Pyodide runs this module as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.answers import forms as F
from tutor.answers.forms import MAX_FAN_TEXT, MAX_HAND_TEXT, MAX_TILE_TEXT, FieldError, shown, text
from tutor.practice.value import Advice, advise
from tutor.rules import tiles as T
from tutor.rules.analysis import Analysis, analyze, check_hand, last_written_tile, tile_count
from tutor.rules.engine import HandError, NotWinning, Result, Situation, score
from tutor.rules.fans import DEFAULT_EDITION, EDITIONS, fan
from tutor.rules.notation import MAX_NOTATION_LENGTH, Hand, NotationError, parse_hand, parse_tiles
from tutor.views import drills as DV
from tutor.views import practice as P

MAX_WHY_NOT = 81
SCORE_FIELDS = frozenset(
    {"hand", "win", "rules", "why_not"} | set(Situation.FLAGS) | {"seat_wind", "prevalent_wind", "flowers"}
)


def parse_fan_key(value: Any) -> int:
    """A fan given by number (22) or slug ('full-flush'); HandError otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise HandError("Each entry of 'why_not' must be a fan number from 1 to 81 or a fan's slug.")
    try:
        return fan(value).id
    except KeyError:
        if isinstance(value, int):
            raise HandError(f"There is no fan {value}: fans are numbered 1 to 81.") from None
        raise HandError(f"There is no fan '{shown(value, MAX_FAN_TEXT)}': use a number from 1 to 81 or a slug such as "
                        "'full-flush'.") from None


def _refuse_unknown_fields(data: Mapping, known: frozenset[str]) -> None:
    """HandError naming the first unknown field (in sorted order) and listing the known ones.
    The usual body has none, which one set operation tells; only then are they looked for."""
    if not known.issuperset(data):
        unknown = sorted(shown(str(k), 40) for k in data if k not in known)
        raise HandError(f"Unknown field '{unknown[0]}'. The fields are: {', '.join(sorted(known))}.")


def parse_score_request(data: Any, hand: Hand | None = None) -> tuple[Any, Situation, str, list[int]]:
    """Turn a decoded JSON body into (hand, situation, edition, why_not); HandError on bad input.
    hand: the body's hand already parsed (the calculator reads its notation once per request)."""
    if not isinstance(data, Mapping):
        raise HandError("The request body must be a JSON object, such as {\"hand\": \"...\", \"win\": \"5s\"}.")
    _refuse_unknown_fields(data, SCORE_FIELDS)
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
        hand = hand if hand is not None else parse_hand(data["hand"])
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
    fan_ids = list(dict.fromkeys(parse_fan_key(v) for v in why_not)) if why_not else []
    return hand, situation, edition, fan_ids


def score_request(data: Any, hand: Hand | None = None) -> Result:
    hand, situation, edition, why_not = parse_score_request(data, hand)
    return score(hand, situation, edition, why_not)


# The advice's fields (tutor.practice.value): what the table shows, the wall, and the play-outs.
ADVICE_FIELDS = frozenset({"seen", "wall", "playouts", "seed"})
ANALYZE_FIELDS = (SCORE_FIELDS - {"win"}) | ADVICE_FIELDS
MAX_SEEN_TEXT = 600  # 122 tiles at most can be seen beside 14 in the hand, written with room to spare
MAX_PLAYOUTS = 1000
DEFAULT_PLAYOUTS = 100
CHANCE_BUDGET_MS = 200.0  # one answer's advice stops its play-outs here, however many were asked


def parse_seen(value: Any) -> tuple[int, ...]:
    """Field 'seen': the tiles on the table outside the hand, in notation ("1m 1m 5s E" or "115s"…)."""
    if not isinstance(value, str):
        raise HandError("Field 'seen' must be text listing tiles in notation, such as \"11m 5s E\".")
    if len(value) > MAX_SEEN_TEXT:
        raise HandError(f"Field 'seen' is too long: at most {MAX_SEEN_TEXT} characters.")
    found: list[int] = []
    for group in value.replace(",", " ").split():
        try:
            found.extend(parse_tiles(group))
        except NotationError as error:
            raise HandError(f"Field 'seen': {error}") from None
    return tuple(found)


def parse_count(data: Mapping, field: str, low: int, high: int, default: int | None) -> int | None:
    """An optional JSON whole number from low to high (not text, not true or false, not 2.0)."""
    if field not in data or data[field] is None:
        return default
    value = data[field]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise HandError(f"Field '{field}' must be a whole number from {low} to {high}.")
    return value


def advice_request(data: Mapping, hand, situation: Situation, edition: str) -> Advice:
    """The advice on a hand already parsed (analyze_request), with the fields it alone reads."""
    seen = parse_seen(data["seen"]) if data.get("seen") is not None else ()
    wall = parse_count(data, "wall", 0, 136, None)
    playouts = parse_count(data, "playouts", 0, MAX_PLAYOUTS, DEFAULT_PLAYOUTS)
    seed = parse_count(data, "seed", 0, 2**31 - 1, 0)
    return advise(hand, situation, seen, wall, edition, playouts=playouts, budget_ms=CHANCE_BUDGET_MS, seed=seed)


def analyze_answer(data: Any) -> dict[str, Any]:
    """POST /api/analyze's answer: the analysis, with the discards (or the 13 tiles) advised by value."""
    analysis = analyze_request(data)
    _, situation, _, _ = parse_score_request({**_score_fields(data), "win": "1m"})
    advice = advice_request(data, analysis.hand, situation, analysis.edition)
    out = analysis.to_dict()
    out.update({"unseen": advice.unseen, "draws": advice.draws, "reason": advice.reason})
    if analysis.tiles == 14:
        out["discards"] = [d.to_dict() for d in advice.discards]
    else:
        entry = advice.best.to_dict()
        out.update({k: entry[k] for k in ("routes", "chance", "value")})
    return out


def _score_fields(data: Mapping) -> dict:
    return {k: v for k, v in data.items() if k not in ADVICE_FIELDS}


def analyze_request(data: Any, hand: Hand | None = None) -> Analysis:
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
    _refuse_unknown_fields(data, ANALYZE_FIELDS)
    text = data.get("hand")
    last = last_written_tile(text) if isinstance(text, str) and len(text) <= MAX_NOTATION_LENGTH else None
    stand_in = T.code(last) if last is not None else "1m"
    hand, situation, edition, why_not = parse_score_request({**_score_fields(data), "win": stand_in}, hand)
    check_hand(hand)
    return analyze(hand, situation, edition, why_not)


NO_WIN_IN_FORM = ("Say which tile completed the hand: pick it last, or write it in the box 'Winning tile', "
                  "such as 5s or E.")


def calculator_answer(form, posted: bool, default_edition: str) -> tuple[dict[str, Any], int]:
    """The calculator's template context and status for a form or query string (anything with
    get and getlist): a result, the waits of 13 tiles or the discards of 14 that do not win (the
    analysis), a message (400, or 422 for a hand that does not win), or the empty form when a GET
    names no hand."""
    values = F.form_values(form)
    result, analysis, error, status = None, None, None, 200
    if posted or values["h"] or values["win"]:
        try:
            mapping = F.form_to_score_mapping(form)
            hand = _hand(mapping)
            tiles = tile_count(hand) if hand is not None else None
            if tiles == 13:  # the waits, each with its points
                analysis = _analysis(mapping, hand)
            else:
                try:
                    result = score_request(mapping, hand)
                except HandError as scorer_error:
                    err = scorer_error
                    if not (mapping.get("win") or "").strip() and "'win'" in str(err):
                        err = HandError(NO_WIN_IN_FORM)  # said with the page's own name for the box
                    # 14 tiles that do not win (or give no winning tile yet): which to discard.
                    if tiles != 14 or not (isinstance(err, NotWinning) or not mapping.get("win")):
                        raise err from None
                    analysis = _analysis(mapping, hand, err)
                    if isinstance(err, NotWinning):  # still a 422, with what the tiles could become
                        error, status = str(err), err.status
        except (HandError, FieldError) as err:
            error, status = str(err), err.status
    context = P.calculator_context(default_edition, values, result, error)
    context["analysis"] = analysis
    return context, status


def _hand(mapping: dict) -> Hand | None:
    """The form's hand, parsed once for the whole request, or None when the notation cannot be
    read (the scorer's parser then says why, in the API's words)."""
    try:
        return parse_hand(mapping.get("hand", ""))
    except NotationError:
        return None


def _analysis(mapping: dict, hand: Hand | None, scoring_error: HandError | None = None) -> dict:
    """13 tiles (waits and their points) or 14 that do not win (discards), for calc_analysis.html.
    14 tiles that do win after all raise the scorer's own error (a missing winning tile)."""
    fields = {k: v for k, v in mapping.items() if k not in ("win", "why_not")}
    found = analyze_request(fields, hand)
    if found.shanten < 0 and scoring_error is not None:
        raise scoring_error
    situation = Situation.from_mapping({**fields, "win": "1m"})  # checked by the analysis above
    return DV.analysis_view(found, situation)
