"""Headers on every response, rate limiting when configured, and fuzzed input never a 500."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.app import create_app
from tutor.rules.notation import NotationError, parse_hand


def test_security_headers_on_every_kind_of_response(client):
    responses = [
        client.post("/api/score", json={"hand": "[EEE] 123m 456p 789s 55s", "win": "5s"}),
        client.post("/api/score", data="nope"),
        client.get("/healthz"),
        client.get("/"),
        client.get("/no/such/page"),
    ]
    for response in responses:
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-eval" not in csp
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert "frame-ancestors 'none'" in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"]


def test_backend_starts_without_a_built_site_and_says_what_to_do(client):
    response = client.get("/")
    assert response.status_code == 503
    assert b"tutor build" in response.data


def test_rate_limit_when_configured(tmp_path):
    app = create_app({"TESTING": True, "SITE_DIR": str(tmp_path), "RATE_LIMIT": "3 per minute"})
    client = app.test_client()
    body = {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s"}
    statuses = [client.post("/api/score", json=body).status_code for _ in range(5)]
    assert statuses[:3] == [200, 200, 200]
    assert statuses[3] == 429
    limited = client.post("/api/score", json=body)
    assert "Too many requests" in limited.get_json()["error"]
    assert client.get("/healthz").status_code == 200
    # The calculator and the quiz score hands too, so they count against the same address.
    assert client.post("/calculator/", data={"h": "[EEE] 123m 456p 789s 55s", "win": "5s"}).status_code == 429


def test_no_rate_limit_by_default(client):
    body = {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s"}
    assert all(client.post("/api/score", json=body).status_code == 200 for _ in range(30))


NOTATION_ALPHABET = st.sampled_from(list("0123456789mpszESWNCFPx[]{} \t-#<>&'\"é１"))
FUZZ = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
API_FUZZ = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.text(NOTATION_ALPHABET, max_size=60))
def test_parser_never_raises_anything_but_a_notation_error(text):
    try:
        parse_hand(text)
    except NotationError as error:
        assert str(error)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.floats(allow_nan=False) | st.text(NOTATION_ALPHABET, max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8,
)
FIELDS = ["hand", "win", "self_drawn", "seat_wind", "prevalent_wind", "flowers", "last_tile", "last_wall_tile",
          "replacement_tile", "robbing_kong", "rules", "why_not"]


FUZZ_CLIENT = create_app({"TESTING": True, "SITE_DIR": "/nonexistent"}).test_client()


@API_FUZZ
@given(st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), JSON_VALUES, max_size=8))
def test_api_fuzz_never_500(body):
    response = FUZZ_CLIENT.post("/api/score", data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400, 422)
    data = response.get_json()
    assert isinstance(data, dict)
    if response.status_code != 200:
        assert data["error"]


def test_debug_mode_is_refused_outside_development(monkeypatch, tmp_path):
    monkeypatch.setenv("FLASK_DEBUG", "1")
    monkeypatch.delenv("TUTOR_ENV", raising=False)
    assert create_app({"SITE_DIR": str(tmp_path), "DEBUG": True}).debug is False
    monkeypatch.setenv("TUTOR_ENV", "development")
    assert create_app({"SITE_DIR": str(tmp_path), "DEBUG": True}).debug is True
