"""The hand-reading drills' requests: mode, seed and rules (DrillKey), the player's answer, and
the page or fragment that answers them (tutor.views.drills shows it).

    drill_key        ?mode=&seed=&rules= -> DrillKey; DrillError with a player's message
    read_answer      the answer form -> {field: [values]} (tile, shanten, declare, total, discard)
    drills_answer    Asked -> Answer: the chooser, a new hand's address, the dealt hand, its grading

Every number goes through tutor.answers.forms.whole_number, so '²', '①' and 10,000 digits are a
message, not an exception.
"""

from __future__ import annotations

from tutor.answers.asked import Answer, Asked
from tutor.answers.forms import FieldError, shown, whole_number
from tutor.practice import drills as D
from tutor.rules import tiles as T
from tutor.rules.fans import DEFAULT_EDITION, EDITIONS
from tutor.rules.notation import NotationError, parse_tile
from tutor.views import drills as V
from tutor.views.drills import FIELDS, MAX_SHANTEN, DrillKey
from tutor.views.practice import random_seed

MAX_TOTAL = 9999


def _text(form, key: str) -> str:
    value = form.get(key)
    return value.strip() if isinstance(value, str) else ""


def _list(form, key: str) -> list[str]:
    values = form.getlist(key) if hasattr(form, "getlist") else [form.get(key)]
    return [v.strip() for v in values if isinstance(v, str) and v.strip()]


def _number(text: str, field: str, high: int, what: str) -> int:
    try:
        return whole_number(text, field, 0, high, what)
    except FieldError as error:
        raise D.DrillError(str(error)) from None


def drill_key(form, default_edition: str = DEFAULT_EDITION, *, seed: int | None = None) -> DrillKey:
    """Read mode, seed and rules; DrillError with a player's message when one is wrong.

    seed: used when the form has none (the backend picks one and sends the player to its address)."""
    mode = _text(form, "mode") or "waits"
    if mode not in D.MODES:
        raise D.DrillError(f"Unknown drill '{shown(mode)}': choose one of {', '.join(D.MODES)}.")
    text = _text(form, "seed")
    if text:
        seed = _number(text, "seed", D.MAX_SEED - 1, f"the seed must be a whole number from 0 to {D.MAX_SEED - 1}")
    if seed is None:
        raise D.DrillError("A drill hand needs its seed.")
    edition = _text(form, "rules") or default_edition
    if edition not in EDITIONS:
        raise D.DrillError(f"The rules must be one of {', '.join(EDITIONS)}.")
    return DrillKey(mode, seed, edition)


def _tile(text: str) -> int:
    try:
        return parse_tile(text)
    except NotationError:
        raise D.DrillError(f"'{shown(text, 10)}' is not a tile: pick tiles such as 5s or E.") from None


def read_answer(form, mode: str) -> dict[str, list[str]]:
    """The player's answer, each value checked and spelt as the grading's conditions spell it."""
    answer: dict[str, list[str]] = {field: [] for field in FIELDS}
    if mode in ("waits", "shanten"):
        answer["tile"] = [T.code(t) for t in sorted({_tile(v) for v in _list(form, "tile")[:34]})]
    if mode == "shanten":
        text = _text(form, "shanten")
        if not text:
            raise D.DrillError("Say how many tiles the hand is from ready first.")
        what = f"the number of tiles from ready is a whole number from 0 to {MAX_SHANTEN}"
        answer["shanten"] = [str(_number(text, "shanten", MAX_SHANTEN, what))]
    if mode == "declare":
        choice = _text(form, "declare")
        if choice not in ("yes", "no"):
            raise D.DrillError("Say yes or no first: may the hand be declared?")
        answer["declare"] = [choice]
        total = _text(form, "total")
        if total:
            answer["total"] = [str(_number(total, "total", MAX_TOTAL, "the total must be a whole number of points"))]
    if mode == "discard":
        picked = _list(form, "discard")
        if not picked:
            raise D.DrillError("Choose the tile to discard first.")
        answer["discard"] = [T.code(_tile(picked[0]))]
    return answer


def drills_answer(asked: Asked) -> Answer:
    """Deal (GET, or POST from htmx) or grade (POST with answer=1, from the hand's own form)."""
    form, default = asked.form, asked.edition
    if "mode" not in form and not asked.answering:
        return Answer(V.drills_context(default))
    try:
        key = drill_key(form, default, seed=None if asked.answering else random_seed())
        if not asked.answering and not asked.htmx and (asked.posted or not _text(form, "seed")):
            return Answer(redirect=key.params(default))  # a new hand gets its own address, to share and deal again
        answer = read_answer(form, key.mode) if asked.answering else None
        drill = key.deal()
    except D.DrillError as err:
        mode = _text(form, "mode")
        context = V.drills_context(default, DrillKey(mode if mode in V.MODE_NAMES else "waits", 0), error=str(err))
        return Answer(context, 400)
    return Answer(V.drills_context(default, key, drill, answer, graded=asked.answering))

