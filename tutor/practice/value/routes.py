"""Routes to 8: the fan combinations a 13-tile hand can reach, found by completing it.

A hand one tile from winning (ready) is completed by each of its waits. A hand two tiles from
winning (shanten 1) is completed by drawing a useful tile, letting one tile go so that the
hand is ready, and drawing one of its waits. Each completed hand is scored by the engine on
the last tile drawn, in the situation given, so a route's points are the engine's own. The
completions are grouped by the fans they score (flowers left out): one route per fan
combination, named by its likeliest completion.

Further from ready the completions are too many to list (and too far to be worth naming), so a
hand two or more tiles from ready has no routes here. Of a shanten-1 hand only the likeliest
COMPLETIONS (14) completions are scored (most unseen copies of the tiles they need): what keeps the
advice for 14 tiles within a few tens of milliseconds.

declarable_reach turns the completions into one number that ranks discards: a rough chance of a
declarable win before the wall runs out, each tile turning up independently at its share of the
unseen tiles.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from math import exp

from tutor.practice.value.model import MINIMUM, RouteAdvice, WaitAdvice
from tutor.rules.engine import HandError, Result, Situation, score
from tutor.rules.notation import Hand, Meld
from tutor.rules.waits import waits_of

FLOWER_TILES = 81
COMPLETIONS = 14  # completions of a shanten-1 hand scored, the likeliest first
MAX_ROUTES = 5


@dataclass(frozen=True)
class Completion:
    needs: tuple[int, ...]  # drawn in this order, the last one wins
    drops: tuple[int, ...]
    weight: int  # ways to draw the needed tiles from the unseen copies
    first_unseen: int  # unseen copies of the first tile drawn
    concealed: tuple[int, ...]  # the completed hand's concealed tiles


@lru_cache(maxsize=1 << 12)  # bounded (about 4 KB a result, so some 16 MB at most); completed hands recur across discards
def scored(melds: tuple[Meld, ...], concealed: tuple[int, ...], situation: Situation, edition: str) -> Result | None:
    """The completed hand scored on situation.win; None when the situation cannot go with it."""
    try:
        return score(Hand(melds, concealed), situation, edition)
    except HandError:
        return None


def fan_key(result: Result) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((f.fan.id, f.count) for f in result.fans if f.fan.id != FLOWER_TILES))


def _counts(concealed: tuple[int, ...]) -> list[int]:
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    return counts


def _complete(counts: list[int], win: int) -> tuple[int, ...]:
    out = []
    for t, n in enumerate(counts):
        out.extend([t] * (n + (t == win)))
    return tuple(out)


def wait_list(hand: Hand, unseen: list[int], situation: Situation, edition: str) -> tuple[WaitAdvice, ...]:
    """Every tile that completes a ready 13-tile hand (none held four times), scored on it."""
    counts = _counts(hand.concealed)
    held = hand.tile_counts
    out = []
    for w in waits_of(counts, len(hand.melds)):
        if held[w] >= 4:
            continue
        won = replace(situation, win=w)
        try:
            result = score(Hand(hand.melds, _complete(counts, w)), won, edition)
            out.append(WaitAdvice(w, unseen[w], result))
        except HandError as error:
            out.append(WaitAdvice(w, unseen[w], None, str(error)))
    return tuple(out)


def two_step_completions(hand: Hand, useful: tuple[int, ...], unseen: list[int], limit: int = COMPLETIONS) -> list[Completion]:
    """The `limit` likeliest completions of a shanten-1 hand: draw u, let d go (d is not u), draw
    a wait w. Each (u, d, w) makes a different hand or wins on a different tile, so none repeats."""
    counts = _counts(hand.concealed)
    melds = len(hand.melds)
    found: list[tuple[int, tuple[int, int], int]] = []  # (-weight, (u, w), d): sorted, the likeliest first
    for u in useful:
        if unseen[u] <= 0:
            continue
        counts[u] += 1
        for d in range(34):
            if not counts[d] or d == u:
                continue
            counts[d] -= 1
            for w in waits_of(counts, melds):
                left = unseen[w] - (w == u)
                if left > 0:
                    found.append((-unseen[u] * left, (u, w), d))
            counts[d] += 1
        counts[u] -= 1
    found.sort()
    out = []
    for weight, (u, w), d in found[:limit]:
        counts[u] += 1
        counts[d] -= 1
        out.append(Completion((u, w), (d,), -weight, unseen[u], _complete(counts, w)))
        counts[u] -= 1
        counts[d] += 1
    return out


def routes_of(completions: list[tuple[Completion, Result]], unseen: list[int]) -> tuple[RouteAdvice, ...]:
    """Group scored completions by their fans: one route per combination, ranked declarable
    first, then by how likely its completions are, then by points."""
    groups: dict[tuple, list[tuple[Completion, Result]]] = {}
    for completion, result in completions:
        groups.setdefault(fan_key(result), []).append((completion, result))
    ranked = []
    for fans, members in groups.items():
        best, result = max(members, key=lambda m: m[0].weight)
        weight = sum(c.weight for c, _ in members)
        points = result.points_without_flowers
        ranked.append((points < MINIMUM, -weight, -points, best.needs,
                       RouteAdvice(fans, points, best.needs, best.drops, tuple(unseen[t] for t in best.needs),
                                   len(members), result)))
    ranked.sort(key=lambda r: r[:4])
    return tuple(r[-1] for r in ranked[:MAX_ROUTES])


def ready_routes(hand: Hand, waits: tuple[WaitAdvice, ...], unseen: list[int]) -> tuple[RouteAdvice, ...]:
    counts = _counts(hand.concealed)
    done = [(Completion((w.tile,), (), w.unseen, w.unseen, _complete(counts, w.tile)), w.result)
            for w in waits if w.result is not None and w.unseen > 0]
    return routes_of(done, unseen)


def scored_two_step(hand: Hand, useful: tuple[int, ...], unseen: list[int], situation: Situation,
                    edition: str) -> list[tuple[Completion, Result]]:
    out = []
    for completion in two_step_completions(hand, useful, unseen):
        result = scored(hand.melds, completion.concealed, replace(situation, win=completion.needs[-1]), edition)
        if result is not None:
            out.append((completion, result))
    return out


def declarable_reach(waits: tuple[WaitAdvice, ...], two_step: list[tuple[Completion, Result]],
                     unseen_total: int, wall: int) -> float:
    """A rough chance of a declarable win before the `wall` tiles left run out, each tile turning
    up at its share of the unseen tiles and the tiles taken as independent (a Poisson
    approximation).

    Every tile of the wall turns up once, drawn by you (one in four) or discarded by another
    player who drew it, so a ready hand may win on any of them: at least one declarable wait
    among `wall` tiles. Two steps: a first tile among your own draws in the first half of the
    wall (you claim a discard only to win), whose best follow-up leaves declarable waits, and
    one of those in the second half. It ranks; the Monte-Carlo chance (chance.py) estimates."""
    if unseen_total <= 0 or wall <= 0:
        return 0.0
    rate = wall / unseen_total  # how often each unseen copy turns up before the wall runs out
    if waits:
        return 1 - exp(-rate * sum(w.unseen for w in waits if w.declarable))
    follow: dict[int, dict[int, int]] = {}  # first tile -> tile let go -> declarable copies of the waits left
    first_copies: dict[int, int] = {}
    for completion, result in two_step:
        if result.points_without_flowers < MINIMUM:
            continue
        u = completion.needs[0]
        first_copies[u] = completion.first_unseen
        by_drop = follow.setdefault(u, {})
        drop = completion.drops[0]
        by_drop[drop] = by_drop.get(drop, 0) + completion.weight // completion.first_unseen
    half = rate / 2
    expected = sum(first_copies[u] * (1 - exp(-half * max(by_drop.values()))) for u, by_drop in follow.items())
    return 1 - exp(-half / 4 * expected)
