"""Compare tutor's shanten and useful tiles with PyMahjongGB's shanten functions.

    .venv/bin/python bench/shanten_differential.py [--hands 20000] [--seed 1] [--show 10]

Hands are 13 tiles (kongs as 3) of four kinds in equal numbers (tests/shanten_differential.py):
random draws from the wall, melded hands, and hands near every form, special forms
included. Per form the shanten and the useful tiles (except tiles held four times) are
compared with RegularShanten, SevenPairsShanten, ThirteenOrphansShanten,
HonorsAndKnittedTilesShanten and KnittedStraightShanten, and the least over the forms
with MahjongShanten. Prints the agreement by kind and the disagreements.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from shanten_differential import KINDS, compare, generate  # noqa: E402

from tutor.rules.shanten import counts_of, form_shanten  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args(argv)
    cases = [compare(case) for case in generate(args.seed, args.hands)]
    by_kind = Counter(c.kind for c in cases)
    agree = Counter(c.kind for c in cases if c.agree)
    near: Counter = Counter()
    for case in cases:
        forms = form_shanten(counts_of(case.hand.concealed), len(case.hand.melds))
        near.update((form, s) for form, s in forms.items() if s is not None and s <= 1)
    total = len(cases)
    print(f"hands: {total}  agree: {sum(agree.values())}  disagree: {total - sum(agree.values())}")
    for kind in KINDS:
        print(f"  {kind:<8} {agree[kind]:>6} / {by_kind[kind]}")
    print("hands with a form ready (0) or one from ready (1):")
    for (form, s), n in sorted(near.items()):
        print(f"  {form:<18} {s:>2}: {n}")
    shown = 0
    for case in cases:
        if not case.agree and shown < args.show:
            print(f"\n{case.kind}: {case.hand.notation()}\n  {'; '.join(case.disagreements)}")
            shown += 1
    return 0 if total == sum(agree.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
