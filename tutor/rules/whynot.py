"""Why a fan that someone asked about is, or is not, counted in a scored hand.

In order: it counts; it was in the hand but a combination principle removed it (the
reason recorded by the pass); a fan that counts rules it out (implies it, is the one wait
fan, or makes the hand no chicken hand), and that fan is named first; it counts only in
another reading of the tiles, which scores less (non-separation); or its conditions are not
met, and its check says which.

Every answer is one sentence that names the asked fan once, as its subject, at the start:
"Last Tile is not counted: Robbing the Kong counts here and implies it (non-repeat)." A
check's reason is a predicate ("needs ..."), so it follows the fan's name.
"""

from __future__ import annotations

from tutor.rules.checks import CHECKS
from tutor.rules.checks.waits import win_fit
from tutor.rules.divisions import STANDARD
from tutor.rules.fans import FAN_BY_ID
from tutor.rules.principles import IMPLIED, RANKS, RULED_OUT_BY, Tally
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
    by = ruled_out_by(tally, fan_id)
    if by is not None:
        return WhyNot(fan, False, f"{fan.name} is not counted: {_ruled_out(tally, fan_id, by)}.")
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


def ruled_out_by(tally: Tally, fan_id: int) -> int | None:
    """The highest-ranked fan counted in this reading that rules the fan out, if any."""
    key = tally.edition.key
    counted = [fid for fid in RULED_OUT_BY[key][fan_id] if fid in tally.hits]
    return min(counted, key=RANKS[key].__getitem__) if counted else None


def _ruled_out(tally: Tally, fan_id: int, by_id: int) -> str:
    """Why a fan counted (by_id) rules this one out, naming it first."""
    fan, by = FAN_BY_ID[fan_id], FAN_BY_ID[by_id]
    if fan_id in IMPLIED[tally.edition.key][by_id]:
        if fan.category == "waits" and tally.view.form != STANDARD:
            # A special form has no sets for a wait to complete: the rule texts say the form
            # leaves the wait out (Seven Pairs and Single Wait).
            return f"{by.name} leaves it out (non-repeat)"
        return f"{by.name} counts here and implies it (non-repeat)"
    if fan.category == "waits":
        role = _WAIT_ROLES[fan.slug]
        return f"{by.name} counts here, and only one wait fan may count; {win_fit(tally.view, role)}"
    # Chicken Hand: any other fan but flowers.
    return f"{by.name} counts here, and it scores only when no other fan (flowers aside) does"


_WAIT_ROLES = {"edge-wait": "edge", "closed-wait": "closed", "single-wait": "single"}
