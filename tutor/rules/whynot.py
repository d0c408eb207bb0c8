"""Why a fan that someone asked about is, or is not, counted in a scored hand.

In order: it counts; it was in the hand but a combination principle removed it (the
reason recorded by the pass); it counts only in another reading of the tiles, which scores
less (non-separation); or its conditions are not met, and its check says which.
"""

from __future__ import annotations

from tutor.rules.checks import CHECKS
from tutor.rules.divisions import STANDARD
from tutor.rules.fans import FAN_BY_ID
from tutor.rules.principles import IMPLIED, Tally
from tutor.rules.result import ExcludedFan, WhyNot


def reading_text(tally: Tally) -> str:
    """A reading in notation: '123m 456m 789m EEE 55p'."""
    return " ".join(tally.view.division.describe())


def why_not(tally: Tally, fan_id: int, excluded: list[ExcludedFan], readings: list[Tally]) -> WhyNot:
    """The answer for one fan, given the chosen reading, its exclusions and every reading scored."""
    fan = FAN_BY_ID[fan_id]
    if fan_id in tally.hits:
        count = len(tally.hits[fan_id])
        return WhyNot(fan, True, f"{fan.name} does count here ({count} time{'s' if count > 1 else ''}).")
    for entry in excluded:
        if entry.fan.id == fan_id:
            return WhyNot(fan, False, f"{fan.name} is in the hand but not counted: {entry.reason}.")
    if tally.view.form != STANDARD and fan.category == "waits":
        # A special form has no sets for a wait to complete, so the wait's own check would only
        # say so; the rule texts instead say that the form leaves the wait out (Seven Pairs and
        # Single Wait). Other fans keep their own reason: it is the more telling one.
        implied = IMPLIED[tally.edition.key]
        by = next((fid for fid in sorted(tally.hits) if fan_id in implied[fid]
                   and FAN_BY_ID[fid].category == "special"), None)
        if by is not None:
            return WhyNot(fan, False, f"{fan.name} is not counted: {FAN_BY_ID[by].name} leaves it out (non-repeat).")
    other = next((r for r in readings if fan_id in r.hits), None)
    if other is not None:
        # Non-separation: the fan lives in another reading of the same tiles, which scores less.
        return WhyNot(
            fan,
            False,
            f"{fan.name} counts when the tiles are read as {reading_text(other)}, but that reading makes "
            f"{other.total()} points and the reading used ({reading_text(tally)}) makes {tally.total()}; "
            "a hand is scored in one reading only, the one worth most.",
        )
    # The check was skipped (its gate failed) or found nothing: run it again for its reason.
    found = CHECKS[fan.slug].find(tally.view)
    text = "" if found else found.reason
    return WhyNot(fan, False, f"{fan.name} {text or 'its conditions are not met'}.")
