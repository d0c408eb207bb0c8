"""Hostile input through every input of the backend: nothing comes back unescaped, nothing 500s."""

import json
from pathlib import Path

import pytest

from tutor.app import create_app
from tutor.site import build_site

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    """The backend with the real site built, so every page and check has its data."""
    site = tmp_path_factory.mktemp("injection") / "site"
    build_site(ROOT, site, cache=False)
    return create_app({"TESTING": True, "SITE_DIR": str(site)}).test_client()

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "javascript:alert(1)",
    "</textarea><script>alert(1)</script>",
    "{{7*7}}<b>bold</b>",
    "5s\"><iframe src=//evil.example>",
]
# Markup that must never appear in an HTML answer as it was sent.
DANGEROUS = ["<script>alert(1)", "<img src=x", "<svg onload", "<iframe", "<b>bold</b>", "onerror=alert(1)>"]

CALCULATOR_FIELDS = ["h", "hand", "win", "seat_wind", "prevalent_wind", "flowers", "rules", "self_drawn",
                     "last_tile", "why_not"]
QUIZ_FIELDS = ["mode", "seed", "fan", "band", "rules", "answer", "total", "fans"]
API_FIELDS = ["hand", "win", "seat_wind", "prevalent_wind", "flowers", "rules", "why_not", "self_drawn"]


def assert_safe(response):
    assert response.status_code < 500, response.status_code
    body = response.get_data(as_text=True)
    if response.mimetype == "application/json":
        json.loads(body)  # well-formed; a JSON body is data, never rendered as a page (nosniff)
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        return
    for marker in DANGEROUS:
        assert marker not in body, marker


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("field", CALCULATOR_FIELDS)
def test_calculator_query_and_form(client, field, payload):
    base = {"h": "[EEE] 123m 456p 789s 55s", "win": "5s"}
    assert_safe(client.get("/calculator/", query_string={**base, field: payload}))
    assert_safe(client.post("/calculator/", data={**base, field: payload}))
    assert_safe(client.post("/calculator/", data={**base, field: payload}, headers={"HX-Request": "true"}))


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("field", QUIZ_FIELDS)
def test_quiz_query_and_form(client, field, payload):
    base = {"mode": "starter", "seed": "12"}
    assert_safe(client.get("/quiz/", query_string={**base, field: payload}))
    assert_safe(client.post("/quiz/", data={**base, field: payload}))
    assert_safe(client.post("/quiz/", data={**base, field: payload}, headers={"HX-Request": "true"}))


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("field", ["page", "question", "choice"])
def test_lesson_check(client, field, payload):
    base = {"page": "lessons/01-tiles.md", "question": "1", "choice": "0"}
    assert_safe(client.post("/api/lesson-check", data={**base, field: payload}))
    assert_safe(client.post("/api/lesson-check", data={**base, field: payload}, headers={"HX-Request": "true"}))


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("field", API_FIELDS)
def test_score_api(client, field, payload):
    body = {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s", field: payload}
    assert_safe(client.post("/api/score", json=body))


@pytest.mark.parametrize("payload", PAYLOADS)
def test_paths_and_unknown_pages(client, payload):
    assert_safe(client.get("/" + payload.replace("/", "%2F")))
    assert_safe(client.get("/fans/" + payload))


def test_the_hand_is_echoed_back_escaped(client):
    # The calculator shows what was typed, so the payload really passes through a template.
    response = client.get("/calculator/", query_string={"h": "<script>alert(1)</script>", "win": "5s"})
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<script>alert(1)" not in body
