"""Load test of the production server: POST /api/score, then the quiz endpoint.

    .venv/bin/python bench/load.py [--seconds 30] [--clients 4] [--max-requests 200000]

Starts the production server (`tutor serve --no-build`, Granian) on a free port of 127.0.0.1 (bench/production.py),
then runs each phase for --seconds with --clients client processes on keep-alive connections,
each phase stopping at --max-requests at the latest. Prints throughput, p50, p99, errors (a
status other than the expected one, or a failed connection) and each worker's resident memory.

Issue 5's targets, on the project's 2-core machine: at least 800 scored requests per second,
p99 under 50 ms, no errors, each worker under 150 MB. The client processes share the machine
with the server, so the figures are a floor. Issue 17's: tutor's /api/score at least half the
rate of a constant-answer Flask app ("api/hello ratio") and 0.8 of a thin Flask app over
PyMahjongGB ("api/peer ratio", when it is installed), both served by bench/peers.py on the same
server and settings. The three run side by side and are measured by turns, --rounds rounds with the
order turning, and each ratio is the median of the rounds': a burst of other work on this shared
machine then slows one round, not one app. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from contextlib import ExitStack, contextmanager
from urllib.parse import urlencode

from production import ROOT, free_port, percentile, production_server, request, rss_mb, score_bodies, worker_pids

TARGET_RATE = 800  # scored requests per second
TARGET_P99_MS = 50
TARGET_RSS_MB = 150


def score_request(rng: random.Random, bodies: list[dict]):
    body = json.dumps(bodies[rng.randrange(len(bodies))])
    return "POST", "/api/score", body, {"Content-Type": "application/json"}, 200


def quiz_request(rng: random.Random, bodies: list[dict]):
    """Half deals, half gradings, as the quiz page sends them through htmx."""
    seed = str(rng.randrange(10**6))
    mode = rng.choice(["starter", "mixed", "band"])
    fields = {"mode": mode, "seed": seed}
    if mode == "band":
        fields["band"] = rng.choice(["1", "2", "4", "6", "8", "12"])
    if rng.random() < 0.5:
        fields.update(answer="1", total=str(rng.randrange(8, 40)))
        body = urlencode(list(fields.items()) + [("tick", str(rng.randrange(1, 82))) for _ in range(3)])
    else:
        body = urlencode(fields)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
    return "POST", "/quiz/", body, headers, 200


PHASES = {"score": score_request, "quiz": quiz_request}


def client(job) -> tuple[list[float], dict[str, int]]:
    """One client process: requests back to back on one connection until the deadline or its share."""
    phase, port, deadline, share, number, bodies = job
    make = PHASES[phase]
    rng = random.Random(number)
    latencies: list[float] = []
    outcomes: dict[str, int] = {}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.time() < deadline and len(latencies) < share:
        method, path, body, headers, expected = make(rng, bodies)
        began = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            outcome = "ok" if response.status == expected else f"status {response.status}"
        except (OSError, http.client.HTTPException) as error:
            outcome = f"connection: {type(error).__name__}"
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        latencies.append(time.perf_counter() - began)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    connection.close()
    return latencies, outcomes


def run_phase(phase: str, port: int, seconds: float, clients: int, max_requests: int, bodies) -> dict:
    deadline = time.time() + seconds
    share = max_requests // clients
    began = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        parts = pool.map(client, [(phase, port, deadline, share, n, bodies) for n in range(clients)])
    elapsed = time.perf_counter() - began
    latencies = sorted(t for part, _ in parts for t in part)
    outcomes: dict[str, int] = {}
    for _, counted in parts:
        for key, value in counted.items():
            outcomes[key] = outcomes.get(key, 0) + value
    errors = sum(v for k, v in outcomes.items() if k != "ok")
    return {
        "phase": phase,
        "requests": len(latencies),
        "rate": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "errors": errors,
        "outcomes": {k: v for k, v in outcomes.items() if k != "ok"},
    }


TARGET_HELLO_RATIO = 0.5  # tutor's /api/score against a constant answer on the same server (issue 17)
TARGET_PEER_RATIO = 0.8  # ... and against a thin Flask app over PyMahjongGB


@contextmanager
def reference_server(name: str, workers: int):
    """bench/peers.py's hello or peer app under the same server and settings; yields its port."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "bench"), str(ROOT / "tests"), str(ROOT)]))
    process = subprocess.Popen([sys.executable, str(ROOT / "bench" / "peers.py"), name, str(port), str(workers)],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 30
        while True:
            try:
                if request("GET", "/healthz", None, port)[0] == 200:
                    break
            except OSError:
                pass
            if time.time() > deadline or process.poll() is not None:
                raise RuntimeError(f"the {name} app did not start")
            time.sleep(0.1)  # still starting: poll its health endpoint until the deadline
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


def reference_names() -> list[str]:
    """The reference apps to compare with: the peer only where PyMahjongGB is installed."""
    return ["hello"] + (["peer"] if importlib.util.find_spec("MahjongGB") else [])


def compared_rates(ports: dict[str, int], rounds: int, seconds: float, clients: int, max_requests: int,
                   bodies) -> dict[str, list[float]]:
    """POST /api/score per second of each app, in `rounds` rounds of one phase per app, the order
    turning each round, so a burst of other work on the machine slows every app alike rather than
    one; returns each app's rate in each round."""
    names = list(ports)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for turn in range(rounds):
        for name in names[turn % len(names):] + names[:turn % len(names)]:
            result = run_phase("score", ports[name], seconds, clients, max_requests, bodies)
            rates[name].append(result["rate"])
            print(f"  round {turn + 1}, {name:>5}: {result['requests']} requests, {result['rate']:.0f} req/s, "
                  f"p99 {result['p99_ms']:.1f} ms, errors {result['errors']}"
                  + (f" {result['outcomes']}" if result["outcomes"] else ""))
    return rates


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30, help="length of each phase (default 30)")
    parser.add_argument("--clients", type=int, default=4, help="client processes (default 4)")
    parser.add_argument("--max-requests", type=int, default=200_000, help="cap per phase (default 200,000)")
    parser.add_argument("--workers", type=int, help="server workers (default: one per core)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of the comparison with the reference apps, each app --seconds/rounds "
                             "(at least 2 s) per round (default 3)")
    args = parser.parse_args(argv)
    bodies = score_bodies(2000)
    missed = []
    with ExitStack() as servers:
        port, master = servers.enter_context(production_server(workers=args.workers, recycle=False))
        # Warm up: every worker imports the engine's tables and the site's templates.
        run_phase("score", port, 2, args.clients, 2000, bodies)
        run_phase("quiz", port, 2, args.clients, 400, bodies)
        workers = worker_pids(master)
        print(f"tutor serve (Granian) on 127.0.0.1:{port}, {len(workers)} workers; "
              f"{args.clients} client processes, {args.seconds:g} s per phase")
        for phase in PHASES:
            result = run_phase(phase, port, args.seconds, args.clients, args.max_requests, bodies)
            print(f"{phase:>5}: {result['requests']} requests, {result['rate']:.0f} req/s, "
                  f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, errors {result['errors']}"
                  + (f" {result['outcomes']}" if result["outcomes"] else ""))
            if result["errors"]:
                missed.append(f"{phase}: {result['errors']} errors")
            if result["p99_ms"] >= TARGET_P99_MS:
                missed.append(f"{phase}: p99 {result['p99_ms']:.1f} ms (target < {TARGET_P99_MS})")
            if phase == "score" and result["rate"] < TARGET_RATE:
                missed.append(f"score: {result['rate']:.0f} req/s (target >= {TARGET_RATE})")
        sizes = {pid: rss_mb(pid) for pid in worker_pids(master)}
        print("worker RSS: " + ", ".join(f"{pid} {mb:.0f} MB" for pid, mb in sizes.items()))
        missed += [f"worker {pid}: {mb:.0f} MB (target < {TARGET_RSS_MB})" for pid, mb in sizes.items()
                   if mb >= TARGET_RSS_MB]
        # The same scoring requests to tutor and the reference apps, on the same server and settings,
        # all started at once and measured by turns.
        ports = {"tutor": port}
        for name in reference_names():
            ports[name] = servers.enter_context(reference_server(name, len(workers)))
            run_phase("score", ports[name], 2, args.clients, 2000, bodies)  # warm up
        seconds = max(2.0, args.seconds / args.rounds)
        print(f"/api/score by turns: {args.rounds} rounds of {seconds:g} s per app")
        rates = compared_rates(ports, args.rounds, seconds, args.clients, args.max_requests, bodies)
    for name in reference_names():
        ratios = sorted(ours / theirs for ours, theirs in zip(rates["tutor"], rates[name]))
        ratio = ratios[len(ratios) // 2]
        target = TARGET_HELLO_RATIO if name == "hello" else TARGET_PEER_RATIO
        print(f"api/{name} ratio: {ratio:.2f} (target >= {target}; median of the rounds' "
              + ", ".join(f"{r:.2f}" for r in ratios) + ")")
        if ratio < target:
            missed.append(f"api/{name} ratio {ratio:.2f} (target >= {target})")
    if missed:
        print("targets missed: " + "; ".join(missed))
        return 1
    print(f"targets met: >= {TARGET_RATE} scores/s, p99 < {TARGET_P99_MS} ms, no errors, workers < {TARGET_RSS_MB} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
