"""The production server as deploy/gunicorn.conf.py sets it up: a crashed worker is replaced,
and a bad setting stops it with one clear line before it serves anything."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
STARTUP_SECONDS = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def workers_of(master: int) -> set[int]:
    return {int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()}


def wait_until(condition, seconds: float, what: str):
    """Poll a condition until it holds (returning its value) or the deadline passes."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)  # a poll interval between checks of the condition, not a wait in its place
    pytest.fail(f"timed out after {seconds} s waiting for {what}")


def start(env_extra: dict) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = dict(os.environ, TUTOR_BIND=f"127.0.0.1:{port}", TUTOR_WORKERS="2", **env_extra)
    process = subprocess.Popen([str(GUNICORN), "-c", str(ROOT / "deploy" / "gunicorn.conf.py")], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return process, port


def healthy(port: int) -> bool:
    try:
        return get(port, "/healthz")[0] == 200
    except OSError:
        return False


@pytest.fixture
def server(tmp_path):
    process, port = start({"TUTOR_SITE_DIR": str(tmp_path / "no-site")})
    try:
        wait_until(lambda: healthy(port) or process.poll() is not None, STARTUP_SECONDS, "gunicorn to answer")
        assert process.poll() is None, process.communicate()[1]
        wait_until(lambda: len(workers_of(process.pid)) == 2, STARTUP_SECONDS, "two workers")
        yield process, port
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stdout.close()
        process.stderr.close()


def test_a_killed_worker_is_replaced_and_the_server_keeps_answering(server):
    process, port = server
    before = workers_of(process.pid)
    victim = min(before)
    os.kill(victim, signal.SIGKILL)
    after = wait_until(lambda: (w := workers_of(process.pid)) and victim not in w and len(w) == 2 and w,
                       STARTUP_SECONDS, "the master to start a new worker")
    assert victim not in after and len(after) == 2
    for _ in range(10):  # every worker answers, including the new one
        status, body = get(port, "/api/fans")
        assert status == 200
        assert len(json.loads(body)) == 81


def test_the_backend_answers_without_a_built_site_and_says_how_to_build_it(server):
    _, port = server
    status, body = get(port, "/")
    assert status == 503
    assert b"has not been built" in body and b"build.py" in body
    assert get(port, "/api/fans")[0] == 200  # the API works all the same


def test_a_bad_setting_stops_gunicorn_with_one_line_and_no_traceback():
    process, port = start({"TUTOR_ALLOWED_ORIGINS": "https://club.example/path"})
    try:
        _, stderr = process.communicate(timeout=STARTUP_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode != 0
    assert "TUTOR_ALLOWED_ORIGINS: 'https://club.example/path' has a path" in stderr
    assert "Traceback" not in stderr
    assert not healthy(port)
