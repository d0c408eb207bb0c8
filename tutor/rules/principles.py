"""The combination principles, as named passes over the fans found in one reading.

    non-repeat    a fan does not also score the fans it implies
    absorb        a set used by an honor fan is not also a Pung of Terminals or Honors
                  (non-repeat, set by set)
    account-once  among the fans made of sets, each new fan may reuse at most one set
                  already used (non-identical: never the same fan twice from one set);
                  highest-first decides
    chicken       Chicken Hand when nothing else scores

Every fan a pass removes is recorded with its reason, written where the removal is decided.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache, partial

from tutor.rules.editions import EDITION_RULES, Edition
from tutor.rules.fans import FAN_BY_ID, FAN_BY_SLUG, FANS, Fan, fan
from tutor.rules.notation import format_tiles
from tutor.rules.reading import Occurrence, View
from tutor.rules.result import FLOWER_TILES, ExcludedFan

CHICKEN_HAND = fan("chicken-hand").id

# Per edition: fan id -> points.
POINTS = {key: {row.id: row.points(key) for row in FANS} for key in EDITION_RULES}
# Per edition: fan id -> the ids it implies (the table's, then the edition's own), in order.
IMPLIED = {
    key: {
        row.id: tuple(FAN_BY_SLUG[s].id for s in row.implies + rules.extra_implies.get(row.slug, ())) for row in FANS
    }
    for key, rules in EDITION_RULES.items()
}
def _ruled_out_by(implied_by: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, ...]]:
    """Fan id -> the fans that, once counted, rule it out: every fan that implies it, the other
    wait fans (only one wait fan counts), and for Chicken Hand every fan but Flower Tiles. The
    "why not" answers name one of these first (tutor.rules.whynot)."""
    out: dict[int, list[int]] = {row.id: [] for row in FANS}
    for row in FANS:  # in table order, so each list is too
        for implied in implied_by[row.id]:
            out[implied].append(row.id)
    waits = [row.id for row in FANS if row.category == "waits"]
    for wait in waits:
        out[wait] += [other for other in waits if other != wait]
    out[CHICKEN_HAND] += [row.id for row in FANS if row.id not in (CHICKEN_HAND, FLOWER_TILES)]
    return {fid: tuple(ids) for fid, ids in out.items()}


RULED_OUT_BY = {key: _ruled_out_by(implied_by) for key, implied_by in IMPLIED.items()}  # per edition
_IMPLIED_REASON = {row.id: f"implied by {row.name} (non-repeat)" for row in FANS}
# (implied fan id, implying fan id) -> its ExcludedFan: the entry depends on the two fans only, so
# it is made once (an ExcludedFan never changes) rather than once per reading.
_IMPLIED_ENTRY = {
    (implied, row.id): ExcludedFan(FAN_BY_ID[implied], _IMPLIED_REASON[row.id], row, "non-repeat")
    for ids in IMPLIED.values() for row in FANS for implied in ids[row.id]
}


def _absorbs(rules: Edition) -> dict[int, dict[int, int | None]]:
    """Fan id -> {id of a per-set fan it absorbs: how many occurrences (None: all)}."""
    out = {}
    for row in FANS:
        limits: dict[int, int | None] = {FAN_BY_SLUG[s].id: None for s in row.absorbs}
        if row.slug in rules.absorbs_some:
            target, limit = rules.absorbs_some[row.slug]
            limits[FAN_BY_SLUG[target].id] = limit
        if limits:
            out[row.id] = limits
    return out


ABSORBS = {key: _absorbs(rules) for key, rules in EDITION_RULES.items()}
_ABSORBING = {key: tuple(sorted(absorbs)) for key, absorbs in ABSORBS.items()}  # the fans that absorb, by number
_ABSORBING_SET = {key: frozenset(absorbs) for key, absorbs in ABSORBS.items()}
# Per edition: fan id -> its place in highest-first order (more points first, then the lower number).
RANKS = {key: {fid: (-p, fid) for fid, p in points.items()} for key, points in POINTS.items()}
_SETS_FANS = frozenset(row.id for row in FANS if row.kind == "sets")


class Tally:
    """The fans of one reading while the principles are applied."""

    __slots__ = ("edition", "excluded", "hits", "points", "view")

    def __init__(self, view: View, edition: Edition, hits: dict[int, list[Occurrence]],
                 points: dict[int, int] | None = None) -> None:
        self.view = view
        self.edition = edition
        self.hits = hits  # fan id -> its occurrences still counted
        # The fans removed, in the order removed: an ExcludedFan, or a function that writes
        # one when its reason costs time: most readings scored are not the one shown, so the
        # scorer calls it only for the reading it shows (tutor.rules.engine).
        self.excluded: list[ExcludedFan | Callable[[], ExcludedFan]] = []
        self.points = points or POINTS[edition.key]  # fan id -> points in this reading

    def total(self) -> int:
        points = self.points
        return sum(points[fid] * len(occ) for fid, occ in self.hits.items())

    def drop(self, fan_id: int, reason: str, by: int | None, principle: str) -> None:
        self.hits.pop(fan_id, None)
        self.excluded.append(ExcludedFan(FAN_BY_ID[fan_id], reason, FAN_BY_ID[by] if by else None, principle))


def by_rank(fan_ids: Iterable[int], tally: Tally) -> list[int]:
    """Highest-first order: more points first, then the lower (more senior) fan number."""
    points = tally.points
    if points is POINTS[tally.edition.key]:
        return sorted(fan_ids, key=RANKS[tally.edition.key].__getitem__)
    return sorted(fan_ids, key=lambda fid: (-points[fid], fid))


def non_repeat(tally: Tally) -> None:
    """A fan does not also score the fans it implies.

    Only fans that are themselves kept imply others, so a fan that is removed does not
    remove a third one (Seven Pairs removing Fully Concealed Hand keeps Self-Drawn).
    Fans made of sets imply fans made of the same sets only; account-once settles the rest.
    """
    hits = tally.hits
    key = tally.edition.key
    # A fan that implies none does nothing here, so only the others are asked (at C speed).
    implying = _IMPLYING[key].intersection(hits)
    if tally.points is POINTS[key]:
        steps = _implications(key, implying)
    else:  # a fan at a value of its own may change the rank order (rare): not kept
        steps = _implication_steps(IMPLIED[key], by_rank(implying, tally))
    for fan_id, implied, same_sets in steps:
        if fan_id not in hits or implied not in hits:
            continue  # removed already, or never found
        if same_sets:
            _drop_set_level(tally, fan_id, implied)
        else:
            del hits[implied]
            tally.excluded.append(_IMPLIED_ENTRY[implied, fan_id])


_IMPLYING = {key: frozenset(fid for fid, ids in implied_by.items() if ids) for key, implied_by in IMPLIED.items()}


@lru_cache(maxsize=1 << 12)  # bounded; the fans that imply others in one reading are few, and recur
def _implications(key: str, implying: frozenset[int]) -> tuple[tuple[int, int, bool], ...]:
    """What non-repeat asks, in order, of a reading in which these fans imply others: the
    edition's usual points rank them, so the order depends on nothing else."""
    return _implication_steps(IMPLIED[key], sorted(implying, key=RANKS[key].__getitem__))


def _implication_steps(implied_by: dict[int, tuple[int, ...]], ranked: list[int]) -> tuple[tuple[int, int, bool], ...]:
    """(fan, a fan it implies, both made of sets) for each fan in rank order, highest first."""
    return tuple(
        (fan_id, implied, fan_id in _SETS_FANS and implied in _SETS_FANS)
        for fan_id in ranked for implied in implied_by[fan_id]
    )


def _drop_set_level(tally: Tally, by_id: int, implied: int) -> None:
    covering = [occ.sets for occ in tally.hits[by_id]]
    occurrences = tally.hits[implied]
    if len(covering) == 1:  # nearly always: Pure Triple Chow, say, covers every Pure Double Chow in it
        cover = covering[0]
        survivors = [occ for occ in occurrences if not occ.sets <= cover]
    else:
        survivors = [occ for occ in occurrences if not any(occ.sets <= cover for cover in covering)]
    if len(survivors) == len(occurrences):
        return
    by = FAN_BY_ID[by_id]
    if survivors:
        tally.hits[implied] = survivors
        tally.excluded.append(
            ExcludedFan(FAN_BY_ID[implied], f"the sets of {by.name} do not score it again (non-repeat)", by, "non-repeat")
        )
    else:
        del tally.hits[implied]
        tally.excluded.append(_IMPLIED_ENTRY[implied, by_id])


def absorb(tally: Tally) -> None:
    """Sets already counted by an honor fan are not also Pungs of Terminals or Honors."""
    if _ABSORBING_SET[tally.edition.key].isdisjoint(tally.hits):
        return  # most readings: no fan that absorbs (asked at C speed)
    absorbs = ABSORBS[tally.edition.key]
    for fan_id in _ABSORBING[tally.edition.key]:
        if fan_id not in tally.hits:
            continue
        for target, limit in absorbs[fan_id].items():
            if target not in tally.hits or fan_id not in tally.hits:
                continue
            used = frozenset().union(*(occ.sets for occ in tally.hits[fan_id]))
            removed = 0
            survivors = []
            for occ in tally.hits[target]:
                if occ.sets <= used and (limit is None or removed < limit):
                    removed += 1
                else:
                    survivors.append(occ)
            if not removed:
                continue
            by = FAN_BY_ID[fan_id]
            shown = " ".join(format_tiles(tally.view.tiles_of(occ)) for occ in tally.hits[target] if occ not in survivors)
            reason = f"{shown} already counts in {by.name} (non-repeat)"
            if survivors:
                tally.hits[target] = survivors
                tally.excluded.append(ExcludedFan(FAN_BY_ID[target], reason, by, "non-repeat"))
            else:
                tally.drop(target, reason, fan_id, "non-repeat")


def account_once(tally: Tally) -> None:
    """Choose which fans made of sets count together.

    Account-once: once sets have made a fan, each further fan may bring in new sets with
    at most one set already used; so the chosen fans, seen as links between sets, never
    close a loop. Non-identical: the same fan never counts twice through one set.
    Among the choices that follow both, the one with most points wins (highest-first),
    then the one whose best fans rank higher.
    """
    sets_fans = _SETS_FANS.intersection(tally.hits)
    if len(sets_fans) <= 1 and (not sets_fans or len(tally.hits[next(iter(sets_fans))]) == 1):
        return  # one fan made of sets, occurring once (the most frequent case), or none: nothing to choose
    candidates = [(fid, occ) for fid in by_rank(sets_fans, tally) for occ in tally.hits[fid]]
    points = tally.points
    best_choice = _best_choice(
        tuple([(fid, occ.sets) for fid, occ in candidates]), tuple([points[fid] for fid, _ in candidates]),
        len(tally.view.sets),
    )
    if best_choice is None:
        return  # every fan made of sets counts: nothing to choose
    kept = set(best_choice)
    left_out = [(fid, occ) for i, (fid, occ) in enumerate(candidates) if i not in kept]
    for fid, occ in left_out:
        tally.hits[fid] = [o for o in tally.hits[fid] if o is not occ]
    for fid, occ in left_out:
        # Written only if this reading is the one shown (Tally.excluded).
        tally.excluded.append(partial(_account_once_entry, tally.view, candidates, kept, fid, occ, bool(tally.hits[fid])))
    for fid in {fid for fid, _ in left_out}:
        if not tally.hits[fid]:
            del tally.hits[fid]


@lru_cache(maxsize=1 << 12)  # bounded; the fans made of sets that meet in a reading recur: a few hundred
def _best_choice(candidates: tuple[tuple[int, frozenset[int]], ...], points: tuple[int, ...],
                 sets: int) -> tuple[int, ...] | None:
    """Which candidates (fan id, the sets it uses; ranked highest first, with their points)
    count together, as their positions in the order chosen; None when all of them do.

    The choice reads nothing but these and how many sets the reading has, and the same
    fans through the same sets meet in hand after hand, so it is searched once for each."""
    clashes = _clashes(candidates)
    if not any(clashes) and _all_link(candidates, sets):
        return None
    n = len(candidates)
    points = list(points)  # highest first, as the candidates are ranked
    best_choice: tuple = ()
    best_key: tuple = (-1, [])
    chosen: list[int] = []
    values: list[int] = []  # the points of the chosen, highest first (as they were chosen)

    sets_of = [fan_sets for _, fan_sets in candidates]

    def search(start: int, total: int, taken: int, linked: tuple[int, ...], groups: int) -> None:
        nonlocal best_choice, best_key
        if (total, values) > best_key:
            best_key, best_choice = (total, values[:]), tuple(chosen)
        # The best any further choice could do: each fan links two groups of sets at least,
        # so at most (groups - 1) more fans fit, and the candidates are ranked by points.
        top = points[start : start + groups - 1]
        if (total + sum(top), values + top) <= best_key:
            return  # nothing further can beat the best choice so far
        for i in range(start, n):
            if clashes[i] & taken:
                continue  # non-identical
            fan_sets = sets_of[i]
            joined = _link(linked, fan_sets)
            if joined is None:
                continue  # would reuse two linked sets: account-once
            chosen.append(i)
            values.append(points[i])
            search(i + 1, total + points[i], taken | 1 << i, joined, groups - len(fan_sets) + 1)
            chosen.pop()
            values.pop()

    search(0, 0, 0, tuple(range(sets)), sets)
    return best_choice


def _clashes(candidates) -> list[int]:
    """For each candidate (fan id, sets), the candidates of the same fan that share a set with it
    (non-identical), as bits. The candidates of one fan stand together (they are listed fan by
    fan), so each is compared with the rest of its own fan's run only."""
    n = len(candidates)
    clashes = [0] * n
    for i, (fid, fan_sets) in enumerate(candidates):
        j = i + 1
        while j < n and candidates[j][0] == fid:
            if candidates[j][1] & fan_sets:
                clashes[i] |= 1 << j
                clashes[j] |= 1 << i
            j += 1
    return clashes


def _all_link(candidates, sets: int) -> bool:
    """Do all the candidates (fan id, sets) link their sets without closing a loop (account-once)?"""
    linked: tuple[int, ...] | None = tuple(range(sets))
    for _, fan_sets in candidates:
        linked = _link(linked, fan_sets)
        if linked is None:
            return False
    return True


@cache  # bounded: the ways to link at most four sets, times the sets of a fan (a few hundred)
def _link(linked: tuple[int, ...], sets: frozenset[int]) -> tuple[int, ...] | None:
    """The sets linked by the fans so far, as linked[set] = the lowest set it is linked to,
    once a fan made of `sets` joins them; None if two of these sets are linked already."""
    joined = {linked[s] for s in sets}
    if len(joined) != len(sets):
        return None
    low = min(joined)
    return tuple([low if group in joined else group for group in linked])


def _account_once_entry(view: View, candidates, kept, fan_id: int, occ: Occurrence, still_counts: bool) -> ExcludedFan:
    reason, by, principle = _account_once_reason(view, candidates, kept, fan_id, occ)
    if still_counts:
        # The fan still counts through other sets; say which extra one was left out.
        reason = f"{view.show(occ.sets)} would make another {FAN_BY_ID[fan_id].name}, but {reason}"
    return ExcludedFan(FAN_BY_ID[fan_id], reason, by, principle)


def _account_once_reason(view: View, candidates, kept, fan_id: int, occ: Occurrence) -> tuple[str, Fan | None, str]:
    """Why a fan made of sets was left out, naming the counted fan that holds its sets, and the
    principle that left it out (non-identical or account-once)."""
    # The same fan through a shared set is the plainer reason (non-identical), so look there first.
    for i in sorted(kept, key=lambda i: candidates[i][0] != fan_id):
        other_id, other = candidates[i]
        common = occ.sets & other.sets
        if not common:
            continue
        by = FAN_BY_ID[other_id]
        if other_id == fan_id:
            partner = view.show(other.sets - occ.sets)
            return f"non-identical: {view.show(common)} already makes {by.name} with {partner}", by, "non-identical"
        return f"account-once: {view.show(common)} already counts in {by.name}", by, "account-once"
    return f"account-once: {view.show(occ.sets)} would reuse sets already combined in the fans counted", None, "account-once"


def chicken(tally: Tally) -> None:
    """Chicken Hand when no other fan applies (flowers aside)."""
    hits = tally.hits
    if len(hits) == (FLOWER_TILES in hits):  # no fan, or flowers only
        tally.hits[CHICKEN_HAND] = [Occurrence(tally.view.tiles, "no other fan applies", frozenset())]


PRINCIPLE_PASSES = (non_repeat, absorb, account_once, chicken)
