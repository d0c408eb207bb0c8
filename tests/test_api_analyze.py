"""POST /api/analyze: the answer's shape for 13- and 14-tile hands, and malformed requests."""

import pytest


def post(client, body):
    if isinstance(body, (dict, list)) or body is None:
        return client.post("/api/analyze", json=body)
    return client.post("/api/analyze", data=body, content_type="application/json")


def test_a_ready_13_tile_hand(client):
    response = post(client, {"hand": "123m 456p 789s 11s 23p", "rules": "china1998"})
    assert response.status_code == 200
    data = response.get_json()
    assert data["tiles"] == 13 and data["shanten"] == 0 and data["rules"] == "china1998"
    assert data["forms"] == {"standard": 0, "seven_pairs": 5, "thirteen_orphans": 9, "honors_knitted": 8,
                             "knitted_straight": 5}
    assert data["useful"] == ["1p", "4p", "7p"]
    assert [w["tile"] for w in data["waits"]] == ["1p", "4p", "7p"]
    first = data["waits"][0]
    assert first["total"] == sum(f["points"] * f["count"] for f in first["fans"])
    assert 39 in {f["id"] for f in first["fans"]}  # Mixed Straight with 1p
    assert first["meets_minimum"] is True and first["wait_fan"] is None
    assert set(first["fans"][0]) == {"id", "slug", "name", "points", "count"}
    assert "discards" not in data


def test_the_situation_applies_to_every_wait(client):
    plain = post(client, {"hand": "123m 456p 789s 11s 23p"}).get_json()
    drawn = post(client, {"hand": "123m 456p 789s 11s 23p", "self_drawn": True, "flowers": 2}).get_json()
    for a, b in zip(plain["waits"], drawn["waits"]):
        assert b["total"] > a["total"]
        assert 81 in {f["id"] for f in b["fans"]}  # Flower Tiles


def test_wait_fan_and_a_hand_under_eight(client):
    data = post(client, {"hand": "[123m] [456p] [789s] 345p 1s"}).get_json()
    (wait,) = data["waits"]
    assert wait["tile"] == "1s" and wait["wait_fan"] == 79  # Single Wait
    assert data["forms"]["seven_pairs"] is None and data["forms"]["knitted_straight"] is None
    data = post(client, {"hand": "[123m] [345p] 678s 11s 23s"}).get_json()
    assert {w["tile"]: w["meets_minimum"] for w in data["waits"]} == {"1s": False, "4s": True}
    assert all(w["meets_minimum"] == (w["points_without_flowers"] >= 8) for w in data["waits"])


def test_a_hand_not_yet_ready(client):
    data = post(client, {"hand": "123m 456p 78s 11s 239p"}).get_json()
    assert data["shanten"] == 1 and data["waits"] == []
    assert "6s" in data["useful"] and "9s" in data["useful"]


def test_a_14_tile_hand_gets_its_discards(client):
    response = post(client, {"hand": "123m 456p 789s 11s 239p"})
    assert response.status_code == 200
    data = response.get_json()
    assert data["tiles"] == 14 and data["shanten"] == 0 and data["score"] is None
    assert "waits" not in data
    best = data["discards"][0]
    assert {k: best[k] for k in ("discard", "shanten", "useful", "useful_count")} == {
        "discard": "9p", "shanten": 0, "useful": ["1p", "4p", "7p"], "useful_count": 11}
    assert {"value", "waits", "routes", "chance", "reason"} <= set(best)  # the advice (tests/test_api_advice.py)
    assert sorted(d["discard"] for d in data["discards"]) == sorted(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s",
                                                                     "9s", "1s", "2p", "3p", "9p"])
    assert data["useful"] == ["1p", "4p", "7p"]


def test_a_winning_14_tile_hand_is_scored_on_its_last_written_tile(client):
    data = post(client, {"hand": "1112345678999m 5m", "self_drawn": True}).get_json()
    assert data["shanten"] == -1
    score = client.post("/api/score", json={"hand": "1112345678999m 5m", "win": "5m", "self_drawn": True}).get_json()
    assert data["score"] == score
    assert data["discards"][0]["discard"] == "5m"


@pytest.mark.parametrize(
    "body, words",
    [
        pytest.param({"hand": "123m 456p 789s 11s 23p", "win": "1p"}, "takes no 'win'", id="win"),
        pytest.param({"hand": "123m 456p 789s 11s"}, "11 tiles", id="eleven_tiles"),
        pytest.param({"hand": "123m 456p 789s 11s 2345p"}, "15 tiles", id="fifteen_tiles"),
        pytest.param({"hand": "[1111m] [2222m] [3333m] [4444m] [5555m]"}, "tiles", id="five_kongs"),
        pytest.param({"hand": "11111m 456p 789s 11s"}, "5 copies", id="five_copies"),
        pytest.param({"hand": "123m 456p 789s 11s 2x"}, "Unknown suit letter", id="notation"),
        pytest.param({"hand": 5}, "must be text", id="hand_not_text"),
        pytest.param({}, "Missing field 'hand'", id="no_hand"),
        pytest.param({"hand": "123m 456p 789s 11s 23p", "rules": "riichi"}, "'rules'", id="rules"),
        pytest.param({"hand": "123m 456p 789s 11s 23p", "self_drawn": "yes"}, "true or false", id="flag"),
        pytest.param({"hand": "123m 456p 789s 11s 23p", "seat_wind": "X"}, "seat_wind", id="wind"),
        pytest.param({"hand": "123m 456p 789s 11s 23p", "flowers": 9}, "Flowers", id="flowers"),
        pytest.param({"hand": "123m 456p 789s 11s 23p", "colour": 1}, "Unknown field 'colour'", id="unknown"),
        pytest.param(["123m"], "JSON object", id="list"),
        pytest.param("not json", "must be JSON", id="not_json"),
        pytest.param({"hand": "1" * 300 + "m"}, "too long", id="too_long"),
    ],
)
def test_malformed_requests_are_400(client, body, words):
    response = post(client, body)
    assert response.status_code == 400, response.get_json()
    assert words in response.get_json()["error"]


def test_analyze_wants_post(client):
    response = client.get("/api/analyze")
    assert response.status_code == 405
    assert "POST" in response.get_json()["error"]
