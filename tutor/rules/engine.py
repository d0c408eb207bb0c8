"""The scorer: from a hand and how it was won to the fans, the points and the reasons.

The pipeline, in order:

    1. validate      the hand and the situation are possible (HandError otherwise)
    2. divide        every reading of the hand: four sets and a pair in every way,
                     plus the special forms (tutor.rules.divisions); none -> NotWinning
    3. check         each of the 81 checks (tutor.rules.checks) on each reading
    4. combine       the combination principles, as named passes:
                       non-repeat    a fan does not also score the fans it implies
                       absorb        a set used by an honor fan is not also a
                                     Pung of Terminals or Honors (non-repeat, set by set)
                       account-once  among the fans made of sets, each new fan may reuse at
                                     most one set already used (non-identical: never the
                                     same fan twice from one set); highest-first decides
                       chicken       Chicken Hand when nothing else scores
    5. choose        the reading with the most points, by an explicit tie-break
                     (non-separation: one reading, never a mix of two)
    6. explain       every counted fan with its tiles, every removed fan with the
                     principle and the fan responsible, and any fan asked about

Pure: no Flask, Jinja2 or files here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, NamedTuple

from tutor.rules import checks as C
from tutor.rules import tiles as T
from tutor.rules.divisions import STANDARD, Division, all_divisions, waiting_tiles
from tutor.rules.editions import DEFAULT_EDITION, EDITION_RULES, EDITIONS, Edition
from tutor.rules.fans import FAN_BY_ID, FAN_BY_SLUG, FANS, Fan, fan
from tutor.rules.notation import Hand, NotationError, format_tiles, parse_hand, parse_tile

MINIMUM_POINTS = 8
MAX_FLOWERS = 8
# The fans the engine itself decides on (the lookups fail at import if a slug goes wrong).
CHICKEN_HAND = fan("chicken-hand").id
FLOWER_TILES = fan("flower-tiles").id
MIXED_KONGS_FAN = fan("two-melded-kongs").id  # one melded plus one concealed kong scores here
NINE_GATES = fan("nine-gates")

_CHECKS = {row.id: getattr(C, row.slug.replace("-", "_")) for row in FANS}
_POINTS = {key: {row.id: row.points(key) for row in FANS} for key in EDITIONS}
# Per edition, fan id -> the ids it implies (the table's, then the edition's own), in order.
_IMPLIED = {
    key: {
        row.id: tuple(FAN_BY_SLUG[s].id for s in row.implies + rules.extra_implies.get(row.slug, ())) for row in FANS
    }
    for key, rules in EDITION_RULES.items()
}
# Per edition, fan id -> {per-set fan id it absorbs: how many occurrences (None: all)}.
_ABSORBS: dict[str, dict[int, dict[int, int | None]]] = {}
for _key, _rules in EDITION_RULES.items():
    _ABSORBS[_key] = {}
    for _row in FANS:
        _limits: dict[int, int | None] = {FAN_BY_SLUG[s].id: None for s in _row.absorbs}
        if _row.slug in _rules.absorbs_some:
            _target, _limit = _rules.absorbs_some[_row.slug]
            _limits[FAN_BY_SLUG[_target].id] = _limit
        if _limits:
            _ABSORBS[_key][_row.id] = _limits
del _key, _rules, _row, _limits
_FORM_ORDER = {STANDARD: 0, "knitted_straight": 1, "seven_pairs": 2, "honors_knitted": 3, "thirteen_orphans": 4}


class HandError(ValueError):
    """Input that cannot describe a real hand (HTTP 400). The message is for a player."""

    status = 400


class NotWinning(HandError):
    """A well-formed hand that is not a winning hand (HTTP 422)."""

    status = 422


# ---------------------------------------------------------------------------- situation

WIND_LETTERS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class Situation:
    """How the hand was won: the situation fields of the scoring API."""

    win: int
    self_drawn: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    flowers: int = 0
    last_tile: bool = False
    last_wall_tile: bool = False
    replacement_tile: bool = False
    robbing_kong: bool = False

    FLAGS = ("self_drawn", "last_tile", "last_wall_tile", "replacement_tile", "robbing_kong")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "Situation":
        """Build from API-style fields (win as notation); HandError on a wrong type or value."""
        if "win" not in data or data["win"] in (None, ""):
            raise HandError("Missing field 'win': say which tile completed the hand, such as '5s'.")
        if not isinstance(data["win"], str):
            raise HandError("Field 'win' must be text naming one tile, such as '5s' or 'E'.")
        try:
            win = parse_tile(data["win"])
        except NotationError as error:
            raise HandError(f"Winning tile: {error}") from None
        values: dict[str, Any] = {"win": win}
        for flag in cls.FLAGS:
            value = data.get(flag, False)
            if not isinstance(value, bool):
                raise HandError(f"Field '{flag}' must be true or false.")
            values[flag] = value
        for wind_field in ("seat_wind", "prevalent_wind"):
            value = data.get(wind_field, "E")
            if value not in WIND_LETTERS:
                raise HandError(f"Field '{wind_field}' must be one of E, S, W or N.")
            values[wind_field] = value
        flowers = data.get("flowers", 0)
        if isinstance(flowers, bool) or not isinstance(flowers, int):
            raise HandError(f"Field 'flowers' must be a whole number from 0 to {MAX_FLOWERS}.")
        values["flowers"] = flowers
        return cls(**values)


# ---------------------------------------------------------------------------- validation


def validate(hand: Hand, situation: Situation) -> None:
    """Raise HandError when the hand and situation could not happen at a table."""
    needed = 14 - 3 * len(hand.melds)
    if len(hand.concealed) != needed:
        sets = len(hand.melds)
        declared = f"with {sets} declared set{'s' if sets != 1 else ''}" if sets else "with no declared sets"
        raise HandError(
            f"The hand has {len(hand.concealed)} concealed tiles; {declared} it needs {needed} "
            f"(14 tiles in all, the winning tile included, each kong counting as 3)."
        )
    counts = hand.counts()
    too_many = [t for t in range(34) if counts[t] > 4]
    if too_many:
        t = too_many[0]
        raise HandError(f"The hand holds {counts[t]} copies of {T.code(t)}; there are only four of each tile.")
    if not 0 <= situation.flowers <= MAX_FLOWERS:
        raise HandError(f"Flowers must be from 0 to {MAX_FLOWERS} (there are four flowers and four seasons).")
    if situation.seat_wind not in WIND_LETTERS or situation.prevalent_wind not in WIND_LETTERS:
        raise HandError("Winds must be one of E, S, W or N.")
    win = situation.win
    if win not in hand.concealed:
        raise HandError(
            f"The winning tile {T.code(win)} is not among the concealed tiles; write it with the concealed tiles, "
            "not inside a melded set."
        )
    _validate_flags(hand, situation, counts)


def _validate_flags(hand: Hand, situation: Situation, counts: list[int]) -> None:
    win = situation.win
    if situation.replacement_tile:
        if not situation.self_drawn:
            raise HandError("A win on a replacement tile is self-drawn: set self_drawn as well.")
        if not hand.kongs:
            raise HandError("A win on a replacement tile needs a kong in the hand: the replacement is drawn for it.")
    if situation.robbing_kong:
        if situation.self_drawn:
            raise HandError("Robbing the kong is a win on another player's tile, so it cannot be self-drawn.")
        if counts[win] > 1:
            raise HandError(
                f"You cannot rob a kong of {T.code(win)}: the other player holds a pung of it and adds the fourth, "
                f"so your hand can hold no other {T.code(win)}."
            )
        if situation.last_wall_tile:
            raise HandError("No kong can be added once the wall's last tile is drawn, so none can be robbed.")
    if situation.last_tile:
        others_concealed = hand.concealed.count(win) - 1
        if others_concealed:
            raise HandError(
                f"Last tile means the other three {T.code(win)} were already shown on the table, "
                f"but your concealed tiles hold another {T.code(win)}."
            )


# ---------------------------------------------------------------------------- results


class ScoredFan(NamedTuple):
    fan: Fan
    count: int
    points: int  # per occurrence, in the edition scored
    tiles: tuple[int, ...]
    reason: str

    @property
    def value(self) -> int:
        return self.points * self.count


class ExcludedFan(NamedTuple):
    fan: Fan
    reason: str
    by: Fan | None
    principle: str


class WhyNot(NamedTuple):
    fan: Fan
    counted: bool
    reason: str


@dataclass
class Result:
    hand: Hand
    situation: Situation
    edition: str
    division: Division
    fans: list[ScoredFan]
    excluded: list[ExcludedFan]
    why_not: list[WhyNot] = field(default_factory=list)

    @property
    def waits(self) -> tuple[int, ...]:
        return waiting_tiles(self.hand, self.situation.win)

    @property
    def total(self) -> int:
        return sum(f.value for f in self.fans)

    @property
    def points_without_flowers(self) -> int:
        return sum(f.value for f in self.fans if f.fan.id != FLOWER_TILES)

    @property
    def meets_minimum(self) -> bool:
        return self.points_without_flowers >= MINIMUM_POINTS

    def counted_ids(self) -> set[int]:
        return {f.fan.id for f in self.fans}

    def payments(self) -> dict[str, int] | None:
        """What each other player pays the winner: hand points plus 8 from the discarder
        (or from everyone on a self-drawn win), 8 from the others. None when the hand is
        below the minimum and so may not be declared."""
        if not self.meets_minimum:
            return None
        total = self.total
        if self.situation.self_drawn:
            return {"each_player": total + 8, "winner_receives": 3 * (total + 8)}
        return {"discarder": total + 8, "each_other_player": 8, "winner_receives": total + 24}

    def to_dict(self) -> dict[str, Any]:
        division = self.division
        return {
            "hand": self.hand.notation(),
            "win": T.code(self.situation.win),
            "rules": self.edition,
            "total": self.total,
            "points_without_flowers": self.points_without_flowers,
            "meets_minimum": self.meets_minimum,
            "fans": [
                {
                    "id": f.fan.id,
                    "slug": f.fan.slug,
                    "name": f.fan.name,
                    "chinese": f.fan.chinese,
                    "pinyin": f.fan.pinyin,
                    "points": f.points,
                    "count": f.count,
                    "tiles": [T.code(t) for t in f.tiles],
                    "reason": f.reason,
                }
                for f in self.fans
            ],
            "excluded": [
                {
                    "id": e.fan.id,
                    "slug": e.fan.slug,
                    "name": e.fan.name,
                    "reason": e.reason,
                    "principle": e.principle,
                    "by": e.by.id if e.by else None,
                }
                for e in self.excluded
            ],
            "why_not": [
                {"id": w.fan.id, "slug": w.fan.slug, "name": w.fan.name, "counted": w.counted, "reason": w.reason}
                for w in self.why_not
            ],
            "division": {
                "form": division.form,
                "sets": [
                    {"tiles": format_tiles(g.tiles), "kind": g.kind, "melded": g.open and g.declared,
                     "concealed": not g.open}
                    for g in division.sets
                ],
                "pair": format_tiles(division.pair.tiles) if division.pair else None,
                "pairs": [format_tiles((t, t)) for t in division.pairs],
                "knitted": format_tiles(division.knitted) if division.knitted else None,
                "text": " ".join(division.describe()),
            },
            "waits": [T.code(t) for t in self.waits],
            "payments": self.payments(),
        }


# ---------------------------------------------------------------------------- scoring one reading


@dataclass
class _Tally:
    """The fans of one reading while the principles are applied."""

    view: C.View
    edition: Edition
    hits: dict[int, list[C.Occurrence]]
    misses: dict[int, Any]
    excluded: list[ExcludedFan] = field(default_factory=list)
    points: dict[int, int] = field(default_factory=dict)  # fan id -> points in this reading

    def __post_init__(self) -> None:
        self.points = _POINTS[self.edition.key]

    def fan_points(self, fan_id: int) -> int:
        return self.points[fan_id]

    def total(self) -> int:
        return sum(self.fan_points(fid) * len(occ) for fid, occ in self.hits.items())

    def drop(self, fan_id: int, reason: str, by: int | None, principle: str) -> None:
        self.hits.pop(fan_id, None)
        self.excluded.append(ExcludedFan(FAN_BY_ID[fan_id], reason, FAN_BY_ID[by] if by else None, principle))


def _implied(fan_id: int, edition: Edition) -> tuple[int, ...]:
    return _IMPLIED[edition.key][fan_id]


def _gate(fan: Fan):
    """A cheap test that must hold for the fan to be possible in a reading, or None.

    Derived from the table (category and kind), so no second list of fans is kept. A fan
    whose gate fails is not checked; its check runs later only if someone asks why not.
    """
    if fan.category == "honors":
        return lambda view: bool(view.honors)
    if fan.kind == "sets" and fan.category == "chows":
        return lambda view: len(view.chows) >= 2
    if fan.kind == "sets" and fan.category == "pungs":
        return lambda view: len(view.pungs) >= 2
    if fan.category == "special" and fan is not NINE_GATES:  # Nine Gates is read as four sets and a pair
        return lambda view: view.form != STANDARD
    return None


_GATES = {fan.id: _gate(fan) for fan in FANS}
_GATED_CHECKS = tuple((fan_id, check, _GATES[fan_id]) for fan_id, check in _CHECKS.items())


def _check_reading(view: C.View, edition: Edition) -> _Tally:
    hits: dict[int, list[C.Occurrence]] = {}
    misses: dict[int, Any] = {}  # a fan whose gate failed has no entry: _why_not asks its check
    for fan_id, check, gate in _GATED_CHECKS:
        if gate is not None and not gate(view):
            continue
        found = check(view)
        if isinstance(found, list) and found:
            hits[fan_id] = found
        else:
            misses[fan_id] = found
    tally = _Tally(view, edition, hits, misses)
    if view.melded_kongs == 1 and view.concealed_kongs == 1 and MIXED_KONGS_FAN in hits:
        # One melded plus one concealed kong has a value of its own in each edition.
        tally.points = {**tally.points, MIXED_KONGS_FAN: edition.mixed_kongs_points}
    return tally


def _by_rank(fan_ids: Iterable[int], tally: _Tally) -> list[int]:
    """Highest-first order: more points first, then the lower (more senior) fan number."""
    points = tally.points
    return sorted(fan_ids, key=lambda fid: (-points[fid], fid))


def _pass_non_repeat(tally: _Tally) -> None:
    """A fan does not also score the fans it implies.

    Only fans that are themselves kept imply others, so a fan that is removed does not
    remove a third one (Seven Pairs removing Fully Concealed Hand keeps Self-Drawn).
    Fans made of sets imply fans made of the same sets only; account-once settles the rest.
    """
    kept: list[int] = []
    for fan_id in _by_rank(list(tally.hits), tally):
        if fan_id not in tally.hits:
            continue
        kept.append(fan_id)
        for implied in _implied(fan_id, tally.edition):
            if implied not in tally.hits:
                continue
            if FAN_BY_ID[fan_id].kind == "sets" and FAN_BY_ID[implied].kind == "sets":
                _drop_set_level(tally, fan_id, implied)
            else:
                by = FAN_BY_ID[fan_id]
                tally.drop(implied, f"implied by {by.name} (non-repeat)", fan_id, "non-repeat")


def _drop_set_level(tally: _Tally, by_id: int, implied: int) -> None:
    covering = [occ.sets for occ in tally.hits[by_id]]
    survivors = [occ for occ in tally.hits[implied] if not any(occ.sets <= cover for cover in covering)]
    if len(survivors) == len(tally.hits[implied]):
        return
    by = FAN_BY_ID[by_id]
    if survivors:
        tally.hits[implied] = survivors
        tally.excluded.append(
            ExcludedFan(FAN_BY_ID[implied], f"the sets of {by.name} do not score it again (non-repeat)", by, "non-repeat")
        )
    else:
        tally.drop(implied, f"implied by {by.name} (non-repeat)", by_id, "non-repeat")


def _pass_absorb(tally: _Tally) -> None:
    """Sets already counted by an honor fan are not also Pungs of Terminals or Honors."""
    absorbs = _ABSORBS[tally.edition.key]
    for fan_id in list(tally.hits):
        for target, limit in absorbs.get(fan_id, {}).items():
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
            shown = " ".join(
                format_tiles(occ.tiles) for occ in tally.hits[target] if occ not in survivors
            )
            reason = f"{shown} already counts in {by.name} (non-repeat)"
            if survivors:
                tally.hits[target] = survivors
                tally.excluded.append(ExcludedFan(FAN_BY_ID[target], reason, by, "non-repeat"))
            else:
                tally.drop(target, reason, fan_id, "non-repeat")


def _pass_account_once(tally: _Tally) -> None:
    """Choose which fans made of sets count together.

    Account-once: once sets have made a fan, each further fan may bring in new sets with
    at most one set already used; so the chosen fans, seen as links between sets, never
    close a loop. Non-identical: the same fan never counts twice through one set.
    Among the choices that follow both, the one with most points wins (highest-first),
    then the one whose best fans rank higher.
    """
    candidates = [
        (fid, occ) for fid in _by_rank(tally.hits, tally) if FAN_BY_ID[fid].kind == "sets" for occ in tally.hits[fid]
    ]
    if len(candidates) <= 1:
        return
    best_choice: tuple = ()
    best_key: tuple = (-1, [])
    n = len(candidates)

    def search(start: int, chosen: list[int], parent: list[int]) -> None:
        nonlocal best_choice, best_key
        values = sorted((tally.fan_points(candidates[i][0]) for i in chosen), reverse=True)
        key = (sum(values), values)
        if key > best_key:
            best_key, best_choice = key, tuple(chosen)
        for i in range(start, n):
            fid, occ = candidates[i]
            if any(candidates[j][0] == fid and candidates[j][1].sets & occ.sets for j in chosen):
                continue  # non-identical
            roots = [_find(parent, s) for s in occ.sets]
            if len(set(roots)) != len(roots):
                continue  # would reuse two linked sets: account-once
            saved = parent[:]
            for r in roots[1:]:
                parent[r] = roots[0]
            chosen.append(i)
            search(i + 1, chosen, parent)
            chosen.pop()
            parent[:] = saved

    search(0, [], list(range(len(tally.view.sets))))
    kept = set(best_choice)
    left_out = [(fid, occ) for i, (fid, occ) in enumerate(candidates) if i not in kept]
    for fid, occ in left_out:
        tally.hits[fid] = [o for o in tally.hits[fid] if o is not occ]
    for fid, occ in left_out:
        reason, by = _account_once_reason(tally.view, candidates, kept, fid, occ)
        if tally.hits[fid]:
            # The fan still counts through other sets; say which extra one was left out.
            reason = f"{tally.view.show(occ.sets)} would make another {FAN_BY_ID[fid].name}, but {reason}"
        tally.excluded.append(ExcludedFan(FAN_BY_ID[fid], reason, by, "account-once"))
    for fid in {fid for fid, _ in left_out}:
        if not tally.hits[fid]:
            del tally.hits[fid]


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


def _account_once_reason(view: C.View, candidates, kept, fan_id: int, occ: C.Occurrence) -> tuple[str, Fan | None]:
    """Why a fan made of sets was left out, naming the counted fan that holds its sets."""
    sets_text = view.show(occ.sets)
    # The same fan through a shared set is the plainer reason (non-identical), so look there first.
    for i in sorted(kept, key=lambda i: candidates[i][0] != fan_id):
        other_id, other = candidates[i]
        common = occ.sets & other.sets
        if not common:
            continue
        by = FAN_BY_ID[other_id]
        if other_id == fan_id:
            partner = view.show(other.sets - occ.sets)
            return f"non-identical: {view.show(common)} already makes {by.name} with {partner}", by
        return f"account-once: {view.show(common)} already counts in {by.name}", by
    return f"account-once: {sets_text} would reuse sets already combined in the fans counted", None


def _pass_chicken(tally: _Tally) -> None:
    if not any(fid != FLOWER_TILES for fid in tally.hits):
        tally.hits[CHICKEN_HAND] = [C.Occurrence(tally.view.tiles, "no other fan applies", frozenset())]


PRINCIPLE_PASSES = (_pass_non_repeat, _pass_absorb, _pass_account_once, _pass_chicken)


def _score_reading(view: C.View, edition: Edition) -> _Tally:
    tally = _check_reading(view, edition)
    for principle in PRINCIPLE_PASSES:
        principle(tally)
    return tally


def _reading_key(tally: _Tally) -> tuple:
    """Tie-break between readings of equal points, in order: the standard form before
    the special forms; the higher best fans (highest-first); the reading whose pair is
    the higher tile (as PyMahjongGB settles such ties). Readings still equal after that
    are told apart by their notation (see score), so the choice never depends on the
    order in which readings were found."""
    values = sorted((tally.fan_points(fid) for fid, occ in tally.hits.items() for _ in occ), reverse=True)
    division = tally.view.division
    pair = division.pair.tile if division.pair is not None else -1
    return (tally.total(), -_FORM_ORDER[division.form], values, pair)


def _notation_of(tally: _Tally) -> str:
    return " ".join(tally.view.division.describe())


# ---------------------------------------------------------------------------- the public entry


def score(hand: Hand, situation: Situation, edition: str = DEFAULT_EDITION, why_not: Iterable[int] = ()) -> Result:
    """Score a winning hand. HandError for impossible input, NotWinning for a hand that does not win."""
    if edition not in EDITIONS:
        raise HandError(f"Unknown rule edition '{edition}': use one of {', '.join(EDITIONS)}.")
    why_not = list(why_not)
    for fan_id in why_not:
        if fan_id not in FAN_BY_ID:
            raise HandError(f"Fan {fan_id} does not exist: fans are numbered 1 to 81.")
    validate(hand, situation)
    divisions = all_divisions(hand)
    if not divisions:
        raise NotWinning(_not_winning_reason(hand))
    rules = EDITION_RULES[edition]
    seat = T.WIND_BY_LETTER[situation.seat_wind]
    prevalent = T.WIND_BY_LETTER[situation.prevalent_wind]
    best: _Tally | None = None
    best_key: tuple = ()
    readings: list[_Tally] = []
    for division in divisions:
        view = C.View(
            hand=hand,
            division=division,
            win=situation.win,
            self_drawn=situation.self_drawn,
            seat_wind=seat,
            prevalent_wind=prevalent,
            flowers=situation.flowers,
            last_tile=situation.last_tile,
            last_wall_tile=situation.last_wall_tile,
            replacement_tile=situation.replacement_tile,
            robbing_kong=situation.robbing_kong,
            edition=edition,
        )
        tally = _score_reading(view, rules)
        readings.append(tally)
        key = _reading_key(tally)
        if best is None or key > best_key or (key == best_key and _notation_of(tally) > _notation_of(best)):
            best, best_key = tally, key
    assert best is not None
    return _result(hand, situation, edition, best, why_not, readings)


def _result(hand, situation, edition, tally: _Tally, why_not: list[int], readings: list[_Tally]) -> Result:
    fans = []
    for fid in sorted(tally.hits):
        occurrences = tally.hits[fid]
        tiles: list[int] = []
        for occ in occurrences:
            tiles.extend(occ.tiles)
        reason = "; ".join(dict.fromkeys(occ.detail for occ in occurrences))
        fans.append(ScoredFan(FAN_BY_ID[fid], len(occurrences), tally.fan_points(fid), tuple(sorted(tiles)), reason))
    excluded = _merge_excluded(tally.excluded, tally.hits)
    answers = [_why_not(tally, fid, excluded, readings) for fid in why_not]
    return Result(hand, situation, edition, tally.view.division, fans, excluded, answers)


def _merge_excluded(excluded: list[ExcludedFan], counted) -> list[ExcludedFan]:
    """One entry per fan, in fan order (a fan removed for two reasons keeps the first)."""
    seen: dict[int, ExcludedFan] = {}
    for entry in excluded:
        seen.setdefault(entry.fan.id, entry)
    return [seen[fid] for fid in sorted(seen)]


def _why_not(tally: _Tally, fan_id: int, excluded: list[ExcludedFan], readings: list[_Tally]) -> WhyNot:
    fan = FAN_BY_ID[fan_id]
    if fan_id in tally.hits:
        count = len(tally.hits[fan_id])
        return WhyNot(fan, True, f"{fan.name} does count here ({count} time{'s' if count > 1 else ''}).")
    for entry in excluded:
        if entry.fan.id == fan_id:
            return WhyNot(fan, False, f"{fan.name} is in the hand but not counted: {entry.reason}.")
    other = next((r for r in readings if fan_id in r.hits), None)
    if other is not None:
        # Non-separation: the fan lives in another reading of the same tiles, which scores less.
        return WhyNot(
            fan,
            False,
            f"{fan.name} counts when the tiles are read as {_notation_of(other)}, but that reading makes "
            f"{other.total()} points and the reading used ({_notation_of(tally)}) makes {tally.total()}; "
            "a hand is scored in one reading only, the one worth most.",
        )
    # A fan whose gate failed was never checked in this reading: its check gives the reason now.
    miss = tally.misses[fan_id] if fan_id in tally.misses else _CHECKS[fan_id](tally.view)
    text = miss() if callable(miss) else miss
    if not text or not isinstance(text, str):
        text = "its conditions are not met"
    return WhyNot(fan, False, f"{fan.name} {text}.")


def _not_winning_reason(hand: Hand) -> str:
    sets = len(hand.melds)
    shapes = "four sets (chows, pungs, kongs) and a pair"
    if not sets:
        shapes += ", or a special form such as seven pairs or thirteen orphans"
    return f"This is not a winning hand: its tiles cannot be arranged as {shapes}."


# ---------------------------------------------------------------------------- convenience


def score_text(hand_text: str, edition: str = DEFAULT_EDITION, why_not: Iterable[int] = (), **situation: Any) -> Result:
    """Score from notation: score_text('[EEE] 123m 456p 789s 55s', win='5s', self_drawn=True)."""
    try:
        hand = parse_hand(hand_text)
    except NotationError as error:
        raise HandError(str(error)) from None
    return score(hand, Situation.from_mapping(situation), edition, why_not)
