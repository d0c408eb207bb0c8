"""The hand-reading drills (tutor.practice.drills) as the templates show them, for the backend
and for the bank of hands the build deals for a static host.

Pure: no Flask, Jinja2 or files.

    DrillKey               mode, seed, rules -> one reproducible drill hand (read from a request,
                           with the player's answer, by tutor.answers.drills)
    drills_context         the page: the chooser, a dealt hand, or the hand graded
    shown                  whether a part of the grading shows for an answer

The grading is rendered whole, every verdict of every tile with a condition on the answer
(data-when="tile:5s": shown when 5s was picked). The backend hides the parts the answer
rules out; on a static host the build writes the grading with all of them hidden, and
drills.js shows those the player's answer calls for, with the same conditions: it never
scores a hand or draws a tile itself.

Conditions: `f:v` (field f holds v), `f=a,b` (f holds exactly a and b; `f=` nothing), each
negated by a leading `!`; terms separated by spaces must all hold, alternatives by `|`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from markupsafe import Markup

from tutor.practice import drills as D
from tutor.practice.value import Advice, RouteAdvice, WaitAdvice, advise
from tutor.rules import tiles as T
from tutor.rules.analysis import Analysis, Wait
from tutor.rules.fans import DEFAULT_EDITION
from tutor.rules.notation import Hand
from tutor.views.practice import PICKER_ROWS
from tutor.views.scored import ScoredHand, situation_mapping
from tutor.views.tileview import hand_view, set_view, tile_view, tiles_view

MODE_NAMES = {
    "waits": "What does it wait on?",
    "declare": "Can it be declared?",
    "shanten": "How far from ready?",
    "discard": "Best discard",
}
MAX_SHANTEN = 6  # the most a 13-tile hand can be from ready (seven pairs: 6)
FIELDS = ("tile", "shanten", "declare", "total", "discard")
Answer = Mapping[str, list[str]]


@dataclass(frozen=True)
class DrillKey:
    """Everything that decides a drill hand; the same key always deals the same hand."""

    mode: str
    seed: int
    edition: str = DEFAULT_EDITION

    def deal(self) -> D.Drill:
        return D.deal(self.mode, self.seed, self.edition)

    def params(self, default_edition: str = DEFAULT_EDITION) -> list[tuple[str, str]]:
        out = [("mode", self.mode), ("seed", str(self.seed))]
        if self.edition != default_edition:
            out.append(("rules", self.edition))
        return out

    @property
    def name(self) -> str:
        """The bank's file name of this hand: waits-12."""
        return f"{self.mode}-{self.seed}"


def shown(condition: str, answer: Answer | None) -> bool:
    """Whether a part of the grading shows for this answer (see the module docstring); with no
    answer (the static bank) nothing conditional shows until the browser has the answer."""
    if answer is None:
        return False
    return any(all(_term(term, answer) for term in alternative.split()) for alternative in condition.split("|"))


def _term(term: str, answer: Answer) -> bool:
    negate = term.startswith("!")
    term = term.lstrip("!")
    if ":" in term:
        field, value = term.split(":", 1)
        holds = value in answer.get(field, [])
    else:
        field, values = term.split("=", 1)
        holds = set(answer.get(field, [])) == {v for v in values.split(",") if v}
    return holds != negate


def conditional(answer: Answer | None):
    """(when, unless) for the templates: the attributes of a part shown when a condition holds
    (or does not), hidden now unless the answer shows it."""
    def attributes(name: str, condition: str, show: bool) -> Markup:
        return Markup(f' {name}="{escape(condition)}"' + ("" if show else " hidden"))

    def when(condition: str) -> Markup:
        return attributes("data-when", condition, shown(condition, answer))

    def unless(condition: str) -> Markup:
        return attributes("data-unless", condition, answer is not None and not shown(condition, answer))

    return when, unless


def exactly(field: str, tiles) -> str:
    return f"{field}=" + ",".join(T.code(t) for t in tiles)


# ------------------------------------------------------------------------ what the templates show


def waiting_hand(hand: Hand) -> dict[str, Any]:
    """A 13- or 14-tile hand without a winning tile: its declared sets, then its concealed tiles."""
    sets = [set_view(m) for m in sorted(hand.melds, key=lambda m: m.concealed)]
    count = len(hand.concealed) + 3 * len(hand.melds)
    melded = len(hand.open_melds)
    label = f"Hand {hand.notation()}: {count} tiles"
    if melded:
        label += f", {melded} melded {'set' if melded == 1 else 'sets'}"
    return {"sets": sets + [tiles_view(hand.concealed, "concealed")], "label": label, "notation": hand.notation()}


def wait_view(wait: Wait | WaitAdvice, edition: str) -> dict[str, Any]:
    """One winning tile (an analysis' Wait or the advice's WaitAdvice): the hand scored on it
    (None where the situation rules it out) and its wait fan."""
    result = wait.result
    return {
        "tile": tiles_view([wait.tile]),
        "code": T.code(wait.tile),
        "error": wait.error,
        "result": ScoredHand.of(result, edition) if result is not None else None,
        "wait_fan": next((f.fan for f in result.fans if f.fan.id == wait.wait_fan), None) if result is not None else None,
    }


ROUTES_SHOWN = 3  # routes per discard in the tables (the API gives up to five)
FANS_SHOWN = 3  # a route's biggest fans by points; the rest are counted ("+ 2 more")


def route_view(route: RouteAdvice) -> dict[str, Any]:
    """A route to 8 as the tables show it: its biggest fans, points, and the tiles it still needs."""
    fans = sorted((f for f in route.result.fans if f.fan.id != 81), key=lambda f: (-f.points * f.count, f.fan.id))
    return {
        "fans": [{"fan": f.fan, "count": f.count} for f in fans[:FANS_SHOWN]],
        "more": max(0, len(fans) - FANS_SHOWN),
        "points": route.points,
        "meets_minimum": route.meets_minimum,
        "needs": [{"tile": tiles_view([t]), "code": T.code(t), "unseen": n} for t, n in zip(route.needs, route.unseen)],
        "drops": [T.code(t) for t in route.drops],
        "ways": route.ways,
    }


def advice_rows(advice: Advice, edition: str, accepted: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """Every discard, best first by value: tiles from ready, the useful tiles and their unseen
    copies, the rough chance, the waits of a ready one, the routes to 8 and why, in a sentence."""
    rows = []
    for rank, option in enumerate(advice.discards, 1):
        rows.append({
            "rank": rank,
            "tile": tiles_view([option.tile]),
            "code": T.code(option.tile),
            "shanten": option.shanten,
            "useful": tiles_view(option.useful),
            "useful_count": option.useful_unseen,
            "value": round(100 * option.value),
            "best": option.tile in accepted,
            "within": [wait_view(w, edition) for w in option.waits if w.result is not None],
            "routes": [route_view(r) for r in option.routes[:ROUTES_SHOWN]],
            "reason": option.reason,
        })
    return rows


def _tile_rows(counts: list[int], expected: set[int]) -> list[dict[str, Any]]:
    """Every tile that is not expected, for the list of tiles picked wrongly (shown when picked)."""
    return [{"tile": tiles_view([t]), "code": T.code(t), "when": f"tile:{T.code(t)}", "dead": counts[t] == 4}
            for t in T.ALL_TILES if t not in expected]


def _forms(analysis: Analysis) -> list[tuple[str, int]]:
    return [(form.replace("_", " "), s) for form, s in analysis.forms.items() if s is not None]


def drill_view(key: DrillKey, drill: D.Drill, answer: Answer | None, default_edition: str,
               graded: bool = False) -> dict[str, Any]:
    """A dealt hand, with its grading when graded (answer None: the bank's, for the browser to show)."""
    s = drill.situation
    view: dict[str, Any] = {
        "key": key,
        "mode": key.mode,
        "params": key.params(default_edition),
        "edition": drill.edition,
        "situation": situation_mapping(s),
        "answer": answer,
        "graded": None,
        "when": conditional(answer)[0],
        "unless": conditional(answer)[1],
        "picked": answer or {},
        "picker": [(label, [tile_view(t) for t in tiles]) for label, tiles in PICKER_ROWS],
    }
    if key.mode == "declare":
        view["hand"] = hand_view(drill.hand, s.win, s.flowers)
    else:
        view["waiting"] = waiting_hand(drill.hand)
    if key.mode == "discard":
        view["discard_choices"] = [tile_view(t) for t in sorted(set(drill.hand.concealed))]
    if graded:
        view["graded"] = GRADERS[key.mode](drill)
    return view


def _graded_waits(drill: D.Drill) -> dict[str, Any]:
    """Right: exactly the waits that score 8 or more. A wait under 8 wins in shape but may not be
    declared: picking it is wrong, and the table says why."""
    analysis = drill.analysis
    declarable = D.declarable_waits(analysis)
    return {
        "perfect": exactly("tile", declarable),
        "declarable": len(declarable),
        "waits": [wait_view(w, analysis.edition) for w in analysis.waits],
        "others": _tile_rows(drill.hand.counts(), {w.tile for w in analysis.waits}),
        "short": sum(1 for w in analysis.waits if w.result is not None and not w.result.meets_minimum),
    }


def _graded_shanten(drill: D.Drill) -> dict[str, Any]:
    analysis = drill.analysis
    counts = drill.hand.counts()
    return {
        "perfect": f"shanten={analysis.shanten} " + exactly("tile", analysis.useful),
        "shanten": analysis.shanten,
        "forms": _forms(analysis),
        "useful": [{"tile": tiles_view([t]), "code": T.code(t), "unseen": 4 - counts[t]} for t in analysis.useful],
        "unseen": sum(4 - counts[t] for t in analysis.useful),
        "others": _tile_rows(counts, set(analysis.useful)),
    }


def _graded_declare(drill: D.Drill) -> dict[str, Any]:
    scored = ScoredHand.of(drill.result, drill.edition)
    right = "yes" if scored.meets_minimum else "no"
    return {"perfect": f"declare:{right}", "right": right, "scored": scored}


def _graded_discard(drill: D.Drill) -> dict[str, Any]:
    advice = drill.advice
    accepted = D.accepted_discards(advice)
    return {
        "perfect": "|".join(f"discard:{T.code(t)}" for t in accepted),
        "best": tiles_view(accepted),
        "reason": advice.reason,
        "tolerance": round(100 * D.DISCARD_TOLERANCE),
        "by_value": advice.best.value > 0,
        "rows": advice_rows(advice, drill.edition, accepted),
    }


def analysis_view(analysis: Analysis, situation) -> dict[str, Any]:
    """The calculator's answer for a hand that is not a win to score: 13 tiles (how far from ready,
    the useful tiles, the waits with their points) or 14 (every discard)."""
    counts = analysis.hand.counts()
    advice = advise(analysis.hand, situation, edition=analysis.edition) if analysis.shanten >= 0 else None
    view = {
        "tiles": analysis.tiles,
        "shanten": analysis.shanten,
        "forms": _forms(analysis),
        "hand": waiting_hand(analysis.hand),
        "useful": tiles_view(analysis.useful) if analysis.useful else None,
        "unseen": sum(4 - counts[t] for t in analysis.useful),
        "waits": [wait_view(w, analysis.edition) for w in analysis.waits],
        "rows": [],
        "routes": [],
        "reason": advice.reason if advice is not None else None,
    }
    if advice is not None and analysis.tiles == 14:
        view["rows"] = advice_rows(advice, analysis.edition, D.accepted_discards(advice))
    elif advice is not None:
        view["routes"] = [route_view(r) for r in advice.best.routes[:ROUTES_SHOWN]]
    return view


GRADERS = {"waits": _graded_waits, "shanten": _graded_shanten, "declare": _graded_declare,
           "discard": _graded_discard}


def drills_context(edition: str = DEFAULT_EDITION, key: DrillKey | None = None, drill: D.Drill | None = None,
                   answer: Answer | None = None, error: str | None = None, graded: bool = False) -> dict[str, Any]:
    """The drills page: the chooser, and a dealt hand (answer hidden) or its grading."""
    return {
        "title": "Hand reading",
        "modes": MODE_NAMES,
        "chosen": key.mode if key else "waits",
        "edition": key.edition if key else edition,
        "default_edition": edition,
        "max_shanten": MAX_SHANTEN,
        "drill": drill_view(key, drill, answer, edition, graded) if drill is not None and key is not None else None,
        "error": error,
    }


# ------------------------------------------------------------------------ the static bank

BANK_SIZE = 24  # hands per mode


def bank_keys(edition: str, size: int | None = None) -> list[DrillKey]:
    return [DrillKey(mode, seed, edition) for mode in D.MODES for seed in range(1, (size or BANK_SIZE) + 1)]
