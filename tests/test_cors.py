"""Cross-origin requests: a static site on one host, the scoring backend on another.

Off unless TUTOR_ALLOWED_ORIGINS lists the static site's origin; then the routes its pages call
answer that origin (and only that origin) with Access-Control-Allow-Origin, and a preflight with
204 and the methods and htmx headers allowed. A bad setting stops the backend with a message.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutor import serve
from tutor.app import create_app
from tutor.web.security import CORS_HEADERS, CORS_MAX_AGE, ConfigError, allowed_origins, cors_headers

CLUB = "https://club.example"
LOCAL = "http://localhost:8080"
HX = {"HX-Request": "true", "HX-Current-URL": f"{CLUB}/calculator/", "HX-Target": "calc-result"}
HAND = {"h": "[EEE] 123m 456p 789s 55s", "win": "5s"}
QUESTION = {
    "url": "lessons/tiles/",
    "title": "Tiles",
    "questions": [{"question": "How many copies?", "choices": ["2", "4"], "answer": 1,
                   "explain": "Four of each.", "why_wrong": ["Not two.", ""]}],
}

# Every route a page of the static site calls on the backend (templates, static/js), as the page
# calls it: (method, path, keyword arguments for the test client, status, Vary: HX-Request too?).
ROUTES = [
    pytest.param("GET", "/healthz", {}, 200, False, id="healthz"),
    pytest.param("POST", "/api/score", {"json": {"hand": HAND["h"], "win": "5s"}}, 200, False, id="api_score"),
    pytest.param("GET", "/api/fans", {}, 200, False, id="api_fans"),
    pytest.param("POST", "/api/lesson-check", {"data": {"page": "lessons/01-tiles.md", "question": "1", "choice": "1"},
                                               "headers": HX}, 200, True, id="lesson_check"),
    pytest.param("POST", "/calculator/", {"data": HAND, "headers": HX}, 200, True, id="calculator_htmx"),
    pytest.param("GET", "/calculator/", {"query_string": HAND}, 200, True, id="calculator_get"),
    pytest.param("POST", "/quiz/", {"data": {"mode": "starter", "seed": "7"}, "headers": HX}, 200, True, id="quiz_htmx"),
    pytest.param("GET", "/quiz/", {"query_string": {"mode": "starter", "seed": "7"}}, 200, True, id="quiz_get"),
    pytest.param("POST", "/api/score", {"json": {"hand": "nonsense", "win": "5s"}}, 400, False, id="api_score_400"),
]
PATHS = sorted({param.values[1] for param in ROUTES})
OTHER_ORIGINS = [
    pytest.param("https://evil.example", id="other_site"),
    pytest.param("http://club.example", id="other_scheme"),
    pytest.param("https://club.example:8443", id="other_port"),
    pytest.param("https://club.example.evil.example", id="suffix"),
    pytest.param("https://scores.club.example", id="subdomain"),
    pytest.param("null", id="null"),
]


def make_app(tmp_path: Path, origins: str | None, **config):
    site = tmp_path / "site"  # no index.html: only the lesson questions the backend grades from
    site.mkdir(exist_ok=True)
    (site / "lesson-questions.json").write_text(json.dumps({"lessons/01-tiles.md": QUESTION}), encoding="utf-8")
    settings = {"TESTING": True, "SITE_DIR": str(site), **config}
    if origins is not None:
        settings["ALLOWED_ORIGINS"] = origins
    return create_app(settings)


@pytest.fixture
def cors(tmp_path):
    return make_app(tmp_path, f"{CLUB}, {LOCAL}").test_client()


@pytest.fixture
def no_cors(tmp_path):
    return make_app(tmp_path, None).test_client()


def call(client, method, path, kwargs, origin=None):
    kwargs = {**kwargs, "headers": {**kwargs.get("headers", {}), **({"Origin": origin} if origin else {})}}
    return client.open(path, method=method, **kwargs)


def preflight(client, path, origin, method="POST"):
    return client.options(path, headers={
        "Origin": origin,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "content-type,hx-current-url,hx-request,hx-target,hx-trigger",
    })


# What an allowed origin's page may read of an answer besides its body: the Access-Control-* headers,
# with every response header htmx 2 asks for exposed (else Chromium logs each one it may not read).
HTMX_READS = {"hx-location", "hx-push", "hx-push-url", "hx-redirect", "hx-refresh", "hx-replace-url", "hx-reselect",
              "hx-reswap", "hx-retarget", "hx-trigger", "hx-trigger-after-settle", "hx-trigger-after-swap"}


def exposed(headers: dict[str, str]) -> set[str]:
    return {h.strip().lower() for h in headers.get("Access-Control-Expose-Headers", "").split(",") if h.strip()}


def access_control(response) -> dict[str, str]:
    return {name: value for name, value in response.headers.items() if name.lower().startswith("access-control-")}


def vary(response) -> set[str]:
    return {v.strip() for v in response.headers.get("Vary", "").split(",") if v.strip()}


# ------------------------------------------------------------------------------- an allowed origin


@pytest.mark.parametrize("origin", [CLUB, LOCAL])
@pytest.mark.parametrize("method, path, kwargs, status, htmx", ROUTES)
def test_an_allowed_origin_may_read_every_answer_its_pages_ask_for(cors, method, path, kwargs, status, htmx, origin):
    response = call(cors, method, path, kwargs, origin)
    assert response.status_code == status
    headers = access_control(response)
    assert set(headers) == {"Access-Control-Allow-Origin", "Access-Control-Expose-Headers"}
    assert headers["Access-Control-Allow-Origin"] == origin
    assert exposed(headers) == HTMX_READS
    assert "Origin" in vary(response)
    if htmx:
        assert vary(response) == {"HX-Request", "Origin"}


@pytest.mark.parametrize("path", PATHS)
def test_a_preflight_from_an_allowed_origin_is_answered_204_with_what_htmx_sends(cors, path):
    response = preflight(cors, path, CLUB)
    assert response.status_code == 204
    assert response.data == b""
    headers = access_control(response)
    assert headers["Access-Control-Allow-Origin"] == CLUB
    assert [m.strip() for m in headers["Access-Control-Allow-Methods"].split(",")] == ["GET", "POST"]
    allowed = {h.strip().lower() for h in headers["Access-Control-Allow-Headers"].split(",")}
    htmx_sends = {"hx-request", "hx-current-url", "hx-target", "hx-trigger", "hx-trigger-name", "hx-boosted",
                  "hx-history-restore-request", "hx-prompt", "content-type"}
    assert allowed == htmx_sends
    assert headers["Access-Control-Max-Age"] == str(CORS_MAX_AGE)
    assert "Access-Control-Allow-Credentials" not in headers
    assert "Origin" in vary(response)


def test_the_page_can_read_a_rate_limited_answer_and_preflights_do_not_count(tmp_path):
    client = make_app(tmp_path, CLUB, RATE_LIMIT="1 per minute").test_client()
    assert [preflight(client, "/calculator/", CLUB).status_code for _ in range(3)] == [204, 204, 204]
    first = call(client, "POST", "/calculator/", {"data": HAND, "headers": HX}, CLUB)
    assert first.status_code == 200
    limited = call(client, "POST", "/calculator/", {"data": HAND, "headers": HX}, CLUB)
    assert limited.status_code == 429
    assert limited.headers["Access-Control-Allow-Origin"] == CLUB  # so htmx sees 429, not a network error


def test_error_answers_of_the_api_carry_the_headers_too(cors):
    response = cors.get("/api/nothing-here", headers={"Origin": CLUB})
    assert response.status_code == 404
    assert response.get_json()["error"].startswith("No such API endpoint")
    assert response.headers["Access-Control-Allow-Origin"] == CLUB


# ------------------------------------------------------------------------------- anyone else


@pytest.mark.parametrize("origin", OTHER_ORIGINS)
@pytest.mark.parametrize("method, path, kwargs, status, htmx", ROUTES)
def test_an_origin_not_in_the_list_gets_no_access_control_headers(cors, method, path, kwargs, status, htmx, origin):
    response = call(cors, method, path, kwargs, origin)
    assert response.status_code == status  # answered as before: the browser is what keeps the page out
    assert access_control(response) == {}
    assert "Origin" in vary(response)  # so a cache never hands it an allowed origin's answer, or back


@pytest.mark.parametrize("origin", OTHER_ORIGINS)
@pytest.mark.parametrize("path", PATHS)
def test_a_preflight_from_an_origin_not_in_the_list_allows_nothing(cors, path, origin):
    response = preflight(cors, path, origin)
    assert response.status_code == 204
    assert access_control(response) == {}


@pytest.mark.parametrize("method, path, kwargs, status, htmx", ROUTES)
def test_a_request_without_origin_gets_no_access_control_headers(cors, method, path, kwargs, status, htmx):
    response = call(cors, method, path, kwargs)
    assert response.status_code == status
    assert access_control(response) == {}
    assert "Origin" in vary(response)


@pytest.mark.parametrize("path, status", [("/", 503), ("/fans/full-flush/", 503)])
def test_the_rest_of_the_backend_is_not_opened_to_other_origins(cors, path, status):
    response = cors.get(path, headers={"Origin": CLUB})
    assert response.status_code == status  # no site built in these tests: the page saying so
    assert access_control(response) == {}
    assert "Origin" not in vary(response)


# ------------------------------------------------------------------------------- off by default


@pytest.mark.parametrize("method, path, kwargs, status, htmx", ROUTES)
def test_no_origins_configured_no_headers(no_cors, method, path, kwargs, status, htmx):
    response = call(no_cors, method, path, kwargs, CLUB)
    assert response.status_code == status
    assert access_control(response) == {}
    assert "Origin" not in vary(response)
    if htmx:
        assert response.headers["Vary"] == "HX-Request"


def test_the_setting_is_read_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_ALLOWED_ORIGINS", "https://Club.Example:443")
    client = make_app(tmp_path, None).test_client()
    response = client.get("/healthz", headers={"Origin": CLUB})
    assert response.status_code == 200
    assert response.headers.get("Access-Control-Allow-Origin") == CLUB


@pytest.mark.parametrize("setting", [None, "", CLUB], ids=["unset", "empty", "set"])
@pytest.mark.parametrize("path", PATHS + ["/", "/api/nothing-here", "/no/such/page"])
@pytest.mark.parametrize("origin", [CLUB, "https://evil.example"])
@pytest.mark.parametrize("request_method", ["POST", "DELETE", None], ids=["post", "delete", "plain_options"])
def test_options_is_never_a_server_error(tmp_path, setting, path, origin, request_method):
    client = make_app(tmp_path, setting).test_client()
    headers = {"Origin": origin}
    if request_method:
        headers["Access-Control-Request-Method"] = request_method
    response = client.options(path, headers=headers)
    assert response.status_code < 500
    if origin != CLUB or not setting or not path.startswith(("/api/", "/calculator/", "/quiz/", "/healthz")):
        assert access_control(response) == {}
    elif request_method:
        assert response.status_code == 204
        assert access_control(response)["Access-Control-Allow-Origin"] == CLUB


# ------------------------------------------------------------------------------- the setting


@pytest.mark.parametrize(
    "setting, origins",
    [
        pytest.param("", (), id="empty_is_off"),
        pytest.param(" , ", (), id="only_commas_is_off"),
        pytest.param(CLUB, (CLUB,), id="one"),
        pytest.param(f" {CLUB} ,{LOCAL},", (CLUB, LOCAL), id="spaces_and_trailing_comma"),
        pytest.param("HTTPS://Club.EXAMPLE:443, http://club.example:80", (CLUB, "http://club.example"),
                     id="as_browsers_write_it"),
        pytest.param(f"{CLUB},{CLUB}", (CLUB,), id="repeated_once"),
        pytest.param("http://[::1]:8000, http://127.0.0.1:5000", ("http://[::1]:8000", "http://127.0.0.1:5000"),
                     id="addresses"),
    ],
)
def test_allowed_origins_are_read_as_browsers_send_them(setting, origins):
    assert allowed_origins(setting) == origins


@pytest.mark.parametrize(
    "setting, message",
    [
        pytest.param("*", "'*' (any site) is not accepted", id="star"),
        pytest.param(f"{CLUB},*", "'*' (any site) is not accepted", id="star_with_others"),
        pytest.param(f"{CLUB}/", "'https://club.example/' has a path ('/')", id="trailing_slash"),
        pytest.param(f"{CLUB}/mahjong/", "has a path ('/mahjong/')", id="path"),
        pytest.param(f"{CLUB}?a=1", "has a query ('?a=1')", id="query"),
        pytest.param("club.example", "'club.example' is not an origin", id="no_scheme"),
        pytest.param("localhost:8080", "'localhost:8080' is not an origin", id="host_and_port"),
        pytest.param("ftp://club.example", "is not an origin", id="other_scheme"),
        pytest.param("null", "'null' is not an origin", id="null"),
        pytest.param("https:/club.example", "is not an origin", id="one_slash"),
        pytest.param("https://", "has no host", id="no_host"),
        pytest.param("https://*.club.example", "has a wildcard", id="wildcard"),
        pytest.param("https://club.example:99999", "has a port that is not a number", id="port_too_big"),
        pytest.param("https://club.example:x", "has a port that is not a number", id="port_not_a_number"),
        pytest.param("https://club.example:", "has a port that is not a number", id="empty_port"),
        pytest.param("https://me@club.example", "has a user name", id="user"),
        pytest.param(f"{CLUB} {LOCAL}", "separate origins with commas", id="spaces_not_commas"),
        pytest.param("https://clüb.example", "punycode", id="unicode_host"),
        pytest.param("http://[::1", "is not an origin", id="unclosed_bracket"),
    ],
)
def test_a_bad_setting_stops_the_backend_with_a_message(tmp_path, setting, message):
    with pytest.raises(ConfigError) as caught:
        make_app(tmp_path, setting)
    text = str(caught.value)
    assert text.startswith("TUTOR_ALLOWED_ORIGINS: ")
    assert message in text


def test_tutor_serve_says_what_is_wrong_without_a_traceback(monkeypatch, capsys):
    monkeypatch.setenv("TUTOR_ALLOWED_ORIGINS", f"{CLUB}/")
    assert serve.serve(build=False) == 2
    err = capsys.readouterr().err
    assert err.startswith("tutor: TUTOR_ALLOWED_ORIGINS: 'https://club.example/' has a path ('/')")
    assert "Traceback" not in err


def test_cors_headers_echo_only_a_listed_origin():
    allowed = (CLUB, LOCAL)
    answer = cors_headers(CLUB, allowed, preflight=False)
    assert answer["Access-Control-Allow-Origin"] == CLUB
    assert exposed(answer) == HTMX_READS
    assert cors_headers("https://evil.example", allowed, preflight=True) == {}
    assert cors_headers(None, allowed, preflight=True) == {}
    assert cors_headers("", ("",), preflight=False) == {}
    assert cors_headers(CLUB.upper(), allowed, preflight=False) == {}  # browsers send lower case
    full = cors_headers(LOCAL, allowed, preflight=True)
    assert full["Access-Control-Allow-Origin"] == LOCAL
    assert full["Access-Control-Allow-Headers"] == ", ".join(CORS_HEADERS)


# ------------------------------------------------------------------------------- the pages' side


@pytest.mark.parametrize(
    "backend_url, self_only, action",
    [
        pytest.param("", True, 'action="../calculator/"', id="same_origin"),
        pytest.param("/scores", True, 'action="/scores/calculator/"', id="same_origin_path"),
        pytest.param("https://scores.example", False, 'action="https://scores.example/calculator/"', id="other_host"),
        pytest.param("//scores.example", False, 'action="//scores.example/calculator/"', id="scheme_relative"),
    ],
)
def test_htmx_may_call_a_backend_on_another_host_only_when_site_toml_names_one(tmp_path, backend_url, self_only,
                                                                               action):
    config = tmp_path / "site.toml"
    config.write_text(f'require_all_fans = false\nbackend_url = "{backend_url}"\n', encoding="utf-8")
    client = make_app(tmp_path, None, SITE_CONFIG=str(config)).test_client()
    response = client.get("/calculator/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    meta = re.search(r"""<meta name="htmx-config" content='([^']*)'>""", html)
    assert meta is not None
    settings = json.loads(meta.group(1).replace("&#34;", '"').replace("&quot;", '"'))
    assert settings["selfRequestsOnly"] is self_only
    assert settings["allowEval"] is False
    # Without JavaScript the backend's own page posts to backend_url, the backend itself: its
    # form-action 'self' allows that (a page from another host needs that host in its own CSP).
    assert action in html
    csp = response.headers["Content-Security-Policy"]
    assert "form-action 'self'" in csp and "connect-src 'self'" in csp


@pytest.mark.parametrize("backend_url, warned", [
    pytest.param("", True, id="no_backend_url"),
    pytest.param("/scores/", True, id="a_path_on_the_static_host"),
    pytest.param("https://scores.example", False, id="this_backend"),
])
def test_a_backend_for_other_hosts_warns_when_its_forms_would_post_to_them(tmp_path, caplog, backend_url, warned):
    config = tmp_path / "site.toml"
    config.write_text(f'backend_url = "{backend_url}"\n' if backend_url else "", encoding="utf-8")
    with caplog.at_level("WARNING"):
        create_app({"TESTING": True, "ALLOWED_ORIGINS": CLUB, "SITE_CONFIG": str(config)})
    messages = [r.getMessage() for r in caplog.records if "backend_url" in r.getMessage()]
    assert bool(messages) == warned
    if warned:
        assert str(config) in messages[0]


def test_no_warning_about_backend_url_when_cross_origin_is_off(tmp_path, caplog):
    config = tmp_path / "site.toml"
    config.write_text("", encoding="utf-8")
    with caplog.at_level("WARNING"):
        create_app({"TESTING": True, "ALLOWED_ORIGINS": "", "SITE_CONFIG": str(config)})
    assert not [r for r in caplog.records if "backend_url" in r.getMessage()]
