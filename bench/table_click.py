"""One click at the practice table, timed through the backend: POST /api/table at level 2 with a
record that advances to the learner's next decision (the learner's seat played by a level-2 bot
so the hands are realistic), and POST table/ (the htmx fragment, the page's own click).

    PYTHONPATH=. .venv/bin/python bench/table_click.py [hands]

Prints the median and 95th percentile of each; the issue's target is a median of 100 ms or less.
The same click in the browser's engine worker is not measured here yet.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from tests.browser.table_play import play
from tutor.app import create_app


def main(hands: int = 5) -> None:
    client = create_app({"TESTING": True}).test_client()
    api, page = [], []
    for seed in range(1, hands + 1):
        played = play(seed, level=2)
        for answered, click in zip(played.answers, played.clicks, strict=False):
            record = dict(answered["record"])
            action, _, tile = click.partition(" ")
            move = {"seat": answered["view"]["seat"], "action": action, **({"tile": tile} if tile else {})}
            record["moves"] = [*record["moves"], move]  # the learner's click; the bots then play to the next decision
            start = time.perf_counter()
            response = client.post("/api/table", json=record)
            api.append(time.perf_counter() - start)
            assert response.status_code == 200, response.json
            start = time.perf_counter()
            form = {"record": json.dumps(answered["record"]), "move": click}
            response = client.post("/table/", data=form, headers={"HX-Request": "true"})
            page.append(time.perf_counter() - start)
            assert response.status_code == 200
    for name, times in (("POST /api/table", api), ("POST table/ (fragment)", page)):
        times.sort()
        print(f"{name}: {len(times)} clicks, median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms (target: median <= 100 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
