"""Time the analysis: shanten, the scored waits of a ready hand, all discards of a 14-tile hand.

    .venv/bin/python bench/analyze.py [--hands 400] [--seed 1] [--repeats 3]

Hands come from tutor.practice.hands' winning hands (all forms, melds and kongs):
one concealed tile dropped gives a ready 13-tile hand, one more swapped a 1-shanten
one; a 14-tile hand is a winning hand with one tile swapped (or kept, now and then).
Prints the median and p99 per hand (best of --repeats runs on fresh hands, after a
warm-up on other hands as a running server would have had) against the targets of
issue 11: shanten <= 1 ms, waits with scores <= 5 ms, all discards <= 20 ms (medians).

Then the value advice of issue 24 (tutor.practice.value): every discard of a 14-tile hand with
its waits, routes and value, without play-outs (median <= 30 ms, p95 <= 100 ms); the chance
by play-outs within the budget /api/analyze gives them (CHANCE_BUDGET_MS; the whole answer's
median and p95 <= 300 ms); and, on generated hands where the discard best by shape leaves only
waits under 8 while another keeps a declarable wait, how often the advice's first discard is
declarable (>= 90%).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.answers.scoring import CHANCE_BUDGET_MS, DEFAULT_PLAYOUTS  # noqa: E402
from tutor.practice.hands import random_deals  # noqa: E402
from tutor.practice.value import advise  # noqa: E402
from tutor.practice.value.traps import traps  # noqa: E402
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


def timed(fn, items, clock=time.perf_counter) -> list[float]:
    out = []
    for item in items:
        start = clock()
        fn(item)
        out.append(clock() - start)
    return sorted(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chance-hands", type=int, default=20)
    parser.add_argument("--traps", type=int, default=100)
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
    failed |= value_advice(args)
    return 1 if failed else 0


def _percentiles(times: list[float]) -> tuple[float, float]:
    return statistics.median(times) * 1e3, times[min(len(times) - 1, int(len(times) * 0.95))] * 1e3


# The advice is timed in this process's CPU time: on a shared machine (2 cores, a load of 10 and
# more) wall time measures the others' work as much as ours. The play-outs' budget itself is
# kept in wall time (perf_counter), as a server or a browser must.
CLOCK = time.process_time


def value_advice(args) -> bool:
    """The advice of issue 24; True when a target is missed."""
    failed = False
    for hand in hands(args.seed + 2000, 300)["discards (14 tiles)"]:
        advise(hand)  # warm-up, as for the analysis
    fourteen = hands(args.seed, args.hands)["discards (14 tiles)"]
    median, p95 = _percentiles(timed(advise, fourteen, CLOCK))
    ok = median <= 30 and p95 <= 100
    failed |= not ok
    print(f"{'advice (14, no play-outs)':<24} cpu median {median * 1000:8.1f} us   p95 {p95 * 1000:9.1f} us   "
          f"target 30000 / 100000 us  {'ok' if ok else 'OVER'}")

    def with_chance(hand):
        return advise(hand, playouts=DEFAULT_PLAYOUTS, budget_ms=CHANCE_BUDGET_MS, seed=1)

    sample = fourteen[: args.chance_hands]
    answers = [with_chance(h) for h in sample]
    median, p95 = _percentiles(timed(with_chance, sample, CLOCK))
    ok = p95 <= 300
    failed |= not ok
    played = statistics.median(d.chance.samples for a in answers for d in a.discards if d.chance is not None)
    print(f"{'advice with chance':<24} cpu median {median * 1000:8.1f} us   p95 {p95 * 1000:9.1f} us   target 300000 us  "
          f"{'ok' if ok else 'OVER'}  (budget {CHANCE_BUDGET_MS:.0f} ms for up to {DEFAULT_PLAYOUTS} play-outs "
          f"of each of 4 discards; median {played:.0f} ran)")
    found = traps(args.seed + 77, args.traps)
    first = sum(any(w.unseen > 0 for w in advise(t.hand, t.situation).best.declarable_waits) for t in found)
    rate = first / len(found)
    failed |= rate < 0.9
    print(f"{'8-point traps':<24} first discard declarable in {first} of {len(found)} ({rate:.0%})   target 90%  "
          f"{'ok' if rate >= 0.9 else 'UNDER'}")
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
