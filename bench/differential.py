"""Compare tutor's china1998 edition with PyMahjongGB on generated winning hands.

    .venv/bin/python bench/differential.py [--hands 20000] [--seed 1] [--show 20]

Prints the agreement rate, how often each fan was seen (every fan should be), and the
disagreements grouped by which fans differ. Deliberate rulings (listed in
tests/differential.py's KNOWN_DIFFERENCES) are counted apart.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from differential import compare  # noqa: E402

from tutor.practice.hands import random_deals  # noqa: E402
from tutor.rules.fans import FAN_BY_ID  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=15)
    args = parser.parse_args(argv)
    deals = random_deals(args.seed, args.hands)
    seen: Counter = Counter()
    groups: dict[str, list] = {}
    agree = deliberate = 0
    for deal in deals:
        outcome = compare(deal.hand, deal.situation)
        seen.update(outcome.tutor_fans.keys())
        if outcome.agree:
            agree += 1
        elif outcome.deliberate:
            deliberate += 1
        else:
            groups.setdefault(outcome.signature, []).append(outcome)
    total = len(deals)
    print(f"hands: {total}  agree: {agree}  deliberate rulings: {deliberate}  "
          f"unexplained: {total - agree - deliberate}")
    print(f"agreement: {agree / total:.4%} exact; {(agree + deliberate) / total:.4%} with the deliberate "
          "rulings (same total, another reading of equal points)")
    missing = [fid for fid in FAN_BY_ID if fid not in seen]
    print("fans never scored:", missing or "none")
    for signature, items in sorted(groups.items(), key=lambda kv: -len(kv[1]))[: args.show]:
        first = items[0]
        print(f"\n{len(items)} x {signature}\n  e.g. {first.describe()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
