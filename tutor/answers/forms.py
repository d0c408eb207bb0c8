"""Every parameter of every endpoint, read by one strict parser per kind.

    whole_number   ASCII digits only, at most a few of them, within a range ('²' and '١' are
                   digits to str.isdigit() but not to a player, and 5,000 digits are no seed)
    choice         one of a fixed set of words
    text           a string of at most so many characters, with no lone surrogate or control
                   character (they cannot be echoed back in a message or a page)

Each raises FieldError with a message for a player; callers answer it 400 in the form their
endpoint speaks. On top of them: the calculator's form as the JSON API's fields
(form_to_score_mapping, then tutor.answers.scoring.parse_score_request, shared with POST /api/score),
the calculator's fields for echoing back (form_values), a quiz hand's key (quiz_key) and a
player's answer (parse_ticks, parse_total).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from typing import Any

from tutor.practice import quiz as Q
from tutor.rules.engine import MAX_FLOWERS, Situation
from tutor.rules.fans import DEFAULT_EDITION, EDITIONS, fan
from tutor.rules.situation import SITUATION_FIELDS, SituationField
from tutor.views.practice import MAX_CHOICES, QuizKey


class FieldError(ValueError):
    """A parameter that is not what its field takes (HTTP 400). The message is for a player."""

    status = 400


MAX_DIGITS = 9  # the largest number any field takes is a seed below 10**9
SHOWN = 20  # characters of a bad value quoted back in a message


def shown(value: str, limit: int = SHOWN) -> str:
    """A value as it may be quoted in a message: cut, and with anything unprintable escaped."""
    cut = value[:limit]
    return "".join(c if c.isprintable() and not _is_surrogate(c) else repr(c)[1:-1] for c in cut)


def _is_surrogate(c: str) -> bool:
    return "\ud800" <= c <= "\udfff"


def is_whole_number(text: str, digits: int = MAX_DIGITS) -> bool:
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def whole_number(value: Any, field: str, low: int, high: int, what: str = "") -> int:
    """An integer written in ASCII digits from low to high (whitespace around it allowed)."""
    what = what or f"'{field}' must be a whole number from {low} to {high}"
    text = value.strip() if isinstance(value, str) else ""
    if not is_whole_number(text, max(len(str(high)), 1) + 2) or not low <= int(text) <= high:
        quoted = f", not '{shown(value)}'" if isinstance(value, str) and value.strip() else ""
        raise FieldError(f"{what[0].upper()}{what[1:]}{quoted}.")
    return int(text)


def choice(value: Any, field: str, choices: Collection[str], what: str = "") -> str:
    """One of `choices`, exactly (whitespace around it allowed)."""
    text = value.strip() if isinstance(value, str) else None
    if text not in choices:
        raise FieldError(what or f"Field '{field}' must be one of: {', '.join(choices)}.")
    return text


def text(value: Any, field: str, cap: int) -> str:
    """A string of at most `cap` characters that can be shown back to the player."""
    if not isinstance(value, str):
        raise FieldError(f"Field '{field}' must be text.")
    if len(value) > cap:
        raise FieldError(f"Field '{field}' is too long ({len(value)} characters; at most {cap}).")
    if value.isascii() and value.isprintable():  # the usual case, decided without a look at each character
        return value
    if any(_is_surrogate(c) or (unicodedata.category(c) == "Cc" and c not in "\t\n\r") for c in value):
        raise FieldError(f"Field '{field}' contains characters that are not text.")
    return value


# ------------------------------------------------------------------------ calculator forms

TRUE_WORDS = frozenset({"true", "on", "yes", "1"})
FALSE_WORDS = frozenset({"false", "off", "no", "0", ""})
WINDS = ("E", "S", "W", "N")
MAX_FORM_WHY_NOT = 81
MAX_HAND_TEXT = 300
MAX_TILE_TEXT = 20
MAX_FAN_TEXT = 40


def form_to_score_mapping(form) -> dict[str, Any]:
    """The scoring API's fields from a form or query string (a werkzeug MultiDict, or any mapping
    with getlist). Only types change here: every rule about the values stays in
    tutor.answers.scoring.parse_score_request, which the JSON API uses too. Unknown fields are ignored: a
    page's form carries other things (the add-as choice of the tile picker, htmx's own)."""
    data: dict[str, Any] = {}
    hand = _text(form, "h") or _text(form, "hand")
    if hand is not None:
        data["hand"] = text(hand, "hand", MAX_HAND_TEXT)
    # Said with the page's own name for the box (the API says "Missing field 'hand'").
    if not (data.get("hand") or "").strip():
        raise FieldError("The hand is empty: pick its tiles above, or write it in the box 'Hand in notation', "
                         "such as [EEE] 123m 456p 789s 55s.")
    for field in SITUATION_FIELDS:  # the engine's one declaration of the situation's fields
        value = _text(form, field.name)
        if value is None or (field.type in ("wind", "int") and not value.strip()):
            continue
        data[field.name] = situation_value(field, value)
    rules = _text(form, "rules")
    if rules and rules.strip():
        data["rules"] = choice(rules, "rules", EDITIONS)
    why_not = [text(v, "why_not", MAX_FAN_TEXT).strip() for v in _list(form, "why_not")[:MAX_FORM_WHY_NOT + 1]]
    why_not = [v for v in why_not if v]
    if why_not:
        data["why_not"] = why_not  # at most one over, so the API's own limit speaks
    return data


def situation_value(field: SituationField, value: str) -> Any:
    """A situation field of a form in the API's own types, checked as strictly as its kind asks:
    the rules about the values (the range of flowers, a possible situation) stay the engine's."""
    name = field.name
    if field.type == "tile":
        return text(value, name, MAX_TILE_TEXT)
    if field.type == "bool":
        word = choice(value.lower(), name, TRUE_WORDS | FALSE_WORDS,
                      f"Field '{name}' must be true or false, not '{shown(value)}'.")
        return word in TRUE_WORDS
    if field.type == "wind":
        return choice(value.upper(), name, WINDS, f"Field '{name}' must be one of E, S, W or N.")
    # Two digits here; the range is the engine's to say (tutor.rules.engine.validate).
    return whole_number(value, name, 0, 99, f"{name} must be a whole number from {field.low} to {field.high}")


def _text(form, key: str) -> str | None:
    value = form.get(key)
    return value if isinstance(value, str) else None


def _list(form, key: str) -> list[str]:
    if hasattr(form, "getlist"):
        return [v for v in form.getlist(key) if isinstance(v, str)]
    value = form.get(key)
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, (list, tuple)) else []


def form_values(form) -> dict[str, Any]:
    """The calculator's fields as typed, for echoing back into the form (never trusted for scoring:
    anything unusable falls back to the field's default)."""

    def echo(key: str, cap: int) -> str:
        try:
            return text(_text(form, key) or "", key, cap)
        except FieldError:
            return ""

    values = {"h": echo("h", MAX_HAND_TEXT) or echo("hand", MAX_HAND_TEXT), "win": echo("win", MAX_TILE_TEXT)}
    for flag in Situation.FLAGS:
        values[flag] = (_text(form, flag) or "").strip().lower() in TRUE_WORDS
    for wind in ("seat_wind", "prevalent_wind"):
        value = (_text(form, wind) or "E").strip().upper()
        values[wind] = value if value in WINDS else "E"
    try:
        values["flowers"] = whole_number(_text(form, "flowers") or "0", "flowers", 0, MAX_FLOWERS)
    except FieldError:
        values["flowers"] = 0
    values["rules"] = (_text(form, "rules") or "").strip() if (_text(form, "rules") or "").strip() in EDITIONS else ""
    return values


# ------------------------------------------------------------------------ quiz requests

MAX_TOTAL = 9999


def quiz_key(form, default_edition: str = DEFAULT_EDITION, *, seed: int | None = None) -> QuizKey:
    """Read mode, fan, band, seed and rules; QuizError with a player's message when one is wrong.

    seed: used when the form has none (the backend picks one and sends the player to its address)."""
    mode = (_text(form, "mode") or "starter").strip()
    if mode not in Q.MODES:
        raise Q.QuizError(f"Unknown quiz mode '{shown(mode)}': choose one of {', '.join(Q.MODES)}.")
    fan = band = None
    if mode == "fan":
        fan = parse_fan(_text(form, "fan") or "")
    if mode == "band":
        band = parse_band(_text(form, "band") or "")
    given = _text(form, "seed") or ""
    if given.strip():
        try:
            seed = whole_number(given, "seed", 0, Q.MAX_SEED - 1, f"the seed must be a whole number from 0 to {Q.MAX_SEED - 1}")
        except FieldError as error:
            raise Q.QuizError(str(error)) from None
    if seed is None:
        raise Q.QuizError("A quiz hand needs its seed.")
    edition = (_text(form, "rules") or default_edition).strip()
    if edition not in EDITIONS:
        raise Q.QuizError(f"The rules must be one of {', '.join(EDITIONS)}.")
    return QuizKey(mode, seed, fan, band, edition)


def parse_fan(value: str) -> str:
    """A fan's slug from a slug or a number."""
    key = value.strip()
    if not key:
        raise Q.QuizError("Practising one fan needs the fan: choose one from the list.")
    try:
        return fan(key).slug
    except KeyError:
        pass
    raise Q.QuizError(f"There is no fan '{shown(key, 40)}': choose one from the list.")


def parse_band(value: str) -> int:
    key = value.strip()
    if not is_whole_number(key, 2) or int(key) not in Q.BANDS:
        raise Q.QuizError(f"Choose a point value among {', '.join(map(str, Q.BANDS))}.")
    return int(key)


def parse_ticks(form) -> list[int]:
    """The fans a player ticked, as fan ids; QuizError for anything that is not a fan."""
    return list(dict.fromkeys(_ticked_fan(value.strip()) for value in _list(form, "tick")[:MAX_CHOICES * 4]))


def _ticked_fan(value: str) -> int:
    """A tick names its fan by number, as the form's boxes do."""
    if is_whole_number(value, 2):
        try:
            return fan(value).id
        except KeyError:
            pass
    raise Q.QuizError(f"'{shown(value)}' is not a fan: tick fans from the list.")


def parse_total(form) -> int | None:
    given = (_text(form, "total") or "").strip()
    if not given:
        return None
    try:
        return whole_number(given, "total", 0, MAX_TOTAL, "the total must be a whole number of points")
    except FieldError as error:
        raise Q.QuizError(str(error)) from None
