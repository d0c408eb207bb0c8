"""The rate limit holds across workers: one budget per client in a real redis-server (Debian's,
started on a free loopback port for each test), whichever worker answers."""

from __future__ import annotations

import json
import re
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
import redis as redis_client
from services import redis_process, redis_server, wait_until
from test_production import HAND, STARTUP_SECONDS, call, running

from tutor.app import create_app


@pytest.fixture
def redis_url(tmp_path):
    with redis_server(tmp_path / "redis") as url:
        yield url


def test_two_workers_share_one_budget(tmp_path, redis_url):
    config = {"TESTING": True, "SITE_DIR": str(tmp_path), "RATE_LIMIT": "3 per minute",
              "RATE_LIMIT_STORAGE": redis_url, "WORKERS": "2"}
    workers = [create_app(config).test_client() for _ in range(2)]
    statuses = [workers[n % 2].post("/api/score", json=HAND).status_code for n in range(6)]
    assert statuses == [200, 200, 200, 429, 429, 429]


def test_the_shipped_server_with_two_workers_lets_exactly_the_budget_through(tmp_path, redis_url):
    env = {"TUTOR_SITE_DIR": str(tmp_path / "no-site"), "TUTOR_RATE_LIMIT": "10 per minute",
           "TUTOR_RATE_LIMIT_STORAGE": redis_url}
    with running(env) as (_, port):
        answers = [call(port, "POST", "/api/score", HAND) for _ in range(20)]  # each on a new connection
        statuses = [status for status, _ in answers]
        assert statuses.count(200) == 10 and statuses.count(429) == 10, statuses
        assert re.search(r"wait \d+ seconds?", json.loads(answers[-1][1])["error"])
        assert call(port, "GET", "/healthz")[0] == 200  # the health check is never limited


# --------------------------------------------------------------------------- redis down or frozen mid-run

BUDGET = 5  # per minute and client, so that each worker's own count is soon spent
STORE_FAILED = "does not answer"  # the warning, said at most once a minute per worker


@contextmanager
def limited_server(tmp_path):
    """redis-server and the shipped server (two workers) counting in it: yields (server, its port, redis's
    process, its address)."""
    with redis_process(tmp_path / "redis") as (url, redis):
        env = {"TUTOR_SITE_DIR": str(tmp_path / "no-site"), "TUTOR_RATE_LIMIT": f"{BUDGET} per minute",
               "TUTOR_RATE_LIMIT_STORAGE": url}
        with running(env) as (process, port):
            yield process, port, redis, url


def counted_in(store: redis_client.Redis) -> int:
    """The requests the rate limit counted in this redis, over every client and window."""
    return sum(int(store.get(key) or 0) for key in store.scan_iter("LIMITS*"))


def server_log(process) -> str:
    """Everything the server wrote to stderr, once it is stopped (SIGTERM, as systemd stops it)."""
    process.terminate()
    return process.communicate(timeout=30)[1]


def timed(port: int, method: str, path: str, body=None) -> tuple[int, bytes, float]:
    began = time.perf_counter()
    status, answer = call(port, method, path, body, timeout=10)
    return status, answer, time.perf_counter() - began


def test_with_redis_stopped_every_worker_counts_alone_and_says_so_once(tmp_path):
    with limited_server(tmp_path) as (process, port, redis, _):
        assert call(port, "POST", "/api/score", HAND)[0] == 200  # counted in redis
        redis.terminate()
        redis.wait(timeout=10)
        answers = [timed(port, "POST", "/api/score", HAND) for _ in range(4 * BUDGET)]  # each on a new connection
        health = timed(port, "GET", "/healthz")
        log = server_log(process)
    statuses = [status for status, _, _ in answers]
    assert set(statuses) <= {200, 429}, statuses
    # the budget still holds, per worker: at most BUDGET answers from each of the two
    assert 1 <= statuses.count(200) <= 2 * BUDGET and statuses.count(429) >= 2 * BUDGET, statuses
    assert all(json.loads(body).get("total") or "wait" in json.loads(body)["error"] for _, body, _ in answers)
    assert max(took for _, _, took in answers) < 3, [round(took, 2) for _, _, took in answers]
    assert health[0] == 200
    assert "Traceback" not in log
    assert 1 <= log.count(STORE_FAILED) <= 2, log[-2000:]  # once per worker that met the failure


def test_with_redis_frozen_requests_wait_no_longer_than_the_timeouts(tmp_path):
    clients = 64  # a worker's threads: before, each waited out redis' 5 s timeout and /healthz queued behind
    with limited_server(tmp_path) as (process, port, redis, url):
        assert call(port, "POST", "/api/score", HAND)[0] == 200
        assert counted_in(redis_client.from_url(url)) == 1
        redis.send_signal(signal.SIGSTOP)
        with ThreadPoolExecutor(clients) as pool:
            scoring = [pool.submit(timed, port, "POST", "/api/score", HAND) for _ in range(clients)]
            health = [timed(port, "GET", "/healthz") for _ in range(5)]
            answers = [future.result() for future in scoring]
        redis.send_signal(signal.SIGCONT)
        # and once it answers again, the workers count there again (each after its pause)
        counted = redis_client.from_url(url)
        wait_until(lambda: call(port, "POST", "/api/score", HAND)[0] in (200, 429) and counted_in(counted) > 1,
                   STARTUP_SECONDS, "the count to go back to redis")
        log = server_log(process)
    assert {status for status, _, _ in answers} <= {200, 429}
    assert max(took for _, _, took in answers) < 3, sorted(round(took, 2) for _, _, took in answers)[-5:]
    assert all(status == 200 and took < 1 for status, _, took in health), health
    assert "Traceback" not in log
    assert 1 <= log.count(STORE_FAILED) <= 2, log[-2000:]
