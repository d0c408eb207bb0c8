"""How common each fan is, measured with the engine rather than guessed.

Hands are drawn the way tiles fall, not built around fans: each set is drawn with a
chance proportional to how many ways the wall can supply it (a chow of 3-4-5 is far
likelier than a pung of one tile), about half the sets are claimed, and the winning
tile, wind seats and self-draw are random. Only hands that reach the 8-point minimum
are counted, since those are the hands that are actually declared.

What the model is not: a record of real play. It deals only hands of four sets and a pair,
never seven pairs, thirteen orphans or a knitted hand (OUTSIDE_THE_MODEL), and nothing about
the moment of the win (the wall's last tile, a replacement tile, a robbed kong). Players keep
pairs and pung them, and aim for flushes and All Pungs; the model deals pungs only as often
as the wall offers them. We looked for published counts of fans in real MCR games (the
Botzone platform publishes game records of the IJCAI Mahjong AI competitions) and found none
that we could check, so no proportion here comes from real tables: lesson 20 says so, and the
table shows the fans outside the model as such rather than as rare.

    python -m tutor.practice.frequency [--hands 20000] [--seed 1]   # rewrites tutor/practice/data/fan_frequency.json

The learning path (lesson 20, the everyday-fan lessons, the quiz's starter mode) reads the JSON file.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from functools import lru_cache
from math import comb
from pathlib import Path

from tutor.practice.hands import ALL_SETS, add_tiles, fits, set_tiles
from tutor.rules.engine import Situation, score, validate
from tutor.rules.fans import FAN_BY_ID, FAN_BY_SLUG
from tutor.rules.notation import Hand, Meld

DATA_FILE = Path(__file__).resolve().parent / "data" / "fan_frequency.json"

# Fans the model cannot deal, and why: a share measured for them (a hand of sets that is also
# seven pairs now and then) would say nothing about how often a real table sees them.
SPECIAL_FORM = "a special form, which the model does not deal"
MOMENT_OF_THE_WIN = "the moment of the win, which the model does not play out"
OUTSIDE_THE_MODEL = {
    **{FAN_BY_SLUG[slug].id: SPECIAL_FORM for slug in (
        "seven-pairs", "seven-shifted-pairs", "thirteen-orphans", "greater-honors-and-knitted-tiles",
        "lesser-honors-and-knitted-tiles", "knitted-straight")},
    **{FAN_BY_SLUG[slug].id: MOMENT_OF_THE_WIN for slug in (
        "last-tile-draw", "last-tile-claim", "out-with-replacement-tile", "robbing-the-kong")},
}

# Every chow and pung, weighted by the number of ways to take its tiles from four copies
# each. A claimed pung can come from any of the three other players and a claimed chow
# only from the player on your left, so claimed pungs weigh three times as much.
_CONCEALED_WEIGHTS = [4 * 4 * 4 if kind == "chow" else comb(4, 3) for kind, _ in ALL_SETS]
_CLAIMED_WEIGHTS = [4 * 4 * 4 if kind == "chow" else 3 * comb(4, 3) for kind, _ in ALL_SETS]


def natural_deal(rng: random.Random) -> tuple[Hand, Situation] | None:
    counts = [0] * 34
    sets = []
    while len(sets) < 4:
        claimed = rng.random() < 0.5
        kind, t = rng.choices(ALL_SETS, weights=_CLAIMED_WEIGHTS if claimed else _CONCEALED_WEIGHTS)[0]
        tiles = set_tiles((kind, t))
        if fits(counts, tiles):
            sets.append((kind, t, claimed))
            add_tiles(counts, tiles)
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    melds, concealed = [], [pair, pair]
    for kind, t, claimed in sets:
        if kind == "pung" and counts[t] == 3 and rng.random() < 0.15:
            counts[t] += 1
            melds.append(Meld("kong", t, concealed=not claimed))
        elif claimed:
            melds.append(Meld(kind, t))
        else:
            concealed.extend(set_tiles((kind, t)))
    hand = Hand(tuple(melds), tuple(sorted(concealed)))
    situation = Situation(
        win=rng.choice(hand.concealed),
        self_drawn=rng.random() < 0.3,
        seat_wind=rng.choice("ESWN"),
        prevalent_wind=rng.choice("ESWN"),
        flowers=rng.choice((0, 0, 1, 1, 2, 3)),
    )
    try:
        validate(hand, situation)
    except ValueError:
        return None
    return hand, situation


def measure(hands: int, seed: int) -> dict:
    rng = random.Random(seed)
    seen: Counter = Counter()
    declared = 0
    drawn = 0
    while declared < hands:
        deal = natural_deal(rng)
        if deal is None:
            continue
        drawn += 1
        result = score(*deal)
        if not result.meets_minimum:
            continue
        declared += 1
        seen.update({f.fan.id for f in result.fans})
    return {
        "hands": declared,
        "drawn": drawn,
        "seed": seed,
        "method": "sets drawn in proportion to the ways the wall can supply them (claimed pungs "
        "three times as likely, as any player's discard can be punged); half the sets claimed; "
        "hands below 8 points left out. Only hands of four sets and a pair are dealt, and pungs "
        "only as often as the wall offers them, so this is a model of the tiles, not a record of "
        "real play",
        "share": {str(fid): round(seen[fid] / declared, 5) for fid in sorted(FAN_BY_ID)},
    }


@lru_cache(maxsize=1)
def load() -> dict:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def share(fan_id: int) -> float:
    """The measured share of declared hands that score this fan (0 where never seen)."""
    return load()["share"].get(str(fan_id), 0.0)


def outside_the_model(fan_id: int) -> str:
    """Why the model cannot say how common this fan is ('' when it can)."""
    return OUTSIDE_THE_MODEL.get(fan_id, "")


@lru_cache(maxsize=1)
def learning_path() -> tuple[int, ...]:
    """Fan ids from the most to the least common (ties: fewer points first, then number); the
    fans outside the model come last, since it cannot rank them."""
    return tuple(sorted(FAN_BY_ID, key=lambda fid: (fid in OUTSIDE_THE_MODEL, -share(fid),
                                                    FAN_BY_ID[fid].points_wmo, fid)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Measure how common each fan is.")
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    data = measure(args.hands, args.seed)
    DATA_FILE.parent.mkdir(exist_ok=True)
    DATA_FILE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {DATA_FILE} from {data['hands']} declared hands ({data['drawn']} drawn)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
