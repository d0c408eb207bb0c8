"""What the practice pages (calculator, fan quiz) share between the site build and the backend.

Pure, like the engine: no Flask, Jinja2 or files. The backend (tutor.web) reads requests
(tutor.answers) into these models; the site build (tutor.site.quizbank) writes the offline quiz bank
with them, so a hand dealt offline and the same hand dealt by the backend are one hand,
offered with the same fans to tick and graded with the same reasons.

    QuizKey                 mode, seed, fan, band, rules -> one reproducible quiz hand (the
                            backend reads it from a request with tutor.answers.forms.quiz_key)
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
from tutor.rules.engine import Situation
from tutor.rules.fans import DEFAULT_EDITION, EDITIONS, FAN_BY_ID, FANS, Fan
from tutor.views.scored import ScoredHand, situation_mapping
from tutor.views.tileview import hand_view, reading_view, tile_view

# ------------------------------------------------------------------------ quiz hands

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
# On a static host the quiz deals from hands the build dealt and rendered: for each, the very
# fragment the backend answers with the hand (templates/fragments/quiz_area.html), and its grading
# for every way of ticking, each piece marked with the ticks it is shown for. fan-quiz.js only
# shows and hides those pieces; it neither draws tiles nor grades.

BANK_SEEDS = {"starter": 40, "mixed": 40, "band": 4, "fan": 2}  # band: per value, fan: per fan


def bank_keys(edition: str) -> list[QuizKey]:
    """The hands of the offline bank: 40 starter, 40 mixed, 4 per point value, 2 per fan."""
    keys = [QuizKey("starter", seed, edition=edition) for seed in range(1, BANK_SEEDS["starter"] + 1)]
    keys += [QuizKey("mixed", seed, edition=edition) for seed in range(1, BANK_SEEDS["mixed"] + 1)]
    keys += [QuizKey("band", seed, band=band, edition=edition)
             for band in Q.BANDS for seed in range(1, BANK_SEEDS["band"] + 1)]
    keys += [QuizKey("fan", seed, fan=fan.slug, edition=edition)
             for fan in FANS for seed in range(1, BANK_SEEDS["fan"] + 1)]
    return keys


def bank_file(key: QuizKey) -> str:
    """Where the build writes a banked hand's fragment, relative to the quiz page."""
    kind = key.fan if key.mode == "fan" else str(key.band) if key.mode == "band" else ""
    return f"hands/{key.mode}{'-' + kind if kind else ''}-{key.seed}.html"


def offline_quiz_context(key: QuizKey, edition: str) -> dict[str, Any]:
    """The quiz area of one banked hand: dealt as the backend deals it, with its grading for every
    answer (every counted fan found or missed, every other choice ticked wrongly, with its reason)."""
    quiz = key.deal()
    every_choice = [f.id for f in quiz_choices(quiz)]
    return quiz_context(edition, key, quiz, Q.grade(quiz.result, every_choice), offline=True)


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


def result_view(result, default_edition: str = DEFAULT_EDITION) -> dict[str, Any]:
    """The calculator's answer: the scored hand (tutor.views.scored), drawn as written and as read,
    and the fans that may still be asked about."""
    scored = ScoredHand.of(result, default_edition)
    s = result.situation
    explained = result.counted_ids() | {e.fan.id for e in result.excluded} | {w.fan.id for w in result.why_not}
    return {
        "scored": scored,
        "hand": hand_view(result.hand, s.win, s.flowers),
        # The hand drawn as the sets it was read as (the calculator shows this one).
        "read": reading_view(result.hand, result.division, s.win, s.flowers, tuple(f.fan.slug for f in result.fans)),
        "notation": result.hand.notation(),
        # Any fan not already explained may be asked about.
        "askable": [f for f in FANS if f.id not in explained],
    }


def quiz_context(edition: str = DEFAULT_EDITION, key: QuizKey | None = None, quiz: Q.QuizHand | None = None,
                 graded: Q.Graded | None = None, ticked: Iterable[int] = (), total_given: int | None = None,
                 error: str | None = None, offline: bool = False) -> dict[str, Any]:
    """The quiz page: the chooser, and a dealt hand (answers hidden) or its grading.

    offline: the hand as the offline bank keeps it, with `graded` the grading of every choice
    ticked, shown piece by piece in the browser (offline_quiz_context)."""
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
        context["quiz"] = quiz_view(key, quiz, graded, ticked, total_given, edition, offline)
    return context


def quiz_view(key: QuizKey, quiz: Q.QuizHand, graded: Q.Graded | None, ticked: Iterable[int],
              total_given: int | None, default_edition: str, offline: bool = False) -> dict[str, Any]:
    s = quiz.situation
    ticked_ids = set(ticked)
    scored = ScoredHand.of(quiz.result, default_edition)
    rows = {row.fan.id: row for row in scored.lines}
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
        "offline": offline,
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
            "scored": scored,
            "offline": offline,
            # The offline grading's verdicts, as conditions on the answer ({tick: [...], total: [...]},
            # static/js/conditions.js): perfect with every counted fan ticked and nothing else, and no
            # total or the right one.
            "perfect_when": "|".join(f"tick={','.join(map(str, sorted(rows)))} total={total}"
                                     for total in ("", graded.total)),
            "total_right_when": f"total={graded.total}",
            "total_wrong_when": f"!total= !total={graded.total}",
        }
    return view
