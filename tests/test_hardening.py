"""Odd input to every field of every endpoint, the static files, and the rate limit's answers.

Every field goes through one strict parser per kind (tutor/answers/forms.py); whatever is sent, the
answer is never a 5xx, it is in the format the endpoint speaks (JSON from the API, HTML from the
pages) and an error says what is wrong in words.
"""

from __future__ import annotations

import io
import json
import re
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.answers.pages import PRACTICE_PAGES
from tutor.app import create_app
from tutor.web.security import ConfigError

HAND = {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s"}
HX = {"HX-Request": "true"}
QUESTIONS = {
    "lessons/01-tiles.md": {
        "url": "lessons/tiles/", "title": "The tiles",
        "questions": [{"question": "How many copies of the 5 of dots are in a full set?", "choices": ["1", "2", "4", "8"],
                       "answer": 2, "explain": "Every playing tile comes in 4 identical copies.",
                       "why_wrong": ["One.", "Two.", "", "Eight."]}],
    },
}
WORDS = re.compile(r"[A-Za-z]{2,}(\W+[A-Za-z]+){2,}")  # a message of at least three words


def site(tmp_path):
    """A built site's minimum: an index page, a page in a folder, the check questions."""
    root = tmp_path / "site"
    (root / "fans").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>home</title>")
    (root / "fans" / "index.html").write_text("<!doctype html><title>fans</title><a href=\"../\">home</a>")
    (root / "lesson-questions.json").write_text(json.dumps(QUESTIONS))
    return root


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    return create_app({"TESTING": True, "SITE_DIR": str(site(tmp_path_factory.mktemp("hardening")))}).test_client()


# --------------------------------------------------------------------------- odd input, every field

# Text of every kind: any Unicode (lone surrogates too, where the format can carry them), digits of
# other scripts ('²', '٣'), numbers far past any range, and sizes up to past the body limit.
UNICODE_DIGITS = st.sampled_from(list("0123456789²³¹٣٤۵߃१৩੩௫๓໓༣၅႓០᠑᥈᧑᪃᭓᮳᱃꘢꣓꤃꧓꩓꯳０１"))
NUMBERS = (st.integers(-10**6, 10**6).map(str) | st.integers(0, 10**40).map(str)
           | st.text(UNICODE_DIGITS, min_size=1, max_size=12) | st.integers(4300, 6000).map(lambda n: "9" * n))
TEXT = st.text(max_size=60) | st.text(st.characters(codec="utf-8"), max_size=400) | NUMBERS | st.sampled_from(
    ["", " ", "true", "on", "E", "wmo", "china1998", "full-flush", "1", "22", "0", "-1", "88", "fan", "band", "mixed"])
FORM_VALUE = TEXT | st.binary(max_size=40)
JSON_LEAF = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(st.characters(exclude_categories=()), max_size=40)
             | NUMBERS)
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
                          max_leaves=20)

LESSON_FIELDS = ["page", "question", "choice"]
API_FIELDS = ["hand", "win", "self_drawn", "last_tile", "last_wall_tile", "replacement_tile", "robbing_kong",
              "seat_wind", "prevalent_wind", "flowers", "rules", "why_not", "seed", "moves", "level"]  # the last three: /api/table
ODD = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def encode(fields: list[tuple[str, str | bytes]]) -> str:
    def part(value):
        return quote_from_bytes(value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass"))
    return "&".join(f"{quote_from_bytes(name.encode())}={part(value)}" for name, value in fields)


def form_fields(names: list[str]):
    """Fields by name, each given zero to three times (a form can repeat any field)."""
    return st.lists(st.tuples(st.sampled_from(names) | st.text(max_size=8), FORM_VALUE), max_size=10)


def assert_html_answer(response):
    assert response.status_code < 500, response.data[:300]
    assert response.mimetype == "text/html", response.mimetype
    if response.status_code >= 400:
        assert WORDS.search(response.get_data(as_text=True)), response.data[:300]


# Every page of the page table that the backend answers, those added later too.
ANSWERED = [pytest.param(row, id=row.name) for row in PRACTICE_PAGES if row.answer is not None]


def test_the_table_gives_the_hostile_test_the_pages_it_must_cover():
    assert {"calculator", "quiz", "drills"} <= {p.values[0].name for p in ANSWERED}
    assert all(p.values[0].fields for p in ANSWERED)


@pytest.mark.parametrize("row", ANSWERED)
@ODD
@given(fields=st.data(), post=st.booleans(), htmx=st.booleans())
def test_every_practice_page_answers_any_form_or_query_in_html(web, row, fields, post, htmx):
    body = encode(fields.draw(form_fields(list(row.fields))))
    headers = HX if htmx else {}
    if post:
        response = web.post("/" + row.url, data=body, content_type="application/x-www-form-urlencoded", headers=headers)
    else:
        response = web.get(f"/{row.url}?{body}", headers=headers)
    if response.status_code in (302, 303):
        assert response.headers["Location"].startswith("./?")  # a new hand's address, dealt by a GET like the above
        return
    assert_html_answer(response)


@ODD
@given(form_fields(LESSON_FIELDS) | st.lists(st.tuples(st.sampled_from(["question", "choice"]), FORM_VALUE), max_size=3).map(
    lambda extra: [("page", "lessons/01-tiles.md")] + extra), st.booleans())
def test_lesson_check_answers_any_form_in_html(web, fields, htmx):
    response = web.post("/api/lesson-check", data=encode(fields), content_type="application/x-www-form-urlencoded",
                        headers=HX if htmx else {})
    assert_html_answer(response)


def assert_json_answer(response):
    assert response.status_code < 500, response.data[:300]
    assert response.mimetype == "application/json"
    data = response.get_json()
    if response.status_code >= 400:
        assert WORDS.search(data["error"]), data


@ODD
@given(st.dictionaries(st.sampled_from(API_FIELDS) | st.text(max_size=6), JSON_VALUE, max_size=8), st.sampled_from(API_FIELDS))
def test_api_answers_any_json_in_json(web, body, field):
    for endpoint, valid in (("/api/score", HAND), ("/api/analyze", {"hand": HAND["hand"]}), ("/api/table", TABLE)):
        assert_json_answer(web.post(endpoint, data=json.dumps(body), content_type="application/json"))
        # and each field alone with a valid hand around it
        value = body.get(field, next(iter(body.values()), None))
        assert_json_answer(web.post(endpoint, data=json.dumps({**valid, field: value}),
                                    content_type="application/json"))


@pytest.mark.parametrize("body", [
    pytest.param("[" * 1000 + "]" * 1000, id="lists_1000_deep"),
    pytest.param('{"hand": ' * 1000 + "1" + "}" * 1000, id="objects_1000_deep"),
    pytest.param("[" * 100_00, id="unclosed_10000_deep"),
    pytest.param(json.dumps({"hand": "\ud800 123m", "win": "5s"}), id="lone_surrogate_in_hand"),
    pytest.param(json.dumps({**HAND, "win": "\udfff"}), id="lone_surrogate_in_win"),
    pytest.param(json.dumps({**HAND, "why_not": ["\ud800"]}), id="lone_surrogate_in_why_not"),
    pytest.param(json.dumps({**HAND, "\ud800": 1}), id="lone_surrogate_in_a_key"),
    pytest.param(json.dumps({**HAND, "why_not": ["9" * 5000]}), id="5000_digits"),
    pytest.param(json.dumps({**HAND, "why_not": ["²"]}), id="superscript_digit"),
])
@pytest.mark.parametrize("endpoint", ["/api/score", "/api/analyze", "/api/table"])
def test_api_odd_bodies_are_a_400_in_words(web, body, endpoint):
    response = web.post(endpoint, data=body, content_type="application/json")
    assert response.status_code == 400
    assert WORDS.search(response.get_json()["error"])


TABLE = {"rules": "wmo", "seed": 42, "level": 2, "moves": []}


@pytest.mark.parametrize(("body", "words"), [
    pytest.param({**TABLE, "moves": [{"seat": "E", "action": "fly"}]}, "unknown action 'fly'", id="unknown_action"),
    pytest.param({**TABLE, "moves": [{"seat": "E", "action": "pung", "tile": "1m"}]}, "move 1", id="illegal_move"),
    pytest.param({**TABLE, "moves": [{"seat": "E", "action": "discard", "tile": "9z"}]}, "needs 'tile'", id="no_such_tile"),
    pytest.param({**TABLE, "seed": 10**99}, "'seed' must be a whole number", id="seed_10_to_the_99"),
    pytest.param({**TABLE, "seed": "²"}, "'seed' must be a whole number", id="superscript_seed"),
    pytest.param({**TABLE, "seed": "①"}, "'seed' must be a whole number", id="circled_seed"),
    pytest.param({**TABLE, "level": True}, "'level' must be a whole number", id="level_true"),
    pytest.param({**TABLE, "moves": [[[[[[]]]]]]}, "move 1", id="nested_move"),
    pytest.param({**TABLE, "moves": {"a": 1}}, "'moves' must be a list", id="moves_not_a_list"),
    pytest.param({**TABLE, "board": 1}, "no field 'board'", id="unknown_field"),
    pytest.param([TABLE], "a record is an object", id="a_list"),
])
def test_table_records_that_cannot_be_played_are_a_400_naming_the_problem(web, body, words):
    response = web.post("/api/table", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert words in response.get_json()["error"]


def test_a_table_record_of_10000_moves_is_refused_in_words():
    from tutor.answers.table import table_json

    status, body = table_json({**TABLE, "moves": [{"seat": "E", "action": "pass"}] * 10_000})
    assert status == 400 and "at most" in body["error"]


def test_the_table_answers_a_move_it_cannot_play_with_the_table_and_the_reason(web):
    response = web.post("/table/", data={"seed": "42", "level": "1", "move": "pung 1m"}, headers=HX)
    assert response.status_code == 400
    assert "is not allowed" in response.get_data(as_text=True)
    assert 'id="table-form"' in response.get_data(as_text=True)  # play goes on


@pytest.mark.parametrize(("path", "fields"), [
    pytest.param("/calculator/", {**HAND, "flowers": "²"}, id="calculator_flowers"),
    pytest.param("/calculator/", {**HAND, "why_not": "²"}, id="calculator_why_not"),
    pytest.param("/calculator/", {**HAND, "flowers": "9" * 5000}, id="calculator_5000_digits"),
    pytest.param("/quiz/", {"mode": "starter", "seed": "²"}, id="quiz_seed"),
    pytest.param("/quiz/", {"mode": "band", "band": "²", "seed": "1"}, id="quiz_band"),
    pytest.param("/quiz/", {"mode": "fan", "fan": "²", "seed": "1"}, id="quiz_fan"),
    pytest.param("/quiz/", {"mode": "starter", "seed": "1", "answer": "1", "tick": "²"}, id="quiz_tick"),
    pytest.param("/quiz/", {"mode": "starter", "seed": "1", "answer": "1", "total": "²"}, id="quiz_total"),
    pytest.param("/quiz/", {"mode": "starter", "seed": "9" * 5000}, id="quiz_5000_digits"),
    pytest.param("/drills/", {"mode": "waits", "seed": "²"}, id="drills_seed"),
    pytest.param("/drills/", {"mode": "waits", "seed": "①"}, id="drills_seed_circled"),
    pytest.param("/drills/", {"mode": "waits", "seed": "1²"}, id="drills_seed_mixed"),
    pytest.param("/drills/", {"mode": "waits", "seed": "9" * 10_000}, id="drills_10000_digits"),
    pytest.param("/drills/", {"mode": "shanten", "seed": "42", "answer": "1", "shanten": "²", "tile": "5s"},
                 id="drills_shanten"),
    pytest.param("/drills/", {"mode": "declare", "seed": "42", "answer": "1", "declare": "yes", "total": "²"},
                 id="drills_total"),
    pytest.param("/table/", {"seed": "²", "level": "1"}, id="table_seed"),
    pytest.param("/table/", {"seed": "1", "level": "①"}, id="table_level"),
    pytest.param("/table/", {"seed": "9" * 5000}, id="table_5000_digits"),
    pytest.param("/table/", {"record": "[" * 5000}, id="table_record_deep"),
    pytest.param("/api/lesson-check", {"page": "lessons/01-tiles.md", "question": "²", "choice": "0"}, id="lesson_question"),
    pytest.param("/api/lesson-check", {"page": "lessons/01-tiles.md", "question": "1", "choice": "²"}, id="lesson_choice"),
])
def test_digits_of_other_scripts_and_huge_numbers_are_a_400_in_words(web, path, fields):
    response = web.post(path, data=fields, headers=HX)
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert WORDS.search(response.get_data(as_text=True))


@pytest.mark.parametrize("query", ["mode=waits&seed=%C2%B2", "mode=waits&seed=%E2%91%A0", "mode=shanten&seed=1%C2%B2",
                                   "mode=discard&seed=" + "9" * 10_000])
def test_a_drill_address_with_odd_digits_is_a_400_page_in_words(web, query):
    response = web.get("/drills/?" + query)
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert "The seed must be a whole number" in response.get_data(as_text=True)


def test_a_chunked_body_over_the_limit_is_a_413_not_its_first_16_kb_scored(web):
    body = json.dumps({**HAND, "why_not": [22] * 20_000}).encode()
    response = web.post("/api/score", input_stream=io.BytesIO(body), content_type="application/json",
                        headers={"Transfer-Encoding": "chunked"}, environ_overrides={"CONTENT_LENGTH": ""})
    assert response.status_code == 413
    assert "too large" in response.get_json()["error"]
    small = json.dumps(HAND).encode()
    response = web.post("/api/score", input_stream=io.BytesIO(small), content_type="application/json",
                        headers={"Transfer-Encoding": "chunked"}, environ_overrides={"CONTENT_LENGTH": ""})
    assert response.status_code == 200, response.data


# --------------------------------------------------------------------------- static files and redirects


def test_a_folder_without_its_slash_is_redirected_so_its_relative_links_work(web):
    response = web.get("/fans?x=1")
    assert response.status_code == 308
    assert response.headers["Location"] == "/fans/?x=1"
    assert web.get("/fans/").status_code == 200


def test_redirects_never_carry_the_request_host(web):
    response = web.get("/calculator", headers={"Host": "evil.example"})
    assert response.status_code == 308
    assert response.headers["Location"] == "/calculator/"
    assert "evil" not in response.headers["Location"]


def test_symlinks_inside_the_site_are_not_followed(tmp_path):
    root = site(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    (root / "leak.txt").symlink_to(secret)
    (root / "linked").symlink_to(tmp_path, target_is_directory=True)
    client = create_app({"TESTING": True, "SITE_DIR": str(root)}).test_client()
    assert client.get("/leak.txt").status_code == 404
    assert client.get("/linked/secret.txt").status_code == 404
    assert client.get("/index.html").status_code == 200


@pytest.mark.parametrize("path", ["/" + "a" * 256, "/fans/" + "é" * 200, "/" + "a" * 5000 + "/b"])
def test_an_over_long_path_segment_is_a_404(web, path):
    assert web.get(path).status_code == 404


# --------------------------------------------------------------------------- the rate limit


def limited(tmp_path, **config):
    return create_app({"TESTING": True, "SITE_DIR": str(site(tmp_path)), "RATE_LIMIT": "2 per minute", **config}).test_client()


def test_only_posts_and_the_api_count(tmp_path):
    client = limited(tmp_path)
    for _ in range(5):
        assert client.get("/calculator/").status_code == 200  # plain page GETs are free
        assert client.get("/").status_code == 200
        assert client.get("/healthz").status_code == 200
    assert client.get("/api/fans").status_code == 200
    assert client.post("/api/score", json=HAND).status_code == 200
    assert client.post("/api/score", json=HAND).status_code == 429


@pytest.mark.parametrize(("path", "data", "headers", "where"), [
    pytest.param("/calculator/", HAND, HX, 'class="calc-error"', id="calculator_fragment"),
    pytest.param("/calculator/", HAND, {}, "<html", id="calculator_page"),
    pytest.param("/quiz/", {"mode": "starter"}, HX, "wait", id="quiz_fragment"),
    pytest.param("/quiz/", {"mode": "starter"}, {}, "<html", id="quiz_page"),
    pytest.param("/api/lesson-check", {"page": "lessons/01-tiles.md", "question": "1", "choice": "2"}, HX, "wait",
                 id="lesson_check_fragment"),
    pytest.param("/api/lesson-check", {"page": "lessons/01-tiles.md", "question": "1", "choice": "2"}, {}, "<html",
                 id="lesson_check_page"),
])
def test_a_429_says_wait_n_seconds_in_the_form_the_request_expects(tmp_path, path, data, headers, where):
    client = limited(tmp_path)
    for _ in range(2):
        assert client.post(path, data=data, headers=headers).status_code < 400
    response = client.post(path, data=data, headers=headers)
    assert response.status_code == 429
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert re.search(r"wait \d+ seconds?", html), html[:500]
    assert where in html
    assert ("<html" in html) == (not headers)
    assert int(response.headers["Retry-After"]) >= 1


def test_the_api_429_is_json(tmp_path):
    client = limited(tmp_path)
    statuses = [client.post("/api/score", json=HAND).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    response = client.post("/api/score", json=HAND)
    assert response.status_code == 429
    assert re.search(r"wait \d+ seconds?", response.get_json()["error"])


def test_without_a_trusted_proxy_forwarded_addresses_are_ignored(tmp_path):
    client = limited(tmp_path)
    assert client.post("/api/score", json=HAND, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 200
    assert client.post("/api/score", json=HAND, headers={"X-Forwarded-For": "203.0.113.2"}).status_code == 200
    assert client.post("/api/score", json=HAND, headers={"X-Forwarded-For": "203.0.113.3"}).status_code == 429


def test_behind_a_trusted_proxy_each_client_has_its_own_budget(tmp_path):
    client = limited(tmp_path, TRUSTED_PROXIES="1")
    for address in ("203.0.113.1", "203.0.113.2"):
        for _ in range(2):
            assert client.post("/api/score", json=HAND, headers={"X-Forwarded-For": address}).status_code == 200
        assert client.post("/api/score", json=HAND, headers={"X-Forwarded-For": address}).status_code == 429
    # the proxy's own address is not the client: a spoofed list is read from the proxy's end
    assert client.post("/api/score", json=HAND, headers={"X-Forwarded-For": "203.0.113.1, 203.0.113.9"}).status_code == 200


@pytest.mark.parametrize(("config", "message"), [
    pytest.param({"WORKERS": "2"}, "needs a store they share", id="memory_with_two_workers"),
    pytest.param({"TRUSTED_PROXIES": "nginx"}, "TUTOR_TRUSTED_PROXIES: 'nginx' is not a number", id="proxies_not_a_number"),
])
def test_settings_that_cannot_hold_stop_the_backend(tmp_path, config, message):
    with pytest.raises(ConfigError, match=message):
        limited(tmp_path, **config)


def test_the_in_memory_store_is_said_at_startup(tmp_path, caplog):
    limited(tmp_path)
    assert "counted in this process's memory" in caplog.text
