"""Real redis-server and nginx for the tests, from Debian (bash scripts/test.sh installs them when
missing), each on a free loopback port with its files in a temporary folder, stopped afterwards."""

from __future__ import annotations

import getpass
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REDIS = "/usr/bin/redis-server"
SERVER_NAME = "mahjong.example.org"  # deploy/nginx.conf's server_name: any other Host is dropped
NGINX = "/usr/sbin/nginx"
STARTUP_SECONDS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(condition, seconds: float, what: str):
    """Poll a condition until it holds (returning its value) or the deadline passes."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)  # a poll interval between checks of the condition, not a wait in its place
    pytest.fail(f"timed out after {seconds} s waiting for {what}")


def _need(program: str, package: str) -> None:
    if not Path(program).exists():
        pytest.fail(f"{program} is missing: install Debian's {package} (bash scripts/test.sh does it)")


def _answers(port: int, probe: bytes, expect: bytes) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(probe)
            return expect in s.recv(200)
    except OSError:
        return False


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def redis_server(folder: Path):
    """A redis-server that keeps nothing on disk; yields its redis:// address."""
    with redis_process(folder) as (address, _):
        yield address


@contextmanager
def redis_process(folder: Path):
    """redis_server, yielding (its redis:// address, its process) for a test that stops or freezes it.
    A frozen one (SIGSTOP) is thawed before it is stopped."""
    _need(REDIS, "redis-server")
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    process = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                                "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: _answers(port, b"PING\r\n", b"+PONG") or process.poll() is not None, STARTUP_SECONDS,
                   "redis-server to answer")
        assert process.poll() is None, "redis-server stopped at once"
        yield f"redis://127.0.0.1:{port}", process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGCONT)
        _stop(process)


def nginx_config(folder: Path, port: int, backend_port: int, site: Path, replace: dict[str, str] | None = None) -> Path:
    """deploy/nginx.conf as shipped, with this test's ports, site and temporary folders (and any
    `replace`ments, such as shorter timeouts), inside the main configuration Debian's would give it."""
    server = (ROOT / "deploy" / "nginx.conf").read_text()
    changes = {"listen 80;": f"listen 127.0.0.1:{port};", "listen 80 default_server;": f"listen 127.0.0.1:{port} default_server;",
               "root /srv/tutor/site;": f"root {site};",
               "server 127.0.0.1:8000;": f"server 127.0.0.1:{backend_port};", **(replace or {})}
    for old, new in changes.items():
        assert old in server, f"deploy/nginx.conf no longer has {old!r}"
        server = server.replace(old, new)
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""  # workers that can read the test's folders
    config = folder / "nginx.conf"
    config.write_text(f"""{user}
worker_processes 1;
daemon off;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'} warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
{temp}
{server}
}}
""")
    return config


@contextmanager
def nginx_server(folder: Path, backend_port: int, site: Path, replace: dict[str, str] | None = None):
    """nginx with deploy/nginx.conf in front of a backend on backend_port; yields its port."""
    _need(NGINX, "nginx")
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    config = nginx_config(folder, port, backend_port, site, replace)
    test = subprocess.run([NGINX, "-t", "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")],
                          capture_output=True, text=True)
    assert test.returncode == 0, test.stderr
    process = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        probe = f"GET / HTTP/1.0\r\nHost: {SERVER_NAME}\r\n\r\n".encode()
        wait_until(lambda: _answers(port, probe, b"HTTP/1.1") or process.poll() is not None,
                   STARTUP_SECONDS, "nginx to answer")
        assert process.poll() is None, process.stderr.read()
        yield port
    finally:
        _stop(process)
        process.stderr.close()


def copy_site(fixture: Path, to: Path) -> Path:
    shutil.copytree(fixture, to)
    return to


def status_line(answer: bytes) -> str:
    match = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return match.group(1).decode() if match else ""
