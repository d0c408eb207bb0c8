"""deploy/nginx.conf for real: Debian's nginx in front of the shipped backend (and, to see what
reaches a backend when, in front of a bare socket), each on a free loopback port.

The client timeouts are shortened to 1 s here (the file says 10 s), so that a slow client is seen
being cut without the test waiting ten seconds; everything else is the file as shipped."""

from __future__ import annotations

import http.client
import json
import select
import socket
import time
from contextlib import contextmanager

import pytest
from services import ROOT, SERVER_NAME, nginx_server, redis_server, status_line, wait_until
from test_production import HAND, running

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options")
HOST = SERVER_NAME.encode()  # the site's own name: nginx drops requests for any other
SHORT_TIMEOUTS = {"client_header_timeout 10s;": "client_header_timeout 1s;",
                  "client_body_timeout 10s;": "client_body_timeout 1s;"}


def built_site(folder):
    (folder / "static").mkdir(parents=True)
    (folder / "calculator").mkdir()
    (folder / "index.html").write_text("<!doctype html><title>home</title>")
    (folder / "404.html").write_text("<!doctype html><title>not found</title>")
    (folder / "calculator" / "index.html").write_text("<!doctype html><title>calculator</title>")
    (folder / "static" / "site.css").write_text("body { color: black }")
    (folder / "static" / "js").mkdir()
    (folder / "static" / "js" / "engine-worker.js").write_text("// the engine's worker")
    (folder / "sw.js").write_text("// the service worker")
    (folder / "offline-manifest.json").write_text("{}")
    (folder / "lessons").mkdir()
    (folder / "lessons" / "index.html").write_text("<!doctype html><title>lessons</title>")
    (folder / "secret-link.html").symlink_to(ROOT / "pyproject.toml")
    return folder


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    """(nginx port, backend port): the shipped setup of deploy/tutor.service, two workers with one trusted
    proxy and a rate limit in redis, nginx in front."""
    folder = tmp_path_factory.mktemp("nginx")
    site = built_site(folder / "site")
    with redis_server(folder / "redis") as redis:
        env = {"TUTOR_SITE_DIR": str(site), "TUTOR_TRUSTED_PROXIES": "1", "TUTOR_RATE_LIMIT": "3 per minute",
               "TUTOR_RATE_LIMIT_STORAGE": redis}
        with backend(env) as backend_port, nginx_server(folder / "nginx", backend_port, site, SHORT_TIMEOUTS) as port:
            yield port, backend_port


@contextmanager
def backend(env):
    with running(env) as (_, port):
        yield port


def get(port: int, method: str, path: str, body: bytes | None = None, headers=None, source: str = "127.0.0.1"):
    """A request for the site's own host name (unless headers name another Host)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers={"Host": SERVER_NAME, **(headers or {})})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def raw(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(data)
        return s.recv(4096)


def assert_secure(headers: dict, what: str):
    missing = [name for name in SECURITY_HEADERS if name not in headers]
    assert not missing, f"{what}: no {', '.join(missing)}"
    assert "script-src 'self'" in headers["Content-Security-Policy"]


def test_every_answer_carries_the_security_headers(front):
    port, _ = front
    score = json.dumps(HAND).encode()
    answers = {
        "a page": get(port, "GET", "/"),
        "a static file": get(port, "GET", "/static/site.css"),
        "nginx's 404": get(port, "GET", "/no/such/page"),
        "the API through nginx": get(port, "POST", "/api/score", score, {"Content-Type": "application/json"}),
        "a body too large": get(port, "POST", "/api/score", b"x" * 20_000, {"Content-Type": "application/json"}),
    }
    for what, (status, headers, _) in answers.items():
        assert status < 500, what
        assert_secure(headers, what)
    assert [answers[what][0] for what in answers] == [200, 200, 404, 200, 413]
    # nginx's own answer to a request it cannot read (the backend's server would send none of these headers)
    answer = raw(port, b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: " + HOST + b"\r\n\r\n")
    assert status_line(answer) in ("400", "414"), answer[:100]
    assert all(name.lower().encode() in answer.lower() for name in SECURITY_HEADERS), answer[:600]


def test_static_files_come_from_the_site_with_a_long_cache_and_no_symlinks(front):
    port, _ = front
    status, headers, body = get(port, "GET", "/static/site.css")
    assert status == 200 and body == b"body { color: black }"
    assert "max-age=2592000" in headers["Cache-Control"]
    status, _, body = get(port, "GET", "/calculator/")
    assert status == 200 and b"<title>calculator</title>" in body
    assert get(port, "GET", "/secret-link.html")[0] in (403, 404)


def test_a_body_over_16_kb_is_a_413_in_the_api_s_json(front):
    port, _ = front
    status, headers, body = get(port, "POST", "/api/score", b"x" * 20_000, {"Content-Type": "application/json"})
    assert status == 413
    assert headers["Content-Type"].startswith("application/json")
    assert "too large" in json.loads(body)["error"]
    assert get(port, "POST", "/calculator/", b"h=" + b"x" * 20_000,
               {"Content-Type": "application/x-www-form-urlencoded"})[0] == 413


def test_the_table_takes_a_games_body_through_nginx_and_other_pages_keep_16_kb(front):
    """A game's last hand sends the 15 hands before it with each click (tutor.answers.table)."""
    from urllib.parse import urlencode

    from test_table_game_requests import compact, whole_game

    port, _ = front
    game = whole_game()
    form = urlencode({"game": compact([r.to_json() for r in game[:15]]), "record": compact(game[15].to_json())}).encode()
    assert len(form) > 64 * 1024
    status, _, body = get(port, "POST", "/table/", form, {"Content-Type": "application/x-www-form-urlencoded",
                                                          "HX-Request": "true"}, source="127.0.0.5")
    assert status == 200, body[:300]
    assert b"Totals after 16 of 16 hands" in body
    api = compact({**game[15].to_json(), "game": [r.to_json() for r in game[:15]]}).encode()
    status, _, body = get(port, "POST", "/api/table", api, {"Content-Type": "application/json"}, source="127.0.0.5")
    assert status == 200 and len(json.loads(body)["game"]["totals"]) == 16
    status, headers, body = get(port, "POST", "/api/table", b" " * (300 * 1024), {"Content-Type": "application/json"},
                                source="127.0.0.5")
    assert status == 413 and "at most 262144 bytes" in json.loads(body)["error"]


@pytest.mark.parametrize("kind", ["headers", "body"])
def test_a_slow_client_is_cut(front, kind):
    port, _ = front
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        if kind == "headers":
            s.sendall(b"POST /api/score HTTP/1.1\r\nHost: " + HOST + b"\r\n")
        else:
            s.sendall(b"POST /api/score HTTP/1.1\r\nHost: " + HOST + b"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        began = time.monotonic()
        answer = s.recv(4096)  # nginx answers 408 or closes when its timeout passes
        while answer and not answer.endswith(b"\r\n\r\n") and b"</html>" not in answer:
            more = s.recv(4096)
            if not more:
                break
            answer += more
        took = time.monotonic() - began
    assert took < 5, f"nginx held a slow client for {took:.1f} s"
    assert answer == b"" or status_line(answer) == "408", answer[:100]


def test_the_client_s_own_address_is_what_the_rate_limit_counts(front):
    port, _ = front
    score = json.dumps(HAND).encode()
    headers = {"Content-Type": "application/json"}
    # Two clients on two loopback addresses: each has its own budget of 3, whatever they claim to be.
    for source in ("127.0.0.2", "127.0.0.3"):
        spoof = {**headers, "X-Forwarded-For": "198.51.100.7"}
        statuses = [get(port, "POST", "/api/score", score, spoof, source=source)[0] for _ in range(4)]
        assert statuses == [200, 200, 200, 429], (source, statuses)
    # plain pages are never limited
    assert get(port, "GET", "/", source="127.0.0.2")[0] == 200


@pytest.fixture
def bare_backend(tmp_path):
    """nginx in front of a socket that only listens, so the test sees when a request reaches it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    site = built_site(tmp_path / "site")
    with nginx_server(tmp_path / "nginx", listener.getsockname()[1], site, SHORT_TIMEOUTS) as port:
        yield port, listener
    listener.close()


def test_nginx_passes_a_request_on_only_once_it_has_all_of_it(bare_backend):
    port, listener = bare_backend
    body = json.dumps(HAND).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
        client.sendall(b"POST /api/score HTTP/1.1\r\nHost: " + HOST + b"\r\nContent-Type: application/json\r\n"
                       b"Content-Length: %d\r\n\r\n" % len(body) + body[:10])
        ready, _, _ = select.select([listener], [], [], 0.5)  # half a body: nothing may reach the backend
        assert not ready, "nginx passed on a request before its body was complete"
        client.sendall(body[10:])
        wait_until(lambda: select.select([listener], [], [], 0.1)[0], 5, "nginx to pass the whole request on")
        upstream, _ = listener.accept()
        with upstream:
            upstream.settimeout(5)
            received = b""
            while not received.endswith(body):
                received += upstream.recv(4096)
        assert received.endswith(body)
        assert b"X-Forwarded-For: 127.0.0.1" in received


@pytest.mark.parametrize("path", ["/sw.js", "/offline-manifest.json", "/static/js/engine-worker.js"])
def test_the_files_with_their_own_cache_rule_keep_every_security_header(front, path):
    port, _ = front
    status, headers, _ = get(port, "GET", path)
    assert status == 200
    assert_secure(headers, path)
    assert headers["Cache-Control"] == "no-cache"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin" and headers["X-Frame-Options"] == "DENY"


def header_block(answer: bytes) -> dict[str, str]:
    lines = answer.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")[1:]
    return {name.lower(): value for name, value in (line.split(": ", 1) for line in lines)}


@pytest.mark.parametrize(("what", "request_head"), [
    pytest.param("400 before a location is chosen", b"POST /api/score HTTP/1.1\r\nHost: %s\r\nContent-Length: ten\r\n\r\n",
                 id="unreadable_content_length"),
    pytest.param("400 while reading the body", b"POST /api/score HTTP/1.1\r\nHost: %s\r\nTransfer-Encoding: chunked\r\n"
                 b"Content-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", id="broken_chunked_body"),
    pytest.param("501", b"POST /api/score HTTP/1.1\r\nHost: %s\r\nTransfer-Encoding: gzip\r\n\r\n", id="unknown_transfer_encoding"),
])
def test_nginx_s_own_refusals_under_api_are_json(front, what, request_head):
    port, _ = front
    answer = raw(port, request_head.replace(b"%s", HOST))
    status = status_line(answer)
    assert status in ("400", "501"), (what, answer[:200])
    headers = header_block(answer)
    assert headers["content-type"].startswith("application/json"), (what, answer[:300])
    body = answer.split(b"\r\n\r\n", 1)[1]
    assert len(json.loads(body)["error"].split()) >= 5, body
    assert all(name.lower() in headers for name in SECURITY_HEADERS), (what, headers)
    # elsewhere nginx's own page stays HTML
    other = raw(port, request_head.replace(b"%s", HOST).replace(b"/api/score", b"/calculator/"))
    assert status_line(other) == status
    assert header_block(other)["content-type"].startswith("text/html")


@pytest.mark.parametrize("host", [b"evil.example", b"127.0.0.1", b"mahjong.example.org.evil.example"])
def test_requests_for_another_host_are_dropped_unanswered(front, host):
    port, _ = front
    assert raw(port, b"GET /lessons HTTP/1.1\r\nHost: " + host + b"\r\n\r\n") == b""
    assert raw(port, b"GET /lessons HTTP/1.0\r\n\r\n") == b""  # no Host at all


def test_nginx_redirects_a_folder_to_its_slash_with_the_path_alone(front):
    port, _ = front
    status, headers, _ = get(port, "GET", "/lessons")
    assert status == 301
    assert headers["Location"] == "/lessons/"


def test_the_backend_status_script_is_not_counted_against_the_budget(front):
    port, _ = front
    score = json.dumps(HAND).encode()
    client = "127.0.0.4"  # a client of its own: the budget is 3 a minute
    statuses = [get(port, "POST", "/api/score", score, {"Content-Type": "application/json"}, source=client)[0]
                for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    for _ in range(3):
        status, headers, body = get(port, "GET", "/api/status.js", source=client)
        assert status == 200, body[:200]
        assert b'"data-backend-state", "up"' in body
    assert get(port, "GET", "/api/fans", source=client)[0] == 429  # the JSON API still counts
