"""One check per fan, each run only when its gate holds.

A check looks at one reading of the hand (a View, tutor.rules.reading) and answers with
    a non-empty list of Occurrence, one for each time the fan occurs (most fans occur once), or
    a Miss, which is false and says why the fan does not occur (a reason that costs time
    to write is built only if someone reads it).

The package keeps three ideas apart:
    gates          which checks run for a hand: the registry (`@check("slug", when=gate)`),
                   the shapes of a hand and of a reading that the gates read, and the gates
    combinations   the combination index: which patterns a reading's chows and pungs make
    the families   the checks themselves: honors, suits, ranks (with the rank bands as a
                   table), forms (whole-hand shapes and the special forms), combined (the
                   fans made of a pattern of sets, as a table), pungs (and kongs),
                   concealment, waits, winning (how the hand was won); found holds what
                   their answers share

A check whose gate fails is run later only if someone asks why its fan is not counted, and
then gives its reason. Checks know nothing of the combination principles: they report what
the tiles show. Which occurrences survive non-repeat, account-once and the rest is decided in
tutor.rules.principles, in one place. When this package loads it checks that every fan of
the table has exactly one check, and every check a fan.
"""

from __future__ import annotations

# The families bind their checks when imported; the order does not matter (CHECKS is put in
# table order below).
from tutor.rules.checks import combined, concealment, forms, honors, pungs, ranks, suits, waits, winning  # noqa: F401
from tutor.rules.checks.gates import CHECKS, GREEN_TILES, HAND_SHAPES, READING_SHAPES, REVERSIBLE_TILES
from tutor.rules.fans import FANS

__all__ = ["CHECKS", "GREEN_TILES", "HAND_SHAPES", "READING_SHAPES", "REVERSIBLE_TILES"]


def _check_the_registry() -> None:
    missing = [row.slug for row in FANS if row.slug not in CHECKS]
    if missing or len(CHECKS) != len(FANS):
        raise ValueError(f"every fan needs exactly one @check; none for: {', '.join(missing)}")
    ordered = {row.slug: CHECKS[row.slug] for row in FANS}
    CHECKS.clear()
    CHECKS.update(ordered)


_check_the_registry()
