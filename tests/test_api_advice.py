"""POST /api/analyze with the advice: discards by value, routes, chance and reason; 'seen' and 'wall'."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.practice.value.traps import traps


def post(client, body):
    # Written by the standard library, which writes integers of any size (10**99 too).
    return client.post("/api/analyze", data=json.dumps(body), content_type="application/json")


def test_the_issue_hand_puts_1s_first_with_its_waits_routes_chance_and_reason(client):
    response = post(client, {"hand": "234m 123334555s WW", "playouts": 20})
    assert response.status_code == 200
    data = response.get_json()
    first = data["discards"][0]
    assert first["discard"] == "1s"
    assert [w["tile"] for w in first["waits"] if w["meets_minimum"]] == ["3s"]
    assert first["routes"][0]["meets_minimum"] and first["routes"][0]["needs"] == [{"tile": "3s", "unseen": 1}]
    assert 1 <= first["chance"]["samples"] <= 20 and 0 <= first["chance"]["probability"] <= 1
    assert first["reason"].startswith("Discarding 1s leaves you ready on 3s for 8 points")
    three = next(d for d in data["discards"] if d["discard"] == "3s")
    assert three["shanten"] == 0 and three["value"] == 0 and not any(w["meets_minimum"] for w in three["waits"])
    assert "all three waits score under 8" in data["reason"]
    values = [d["value"] for d in data["discards"]]
    assert values == sorted(values, reverse=True)
    assert data["unseen"] == 136 - 14 and data["draws"] == 15


def test_seen_tiles_take_away_copies_and_can_change_the_order(client):
    data = post(client, {"hand": "234m 123334555s WW", "seen": "3s", "wall": 40, "playouts": 0}).get_json()
    assert data["unseen"] == 136 - 15 and data["draws"] == 10
    one = next(d for d in data["discards"] if d["discard"] == "1s")
    assert one["value"] == 0 and one["waits"][0]["unseen"] == 0
    assert data["discards"][0]["discard"] != "1s"
    assert all(d["chance"] is None for d in data["discards"])


def test_a_13_tile_hand_gets_its_routes(client):
    data = post(client, {"hand": "123m 456p 789s 11s 29p", "playouts": 10}).get_json()
    assert data["shanten"] == 1 and data["routes"]
    route = data["routes"][0]
    assert len(route["needs"]) == 2 and len(route["drops"]) == 1 and route["points"] >= 8
    assert data["reason"].startswith("The hand is one tile from ready") and data["chance"]["samples"] >= 1


@pytest.mark.parametrize("extra, words", [
    pytest.param({"seen": "5s 5s"}, "5 copies of 5s", id="five_copies"),
    pytest.param({"seen": "1111m1m"}, "copies of 1m", id="five_seen"),
    pytest.param({"wall": -1}, "'wall' must be a whole number from 0 to 136", id="wall_negative"),
    pytest.param({"wall": 10**9}, "'wall' must be a whole number from 0 to 136", id="wall_huge"),
    pytest.param({"wall": 10**99}, "'wall' must be a whole number", id="wall_huger"),
    pytest.param({"wall": 130}, "The wall cannot hold 130 tiles", id="wall_past_unseen"),
    pytest.param({"wall": "4"}, "'wall' must be a whole number", id="wall_text"),
    pytest.param({"wall": "²"}, "'wall' must be a whole number", id="wall_superscript"),
    pytest.param({"wall": 4.5}, "'wall' must be a whole number", id="wall_fraction"),
    pytest.param({"wall": True}, "'wall' must be a whole number", id="wall_bool"),
    pytest.param({"seen": "²m"}, "Field 'seen'", id="seen_superscript"),
    pytest.param({"seen": "①p"}, "Field 'seen'", id="seen_circled"),
    pytest.param({"seen": ["1m"]}, "'seen' must be text", id="seen_list"),
    pytest.param({"seen": "1m" * 400}, "too long", id="seen_long"),
    pytest.param({"seen": [[[[]]]]}, "'seen' must be text", id="seen_nested"),
    pytest.param({"playouts": 10**6}, "'playouts' must be a whole number from 0 to 1000", id="playouts"),
    pytest.param({"seed": -3}, "'seed'", id="seed"),
])
def test_bad_advice_fields_are_400_with_a_message(client, extra, words):
    response = post(client, {"hand": "234m 123334555s WW", **extra})
    assert response.status_code == 400, response.get_json()
    assert words in response.get_json()["error"]


def test_on_8_point_traps_the_api_puts_a_declarable_discard_first(client):
    found = traps(seed=99, count=30)
    declarable_first = 0
    for trap in found:
        s = trap.situation
        body = {"hand": trap.hand.notation(), "self_drawn": s.self_drawn, "seat_wind": s.seat_wind,
                "prevalent_wind": s.prevalent_wind, "playouts": 0}
        response = post(client, body)
        assert response.status_code == 200, response.get_json()
        first = response.get_json()["discards"][0]
        declarable_first += any(w["meets_minimum"] and w["unseen"] > 0 for w in first["waits"])
    assert declarable_first >= 0.9 * len(found), declarable_first


ADVICE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
    | st.text("0123456789mpsESWNCFP ²①٣[]{}", max_size=40),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=6,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(fields=st.dictionaries(st.sampled_from(["seen", "wall", "playouts", "seed"]), ADVICE_VALUES, max_size=4),
       hand=st.sampled_from(["234m 123334555s WW", "123m 456p 789s 11s 29p", "[123m] [345p] [678s] [234p] E"]))
def test_any_value_of_the_new_fields_is_answered_200_or_400(client, fields, hand):
    response = post(client, {"hand": hand, **fields})
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]
    if response.status_code == 400:
        assert response.get_json()["error"]
