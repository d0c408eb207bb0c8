"""Soak run: mixed load against the production server, then compare worker memory.

    .venv/bin/python bench/soak.py [--seconds 300] [--clients 4]

Sends scores, bad requests, quiz deals and gradings, and calculator hands
to the production server (`tutor serve --no-build`) on 127.0.0.1 for the given time (5 minutes by default, after 30 s of the
same load as warm-up; at most 500,000 requests), and reports errors (any 5xx or a
connection failure), throughput and each worker's resident memory after warm-up and at
the end. Memory should stay flat: the run
fails when a worker grows by more than 5% after warm-up. bench/memory.py shows what a
worker holds when it does not.
"""

from __future__ import annotations

import argparse
import random
import threading
import time
from collections import Counter
from urllib.parse import urlencode

from load import quiz_request
from production import (
    BAD_BODIES,
    percentile,
    production_server,
    random_choice,
    request,
    rss_mb,
    score_bodies,
    worker_pids,
)

MAX_REQUESTS = 500_000
# A worker's resident memory moves by a few hundred KB as the allocator reuses freed memory;
# a leak of even 1 KB per request would add tens of MB over the run.
FLAT_GROWTH = 0.05


def mixed_requests(rng: random.Random, scores: list[dict]):
    """One request of the mix: mostly scores, some bad input, quiz deals and gradings (as
    htmx sends them), hands in the calculator (its htmx answer, and its whole page as a
    browser without JavaScript asks for it), the fan list and the health check."""
    roll = rng.random()
    if roll < 0.45:
        return "POST", "/api/score", random_choice(rng, scores), None, (200, 422)
    if roll < 0.6:
        return "POST", "/api/score", random_choice(rng, BAD_BODIES), None, (400, 422)
    if roll < 0.8:
        method, path, body, headers, status = quiz_request(rng, scores)
        return method, path, body, headers, (status,)
    if roll < 0.9:
        return calculator_request(rng, scores)
    if roll < 0.95:
        return "GET", "/api/fans", None, None, (200,)
    return "GET", "/healthz", None, None, (200,)


def calculator_request(rng: random.Random, scores: list[dict]):
    """A hand in the calculator's form: drawn by the backend with its tiles, every time a new one."""
    score = random_choice(rng, scores)
    fields = {"h": score["hand"], "win": score["win"], "seat_wind": score["seat_wind"],
              "prevalent_wind": score["prevalent_wind"], "flowers": str(score["flowers"])}
    fields.update({flag: "on" for flag in ("self_drawn", "last_tile", "last_wall_tile", "replacement_tile",
                                          "robbing_kong") if score[flag]})
    if rng.random() < 0.5:
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
        return "POST", "/calculator/", urlencode(fields), headers, (200, 422)
    return "GET", "/calculator/?" + urlencode(fields), None, None, (200, 422)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300, help="length of the measured run")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--warm-up", type=float, default=30,
                        help="seconds of the same load before the start figure is taken")
    args = parser.parse_args(argv)
    scores = score_bodies(2000)
    results: Counter = Counter()
    latencies: list[float] = []
    lock = threading.Lock()
    # Workers are not recycled here, so a leak would show as growth between the two figures.
    with production_server(recycle=False) as (port, master):
        workers = worker_pids(master)
        began_at = time.time()
        warm_until = began_at + args.warm_up
        stop_at = warm_until + args.seconds

        def client(number: int) -> None:
            rng = random.Random(number)
            import http.client

            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            while time.time() < stop_at:
                with lock:
                    if sum(results.values()) >= MAX_REQUESTS:
                        return
                method, path, body, headers, expected = mixed_requests(rng, scores)
                began = time.perf_counter()
                try:
                    status, _ = request(method, path, body, port, connection, headers)
                except OSError:
                    status = "connection error"
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                took = time.perf_counter() - began
                with lock:
                    ok = status in expected
                    results["ok" if ok else f"unexpected {status} for {method} {path.split('?')[0]}"] += 1
                    latencies.append(took)

        threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
        for thread in threads:
            thread.start()
        # The warm-up is the same load: a worker loads every code path and template the mix uses
        # and fills its bounded caches in the first seconds. The start figure is taken after it;
        # then the memory is sampled as the run goes, and a healthy worker stays flat.
        pace = threading.Event()  # never set: its wait() paces the samples
        pace.wait(timeout=max(0.0, warm_until - time.time()))
        start_rss = {pid: rss_mb(pid) for pid in workers}
        samples = []
        while time.time() < stop_at and any(thread.is_alive() for thread in threads):
            pace.wait(timeout=min(args.seconds / 10, max(0.0, stop_at - time.time())))
            samples.append((time.time() - warm_until, [rss_mb(pid) for pid in workers]))
        for thread in threads:
            thread.join()
        end_rss = {pid: rss_mb(pid) for pid in worker_pids(master) if pid in start_rss}
    total = sum(results.values())
    latencies.sort()
    elapsed = args.warm_up + args.seconds
    print(f"{total} requests in {elapsed:.0f} s ({args.warm_up:.0f} s warm-up, then {args.seconds:.0f} s measured; "
          f"{total / elapsed:.0f}/s), p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms")
    for outcome, count in results.most_common():
        print(f"  {outcome}: {count}")
    for pid, before in start_rss.items():
        after = end_rss.get(pid)
        shown = f"{after:.1f} MB" if after is not None else "replaced"
        print(f"  worker {pid}: {before:.1f} MB after warm-up, {shown} at the end")
    for at, sizes in samples:
        print(f"  at {at:5.0f} s: " + ", ".join(f"{size:.1f} MB" for size in sizes))
    errors = total - results["ok"]
    print("errors:", errors)
    growth = max((end_rss[pid] - before) / before for pid, before in start_rss.items() if pid in end_rss)
    flat = growth <= FLAT_GROWTH
    print(f"memory: largest growth of a worker {growth:+.1%} after warm-up: "
          f"{'flat' if flat else 'GROWING'} (allowed {FLAT_GROWTH:.0%})")
    return 1 if errors or not flat else 0


if __name__ == "__main__":
    raise SystemExit(main())
