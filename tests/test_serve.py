"""`tutor serve` (and scripts/serve.sh, the README's first command): the production server (Granian),
not Werkzeug's development server, so a newcomer sees no red warning; --reload for authors."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tutor import serve

pytestmark = pytest.mark.server  # tutor serve, started by the test

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_runs_the_production_server_without_the_development_server_warning(tmp_path):
    port = free_port()
    env = {**os.environ, "TUTOR_SITE_DIR": str(tmp_path / "site")}  # not built: the 503 page, the API works
    process = subprocess.Popen([sys.executable, "-m", "tutor.cli", "serve", "--no-build", "--port", str(port)],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    assert answer.status == 200
                    server = answer.headers.get("Server", "")
                break
            except OSError:
                assert process.poll() is None, process.stdout.read()
                assert time.monotonic() < deadline, "tutor serve did not answer"
                time.sleep(0.2)
        assert "werkzeug" not in server.lower(), server
    finally:
        process.send_signal(signal.SIGTERM)
        output = process.communicate(timeout=30)[0]
    assert "development server" not in output
    assert "WARNING: This is a development server" not in output
    assert f"open http://127.0.0.1:{port}/" in output


def test_reload_is_for_authors():
    plain = serve.server_options("127.0.0.1", 8000, 1)
    assert plain["reload"] is False and "reload_paths" not in plain
    authors = serve.server_options("127.0.0.1", 8000, 1, reload=True)
    assert authors["reload"] is True
    assert ROOT / "templates" in authors["reload_paths"]  # templates restart it too
    assert ROOT / "tutor" in authors["reload_paths"]


def test_a_second_server_on_the_same_address_is_refused_with_the_address(tmp_path):
    port = free_port()
    env = {**os.environ, "TUTOR_SITE_DIR": str(tmp_path / "site"), "TUTOR_WORKERS": "1"}
    command = [sys.executable, "-m", "tutor.cli", "serve", "--no-build", "--port", str(port)]
    first = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:  # the first server answers
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    assert answer.status == 200
                break
            except OSError:
                assert first.poll() is None and time.monotonic() < deadline, "the first tutor serve did not answer"
                time.sleep(0.2)
        log = tmp_path / "second.log"
        with log.open("w") as errors:  # a file, not a pipe: a worker of a second server would hold a pipe open
            second = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors,
                                      start_new_session=True)
        try:
            second.wait(timeout=30)
        except subprocess.TimeoutExpired:  # it started, sharing the port: the bug this test is about
            os.killpg(second.pid, signal.SIGKILL)
            second.wait()
        stderr = log.read_text()
        assert second.returncode == 2, stderr
        assert f"address already in use: 127.0.0.1:{port}" in stderr
        assert "Traceback" not in stderr
        assert first.poll() is None  # the first one serves on
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)
