"""The production server chosen by measurement: WSGI servers side by side on this machine.

    .venv/bin/python bench/servers.py [--seconds 5] [--only gunicorn-gevent,granian]

Each server runs the backend (tutor.app:create_app) with 2 workers on a free port of 127.0.0.1
and is measured in turn, in one run, with the same clients:

- throughput and p99 of POST /api/score, 4 client processes on keep-alive connections, in rounds
  that the servers take in turn (all are started first), so that other load on a shared machine
  falls on each alike;
- slow headers: 50 connections sending their request headers one byte a second;
- slow bodies: 50 connections with complete headers sending the body one byte a second;
- idle sockets: 200 connections that send nothing;
  for each of the three, the slowest of 5 normal requests made while they are held (timeout 5 s);
- a killed worker: 8 keep-alive clients scoring back to back; one worker gets SIGKILL; how the
  clients' connections were spread over the workers, how many requests failed, and how long
  until a replacement worker answered.

The issue's bar: no normal request past 1 s under any of the three, and a killed worker costing
at most the requests it had in flight. Traffic goes to 127.0.0.1 only; every phase is bounded.
Writes nothing; the figures of the run that chose the server are in bench/servers.md.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from load import run_phase
from production import ROOT, free_port, request, score_bodies

BIN = Path(sys.executable).parent
APP = "tutor.app:create_app()"
HAND = {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s"}
PROBE_TIMEOUT = 5.0


def servers(port: int) -> dict[str, list[str]]:
    bind = f"127.0.0.1:{port}"
    gunicorn = [str(BIN / "gunicorn"), "--bind", bind, "--workers", "2", "--log-level", "warning"]
    return {
        "gunicorn-sync": gunicorn + ["-k", "sync", APP],
        "gunicorn-gthread": gunicorn + ["-k", "gthread", "--threads", "2", APP],
        "gunicorn-gthread-64": gunicorn + ["-k", "gthread", "--threads", "64", APP],
        "gunicorn-gevent": gunicorn + ["-k", "gevent", "--worker-connections", "1000", APP],
        "granian": [str(BIN / "granian"), "--interface", "wsgi", "--host", "127.0.0.1", "--port", str(port),
                    "--workers", "2", "--blocking-threads", "2",
                    "--respawn-failed-workers", "--respawn-interval", "0.5",
                    "--log-level", "warning", "--factory", "tutor.app:create_app"],
        "waitress": [str(BIN / "waitress-serve"), f"--listen={bind}", "--threads=4", "--call", "tutor.app:create_app"],
        # What ships: `tutor serve --no-build` (Granian with tutor/serve.py's settings; TUTOR_BIND, TUTOR_WORKERS).
        "shipped": [str(BIN / "tutor"), "serve", "--no-build"],
    }


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def workers(process: subprocess.Popen) -> list[int]:
    """The processes that serve requests: the master's children, or the server itself."""
    return children(process.pid) or [process.pid]


def connections_per_worker(pids: list[int], port: int) -> dict[int, int]:
    """Established connections on the server's port, by the worker holding them (from /proc)."""
    established = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].split(":")[1], 16) == port and fields[3] == "01":
                established.add(fields[9])
    counts = {}
    for pid in pids:
        inodes = set()
        try:
            for fd in os.scandir(f"/proc/{pid}/fd"):
                link = os.readlink(fd.path)
                if link.startswith("socket:["):
                    inodes.add(link[8:-1])
        except OSError:
            pass
        counts[pid] = len(inodes & established)
    return counts


def answers(port: int) -> bool:
    try:
        return request("POST", "/api/score", HAND, port)[0] == 200
    except OSError:
        return False


def probe(port: int, count: int = 5) -> float | None:
    """The slowest of `count` normal requests, each on a new connection; None: one timed out."""
    slowest = 0.0
    for _ in range(count):
        began = time.perf_counter()
        try:
            import http.client

            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PROBE_TIMEOUT)
            connection.request("POST", "/api/score", json.dumps(HAND), {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status != 200:
                return None
        except OSError:
            return None
        slowest = max(slowest, time.perf_counter() - began)
    return slowest


def hold(port: int, count: int, kind: str, seconds: float = 6.0):
    """`count` connections that are slow in the way `kind` says, held for at most `seconds`;
    returns (stop event, thread). Each trickles one byte a second (none for idle)."""
    body = json.dumps(HAND).encode()
    head = (f"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n").encode()
    sockets = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=2)
        if kind == "body":
            s.sendall(head + b"\r\n")
        sockets.append(s)
    stop = threading.Event()

    def trickle():
        data = head + b"X-Slow: " + b"a" * 60 if kind == "headers" else body
        sent = 0
        deadline = time.time() + seconds
        while not stop.is_set() and time.time() < deadline:
            if kind != "idle" and sent < len(data):
                for s in sockets:
                    try:
                        s.send(data[sent:sent + 1])
                    except OSError:
                        pass
                sent += 1
            stop.wait(1.0)  # one byte a second is the attack being measured
        for s in sockets:
            s.close()

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    return stop, thread


def slow_phase(port: int, count: int, kind: str) -> float | None:
    stop, thread = hold(port, count, kind)
    try:
        threading.Event().wait(1.5)  # let the slow connections take their threads first
        return probe(port)
    finally:
        stop.set()
        thread.join()


def kill_phase(process: subprocess.Popen, port: int) -> dict:
    """8 keep-alive clients; SIGKILL one worker after 1 s; count failures; time the replacement."""
    stop = threading.Event()
    lock = threading.Lock()
    counts = {"ok": 0, "failed": 0}

    def client():
        import http.client

        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        while not stop.is_set():
            try:
                connection.request("POST", "/api/score", json.dumps(HAND), {"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                outcome = "ok" if response.status == 200 else "failed"
            except (OSError, http.client.HTTPException):
                outcome = "failed"
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            with lock:
                counts[outcome] += 1
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    stop.wait(1.0)
    before = workers(process)
    spread = sorted(connections_per_worker(before, port).values(), reverse=True)
    victim = max(before, key=lambda pid: connections_per_worker([pid], port)[pid])
    killed_at = time.time()
    os.kill(victim, signal.SIGKILL)
    replaced = None
    deadline = killed_at + 15
    while time.time() < deadline:
        now = workers(process)
        if process.poll() is None and victim not in now and len(now) == len(before) and answers(port):
            replaced = time.time() - killed_at
            break
        stop.wait(0.05)
    stop.wait(max(0.0, 1.0 - (time.time() - killed_at)))
    stop.set()
    for thread in threads:
        thread.join()
    return {"spread": spread, "failed": counts["failed"], "ok": counts["ok"], "replaced_s": replaced}


def start(name: str, command: list[str], port: int) -> subprocess.Popen | None:
    env = dict(os.environ, TUTOR_SITE_DIR=str(ROOT / "site"), TUTOR_BIND=f"127.0.0.1:{port}", TUTOR_WORKERS="2")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while not answers(port):
        if time.time() > deadline or process.poll() is not None:
            stop(process)
            return None
        threading.Event().wait(0.1)  # poll until it answers
    return process


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def qualities(process: subprocess.Popen, port: int) -> dict:
    row = {}
    for kind, count in (("headers", 50), ("body", 50), ("idle", 200)):
        row[f"slow_{kind}"] = slow_phase(port, count, kind)
    row["kill"] = kill_phase(process, port)
    return row


def show(row: dict) -> str:
    if "error" in row:
        return f"| {row['name']} | {row['error']} |"
    rates, p99s = sorted(row["rates"]), sorted(row["p99s"])

    def delay(value):
        return "timed out (>5 s)" if value is None else f"{value * 1000:.0f} ms"

    kill = row["kill"]
    replaced = "not replaced" if kill["replaced_s"] is None else f"replaced in {kill['replaced_s']:.1f} s"
    return (f"| {row['name']} | {median(rates):.0f} ({rates[0]:.0f}-{rates[-1]:.0f}) | {median(p99s):.1f} | "
            f"{delay(row['slow_headers'])} | "
            f"{delay(row['slow_body'])} | {delay(row['slow_idle'])} | connections {'/'.join(map(str, kill['spread']))}, "
            f"{kill['failed']} failed of {kill['failed'] + kill['ok']}, {replaced} |")


def median(values: list[float]) -> float:
    return values[len(values) // 2]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4, help="length of each throughput round (default 4)")
    parser.add_argument("--rounds", type=int, default=3, help="throughput rounds, taken in turn by the servers (default 3)")
    parser.add_argument("--only", default="", help="comma-separated server names (default: all)")
    args = parser.parse_args(argv)
    bodies = score_bodies(500)
    wanted = [n for n in args.only.split(",") if n]
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; 2 workers each; "
          f"{args.rounds} rounds of {args.seconds:g} s with 4 client processes, taken in turn; slowest of 5 probes")
    rows: dict[str, dict] = {}
    running: dict[str, tuple[subprocess.Popen, int]] = {}
    try:
        for name in servers(0):
            if wanted and name not in wanted:
                continue
            port = free_port()
            command = servers(port)[name]
            if not Path(command[0]).exists():
                rows[name] = {"name": name, "error": "not installed: .venv/bin/pip install -e '.[bench]'"}
                continue
            process = start(name, command, port)
            if process is None:
                rows[name] = {"name": name, "error": "did not start"}
                continue
            running[name] = (process, port)
            rows[name] = {"name": name, "rates": [], "p99s": [], "errors": 0}
            run_phase("score", port, 1, 4, 2000, bodies)  # warm-up
        # Throughput in turns, so that the other load on a shared machine falls on every server alike.
        for _ in range(args.rounds):
            for name, (_, port) in running.items():
                load = run_phase("score", port, args.seconds, 4, 100_000, bodies)
                rows[name]["rates"].append(load["rate"])
                rows[name]["p99s"].append(load["p99_ms"])
                rows[name]["errors"] += load["errors"]
        for name, (process, port) in running.items():
            rows[name].update(qualities(process, port))
    finally:
        for process, _ in running.values():
            stop(process)
    print("| server | scores/s, median (range) | p99 ms | 50 slow headers | 50 slow bodies | 200 idle | killed worker |")
    print("|---|---|---|---|---|---|---|")
    for row in rows.values():
        print(show(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
