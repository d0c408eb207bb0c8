"""The production server as it ships (`tutor serve --no-build`: Granian with tutor/serve.py's settings),
tried as a hostile client would: slow and idle connections do not hold it, a killed worker is
replaced at the cost of its own connections only, and a bad setting stops it with one clear line."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

pytestmark = pytest.mark.server  # tutor serve, started by each test

TUTOR = Path(sys.executable).with_name("tutor")
ROOT = Path(__file__).resolve().parent.parent
STARTUP_SECONDS = 30
HAND = {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s"}
NORMAL_SECONDS = 1.0  # the bar for a normal request while the slow clients are held


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port: int, method: str, path: str, body=None, timeout: float = 5) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def workers_of(main: int) -> set[int]:
    return {int(pid) for pid in Path(f"/proc/{main}/task/{main}/children").read_text().split()}


def wait_until(condition, seconds: float, what: str):
    """Poll a condition until it holds (returning its value) or the deadline passes."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)  # a poll interval between checks of the condition, not a wait in its place
    pytest.fail(f"timed out after {seconds} s waiting for {what}")


def start(env_extra: dict, port: int | None = None) -> tuple[subprocess.Popen, int]:
    port = port or free_port()
    env = {**os.environ, "TUTOR_BIND": f"127.0.0.1:{port}", "TUTOR_WORKERS": "2", **env_extra}
    process = subprocess.Popen([str(TUTOR), "serve", "--no-build"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return process, port


def healthy(port: int) -> bool:
    try:
        return call(port, "GET", "/healthz", timeout=2)[0] == 200
    except OSError:
        return False


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    process.stdout.close()
    process.stderr.close()


@contextmanager
def running(env_extra: dict):
    """The shipped server with two workers, answering; stopped afterwards."""
    process, port = start(env_extra)
    try:
        wait_until(lambda: healthy(port) or process.poll() is not None, STARTUP_SECONDS, "the server to answer")
        assert process.poll() is None, process.communicate()[1]
        wait_until(lambda: len(workers_of(process.pid)) == 2, STARTUP_SECONDS, "two workers")
        yield process, port
    finally:
        stop(process)


@pytest.fixture
def server(tmp_path):
    with running({"TUTOR_SITE_DIR": str(tmp_path / "no-site")}) as answering:
        yield answering


def connections_per_worker(pids: set[int], port: int) -> dict[int, int]:
    """Established connections on the server's port, by the worker process holding them (/proc)."""
    established = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].split(":")[1], 16) == port and fields[3] == "01":
                established.add(fields[9])
    counts = {}
    for pid in pids:
        inodes = {os.readlink(fd.path)[8:-1] for fd in os.scandir(f"/proc/{pid}/fd")
                  if os.readlink(fd.path).startswith("socket:[")}
        counts[pid] = len(inodes & established)
    return counts


def test_a_killed_worker_is_replaced_and_costs_only_its_own_connections(server):
    process, port = server
    connections = [http.client.HTTPConnection("127.0.0.1", port, timeout=5) for _ in range(16)]

    def score(connection) -> bool:
        try:
            connection.request("POST", "/api/score", json.dumps(HAND), {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            return response.status == 200
        except (OSError, http.client.HTTPException):
            connection.close()
            return False

    assert all(score(c) for c in connections)
    before = workers_of(process.pid)
    held = connections_per_worker(before, port)
    assert all(count >= 1 for count in held.values()), f"keep-alive connections not spread over the workers: {held}"
    victim = max(held, key=held.get)
    os.kill(victim, signal.SIGKILL)
    after = wait_until(lambda: (w := workers_of(process.pid)) and victim not in w and len(w) == 2 and w,
                       STARTUP_SECONDS, "a new worker in place of the killed one")
    assert victim not in after
    lost = [c for c in connections if not score(c)]
    assert len(lost) <= held[victim], f"{len(lost)} requests lost, the killed worker held {held[victim]} connections"
    assert all(score(c) for c in connections)  # a lost connection reconnects; every worker answers
    for _ in range(10):
        status, body = call(port, "GET", "/api/fans")
        assert status == 200 and len(json.loads(body)) == 81


def hold_slow_clients(port: int, stop: threading.Event) -> list[socket.socket]:
    """50 clients sending their headers a byte a second, 50 with complete headers sending their body
    a byte a second, and 200 idle connections."""
    body = json.dumps(HAND).encode()
    head = (f"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n").encode()
    slow_headers = [socket.create_connection(("127.0.0.1", port), timeout=2) for _ in range(50)]
    slow_bodies = [socket.create_connection(("127.0.0.1", port), timeout=2) for _ in range(50)]
    idle = [socket.create_connection(("127.0.0.1", port), timeout=2) for _ in range(200)]
    for s in slow_bodies:
        s.sendall(head + b"\r\n")

    def trickle():
        sent = 0
        while not stop.is_set() and sent < len(body):
            for group, data in ((slow_headers, head), (slow_bodies, body)):
                for s in group:
                    try:
                        s.send(data[sent:sent + 1])
                    except OSError:
                        pass
            sent += 1
            stop.wait(1.0)  # one byte a second is the slow client this test is about

    threading.Thread(target=trickle, daemon=True).start()
    return slow_headers + slow_bodies + idle


def test_slow_and_idle_clients_do_not_delay_a_normal_request(server):
    _, port = server
    stop = threading.Event()
    sockets = hold_slow_clients(port, stop)
    try:
        for _ in range(10):
            began = time.perf_counter()
            status, _ = call(port, "POST", "/api/score", HAND, timeout=NORMAL_SECONDS * 5)
            took = time.perf_counter() - began
            assert status == 200
            assert took < NORMAL_SECONDS, f"a normal request took {took:.2f} s behind the slow clients"
    finally:
        stop.set()
        for s in sockets:
            s.close()


def test_a_chunked_body_over_the_limit_is_a_413(server):
    _, port = server
    body = json.dumps({**HAND, "why_not": [22] * 8000}).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n" + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
        answer = s.recv(200)
    assert answer.startswith(b"HTTP/1.1 413"), answer


def chunked_post(port: int, path: str, body: bytes) -> bytes:
    """The status line of a POST whose body is sent chunked (no Content-Length)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n".encode()
                  + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
        return s.recv(200)


def test_a_chunked_game_at_the_table_is_read_to_the_tables_own_limit(server):
    """The table's address takes a game's body (tutor.answers.table.GAME_BODY_BYTES), chunked too."""
    from test_table_game_requests import compact, whole_game

    from tutor.answers.table import GAME_BODY_BYTES

    _, port = server
    game = whole_game()
    body = compact({**game[10].to_json(), "game": [r.to_json() for r in game[:10]]}).encode()
    assert 16 * 1024 < len(body) < GAME_BODY_BYTES
    answer = chunked_post(port, "/api/table", body)
    assert answer.startswith(b"HTTP/1.1 200"), answer
    assert chunked_post(port, "/api/table", b" " * (GAME_BODY_BYTES + 1)).startswith(b"HTTP/1.1 413")


def test_the_backend_answers_without_a_built_site_and_says_how_to_build_it(server):
    _, port = server
    status, body = call(port, "GET", "/")
    assert status == 503
    assert b"has not been built" in body and b"build.py" in body
    assert call(port, "GET", "/api/fans")[0] == 200  # the API works all the same


@pytest.mark.parametrize(("env", "message"), [
    pytest.param({"TUTOR_ALLOWED_ORIGINS": "https://club.example/path"},
                 "TUTOR_ALLOWED_ORIGINS: 'https://club.example/path' has a path", id="bad_origin"),
    pytest.param({"TUTOR_RATE_LIMIT": "10 per minute"}, "TUTOR_RATE_LIMIT: with 2 workers the limit needs a store",
                 id="memory_rate_limit_with_two_workers"),
    pytest.param({"TUTOR_RATE_LIMIT": "lots per minute", "TUTOR_RATE_LIMIT_STORAGE": "redis://127.0.0.1:1"},
                 "TUTOR_RATE_LIMIT: 'lots per minute' is not a limit", id="unreadable_rate_limit"),
    pytest.param({"TUTOR_RATE_LIMIT": "10 per minute", "TUTOR_RATE_LIMIT_STORAGE": "mongo-ish://127.0.0.1"},
                 "TUTOR_RATE_LIMIT_STORAGE: 'mongo-ish://127.0.0.1' cannot be used", id="unknown_rate_limit_store"),
])
def test_a_bad_setting_stops_the_server_with_one_line_and_no_traceback(env, message):
    process, port = start(env)
    try:
        _, stderr = process.communicate(timeout=STARTUP_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode != 0
    assert message in stderr
    assert "Traceback" not in stderr
    assert not healthy(port)


@pytest.fixture(scope="module")
def site_server(tmp_path_factory):
    """The shipped server in front of a small built site: a home page, a folder page and the 404 page."""
    site = tmp_path_factory.mktemp("production") / "site"
    (site / "calculator").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>home</title>")
    (site / "404.html").write_text("<!doctype html><title>not found</title>")
    (site / "calculator" / "index.html").write_text("<!doctype html><title>calculator</title>")
    with running({"TUTOR_SITE_DIR": str(site)}) as answering:
        yield answering


def raw_answer(port: int, request: bytes) -> bytes:
    """A request written byte for byte (http.client would refuse some of these), and the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize("path", ["/%00", "/calculator/%00?x=1", "/calculator/a%00b/", "/%00/index.html"])
def test_a_nul_byte_in_the_path_is_a_404_page_not_a_500(site_server, path):
    process, port = site_server
    answer = raw_answer(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 404"), answer[:200]
    assert b"<title>not found</title>" in answer


@pytest.mark.parametrize("host", ["127.0.0.1:99999", "evil.example", "evil.example:8000", "[::1", ""])
@pytest.mark.parametrize(("path", "location"), [("/calculator", "/calculator/"), ("/calculator?x=1", "/calculator/?x=1")])
def test_redirects_carry_the_path_alone_whatever_the_host_header(site_server, host, path, location):
    _, port = site_server
    answer = raw_answer(port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 308"), answer[:200]
    head = answer.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")[1:]
    headers = {name.lower(): value for name, value in (line.split(": ", 1) for line in head)}
    assert headers["location"] == location


def test_a_slow_body_delays_the_stop_by_the_drain_deadline_at_most(tmp_path):
    from tutor.serve import DRAIN_SECONDS

    body = json.dumps(HAND).encode() * 4  # at two bytes a second, longer than the test waits
    with running({"TUTOR_SITE_DIR": str(tmp_path / "no-site")}) as (process, port):
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        done = threading.Event()

        def trickle():
            client.sendall(b"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                           b"Content-Length: %d\r\n\r\n" % len(body))
            for byte in range(len(body)):  # bounded: stops with the body, or when the server closes
                if done.wait(0.5):
                    return
                try:
                    client.send(body[byte:byte + 1])
                except OSError:
                    return

        sender = threading.Thread(target=trickle, daemon=True)
        sender.start()
        wait_until(lambda: sum(connections_per_worker(workers_of(process.pid), port).values()) == 1, STARTUP_SECONDS,
                   "a worker to hold the slow client")
        began = time.monotonic()
        process.terminate()
        try:
            process.wait(timeout=DRAIN_SECONDS + 20)
        finally:
            took = time.monotonic() - began
            done.set()
            client.close()
            sender.join()
    assert took < DRAIN_SECONDS + 5, f"the server took {took:.1f} s to stop behind one slow body"


def test_pages_answer_throughout_rebuilds_of_the_site_they_serve(tmp_path):
    """The served folder exchanged 30 times under a reader that never stops asking: not one 404 or 503
    (tests/test_site_build.py checks the same swap step by step)."""
    from tutor.site.output import MARKER, write_site

    site = tmp_path / "site"

    def build(n: int):
        files = {"index.html": f"<!doctype html><title>build {n}</title>", "404.html": "<!doctype html><title>not found</title>",
                 "lessons/index.html": f"<!doctype html><title>lessons {n}</title>", MARKER: "built\n"}
        write_site(None, files, site)

    build(0)
    with running({"TUTOR_SITE_DIR": str(site)}) as (_, port):
        done, answers = threading.Event(), []

        def read():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            try:
                while not done.is_set():
                    for path in ("/", "/lessons/"):
                        connection.request("GET", path)
                        response = connection.getresponse()
                        answers.append((response.status, response.read()))
            finally:
                connection.close()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        for n in range(1, 31):
            build(n)
            read_before = len(answers)  # the reader asks a few times between two rebuilds
            wait_until(lambda seen=read_before: len(answers) >= seen + 4 or not reader.is_alive(), STARTUP_SECONDS, "more reads")
        done.set()
        reader.join(timeout=10)
    statuses = [status for status, _ in answers]
    assert len(answers) > 4 * 30 and set(statuses) == {200}, {status: statuses.count(status) for status in set(statuses)}
    assert answers[-1][1] in (b"<!doctype html><title>build 30</title>", b"<!doctype html><title>lessons 30</title>")
