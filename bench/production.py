"""Shared by the load and soak benchmarks: start the production server, send requests.

Traffic goes to 127.0.0.1 only, and every run is bounded in time and request count.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.practice.hands import random_deals  # noqa: E402
from tutor.rules import tiles as T  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVER = [str(Path(sys.executable).with_name("tutor")), "serve", "--no-build"]


@contextmanager
def production_server(workers: int | None = None, recycle: bool = True):
    """The production server as it ships (`tutor serve --no-build`: Granian, see tutor/serve.py) on a
    free loopback port; yields (port, main process pid), whose children are the workers.

    recycle=False keeps each worker for the whole run (no memory ceiling), so its memory can be compared."""
    port = free_port()
    env = dict(os.environ, TUTOR_BIND=f"127.0.0.1:{port}")
    if not recycle:
        env["TUTOR_MAX_RSS_MB"] = "100000"
    if workers:
        env["TUTOR_WORKERS"] = str(workers)
    process = subprocess.Popen(SERVER, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                status, _ = request("GET", "/healthz", None, port)
                if status == 200:
                    break
            except OSError:
                time.sleep(0.1)  # the server is still starting: poll its health endpoint
        else:
            raise RuntimeError("the production server did not start")
        yield port, process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


def request(method: str, path: str, body, port: int, connection=None, headers=None) -> tuple[int, bytes]:
    own = connection is None
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    if headers is None:
        headers = {"Content-Type": "application/json"} if body is not None else {}
    data = body if isinstance(body, (bytes, str)) or body is None else json.dumps(body)
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    if own:
        connection.close()
    return response.status, payload


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def score_bodies(count: int, seed: int = 3) -> list[dict]:
    bodies = []
    for deal in random_deals(seed, count):
        s = deal.situation
        bodies.append({
            "hand": deal.hand.notation(), "win": T.code(s.win), "self_drawn": s.self_drawn,
            "seat_wind": s.seat_wind, "prevalent_wind": s.prevalent_wind, "flowers": s.flowers,
            "last_tile": s.last_tile, "last_wall_tile": s.last_wall_tile,
            "replacement_tile": s.replacement_tile, "robbing_kong": s.robbing_kong,
        })
    return bodies


BAD_BODIES = [
    "{not json", {"hand": "123z 456p"}, {"hand": "[124m] 456p 789s 123s 55s", "win": "5s"},
    {"hand": "55555p 123m 456s 789s", "win": "5p"}, {"hand": "123m 456p 789s 13579s", "win": "1s"},
    {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s", "flowers": 99}, [], {"why_not": "x"},
]


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def random_choice(rng: random.Random, items):
    return items[rng.randrange(len(items))]
