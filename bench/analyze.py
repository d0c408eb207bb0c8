"""Time the analysis: shanten, the scored waits of a ready hand, all discards of a 14-tile hand.

    .venv/bin/python bench/analyze.py [--hands 400] [--seed 1] [--repeats 3]

Hands come from tutor.practice.hands' winning hands (all forms, melds and kongs):
one concealed tile dropped gives a ready 13-tile hand, one more swapped a 1-shanten
one; a 14-tile hand is a winning hand with one tile swapped (or kept, now and then).
Prints the median and p99 per hand (best of --repeats runs on fresh hands, after a
warm-up on other hands as a running server would have had) against the targets of
issue 11: shanten <= 1 ms, waits with scores <= 5 ms, all discards <= 20 ms (medians).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.practice.hands import random_deals  # noqa: E402
from tutor.rules.analysis import analyze, discards, waits  # noqa: E402
from tutor.rules.notation import Hand  # noqa: E402
from tutor.rules.shanten import counts_of, shanten  # noqa: E402

TARGETS_US = {"shanten": 1000, "waits (ready, scored)": 5000, "discards (14 tiles)": 20000}


def _drop(rng: random.Random, hand: Hand) -> Hand:
    concealed = list(hand.concealed)
    concealed.pop(rng.randrange(len(concealed)))
    return Hand(hand.melds, tuple(concealed))


def _swap(rng: random.Random, hand: Hand) -> Hand:
    concealed = list(hand.concealed)
    held = hand.counts()
    out = rng.randrange(len(concealed))
    held[concealed[out]] -= 1
    concealed[out] = rng.choice([t for t in range(34) if held[t] < 4])
    return Hand(hand.melds, tuple(sorted(concealed)))


def hands(seed: int, count: int) -> dict[str, list[Hand]]:
    rng = random.Random(seed)
    deals = random_deals(seed, count)
    ready = [_drop(rng, d.hand) for d in deals]
    return {
        "shanten": [_swap(rng, h) if i % 2 else h for i, h in enumerate(ready)],
        "waits (ready, scored)": ready,
        "discards (14 tiles)": [_swap(rng, d.hand) if i % 4 else d.hand for i, d in enumerate(deals)],
    }


JOBS = {
    "shanten": lambda h: shanten(counts_of(h.concealed), len(h.melds)),
    "waits (ready, scored)": waits,
    "discards (14 tiles)": discards,
}


def timed(fn, items) -> list[float]:
    out = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        out.append(time.perf_counter() - start)
    return sorted(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    for hand in hands(args.seed + 1000, 1000)["discards (14 tiles)"]:
        analyze(hand)  # warm-up: fills the caches of group vectors and suit shapes
    failed = False
    for name, job in JOBS.items():
        runs = [timed(job, hands(args.seed + 10 * r, args.hands)[name]) for r in range(args.repeats)]
        best = min(runs, key=statistics.median)
        median = statistics.median(best) * 1e6
        p99 = best[min(len(best) - 1, int(len(best) * 0.99))] * 1e6
        target = TARGETS_US[name]
        verdict = "ok" if median <= target else "OVER"
        failed |= median > target
        print(f"{name:<24} median {median:8.1f} us   p99 {p99:9.1f} us   target {target} us  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
