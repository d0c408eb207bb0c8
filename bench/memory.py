"""Where a worker's memory goes: the soak's mixed traffic in this process, with a census.

    .venv/bin/python bench/memory.py [--requests 60000] [--every 10000]

Sends the soak run's mix of requests (scores, bad input, quiz deals and gradings, the fan
list, the health check) to the app through Flask's test client, in one process, and at
each checkpoint prints the process's resident memory, the number of live Python objects
and allocated blocks, the fill of every cache the backend keeps, and the object types
that grew most since the previous checkpoint. A leak shows as a count that keeps rising;
caches fill up to their bounds and stop; what is left is the allocator keeping freed memory.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
from collections import Counter
from functools import _lru_cache_wrapper
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from production import rss_mb, score_bodies  # noqa: E402
from soak import mixed_requests  # noqa: E402


def caches() -> dict[str, int]:
    """Entries of every memoised function in tutor's modules, and of the app's own caches."""
    import tutor

    fill = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith(tutor.__name__) or module is None:
            continue
        for attribute, value in vars(module).items():
            # Only functools' memoised functions: asking Flask's request proxies anything fails here.
            if isinstance(value, _lru_cache_wrapper):
                entries = value.cache_info().currsize
                if entries:
                    fill[f"{name.removeprefix('tutor.')}.{attribute}"] = entries
    return fill


def census() -> Counter:
    return Counter(type(o).__name__ for o in gc.get_objects())


def send(client, method: str, path: str, body, headers) -> int:
    if isinstance(body, (dict, list)):
        response = client.open(path, method=method, data=json.dumps(body), content_type="application/json",
                               headers=headers or {})
    else:
        response = client.open(path, method=method, data=body, headers=headers or {},
                               content_type=(headers or {}).get("Content-Type", "application/json"))
    response.close()
    return response.status_code


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=60_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--top", type=int, default=8, help="object types to show at each checkpoint")
    args = parser.parse_args(argv)
    from tutor.app import create_app

    client = create_app().test_client()
    rng = random.Random(11)
    scores = score_bodies(2000)
    statuses: Counter = Counter()
    previous = census()
    print(f"{'requests':>9} {'RSS MB':>7} {'objects':>9} {'blocks':>9}  caches (entries)")
    for done in range(1, args.requests + 1):
        method, path, body, headers, expected = mixed_requests(rng, scores)
        status = send(client, method, path, body, headers)
        statuses["expected" if status in expected else f"{status} for {path.split('?')[0]}"] += 1
        if done % args.every == 0:
            gc.collect()
            now = census()
            grown = [(kind, now[kind] - previous[kind]) for kind in now]
            grown = sorted((g for g in grown if g[1] > 0), key=lambda g: -g[1])[: args.top]
            fill = caches()
            print(f"{done:>9} {rss_mb('self'):>7.1f} {sum(now.values()):>9} {sys.getallocatedblocks():>9}  "
                  + ", ".join(f"{k} {v}" for k, v in sorted(fill.items(), key=lambda kv: -kv[1])[:6]))
            print(f"{'':>9} grew: " + (", ".join(f"{kind} +{n}" for kind, n in grown) or "nothing"))
            previous = now
    print("answers:", dict(statuses))
    return 0 if set(statuses) == {"expected"} else 1


if __name__ == "__main__":
    sys.exit(main())
