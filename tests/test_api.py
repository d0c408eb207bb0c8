"""POST /api/score: answers, and at least 200 malformed or impossible requests."""

import json

import pytest

GOOD = {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s"}


def post(client, body, **kwargs):
    if isinstance(body, (dict, list)) or body is None:
        return client.post("/api/score", json=body, **kwargs)
    return client.post("/api/score", data=body, **kwargs)


def test_scores_a_hand(client):
    response = post(client, GOOD)
    assert response.status_code == 200
    data = response.get_json()
    assert data["total"] == sum(f["points"] * f["count"] for f in data["fans"])
    assert {f["id"] for f in data["fans"]} == {39, 60, 61, 79}
    mixed = next(f for f in data["fans"] if f["id"] == 39)
    assert mixed == {
        "id": 39, "slug": "mixed-straight", "name": "Mixed Straight", "chinese": "花龙", "pinyin": "huā lóng",
        "points": 8, "count": 1, "tiles": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s"],
        "reason": mixed["reason"],
    }
    assert "123m" in mixed["reason"]
    assert data["meets_minimum"] is True
    assert data["division"]["sets"][0] == {"tiles": "EEE", "kind": "pung", "melded": True, "concealed": False}
    assert data["division"]["pair"] == "55s"
    excluded = {e["id"]: e for e in data["excluded"]}
    assert excluded[73]["by"] in (60, 61)


def test_hand_under_eight_points_is_still_scored(client):
    response = post(client, {"hand": "[123m] [456p] [678m] 234s EE", "win": "4s", "seat_wind": "S"})
    assert response.status_code == 200
    data = response.get_json()
    assert data["meets_minimum"] is False or data["total"] >= 8


def test_chicken_hand_with_flowers(client):
    response = post(client, {"hand": "[123m] [456p] [678m] 234s CC", "win": "4s", "flowers": 3})
    assert response.status_code == 200
    data = response.get_json()
    assert [f["id"] for f in data["fans"]] == [43, 81]
    assert data["total"] == 11 and data["meets_minimum"] is True


def test_low_hand_fails_the_minimum(client):
    response = post(client, {"hand": "[123m] [456p] 789m 234s EE", "win": "4s", "flowers": 8})
    assert response.status_code == 200
    data = response.get_json()
    assert data["meets_minimum"] is False
    assert data["points_without_flowers"] < 8 <= data["total"]


def test_why_not_explains_requested_fans(client):
    response = post(client, dict(GOOD, why_not=[68, "full-flush", 39, 73]))
    assert response.status_code == 200
    answers = {w["id"]: w for w in response.get_json()["why_not"]}
    assert "terminals or honors" in answers[68]["reason"] and "E" in answers[68]["reason"]
    assert answers[22]["counted"] is False
    assert answers[39]["counted"] is True
    assert "already counts in" in answers[73]["reason"]


def test_rules_edition_changes_points(client):
    body = {"hand": "{2222m} {5555p} 789s 456s 99m", "win": "9m"}
    wmo = post(client, body).get_json()
    old = post(client, dict(body, rules="china1998")).get_json()
    assert wmo["total"] - old["total"] == 2
    assert wmo["rules"] == "wmo" and old["rules"] == "china1998"


def test_not_winning_is_422(client):
    response = post(client, {"hand": "123m 456p 789s 13579s", "win": "1s"})
    assert response.status_code == 422
    assert "not a winning hand" in response.get_json()["error"]


def test_fans_endpoint_lists_81(client):
    response = client.get("/api/fans")
    assert response.status_code == 200
    assert len(response.get_json()) == 81


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json() == {"status": "ok"}


def test_api_errors_are_json(client):
    assert client.get("/api/score").status_code == 405
    assert "POST" in client.get("/api/score").get_json()["error"]
    assert client.post("/api/nothing", json={}).status_code == 404
    big = client.post("/api/score", data="x" * 40000, content_type="application/json")
    assert big.status_code == 413 and "too large" in big.get_json()["error"]


# ------------------------------------------------------------------ invalid requests


def _bad_requests():
    cases = []

    def add(body, expect, part, name):
        cases.append(pytest.param(body, expect, part, id=name))

    # Not a JSON object at all.
    for i, raw in enumerate(["", "hand=123m", "{", "{\"hand\": }", "[1, 2]", "\"text\"", "42", "null", "true",
                             "{'hand': '123m'}", "\u00ff\u00fe", "[]", "[{}]"]):
        add(raw, 400, "JSON", f"not-json-{i}")
    # Missing fields.
    add({}, 400, "Missing field 'hand'", "empty-object")
    add({"win": "5s"}, 400, "Missing field 'hand'", "no-hand")
    add({"hand": GOOD["hand"]}, 400, "Missing field 'win'", "no-win")
    add({"hand": GOOD["hand"], "win": ""}, 400, "Missing field 'win'", "empty-win")
    # Wrong types, field by field.
    wrong_values = [None, 1, 1.5, [], {}, ["5s"], True]
    for field in ("hand", "win"):
        for i, value in enumerate(wrong_values):
            add(dict(GOOD, **{field: value}), 400, field, f"type-{field}-{i}")
    for field in ("self_drawn", "last_tile", "last_wall_tile", "replacement_tile", "robbing_kong"):
        for i, value in enumerate([None, 1, 0, "true", "yes", [], {}]):
            add(dict(GOOD, **{field: value}), 400, f"'{field}' must be true or false", f"type-{field}-{i}")
    for field in ("seat_wind", "prevalent_wind"):
        for i, value in enumerate([None, 0, "e", "East", "X", "", ["E"], "C"]):
            add(dict(GOOD, **{field: value}), 400, field, f"value-{field}-{i}")
    for i, value in enumerate([-1, 9, 100, 2.5, "3", True, None, [1], 10**12]):
        add(dict(GOOD, flowers=value), 400, "lowers", f"flowers-{i}")
    for i, value in enumerate(["WMO", "china", "", None, 1, ["wmo"], "mcr2006"]):
        add(dict(GOOD, rules=value), 400, "rules", f"rules-{i}")
    for i, value in enumerate([0, 82, -1, "foo", "0", True, None, [22], {"id": 22}, 1.0]):
        add(dict(GOOD, why_not=[value]), 400, "fan", f"why-not-entry-{i}")
    for i, value in enumerate(["22", 22, {"a": 1}, None]):
        add(dict(GOOD, why_not=value), 400, "why_not", f"why-not-type-{i}")
    add(dict(GOOD, why_not=list(range(1, 82)) * 2), 400, "at most", "why-not-too-many")
    for i, field in enumerate(["selfdrawn", "seat", "Hand", "winning_tile", "flower", ""]):
        add(dict(GOOD, **{field: True}), 400, "Unknown field", f"unknown-field-{i}")
    # Notation the parser rejects.
    bad_hands = ["0m 123p 456p 789s 55s", "123z 456p 789s 111s 55s", "[124m] 123p 456p 789s 55s",
                 "[12m] 456p 789s 123s 55s", "{999s} 123m 456p 789p 55s", "[EEEE 123m 456p 789s 55s",
                 "123x 456p 789s 111s 55s", "eee 123m 456p 789s 55s", "123 456p 789s 111s 55s",
                 "[[123m]] 456p 789s 111s 55s", "12m[3m] 456p 789s 111s 55s", "1" * 250 + "m",
                 "<script>alert(1)</script>", "123m\x00456p", "１２３m 456p 789s 111s 55s", "123m; DROP TABLE",
                 "[EEEEE] 123m 456p 789s 55s", "{123m} 456p 789s 111s 55s", "[] 123m 456p 789s 55s",
                 "123m 456p 789s 111s 55Z", "   ", "[C C C] 123m 456p 789s 55s", "m123 456p 789s 111s 55s",
                 "123m 456p 789s 111s 5_5s", "[123m]x 456p 789s 55s", "{9999s 123m 456p 789s 55s",
                 "[EEE]] 123m 456p 789s 55s", "123M 456p 789s 111s 55s", "[1 2 3m] 456p 789s 111s 55s",
                 "\u00e9\u00e9\u00e9 123m 456p 789s 55s", "[W W W] 123m 456p 789s 55s"]
    for i, hand in enumerate(bad_hands):
        add(dict(GOOD, hand=hand, win="5s"), 400, "", f"notation-{i}")
    bad_wins = ["55s", "0s", "5z", "x", "[5s]", "5 s", "five", "10s", "E E"]
    for i, win in enumerate(bad_wins):
        add(dict(GOOD, win=win), 400, "Winning tile", f"win-notation-{i}")
    # Impossible hands.
    wrong_counts = ["[EEE] 123m 456p 789s 5s", "[EEE] 123m 456p 789s 555s", "123m 456p 789s 55s",
                    "[EEE] [123m] 123m 456p 789s 55s", "[EEE] [123m] [456p] [789s] [111s] 55s", "55s",
                    "[EEE] [SSS] 123m 456p 789s 55s", "123m 456p 789s 111s 555s", "{EEEE} 123m 456p 789s 5s",
                    "[1111m] [2222m] [3333m] [4444m] [5555m] 55s", "[EEE] [SSS] [WWW] [NNN]",
                    "123m 456p 789s 1234s 55s"]
    for i, hand in enumerate(wrong_counts):
        add({"hand": hand, "win": "5s"}, 400, "concealed tiles", f"tile-count-{i}")
    five_copies = ["[5555p] 55p 123m 789s 456s", "55555p 123m 456s 789s",
                   "[555p] 55p 123m 789s 456s".replace("456s", "55s"), "[EEE] [EEE] 123m 456p 55s",
                   "[1111m] 11m 123p 456p 789p", "[CCCC] [CCC] 123m 456m 99m"]
    for i, hand in enumerate(five_copies):
        add({"hand": hand, "win": hand.split()[-1][-2:] if hand[-1] in "mps" else hand[-1]}, 400, "", f"five-copies-{i}")
    for i, win in enumerate(["E", "1m", "9p", "C", "1s"]):
        add({"hand": "[EEE] 123m 456p 789s 55s".replace("123m", "234m" if win == "1m" else "123m"), "win": win},
            400, "not among the concealed tiles", f"win-not-in-hand-{i}")
    add(dict(GOOD, replacement_tile=True), 400, "self-drawn", "replacement-without-self-drawn")
    add(dict(GOOD, replacement_tile=True, self_drawn=True), 400, "needs a kong", "replacement-without-kong")
    add({"hand": "[EEEE] 123m 456p 789s 55s", "win": "5s", "replacement_tile": True, "self_drawn": False,
         "last_wall_tile": True}, 400, "self-drawn", "replacement-on-last-wall-tile-by-discard")
    add({"hand": "[555p] 123m 456p 789s 55s".replace("456p", "456m"), "win": "5p", "robbing_kong": True},
        400, "", "robbed-kong-with-pung")
    add({"hand": "[123m] [456p] 789s 456s EE", "win": "4s", "robbing_kong": True, "self_drawn": True},
        400, "cannot be self-drawn", "robbing-self-drawn")
    add({"hand": "[123m] [456p] 789s 444s EE", "win": "4s", "robbing_kong": True},
        400, "cannot rob a kong", "robbing-held-pung")
    add({"hand": "[123m] [456p] 789s 456s EE", "win": "4s", "robbing_kong": True, "last_wall_tile": True},
        400, "No kong", "robbing-after-last-tile")
    add({"hand": "[123m] [456p] 789s 456s 55s", "win": "5s", "last_tile": True}, 400, "already shown",
        "last-tile-with-copy-in-hand")
    # Well-formed hands that do not win: 422.
    losers = ["123m 456p 789s 1357s", "11m 22m 33m 44m 55m 66m 78m", "19m19p19sESWNCFQ".replace("Q", "9m"),
              "[123m] [456p] 789s 12s EE", "1111m 2222m 3333m 49m", "147m 258p 369s 1234m", "EESSWWNNCCFF1m2m",
              "[EEE] [SSS] [WWW] 13m NN".replace("13m NN", "1m 3m N"), "13579m 13579p 1357s", "[CCC] 123m 456m 789m 1p 2p"]
    for i, hand in enumerate(losers):
        win = hand.split()[-1][-2:] if hand[-1] in "mps" else hand[-1]
        add({"hand": hand, "win": win}, (400, 422), "", f"not-winning-{i}")
    return cases


BAD_REQUESTS = _bad_requests()


def test_at_least_200_bad_requests():
    assert len(BAD_REQUESTS) >= 200


@pytest.mark.parametrize("body, expect, part", BAD_REQUESTS)
def test_bad_request_is_answered_with_a_message(client, body, expect, part):
    if isinstance(body, str):
        response = client.post("/api/score", data=body.encode("utf-8", "surrogatepass"),
                               content_type="application/json")
    else:
        response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    expected = expect if isinstance(expect, tuple) else (expect,)
    assert response.status_code in expected
    data = response.get_json()
    assert isinstance(data, dict) and set(data) == {"error"}
    message = data["error"]
    assert message and "Traceback" not in message and "Error(" not in message
    assert part.lower() in message.lower()
