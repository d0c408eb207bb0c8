"""A game of 16 hands through the backend: the table page's form carries the finished hands'
records with every click (about 100 KB by the last hand), so its address takes a body up to
tutor.answers.table.GAME_BODY_BYTES, while every other address keeps 16 KB; POST /api/table plays
the same game with "game"; a body over the limit is refused in the form its endpoint speaks."""

from __future__ import annotations

import json
from functools import cache
from urllib.parse import urlencode

import pytest

from tutor.answers.pages import FORM_BODY_BYTES
from tutor.answers.table import GAME_BODY_BYTES, next_hand, table_json
from tutor.app import create_app
from tutor.practice.table.game import HANDS_PER_GAME, hand_seed
from tutor.practice.table.table import bot_hand, game_totals
from tutor.practice.table.wall import MAX_SEED

FIRST_SEED = 4242
HX = {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}


@cache
def whole_game():
    """16 hands, each played to its end by four level-1 bots, seeded as a game deals them."""
    return tuple(bot_hand(FIRST_SEED if n == 0 else hand_seed(FIRST_SEED, n, MAX_SEED), 1, hand=n)[0]
                 for n in range(HANDS_PER_GAME))


def compact(data) -> str:
    return json.dumps(data, separators=(",", ":"))


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    return create_app({"TESTING": True, "SITE_DIR": str(tmp_path_factory.mktemp("no-site"))}).test_client()


def test_the_last_hand_of_a_game_is_played_through_the_page_with_its_15_hands_before_it(web):
    game = whole_game()
    body = urlencode({"game": compact([r.to_json() for r in game[:15]]), "record": compact(game[15].to_json())}).encode()
    assert FORM_BODY_BYTES < len(body) < GAME_BODY_BYTES  # the case: over every other address's limit
    response = web.post("/table/", data=body, headers=HX)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    html = response.get_data(as_text=True)
    assert "Totals after 16 of 16 hands" in html


def test_every_other_page_keeps_its_16_kb(web):
    body = urlencode({"h": "1" * (FORM_BODY_BYTES + 10)}).encode()
    response = web.post("/calculator/", data=body, headers=HX)
    assert response.status_code == 413
    assert "This form is too large to send (at most 16 KB)" in response.get_data(as_text=True)
    api = web.post("/api/score", data=b"x" * (FORM_BODY_BYTES + 10), headers={"Content-Type": "application/json"})
    assert api.status_code == 413 and "at most 16384 bytes" in api.get_json()["error"]


def test_a_lesson_check_too_large_is_answered_as_the_check_says_it(web):
    response = web.post("/api/lesson-check", data=urlencode({"page": "x" * (FORM_BODY_BYTES + 10)}).encode(),
                        headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413
    html = response.get_data(as_text=True)
    assert "This form is too large to send (at most 16 KB)" in html and "Request Entity Too Large" not in html


def test_a_table_body_over_the_games_limit_is_refused_in_the_page_and_in_the_api(web):
    body = urlencode({"game": "[" + "1," * GAME_BODY_BYTES + "1]"}).encode()
    response = web.post("/table/", data=body, headers=HX)
    assert response.status_code == 413
    html = response.get_data(as_text=True)
    assert f"This form is too large to send (at most {GAME_BODY_BYTES // 1024} KB)" in html
    assert "Choose the bots and deal a hand" in html  # the table page's own fragment, to start again
    api = web.post("/api/table", data=b" " * (GAME_BODY_BYTES + 1), headers={"Content-Type": "application/json"})
    assert api.status_code == 413 and f"at most {GAME_BODY_BYTES} bytes" in api.get_json()["error"]


def test_the_api_plays_a_game_deals_its_next_hand_and_adds_the_totals(web):
    game = [r.to_json() for r in whole_game()]
    # {"game": [...]} alone: the next hand, seeded as the page deals it.
    response = web.post("/api/table", json={"game": game[:5]})
    assert response.status_code == 200
    answered = response.get_json()
    expected = next_hand(list(whole_game()[:5]))
    assert {k: answered["record"][k] for k in ("seed", "hand", "level", "rules")} == \
        {"seed": expected.seed, "hand": 5, "level": expected.level, "rules": expected.rules}
    assert answered["game"] == json.loads(compact(game_totals(list(whole_game()[:5]))))
    # The last hand, finished: the totals count it.
    status, body = table_json({**game[15], "game": game[:15]})
    assert status == 200 and body["result"] is not None
    assert len(body["game"]["totals"]) == 16 and all(sum(t) == 0 for t in body["game"]["totals"])


@pytest.mark.parametrize(("data", "words"), [
    pytest.param({"game": {}}, "A game is a list of at most 16", id="not_a_list"),
    pytest.param({"game": [{"seed": 1}] * 17}, "A game is a list of at most 16", id="17_hands"),
    pytest.param({"game": [{"rules": "wmo", "seed": "x"}]}, "Hand 1 of the game", id="bad_hand"),
    pytest.param({"game": []}, "needs its first hand's record", id="empty_no_record"),
    pytest.param({"game": [], "rules": "wmo", "seed": 5, "moves": [], "hand": 3}, "hand 4 of a game, but the game has 0", id="wrong_place"),
])
def test_a_game_that_cannot_be_played_is_a_400_naming_the_problem(data, words):
    status, body = table_json(data)
    assert status == 400 and words in body["error"]


def test_an_unfinished_hand_in_the_game_is_named():
    first = bot_hand(FIRST_SEED, 1)[0].to_json()
    unfinished = {**first, "moves": first["moves"][:4]}
    status, body = table_json({"game": [unfinished]})
    assert status == 400 and "hand 1 of the game is not finished" in body["error"]


class Form(dict):
    def getlist(self, key):
        return [self[key]] if key in self else []


def test_a_games_record_pasted_under_play_a_saved_record_plays_the_game_on_from_there():
    from tutor.answers.asked import Asked
    from tutor.answers.table import table_answer

    game = whole_game()
    # The page after hand 4 of a game: its export is the whole game so far.
    page = table_answer(Asked(Form(game=compact([r.to_json() for r in game[:3]]), record=compact(game[3].to_json())), True, True))
    assert page.status == 200
    saved = page.context["game"]["saved_text"]
    assert json.loads(saved) == {"game": [r.to_json() for r in game[:3]], **game[3].to_json()}
    # Pasted alone, it brings back the same game at the same place.
    again = table_answer(Asked(Form(record=saved), True, True))
    assert again.status == 200
    for key in ("number", "rows", "players", "finished_text", "next"):
        assert again.context["game"][key] == page.context["game"][key], key
    assert again.context["game"]["next"] == 5
    # Beside a game of its own, a game's record is refused in words.
    both = table_answer(Asked(Form(record=saved, game=compact([game[0].to_json()])), True, True))
    assert both.status == 400 and "not both" in both.context["error"]
    broken = table_answer(Asked(Form(record=json.dumps({"game": [game[1].to_json()]})), True, True))
    assert broken.status == 400 and "hand 1 of the game has the record of hand 2" in broken.context["error"]


def test_an_edited_game_cannot_deal_itself_other_hands():
    game = [r.to_json() for r in whole_game()]
    other_seed = {**game[1], "seed": game[1]["seed"] + 1}
    status, body = table_json({"game": [game[0], other_seed]})
    assert status == 400 and "Hand 2 of the game has a seed of its own" in body["error"]
    status, body = table_json({"game": game[:1], **{**game[1], "level": 3}})
    assert status == 400 and "Hand 2 of the game is played with other rules or bots" in body["error"]
    status, body = table_json({"game": game[:1], **{**game[1], "rules": "china1998"}})
    assert status == 400 and "other rules or bots" in body["error"]
    status, body = table_json({"game": game[:1], **{**game[5], "hand": 1}})
    assert status == 400 and "seed of its own" in body["error"]
