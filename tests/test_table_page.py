"""The practice table's coach, review and page, without a browser: the coach ranks exactly the
legal moves and never plays; a learner who always takes the coach's best matches it every time;
the review and the hint come from the record alone; the page's form and POST /api/table answer
the same game as tutor.practice.table.table.answer."""

from __future__ import annotations

import json
import re

import pytest

from tutor.answers.asked import Asked
from tutor.answers.table import read_move, table_answer, table_json
from tutor.practice.table import table as G
from tutor.practice.table.bots import policy
from tutor.practice.table.coach import coach, review
from tutor.practice.table.game import HANDS_PER_GAME, hand_seed
from tutor.practice.table.moves import SEATS
from tutor.practice.table.play import apply, options, to_decide
from tutor.practice.table.record import Record, RecordError, parse_record, replay
from tutor.practice.table.state import OVER
from tutor.practice.table.wall import MAX_SEED
from tutor.views.table import move_value, signed

SEEDS = range(1, 7)


def coached_hand(seed: int, level: int = 1) -> tuple[Record, int]:
    """A hand where the learner always takes the coach's best move (the bots play the rest)."""
    record = Record("wmo", seed, (), level)
    state = replay(record)
    learner = G.learner_seat(record)
    bot, moves = policy(level), []
    while state.phase != OVER and len(moves) < 600:
        seat = to_decide(state)[0]
        legal = options(state, seat)
        if seat == learner:
            coaching = coach(state, seat)
            move = coaching.best.move if coaching else legal[0]
        else:
            move = bot.choose(state, seat, legal)
        apply(state, move)
        moves.append(move)
    return record.with_moves(moves), learner


@pytest.mark.parametrize("seed", SEEDS)
def test_the_coach_ranks_exactly_the_legal_moves_and_leaves_the_table_as_it_was(seed):
    answered = G.answer({"seed": seed, "level": 1})
    state = replay(parse_record(answered["record"]))
    seat = SEATS.index(answered["view"]["seat"])
    before = (state.phase, state.front, state.back, [list(s.counts) for s in state.seats])
    coaching = coach(state, seat)
    assert coaching is not None
    assert sorted(move_value(r.move.to_json()) for r in coaching.ranked) == sorted(move_value(m) for m in answered["legal"])
    assert [r.value for r in coaching.ranked] == sorted((r.value for r in coaching.ranked), reverse=True)
    assert coaching.best.reason
    assert (state.phase, state.front, state.back, [list(s.counts) for s in state.seats]) == before


@pytest.mark.parametrize("seed", SEEDS)
def test_a_learner_who_takes_the_coachs_best_every_time_matches_it_every_time(seed):
    record, learner = coached_hand(seed)
    result = review(record, learner)
    assert result["decisions"] > 0
    assert result["matched"] == result["decisions"] and result["match_rate"] == 1.0
    assert result["mistakes"] == [] and result["costliest"] == []


def _worse_shape(mistake) -> bool:
    chose, best = mistake["shape"]["chose"], mistake["shape"]["best"]
    return (chose["from_ready"], -chose["useful"]) > (best["from_ready"], -best["useful"])


@pytest.mark.parametrize("seed", SEEDS)
def test_the_review_of_a_bots_hand_names_each_mistake_with_what_it_gave_up(seed):
    record, _ = G.bot_hand(seed, 1)
    learner = G.learner_seat(record)
    result = review(record, learner)
    assert result["matched"] + len(result["mistakes"]) == result["decisions"]
    costs = [(m["lost"], m["shape"]["chose"]["from_ready"] - m["shape"]["best"]["from_ready"]) for m in result["costliest"]]
    assert costs == sorted(costs, reverse=True) and len(costs) == min(3, len(result["mistakes"]))
    for mistake in result["mistakes"]:
        # Each gave up chance, or at the same chance, shape: never nothing.
        assert mistake["lost"] > 0 or (mistake["lost"] == 0 and _worse_shape(mistake))
        assert mistake["chose"] != mistake["best"]
        assert mistake["sentence"].startswith("You chose to ")
        assert record.moves[mistake["move"] - 1].to_json() == mistake["chose"]
    assert review(record, learner) == result  # from the record alone: the same every time


def test_early_in_a_hand_where_every_chance_is_0_a_discard_that_worsens_the_shape_is_a_mistake():
    """Early on no route reaches 8 points and every discard's chance is 0: the review would count
    any discard as the coach's best. It judges by shape there, as the coach ranks."""
    zero_ties = shape_mistakes = 0
    for seed in SEEDS:
        state = replay(Record("wmo", seed, (), 1))
        learner = G.learner_seat(Record("wmo", seed, (), 1))
        moves = []
        while state.phase != OVER and shape_mistakes < 3:
            seat = to_decide(state)[0]
            legal = options(state, seat)
            move = policy(1).choose(state, seat, legal)
            coaching = coach(state, seat) if seat == learner else None
            if coaching and coaching.best.move.action == "discard" and coaching.best.value == 0:
                zero_ties += 1
                worst = coaching.ranked[-1]
                if worst.value == 0 and worst.standing > coaching.best.standing:
                    move = worst.move  # the discard the coach ranks last, at the same chance of 0
                    moves.append(move)
                    apply(state, move)
                    result = review(Record("wmo", seed, (), 1).with_moves(moves), learner)
                    mistake = result["mistakes"][-1]
                    assert mistake["move"] == len(moves) and mistake["lost"] == 0 and _worse_shape(mistake)
                    shape_mistakes += 1
                    continue
            moves.append(move)
            apply(state, move)
    assert zero_ties and shape_mistakes == 3


@pytest.mark.parametrize(("text", "words"), [
    pytest.param("fly", "Unknown move 'fly'", id="unknown"),
    pytest.param("discard", "needs its tile", id="no_tile"),
    pytest.param("discard 9z", "needs its tile", id="bad_tile"),
    pytest.param("pass 5s", "takes no tile", id="pass_with_tile"),
    pytest.param("discard ⑤s", "needs its tile", id="circled_digit"),
])
def test_a_button_value_that_is_no_move_is_refused_in_words(text, words):
    with pytest.raises(RecordError, match=re.escape(words)):
        read_move(text, "E")


class Form(dict):
    def getlist(self, key):
        return [self[key]] if key in self else []


def test_the_page_and_the_api_play_the_same_game_as_the_pure_table():
    answered = G.answer({"seed": 5, "level": 2})
    move = answered["legal"][0]
    page = table_answer(Asked(Form(record=json.dumps(answered["record"]), move=move_value(move)), True, True))
    status, api = table_json({**answered["record"], "moves": [*answered["record"]["moves"], move]})
    assert page.status == 200 and status == 200
    assert json.loads(page.context["record_text"]) == api["record"]
    assert page.context["table"]["wall"] == api["view"]["wall"]


def test_a_hint_ranks_the_moves_and_plays_none():
    answered = G.answer({"seed": 5, "level": 2})
    page = table_answer(Asked(Form(record=json.dumps(answered["record"]), hint="1"), True, True))
    assert page.status == 200
    assert json.loads(page.context["record_text"]) == answered["record"]
    offered = {move_value(m) for m in answered["legal"]}
    assert {r["value_of"] for r in page.context["hint"]["ranking"]} <= offered


def test_a_move_the_table_does_not_allow_keeps_the_table_and_says_why():
    answered = G.answer({"seed": 5, "level": 2})
    page = table_answer(Asked(Form(record=json.dumps(answered["record"]), move="pung 1m"), True, True))
    assert page.status == 400 and "is not allowed" in page.context["error"]
    assert json.loads(page.context["record_text"]) == answered["record"]


@pytest.mark.parametrize("seed", range(20, 24))
def test_the_coach_answers_at_every_decision_of_every_seat_of_a_hand(seed):
    record, _ = G.bot_hand(seed, 2)
    state = replay(Record(record.rules, record.seed, (), record.level))
    for move in record.moves:
        for seat in to_decide(state):
            coaching = coach(state, seat)
            legal = options(state, seat)
            assert coaching is None or {r.move for r in coaching.ranked} == set(legal)
            assert coaching is not None or len(legal) < 2
        apply(state, move)


def test_post_api_table_ends_a_hand_with_the_request_that_api_score_scores_the_same(client):
    for seed in range(1, 40):
        record, state = G.bot_hand(seed, 2)
        if state.outcome is not None and state.outcome.winner is not None:
            break
    response = client.post("/api/table", json={**record.to_json(), "moves": [m.to_json() for m in record.moves]})
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"record", "view", "legal", "result", "refused"}
    result = body["result"]
    assert result["winner"] in SEATS and sum(result["payments"]) == 0 and body["legal"] == []
    scored = client.post("/api/score", json=result["request"])
    assert scored.status_code == 200
    assert scored.get_json()["total"] == result["scored"]["total"] >= 8


def test_post_api_table_adds_the_bots_moves_up_to_the_learners_decision(client):
    response = client.post("/api/table", json={"rules": "wmo", "seed": 77, "level": 2, "moves": []})
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] and all(m["seat"] == body["view"]["seat"] for m in body["legal"])
    again = client.post("/api/table", json={**body["record"], "moves": [*body["record"]["moves"], body["legal"][0]]})
    assert again.status_code == 200
    assert again.get_json()["record"]["moves"][:len(body["record"]["moves"]) + 1] == [*body["record"]["moves"], body["legal"][0]]


def test_a_game_deals_its_next_hand_from_its_records_with_the_winds_moved_and_the_totals():
    first = table_answer(Asked(Form(seed="31", level="1", mode="game"), True, True))
    assert first.status == 200 and first.context["game"]["number"] == 1
    assert json.loads(first.context["game"]["game_text"]) == []
    finished, _state = G.bot_hand(31, level=1, hand=0)  # the hand played out, the learner's seat by a bot
    over = table_answer(Asked(Form(record=json.dumps(finished.to_json()), game="[]"), True, True))
    game = over.context["game"]
    assert game["over"] and game["next"] == 2 and game["finished"] == 1
    totals = G.game_totals([finished])["totals"][-1]
    assert [p["total"] for p in game["players"]] == [signed(t) for t in totals]
    nxt = table_answer(Asked(Form(game=game["finished_text"]), True, True))
    second = nxt.context["game"]
    assert nxt.status == 200 and second["number"] == 2 and not second["over"]
    record = json.loads(nxt.context["record_text"])
    assert record["hand"] == 1 and record["seed"] != 31 and record["level"] == 1
    winds = [p["wind"] for p in game["players"]], [p["wind"] for p in second["players"]]
    assert winds[0] != winds[1] and sorted(winds[0]) == sorted(winds[1])
    sheet = json.loads(second["sheet"])
    assert sheet["id"] == "table-31" and len(sheet["events"]) == 1 and sheet["players"][0] == "You"


@pytest.mark.parametrize("game, words", [
    ("[[[", "not JSON"), ("{}", "at most 16"), (json.dumps([{"seed": 1}] * 17), "at most 16"),
    (json.dumps([{"seed": "①"}]), "Hand 1 of the game"),
])
def test_a_game_that_cannot_be_read_is_refused_in_words(game, words):
    page = table_answer(Asked(Form(game=game), True, True))
    assert page.status == 400 and words in page.context["error"]


def test_a_games_hand_out_of_place_or_unfinished_is_refused():
    page = table_answer(Asked(Form(record=json.dumps({"seed": 3, "hand": 2}), game="[]"), True, True))
    assert page.status == 400 and "hand 3 of a game" in page.context["error"]
    second = {"seed": hand_seed(3, 1, MAX_SEED), "hand": 1}
    page = table_answer(Asked(Form(record=json.dumps(second), game=json.dumps([{"seed": 3}])), True, True))
    assert page.status == 400 and "not finished" in page.context["error"]


def test_the_sixteenth_hand_ends_the_game_and_no_seventeenth_is_dealt():
    records = [G.bot_hand(hand_seed(12, n, MAX_SEED), level=1, hand=n)[0] for n in range(HANDS_PER_GAME)]
    earlier = json.dumps([r.to_json() for r in records[:-1]])
    last = table_answer(Asked(Form(record=json.dumps(records[-1].to_json()), game=earlier), True, True))
    game = last.context["game"]
    assert last.status == 200 and game["over"] and game["next"] is None and game["finished"] == HANDS_PER_GAME
    assert len(json.loads(game["sheet"])["events"]) == HANDS_PER_GAME
    assert [p["total"] for p in game["players"]] == [signed(t) for t in G.game_totals(records)["totals"][-1]]
    more = table_answer(Asked(Form(game=game["finished_text"]), True, True))
    assert more.status == 400 and "all played" in more.context["error"]


def test_the_review_says_what_a_shape_mistake_gave_up_when_the_chance_was_the_same():
    """A hand to its end in which the learner, at decisions where every chance is 0, takes the
    discard the coach ranks last: the page's review says so in terms of shape, with its figures."""
    from pathlib import Path

    from tutor.answers.pages import page_named
    from tutor.site import read_frame
    from tutor.views.table import review_view

    root = Path(__file__).resolve().parents[1]
    seed = SEEDS[0]
    record = Record("wmo", seed, (), 1)
    state, learner, moves, bot = replay(record), G.learner_seat(record), [], policy(1)
    while state.phase != OVER:
        seat = to_decide(state)[0]
        legal = options(state, seat)
        coaching = coach(state, seat) if seat == learner else None
        if coaching and coaching.best.value == 0 and coaching.ranked[-1].value == 0:
            move = coaching.ranked[-1].move
        else:
            move = bot.choose(state, seat, legal)
        moves.append(move)
        apply(state, move)
    finished = record.with_moves(moves)
    shape_only = [m for m in review(finished, learner)["mistakes"] if m["lost"] == 0]
    assert shape_only
    said = review_view(review(finished, learner), "E")["mistakes"]
    first = next(m for m in said if m["given_up"] == "shape")
    chose, best = first["shape"]["chose"], first["shape"]["best"]

    frame, row = read_frame(root, root / "site.toml"), page_named("table")
    page = table_answer(Asked(Form(record=json.dumps(finished.to_json())), True, True))
    html = frame.render(row.fragment, row.url, page.context)[2]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "The chance of a win stayed the same, but it left the hand" in text
    if chose["from_ready"] > 0:
        plural = "tile" if chose["from_ready"] == 1 else "tiles"
        assert f"{chose['from_ready']} {plural} from ready" in text
    assert f"{best['useful']} useful tile" in text or f"{best['useful']} unseen winning tile" in text


@pytest.mark.parametrize("seed", range(30, 34))
def test_the_coach_reads_every_claim_it_ranks(seed):
    """The offered discard lies face up in the river: seen once, and once claimed it is the seat's
    own. Counted twice, a seat holding its other copies made 'five copies' and every move came out
    unread (130 of 1,032 claim decisions in 60 hands)."""
    from tutor.practice.table.coach import UNREAD
    from tutor.practice.table.state import CLAIMS, ROBBING

    record, _ = G.bot_hand(seed, 2)
    state = replay(Record(record.rules, record.seed, (), record.level))
    claims = 0
    for move in record.moves:
        for seat in to_decide(state):
            if state.phase in (CLAIMS, ROBBING):
                coaching = coach(state, seat)
                if coaching is not None:
                    claims += 1
                    assert all(r.shape.from_ready < UNREAD for r in coaching.ranked), (seat, coaching.ranked)
        apply(state, move)
    assert claims


@pytest.mark.parametrize(("lost", "chose", "best", "kind"), [
    pytest.param(0.2, (2, 10), (1, 30), "value", id="chance"),
    pytest.param(0.0, (3, 40), (2, 10), "shape", id="further_from_ready"),
    pytest.param(0.0, (2, 10), (2, 30), "shape", id="fewer_useful"),
    pytest.param(0.0002, (1, 30), (2, 10), "little", id="shape_better_chance_a_hair_less"),
    pytest.param(0.0002, (2, 30), (2, 30), "little", id="same_shape"),
])
def test_the_review_says_what_a_mistake_gave_up_and_never_a_shape_it_improved(lost, chose, best, kind):
    from tutor.views.table import review_view

    def where(pair):
        return {"from_ready": pair[0], "useful": pair[1]}
    mistake = {"move": 3, "chose": {"seat": "E", "action": "discard", "tile": "5s"},
               "best": {"seat": "E", "action": "discard", "tile": "9s"}, "lost": lost, "sentence": "You chose.",
               "shape": {"chose": where(chose), "best": where(best)}, "hand": "123m", "seat_wind": "E", "prevalent_wind": "E"}
    said = review_view({"decisions": 1, "matched": 0, "match_rate": 0.0, "mistakes": [mistake], "costliest": [mistake]}, "E")
    assert said["mistakes"][0]["given_up"] == kind
