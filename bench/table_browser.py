"""One click at the practice table in the browser's engine worker (Pyodide), against CPython in
the same run and through the same code: tutor.browser.table_fragment, the answer of POST table/
to htmx (the record with the learner's move, the bots played at level 2 to the learner's next
decision, the fragment rendered).

    .venv/bin/python build.py && PYTHONPATH=. .venv/bin/python bench/table_browser.py [--hands 2]

The clicks are those of hands played by the pure game (the learner's seat by a level-2 bot).
Prints the median and p95 per click of each, in wall time, and the ratio. The issue's target
(median <= 100 ms) is the server's: bench/table_click.py prints it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from analyze_browser import report, time_in_cpython, time_in_worker  # noqa: E402

from tests.browser.table_play import play  # noqa: E402
from tutor.browser import table_fragment  # noqa: E402


def clicks(hands: int, first_seed: int = 1) -> list[str]:
    bodies = []
    for seed in range(first_seed, first_seed + hands):
        played = play(seed, level=2)
        for answered, click in zip(played.answers, played.clicks, strict=False):
            bodies.append(urlencode({"record": json.dumps(answered["record"], separators=(",", ":")), "move": click}))
    return bodies


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2)
    args = parser.parse_args(argv)
    site = ROOT / "site"
    if not (site / "table" / "index.html").exists():
        print("Build the site first: .venv/bin/python build.py")
        return 2
    bodies, warm = clicks(args.hands), clicks(1, first_seed=500)[:10]

    cpython = time_in_cpython(site, table_fragment, bodies, warm, allowed=(200,))
    worker = time_in_worker(site, "table/", "table", bodies, warm, allowed=(200,))

    report(f"practice table, one click at level 2 (fragment rendered), {len(bodies)} clicks of {args.hands} hands", cpython, worker)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
