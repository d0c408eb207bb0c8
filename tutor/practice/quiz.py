"""Fan-identification quizzes: deal a hand built around target fans, then grade answers.

A quiz hand is built by construction: the recipe for the target fan lays down the sets
(or the special form, or the situation) that make the fan, and the rest of the hand is
filled in at random from tiles that keep the fan intact. The engine then scores it; a
hand whose fill-in happened to hide the target (a higher fan implying it) is rebuilt.
Everything is seeded, so a (mode, target, seed) triple always deals the same hand.

Modes:
    starter   the most common fans first, following the learning path
    band      a fan of a given point value (1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 88)
    fan       practise one fan
    mixed     any fan, common ones more often
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from tutor.practice.frequency import learning_path, share
from tutor.practice.recipes import RECIPES, Plan, build
from tutor.rules.engine import HandError, Result, Situation, score, validate
from tutor.rules.fans import DEFAULT_EDITION, FAN_BY_ID, FANS, Fan
from tutor.rules.fans import fan as fan_named
from tutor.rules.notation import Hand

MODES = ("starter", "band", "fan", "mixed")
BANDS = tuple(sorted({f.points_wmo for f in FANS}))
STARTER_SIZE = 20
MAX_SEED = 10**9

class QuizError(ValueError):
    """A quiz request that cannot be served (unknown mode, fan or band)."""


# ---------------------------------------------------------------- dealing


@dataclass(frozen=True)
class QuizHand:
    mode: str
    target: Fan
    seed: int
    hand: Hand
    situation: Situation
    edition: str
    result: Result


def _attempt(recipe, rng) -> tuple[Hand, Situation] | None:
    made = recipe(rng)
    if isinstance(made, Plan):
        made = build(rng, made)
    if made is None:
        return None
    hand, situation = made
    try:
        validate(hand, situation)
    except HandError:
        return None
    return hand, situation


def deal_with(fan_id: int, rng: random.Random, edition: str = DEFAULT_EDITION, attempts: int = 400):
    """A winning hand that scores fan_id, preferably one that reaches the 8-point minimum."""
    recipe = RECIPES[FAN_BY_ID[fan_id].slug]
    fallback = None
    for _ in range(attempts):
        made = _attempt(recipe, rng)
        if made is None:
            continue
        result = score(*made, edition)
        if fan_id not in result.counted_ids():
            continue
        if result.meets_minimum:
            return made, result
        fallback = fallback or (made, result)
    if fallback is None:
        raise QuizError(f"could not deal a hand for {FAN_BY_ID[fan_id].name}")
    return fallback


def pick_target(mode: str, rng: random.Random, fan: str | int | None = None, band: int | None = None) -> Fan:
    if mode == "fan":
        if fan is None:
            raise QuizError("Practising one fan needs the fan: a number from 1 to 81 or its slug.")
        try:
            return fan_named(fan)
        except KeyError:
            raise QuizError(f"There is no fan '{str(fan)[:40]}'.") from None
    if mode == "band":
        if band not in BANDS:
            raise QuizError(f"Choose a point value among {', '.join(map(str, BANDS))}.")
        return FAN_BY_ID[rng.choice([f.id for f in FANS if f.points_wmo == band])]
    if mode == "starter":
        return FAN_BY_ID[rng.choice(learning_path()[:STARTER_SIZE])]
    if mode == "mixed":
        ids = [f.id for f in FANS]
        weights = [share(fid) + 0.02 for fid in ids]  # every fan can come up; common ones more often
        return FAN_BY_ID[rng.choices(ids, weights=weights)[0]]
    raise QuizError(f"Unknown quiz mode '{str(mode)[:20]}': use one of {', '.join(MODES)}.")


def deal(mode: str, seed: int, fan: str | int | None = None, band: int | None = None,
         edition: str = DEFAULT_EDITION) -> QuizHand:
    """The quiz hand for (mode, target, seed): the same arguments always give the same hand."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise QuizError(f"The seed must be a whole number from 0 to {MAX_SEED - 1}.")
    rng = random.Random(f"{mode}|{fan}|{band}|{seed}")
    target = pick_target(mode, rng, fan, band)
    (hand, situation), result = deal_with(target.id, rng, edition)
    return QuizHand(mode, target, seed, hand, situation, edition, result)


# ---------------------------------------------------------------- grading


@dataclass(frozen=True)
class Graded:
    found: list  # ScoredFan the player ticked and that count
    missed: list  # ScoredFan that count but were not ticked
    wrong: list  # (Fan, reason) ticked but not counted
    total_given: int | None
    total: int

    @property
    def total_right(self) -> bool | None:
        return None if self.total_given is None else self.total_given == self.total

    @property
    def perfect(self) -> bool:
        return not self.missed and not self.wrong and self.total_right is not False


def grade(result: Result, ticked: Iterable[int], total_given: int | None = None) -> Graded:
    """Compare the fans a player ticked with the engine's answer, with a reason for each mistake."""
    ticked_ids = list(dict.fromkeys(ticked))
    counted = {f.fan.id: f for f in result.fans}
    wrong_ids = [fid for fid in ticked_ids if fid not in counted]
    explained = score(result.hand, result.situation, result.edition, wrong_ids) if wrong_ids else None
    reasons = {w.fan.id: w.reason for w in explained.why_not} if explained else {}
    return Graded(
        found=[counted[fid] for fid in sorted(counted) if fid in ticked_ids],
        missed=[counted[fid] for fid in sorted(counted) if fid not in ticked_ids],
        wrong=[(FAN_BY_ID[fid], reasons[fid]) for fid in sorted(wrong_ids)],
        total_given=total_given,
        total=result.total,
    )
