"""The rate limit holds across workers: one budget per client in a real redis-server (Debian's,
started on a free loopback port for each test), whichever worker answers."""

from __future__ import annotations

import json
import re

import pytest
from services import redis_server
from test_production import HAND, call, running

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
