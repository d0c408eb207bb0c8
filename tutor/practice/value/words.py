"""The advice in a player's words: a sentence per discard, and why the best one is best."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.practice.value.model import MINIMUM, DiscardAdvice
from tutor.practice.value.routes import FLOWER_TILES
from tutor.rules import tiles as T
from tutor.rules.result import Result

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def listed(items: Sequence[str]) -> str:
    """'3s', '2s and 5s', '2s, 5s and W'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def tiles(tiles_: Sequence[int]) -> str:
    return listed([T.code(t) for t in tiles_])


def counted(n: int, word: str, plural: str = "") -> str:
    said = NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
    return f"{said} {word if n == 1 else plural or word + 's'}"


def fans(result: Result, most: int = 2) -> str:
    """A scored hand's biggest fans by name, the rest as '…' (flowers left out)."""
    ranked = sorted((f for f in result.fans if f.fan.id != FLOWER_TILES), key=lambda f: (-f.points, f.fan.id))
    names = [f.fan.name for f in ranked[:most]]
    return " + ".join(names) + (" + …" if len(ranked) > most else "")


def _ready(advice: DiscardAdvice) -> str:
    good = [w for w in advice.declarable_waits if w.unseen > 0]
    short = [w for w in advice.waits if not w.declarable]
    if good:
        top = max(good, key=lambda w: (w.points or 0, -w.tile))
        if len(good) == 1:
            said = f"ready on {T.code(top.tile)} for {top.points} points ({fans(top.result)})"
        else:
            said = (f"ready on {tiles([w.tile for w in good])}, up to {top.points} points on {T.code(top.tile)} "
                    f"({fans(top.result)})")
        if short:
            said += f"; {tiles([w.tile for w in short])} would score under {MINIMUM}"
        return said
    if advice.declarable_waits:
        return (f"ready on {tiles([w.tile for w in advice.declarable_waits])} for {MINIMUM} or more, "
                "but every copy is already in sight")
    if advice.waits:
        points = listed([str(w.points) for w in advice.waits if w.points is not None])
        every = "both waits score" if len(advice.waits) == 2 else f"all {counted(len(advice.waits), 'wait')} score"
        if len(advice.waits) == 1:
            return f"ready on {tiles([advice.waits[0].tile])}, but {every} {points}, under {MINIMUM}: it cannot be declared"
        return f"ready on {tiles([w.tile for w in advice.waits])}, but {every} under {MINIMUM} ({points} points)"
    return "ready in shape, but every tile it waits on is already in your hand"


def _further(advice: DiscardAdvice) -> str:
    away = f"{counted(advice.shanten, 'tile')} from ready"
    route = advice.best_route
    if route is not None:
        return (f"{away}; the likeliest route to {MINIMUM} is {fans(route.result)} for {route.points} points, "
                f"drawing {tiles(route.needs)}")
    if advice.routes:
        best = max(r.points for r in advice.routes)
        return f"{away}, but every route within reach scores under {MINIMUM} (at best {best} points)"
    if advice.shanten == 1:
        return f"{away}, with {advice.useful_unseen} useful tiles unseen, but no route to {MINIMUM} in sight"
    return f"{away}, with {advice.useful_unseen} useful tiles unseen: too far yet to name routes to {MINIMUM}"


def reason(advice: DiscardAdvice) -> str:
    """One discard (or a 13-tile hand as it stands) in a sentence."""
    said = _ready(advice) if advice.shanten == 0 else _further(advice)
    if advice.tile is None:
        return f"The hand is {said}."
    return f"Discarding {T.code(advice.tile)} leaves you {said}."


def _shortfall(advice: DiscardAdvice) -> str:
    """Why a discard that is best by shape is not best by value."""
    if advice.shanten == 0:
        if advice.waits and not advice.declarable_waits:
            n = len(advice.waits)
            return "its only wait scores under 8" if n == 1 else "both waits score under 8" if n == 2 else \
                f"all {counted(n, 'wait')} score under 8"
        if not advice.waits:
            return "it waits on nothing left to draw"
        left = sum(w.unseen for w in advice.declarable_waits)
        return f"only {counted(left, 'copy', 'copies')} of its declarable waits {'is' if left == 1 else 'are'} left"
    if advice.routes and advice.best_route is None:
        return "every route it keeps scores under 8"
    return "its routes to 8 are fewer or further"


def why_best(discards: Sequence[DiscardAdvice]) -> str:
    """Why the first discard is best, against the one that is best by shape alone when they differ."""
    best = discards[0]
    if best.tile is None:
        return reason(best)
    by_shape = min(discards, key=lambda d: (d.shanten, -d.useful_unseen, d.tile))
    if best.value <= 0:
        return (f"No discard keeps a route to {MINIMUM} points within two tiles, so the advice goes by shape: "
                + reason(best)[0].lower() + reason(best)[1:])
    if by_shape.tile != best.tile and (by_shape.shanten, -by_shape.useful_unseen) < (best.shanten, -best.useful_unseen):
        keeps = "keeps you ready" if by_shape.shanten == 0 else "keeps you closest to ready"
        return (f"{T.code(by_shape.tile)} {keeps}, but {_shortfall(by_shape)}; "
                + f"{T.code(best.tile)} leaves you " + (_ready(best) if best.shanten == 0 else _further(best)) + ".")
    return reason(best)
