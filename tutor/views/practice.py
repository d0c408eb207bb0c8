"""What the practice pages (calculator, fan quiz) share between the site build and the backend.

Pure, like the engine: no Flask, Jinja2 or files. The backend (tutor.web) reads a request
through these functions; the site build (tutor.site.builder) writes the offline quiz bank
with them, so a hand dealt offline and the same hand dealt by the backend are one hand,
offered with the same fans to tick and graded with the same reasons.

    form_to_score_mapping   an HTML form or query string -> the JSON API's fields
                            (then tutor.web.api.parse_score_request, shared with POST /api/score)
    QuizKey / quiz_key      ?mode=&seed=&fan=&band=&rules= -> one reproducible quiz hand
    quiz_choices            the fans offered to tick: every fan that counts, the fans the
                            principles removed, and near neighbours, in rulebook order
    quiz_bank               a few hundred dealt hands with their answers, for a static host
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tutor.practice import quiz as Q
from tutor.practice.frequency import learning_path
from tutor.rules import tiles as T
from tutor.rules.engine import HandError, Situation, score
from tutor.rules.fans import DEFAULT_EDITION, EDITIONS, FAN_BY_ID, FAN_BY_SLUG, FANS, Fan
from tutor.rules.notation import format_tiles
from tutor.views.tileview import hand_view, inline_sets, reading_view, tile_view
from tutor.views.urls import calculator_query

# ------------------------------------------------------------------------ calculator forms

TRUE_WORDS = frozenset({"true", "on", "yes", "1"})
FALSE_WORDS = frozenset({"false", "off", "no", "0", ""})
SITUATION_FIELDS = ("win", "seat_wind", "prevalent_wind", "flowers") + Situation.FLAGS
MAX_FORM_WHY_NOT = 81


def form_to_score_mapping(form) -> dict[str, Any]:
    """The scoring API's fields from a form or query string (a werkzeug MultiDict, or any mapping
    with getlist). Only types change here: every rule about the values stays in
    tutor.web.api.parse_score_request, which the JSON API uses too, except that an empty hand or
    winning tile is said with the form's own names for them. Unknown fields are ignored: a
    page's form carries other things (the add-as choice of the tile picker, htmx's own)."""
    data: dict[str, Any] = {}
    hand = _text(form, "h") or _text(form, "hand")
    if hand is not None:
        data["hand"] = hand
    win = _text(form, "win")
    if win is not None:
        data["win"] = win
    # Said with the page's own names for the fields (the API's say "Missing field 'win'").
    if not (data.get("hand") or "").strip():
        raise HandError("The hand is empty: pick its tiles above, or write it in the box 'Hand in notation', "
                        "such as [EEE] 123m 456p 789s 55s.")
    if not (data.get("win") or "").strip():
        raise HandError("Say which tile completed the hand: pick it last, or write it in the box 'Winning tile', "
                        "such as 5s or E.")
    for flag in Situation.FLAGS:
        value = _text(form, flag)
        if value is None:
            continue
        word = value.strip().lower()
        if word in TRUE_WORDS:
            data[flag] = True
        elif word in FALSE_WORDS:
            data[flag] = False
        else:
            raise HandError(f"Field '{flag}' must be true or false, not '{value[:20]}'.")
    for wind in ("seat_wind", "prevalent_wind"):
        value = _text(form, wind)
        if value:
            data[wind] = value.strip().upper()
    flowers = _text(form, "flowers")
    if flowers is not None and flowers.strip():
        if not flowers.strip().isdigit() or len(flowers.strip()) > 2:
            raise HandError(f"Flowers must be a whole number from 0 to 8, not '{flowers[:20]}'.")
        data["flowers"] = int(flowers)
    rules = _text(form, "rules")
    if rules:
        data["rules"] = rules.strip()
    why_not = [v for v in _list(form, "why_not") if v.strip()]
    if why_not:
        data["why_not"] = why_not[:MAX_FORM_WHY_NOT + 1]  # one over, so the API's own limit speaks
    return data


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
    """The calculator's fields as typed, for echoing back into the form (never trusted for scoring)."""
    values = {"h": (_text(form, "h") or _text(form, "hand") or "")[:300], "win": (_text(form, "win") or "")[:20]}
    for flag in Situation.FLAGS:
        values[flag] = (_text(form, flag) or "").strip().lower() in TRUE_WORDS
    for wind in ("seat_wind", "prevalent_wind"):
        value = (_text(form, wind) or "E").strip().upper()
        values[wind] = value if value in ("E", "S", "W", "N") else "E"
    flowers = (_text(form, "flowers") or "0").strip()
    values["flowers"] = int(flowers) if flowers.isdigit() and int(flowers) <= 8 else 0
    values["rules"] = _text(form, "rules") or ""
    return values


# ------------------------------------------------------------------------ quiz requests

MODE_NAMES = {
    "starter": "Starter set: the common fans first",
    "band": "By points",
    "fan": "Practise one fan",
    "mixed": "Mixed",
}
CHOICES = 12  # fans offered to tick, at least
MAX_CHOICES = 20


@dataclass(frozen=True)
class QuizKey:
    """Everything that decides a quiz hand; the same key always deals the same hand."""

    mode: str
    seed: int
    fan: str | None = None  # a slug, for mode "fan"
    band: int | None = None  # points, for mode "band"
    edition: str = DEFAULT_EDITION

    def deal(self) -> Q.QuizHand:
        return Q.deal(self.mode, self.seed, fan=self.fan, band=self.band, edition=self.edition)

    def params(self, default_edition: str = DEFAULT_EDITION) -> list[tuple[str, str]]:
        """The query string of this hand's address (quiz/?mode=...&seed=...)."""
        out = [("mode", self.mode)]
        if self.fan:
            out.append(("fan", self.fan))
        if self.band is not None:
            out.append(("band", str(self.band)))
        out.append(("seed", str(self.seed)))
        if self.edition != default_edition:
            out.append(("rules", self.edition))
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "seed": self.seed, "fan": self.fan, "band": self.band}


def quiz_key(form, default_edition: str = DEFAULT_EDITION, *, seed: int | None = None) -> QuizKey:
    """Read mode, fan, band, seed and rules; QuizError with a player's message when one is wrong.

    seed: used when the form has none (the backend picks one and sends the player to its address)."""
    mode = (_text(form, "mode") or "starter").strip()
    if mode not in Q.MODES:
        raise Q.QuizError(f"Unknown quiz mode '{mode[:20]}': choose one of {', '.join(Q.MODES)}.")
    fan = band = None
    if mode == "fan":
        fan = parse_fan(_text(form, "fan") or "")
    if mode == "band":
        band = parse_band(_text(form, "band") or "")
    text = (_text(form, "seed") or "").strip()
    if text:
        if not text.isdigit() or len(text) > 9:
            raise Q.QuizError(f"The seed must be a whole number from 0 to {Q.MAX_SEED - 1}.")
        seed = int(text)
    if seed is None:
        raise Q.QuizError("A quiz hand needs its seed.")
    edition = (_text(form, "rules") or default_edition).strip()
    if edition not in EDITIONS:
        raise Q.QuizError(f"The rules must be one of {', '.join(EDITIONS)}.")
    return QuizKey(mode, seed, fan, band, edition)


def parse_fan(text: str) -> str:
    """A fan's slug from a slug or a number."""
    key = text.strip()
    if not key:
        raise Q.QuizError("Practising one fan needs the fan: choose one from the list.")
    if key.isdigit() and int(key) in FAN_BY_ID:
        return FAN_BY_ID[int(key)].slug
    if key in FAN_BY_SLUG:
        return key
    raise Q.QuizError(f"There is no fan '{key[:40]}': choose one from the list.")


def parse_band(text: str) -> int:
    key = text.strip()
    if not key.isdigit() or int(key) not in Q.BANDS:
        raise Q.QuizError(f"Choose a point value among {', '.join(map(str, Q.BANDS))}.")
    return int(key)


def parse_ticks(form) -> list[int]:
    """The fans a player ticked, as fan ids; QuizError for anything that is not a fan."""
    out = []
    for value in _list(form, "tick")[:MAX_CHOICES * 4]:
        value = value.strip()
        if not (value.isdigit() and int(value) in FAN_BY_ID):
            raise Q.QuizError(f"'{value[:20]}' is not a fan: tick fans from the list.")
        out.append(int(value))
    return list(dict.fromkeys(out))


def parse_total(form) -> int | None:
    text = (_text(form, "total") or "").strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 4:
        raise Q.QuizError(f"The total must be a whole number of points, not '{text[:20]}'.")
    return int(text)


def random_seed(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randrange(Q.MAX_SEED)


# ------------------------------------------------------------------------ what to tick


def quiz_choices(quiz: Q.QuizHand, size: int = CHOICES) -> list[Fan]:
    """The fans offered to tick, in rulebook order: every fan that counts, the fans that the
    combination principles removed (the classic mistakes), then neighbours chosen by the seed:
    fans of the same groups, and the common fans of the learning path."""
    result = quiz.result
    counted = [f.fan.id for f in result.fans]
    removed = [e.fan.id for e in result.excluded]
    chosen = list(dict.fromkeys(counted + removed))[:MAX_CHOICES]
    rng = random.Random(f"choices|{quiz.mode}|{quiz.target.id}|{quiz.seed}")
    categories = {FAN_BY_ID[fid].category for fid in counted}
    near = [f.id for f in FANS if f.category in categories and f.id not in chosen]
    common = [fid for fid in learning_path()[:30] if fid not in chosen and fid not in near]
    rng.shuffle(near)
    rng.shuffle(common)
    want = min(MAX_CHOICES, max(size, len(chosen) + 4))
    for fid in near[:3] + common + near[3:]:
        if len(chosen) >= want:
            break
        if fid not in chosen:
            chosen.append(fid)
    return [FAN_BY_ID[fid] for fid in sorted(chosen)]


# ------------------------------------------------------------------------ the offline bank

BANK_SEEDS = {"starter": 100, "mixed": 100, "band": 8, "fan": 2}  # band: per value, fan: per fan


def bank_keys(edition: str) -> list[QuizKey]:
    """The hands of the offline bank: 100 starter, 100 mixed, 8 per point value, 2 per fan (458)."""
    keys = [QuizKey("starter", seed, edition=edition) for seed in range(1, BANK_SEEDS["starter"] + 1)]
    keys += [QuizKey("mixed", seed, edition=edition) for seed in range(1, BANK_SEEDS["mixed"] + 1)]
    keys += [QuizKey("band", seed, band=band, edition=edition)
             for band in Q.BANDS for seed in range(1, BANK_SEEDS["band"] + 1)]
    keys += [QuizKey("fan", seed, fan=fan.slug, edition=edition)
             for fan in FANS for seed in range(1, BANK_SEEDS["fan"] + 1)]
    return keys


def bank_entry(key: QuizKey) -> dict[str, Any]:
    """One hand with all the browser needs to show it and grade it as the backend would."""
    quiz = key.deal()
    choices = quiz_choices(quiz)
    counted = {f.fan.id for f in quiz.result.fans}
    not_counted = [f.id for f in choices if f.id not in counted]
    reasons = {}
    if not_counted:
        explained = score(quiz.hand, quiz.situation, quiz.edition, not_counted)
        reasons = {str(w.fan.id): w.reason for w in explained.why_not}
    s = quiz.situation
    entry = key.as_dict()
    entry.update({
        "target": quiz.target.id,
        "hand": quiz.hand.notation(),
        "win": T.code(s.win),
        "picture": picture(quiz.hand, s),
        "situation": {name: getattr(s, name) for name in SITUATION_FIELDS if name != "win"},
        "choices": [f.id for f in choices],
        "fans": [[f.fan.id, f.count, f.points, " ".join(T.code(t) for t in f.tiles), f.reason]
                 for f in quiz.result.fans],
        "reasons": reasons,
        "total": quiz.result.total,
    })
    return entry


def picture(hand, situation: Situation) -> dict[str, Any]:
    """The hand as the pages draw it (tutor.views.tileview.hand_view: melded sets apart with the
    claimed tile turned, a concealed kong's outer tiles face down, the winning tile apart, flowers),
    in few bytes: tiles by code, '~' before a turned tile, '_' before a face-down one."""
    view = hand_view(hand, situation.win, situation.flowers)
    sets = []
    for group, meld in zip(view.sets, sorted(hand.melds, key=lambda m: m.concealed), strict=True):  # hand_view's order
        codes = ["_" + T.code(meld.tile) if t.symbol == "back" else ("~" if t.turned else "") + t.symbol
                 for t in group.tiles]
        sets.append([group.kind, group.label, codes])
    return {
        "label": view.label,
        "sets": sets,
        "concealed": [t.symbol for t in view.concealed.tiles],
        "win": [view.winning.tiles[0].symbol, view.winning.label],
        "flowers": [[t.symbol, t.label, t.char] for t in view.flowers.tiles] if view.flowers else [],
        "flowers_label": view.flowers.label if view.flowers else "",
    }


def quiz_bank(edition: str = DEFAULT_EDITION, keys: Iterable[QuizKey] | None = None) -> dict[str, Any]:
    """The whole offline bank: tile names (from tutor.rules.tiles) and fans, then the hands."""
    return {
        "edition": edition,
        "tiles": {T.code(t): [T.name(t), T.unicode_char(t)] for t in T.ALL_TILES},
        "fans": {str(f.id): [f.name, f.slug, f.points(edition)] for f in FANS},
        "hands": [bank_entry(key) for key in (keys if keys is not None else bank_keys(edition))],
    }


def situation_mapping(situation: Situation) -> Mapping[str, Any]:
    """A Situation's fields as the hand templates read them (win as a tile)."""
    return {name: getattr(situation, name) for name in SITUATION_FIELDS}


# ------------------------------------------------------------------------ what the templates show
# Plain data for templates/calculator.html, templates/quiz.html and their fragments. The site build
# renders the pages empty with these; the backend renders them with a hand, a result or a grade.

FLAG_LABELS = {
    "self_drawn": "Self-drawn",
    "last_tile": "Last tile of its kind",
    "last_wall_tile": "Last tile of the wall",
    "replacement_tile": "Won on a kong replacement tile",
    "robbing_kong": "Won by robbing a kong",
}
PICKER_ROWS = (("Characters", range(0, 9)), ("Dots", range(9, 18)), ("Bamboo", range(18, 27)),
               ("Winds and dragons", range(27, 34)))
ADD_MODES = (("tile", "Concealed tile"), ("chow", "Melded chow"), ("pung", "Melded pung"),
             ("kong", "Melded kong"), ("concealed-kong", "Concealed kong"))


def default_form(edition: str = DEFAULT_EDITION) -> dict[str, Any]:
    values = {"h": "", "win": "", "seat_wind": "E", "prevalent_wind": "E", "flowers": 0, "rules": edition}
    values.update({flag: False for flag in Situation.FLAGS})
    return values


def calculator_context(edition: str = DEFAULT_EDITION, values: Mapping[str, Any] | None = None,
                       result=None, error: str | None = None) -> dict[str, Any]:
    form = default_form(edition)
    if values:
        form.update({k: v for k, v in values.items() if k in form})
    if form["rules"] not in EDITIONS:
        form["rules"] = edition
    return {
        "title": "Hand calculator",
        "form": form,
        "flag_labels": FLAG_LABELS,
        "picker": [(label, [tile_view(t) for t in tiles]) for label, tiles in PICKER_ROWS],
        "add_modes": ADD_MODES,
        "result": result_view(result, edition) if result is not None else None,
        "error": error,
    }


@dataclass(frozen=True)
class FanRow:
    fan: Fan
    points: int
    count: int
    tiles: tuple[str, ...]  # codes of the tiles that make the fan
    sets: tuple  # SetViews of those tiles, grouped by suit, to draw them small
    whole_hand: bool
    reason: str

    @property
    def subtotal(self) -> int:
        return self.points * self.count


def fan_rows(result) -> list[FanRow]:
    rows = []
    size = len(result.hand.all_tiles)
    for f in result.fans:
        whole = len(f.tiles) >= size
        sets = inline_sets(format_tiles(f.tiles)) if f.tiles and not whole else ()
        rows.append(FanRow(f.fan, f.points, f.count, tuple(T.code(t) for t in f.tiles), sets, whole, f.reason))
    return rows


def result_view(result, default_edition: str = DEFAULT_EDITION) -> dict[str, Any]:
    s = result.situation
    counted = result.counted_ids()
    asked = {w.fan.id for w in result.why_not}
    excluded_ids = {e.fan.id for e in result.excluded}
    return {
        "hand": hand_view(result.hand, s.win, s.flowers),
        # The hand drawn as the sets it was read as (the calculator shows this one).
        "read": reading_view(result.hand, result.division, s.win, s.flowers, tuple(f.fan.slug for f in result.fans)),
        "notation": result.hand.notation(),
        "situation": situation_mapping(s),
        "edition": result.edition,
        "lines": fan_rows(result),
        "total": result.total,
        "without_flowers": result.points_without_flowers,
        "meets_minimum": result.meets_minimum,
        "reading": " ".join(result.division.describe()),
        "form_name": result.division.form.replace("_", " "),
        "waits": [T.code(t) for t in result.waits],
        "excluded": list(result.excluded),
        "why_not": list(result.why_not),
        "payments": result.payments(),
        "self_drawn": s.self_drawn,
        # Any fan not already explained may be asked about.
        "askable": [f for f in FANS if f.id not in counted and f.id not in excluded_ids and f.id not in asked],
        "query": result_query(result, default_edition),
    }


def result_query(result, default_edition: str) -> str:
    """The calculator address of a scored hand (tutor.views.urls.calculator_query, as the examples)."""
    s = result.situation
    return calculator_query(result.hand.notation(), T.code(s.win), situation_mapping(s), result.edition,
                            default_edition)


def quiz_context(edition: str = DEFAULT_EDITION, key: QuizKey | None = None, quiz: Q.QuizHand | None = None,
                 graded: Q.Graded | None = None, ticked: Iterable[int] = (), total_given: int | None = None,
                 error: str | None = None) -> dict[str, Any]:
    """The quiz page: the chooser, and a dealt hand (answers hidden) or its grading."""
    mode = key.mode if key else "starter"
    context: dict[str, Any] = {
        "title": "Fan quiz",
        "modes": MODE_NAMES,
        "bands": Q.BANDS,
        "all_fans": FANS,
        "chosen": {"mode": mode, "fan": key.fan if key else "", "band": key.band if key else None},
        "edition": key.edition if key else edition,
        "default_edition": edition,
        "quiz": None,
        "error": error,
    }
    if quiz is not None and key is not None:
        context["quiz"] = quiz_view(key, quiz, graded, ticked, total_given, edition)
    return context


def quiz_view(key: QuizKey, quiz: Q.QuizHand, graded: Q.Graded | None, ticked: Iterable[int],
              total_given: int | None, default_edition: str) -> dict[str, Any]:
    s = quiz.situation
    ticked_ids = set(ticked)
    rows = {row.fan.id: row for row in fan_rows(quiz.result)}
    view = {
        "key": key,
        "params": key.params(default_edition),
        "hand": hand_view(quiz.hand, s.win, s.flowers),
        "situation": situation_mapping(s),
        "edition": quiz.edition,
        "choices": quiz_choices(quiz),
        "ticked": ticked_ids,
        "total_given": total_given,
        "graded": None,
    }
    if graded is not None:
        view["graded"] = {
            "found": [rows[f.fan.id] for f in graded.found],
            "missed": [rows[f.fan.id] for f in graded.missed],
            "wrong": graded.wrong,
            "total": graded.total,
            "total_given": graded.total_given,
            "total_right": graded.total_right,
            "perfect": graded.perfect,
            "counted_ids": set(rows),
            "lines": list(rows.values()),
            "meets_minimum": quiz.result.meets_minimum,
            "reading": " ".join(quiz.result.division.describe()),
        }
    return view
