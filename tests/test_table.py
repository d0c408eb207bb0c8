"""The practice table's game (tutor.practice.table): records, the rules of play on built
positions, what the learner sees, and one click's answer."""

from __future__ import annotations

import functools
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import table_records

from tutor.practice.seating import SEATING_FILE
from tutor.practice.seating import load as load_seating
from tutor.practice.table.bots import policy
from tutor.practice.table.game import HANDS_PER_GAME, hand_seating, hand_seed, running_totals
from tutor.practice.table.moves import ACTIONS, TILE_ACTIONS, Move, MoveError
from tutor.practice.table.play import apply, options, short_win, to_decide
from tutor.practice.table.record import MAX_MOVES, Record, RecordError, export_record, import_record, parse_record, replay
from tutor.practice.table.state import CLAIMS, OVER, ROBBING, TURN, Exposed, deal, tiles_on_table
from tutor.practice.table.table import advance, answer, bot_hand, game_totals, learner_seat
from tutor.practice.table.view import seat_view
from tutor.practice.table.wall import ALL_144, MAX_SEED
from tutor.rules import tiles as T
from tutor.rules.engine import score_text
from tutor.rules.notation import parse_hand

E, S, W, N = range(4)


def tile(code: str) -> int:
    return T.from_code(code)


def table(hands: dict[int, str], *, current: int = E, drawn: str | None = None, wall: str = "", prevalent: str = "E"):
    """A table set up by hand: each seat's tiles in notation ([...] a set claimed from the
    seat before, {...} a concealed kong), `current` to play, and the wall's tiles in order."""
    state = deal(1, "wmo", prevalent)
    for seat in range(4):
        hand = parse_hand(hands.get(seat, "19m 19p 19s ESWNCF"))
        player = state.seats[seat]
        player.counts = [hand.concealed.count(t) for t in range(34)]
        player.exposed = [Exposed(m, None if m.concealed else (seat - 1) % 4, None if m.concealed else m.tile) for m in hand.melds]
        player.flowers, player.river = [], []
    state.wall = [tile(c) for c in wall.split()]
    state.front, state.back = 0, len(state.wall)
    state.phase, state.current, state.window = TURN, current, None
    state.drawn = tile(drawn) if drawn else None
    return state


# ---------------------------------------------------------------------------- the deal


def test_the_deal_gives_east_fourteen_the_others_thirteen_and_sets_every_flower_aside():
    for seed in range(40):
        state = deal(seed, "wmo")
        assert [sum(s.counts) for s in state.seats] == [14, 13, 13, 13]
        assert tiles_on_table(state) == list(ALL_144)
        assert sum(len(s.flowers) for s in state.seats) + sum(t >= 34 for t in state.wall[state.front:state.back]) == 8
        assert state.drawn is not None and state.seats[E].counts[state.drawn]


def test_the_same_seed_deals_the_same_wall_and_another_seed_another():
    assert deal(7, "wmo").wall == deal(7, "wmo").wall != deal(8, "wmo").wall


# ---------------------------------------------------------------------------- claims


def test_a_chow_is_offered_to_the_next_seat_only_and_a_pung_to_any():
    state = table({S: "12m 55p 19s ESWNCFP", W: "12m 33m 9p 19s ESWNC", N: "33m 1p 19s ESWNCFP"},
                  current=E, drawn="3m", wall="9s 9s 9s")
    state.seats[E].counts[tile("3m")] += 1
    apply(state, Move(E, "discard", tile("3m")))
    assert state.phase == CLAIMS
    assert Move(S, "chow", tile("1m")) in options(state, S)
    assert not [m for m in options(state, W) if m.action == "chow"]
    assert Move(W, "pung", tile("3m")) in options(state, W) and Move(N, "pung", tile("3m")) in options(state, N)


def test_a_pung_goes_before_a_chow_and_the_claimer_then_only_discards():
    state = table({S: "12m 55p 19s ESWNCFP", N: "33m 1p 19s ESWNCFP"}, current=E, drawn="3m", wall="9s 9s 9s")
    state.seats[E].counts[tile("3m")] += 1
    apply(state, Move(E, "discard", tile("3m")))
    apply(state, Move(S, "chow", tile("1m")))
    apply(state, Move(N, "pung", tile("3m")))
    assert state.phase == TURN and state.current == N and state.drawn is None
    assert state.seats[N].exposed[-1].source == E and state.seats[S].exposed == []
    assert {m.action for m in options(state, N)} == {"discard"}
    assert state.wall_left == 3  # no draw after a claim


def test_of_two_winners_on_one_discard_the_nearest_after_the_discarder_takes_it():
    waiting = "1234p 6789p 123s EE"  # wins on 5p with a pure straight
    state = table({W: waiting, N: waiting}, current=S, drawn="5p", wall="9s 9s")
    state.seats[S].counts[tile("5p")] += 1
    apply(state, Move(S, "discard", tile("5p")))
    assert sorted(state.window.options) == [W, N]
    apply(state, Move(N, "win"))
    apply(state, Move(W, "win"))
    assert state.phase == OVER and state.outcome.winner == W and state.outcome.discarder == S
    assert state.outcome.payments[S] < 0 and state.outcome.payments[N] == -8


def test_an_added_kong_can_be_robbed_and_the_robbed_seat_pays_as_discarder():
    state = table({S: "[555p] 123m 456m 789m 1s", W: "1234p 6789p 123s EE"}, current=S, drawn="5p", wall="9s 9s")
    state.seats[S].counts[tile("5p")] += 1
    apply(state, Move(S, "kong", tile("5p")))
    assert state.phase == ROBBING and to_decide(state) == [W]
    assert tiles_on_table(state).count(tile("5p")) == 4 - 0  # the tile being added is still on the table
    apply(state, Move(W, "win"))
    outcome = state.outcome
    assert outcome.winner == W and outcome.discarder == S and outcome.request["robbing_kong"]
    assert "robbing-the-kong" in {f.fan.slug for f in outcome.result.fans}
    assert "last-tile" not in {f.fan.slug for f in outcome.result.fans}  # robbing excludes it


def test_an_added_kong_nobody_robs_stands_and_its_replacement_comes_from_the_back():
    state = table({S: "[555p] 123m 456m 789m 1s"}, current=S, drawn="5p", wall="9s 8s 2s")
    state.seats[S].counts[tile("5p")] += 1
    apply(state, Move(S, "kong", tile("5p")))
    assert state.phase == TURN and state.seats[S].exposed[0].meld.kind == "kong"
    assert state.drawn == tile("2s") and state.on_replacement and state.wall_left == 2


def test_a_win_on_a_kong_replacement_is_out_with_replacement_tile():
    state = table({E: "CCCC 123m 456m 789p 5s"}, current=E, drawn="C", wall="9s 9s 5s")
    apply(state, Move(E, "kong", tile("C")))
    assert Move(E, "win") in options(state, E)
    apply(state, Move(E, "win"))
    request = state.outcome.request
    assert request["replacement_tile"] and request["self_drawn"] and request["hand"].startswith("{CCCC}")
    assert "out-with-replacement-tile" in {f.fan.slug for f in state.outcome.result.fans}


def test_the_last_tile_of_the_wall_self_drawn_is_last_tile_draw_and_then_the_hand_is_drawn():
    state = table({S: "1234p 6789p 123s EE"}, current=E, drawn="9s", wall="5p")
    state.seats[E].counts[tile("9s")] += 1
    apply(state, Move(E, "discard", tile("9s")))
    assert state.current == S and state.wall_left == 0 and Move(S, "win") in options(state, S)
    apply(state, Move(S, "win"))
    assert state.outcome.request["last_wall_tile"] and state.outcome.request["self_drawn"]
    drawn = table({}, current=E, drawn="9s", wall="")
    drawn.seats[E].counts[tile("9s")] += 1
    apply(drawn, Move(E, "discard", tile("9s")))
    assert drawn.phase == OVER and drawn.outcome.winner is None


def test_no_kong_is_declared_once_the_wall_is_empty():
    state = table({E: "CCCC 123m 456m 789p 5s"}, current=E, drawn="C", wall="")
    assert not [m for m in options(state, E) if m.action == "kong"]


def test_the_last_tile_is_the_fourth_copy_with_the_other_three_in_sight():
    state = table({S: "123m 456m 789m EE 13p"}, current=E, drawn="2p", wall="9s")
    state.seats[N].river = [[tile("2p"), None], [tile("2p"), None], [tile("2p"), None]]
    state.seats[E].counts[tile("2p")] += 1
    apply(state, Move(E, "discard", tile("2p")))
    assert state.window.options[S][0] == Move(S, "win")
    apply(state, Move(S, "win"))
    assert state.outcome.request["last_tile"]


def test_a_win_under_eight_is_no_option_but_is_known_as_a_short_win():
    state = table({S: "123m 456m 789p 33s EE"}, current=E, drawn="3s", wall="9s")  # wins on 3s for under 8
    state.seats[E].counts[tile("3s")] += 1
    apply(state, Move(E, "discard", tile("3s")))
    short = short_win(state, S)
    assert short is not None and not short[1].meets_minimum
    assert options(state, S) == (Move(S, "pung", tile("3s")), Move(S, "pass"))
    with pytest.raises(MoveError, match="S declares a win: S may only pung 3s, pass"):
        apply(state, Move(S, "win"))


# ---------------------------------------------------------------------------- records


def test_a_record_replays_to_the_same_table_after_a_trip_through_json():
    record, state = bot_hand(11, level=2)
    again = replay(parse_record(json.loads(json.dumps(record.to_json()))))
    assert again.phase == OVER == state.phase
    assert [(s.counts, s.exposed, s.river, s.flowers) for s in again.seats] == \
           [(s.counts, s.exposed, s.river, s.flowers) for s in state.seats]
    assert again.outcome.payments == state.outcome.payments


def test_a_tampered_move_is_refused_with_its_number():
    record, _ = bot_hand(12, level=1)
    moves = list(record.moves)
    index = next(i for i, m in enumerate(moves) if m.action == "discard" and i > 5)
    held = replay(record.with_moves(moves[:index])).seats[moves[index].seat].counts
    moves[index] = Move(moves[index].seat, "discard", next(t for t in range(34) if not held[t]))
    with pytest.raises(RecordError, match=f"move {index + 1} "):
        replay(record.with_moves(moves))


def test_a_record_played_on_another_seed_is_refused():
    record, _ = bot_hand(13, level=1)
    with pytest.raises(RecordError, match=r"move \d+ \("):
        replay(Record(record.rules, 14, record.moves, record.level, record.hand))


@pytest.mark.parametrize(("data", "words"), [
    pytest.param({"seed": 10**99}, "'seed' must be a whole number", id="seed_10_99"),
    pytest.param({"seed": "①"}, "'seed' must be a whole number", id="circled_digit"),
    pytest.param({"seed": "²"}, "'seed' must be a whole number", id="superscript_digit"),
    pytest.param({"seed": True}, "'seed' must be a whole number", id="seed_boolean"),
    pytest.param({"seed": -1}, "'seed' must be a whole number", id="seed_negative"),
    pytest.param({}, "needs 'seed'", id="no_seed"),
    pytest.param({"seed": 1, "level": "２"}, "'level'", id="fullwidth_level"),
    pytest.param({"seed": 1, "rules": "riichi"}, "'rules'", id="unknown_rules"),
    pytest.param({"seed": 1, "player": 2}, "no field 'player'", id="unknown_field"),
    pytest.param({"seed": 1, "moves": {}}, "'moves' must be a list", id="moves_object"),
    pytest.param({"seed": 1, "moves": [{"seat": "E", "action": "draw"}]}, "move 1: unknown action 'draw'", id="unknown_action"),
    pytest.param({"seed": 1, "moves": [{"seat": "E", "action": "discard", "tile": "５s"}]}, "move 1: a discard move needs 'tile'",
                 id="fullwidth_tile"),
    pytest.param({"seed": 1, "moves": [{"seat": "E", "action": "pass", "tile": "5s"}]}, "no field 'tile'", id="tile_on_pass"),
    pytest.param({"seed": 1, "moves": [{"seat": "X", "action": "pass"}]}, "'seat' must be", id="unknown_seat"),
    pytest.param({"seed": 1, "moves": [[[[[[]]]]]]}, "move 1: a move is an object", id="deep_nesting"),
    pytest.param({"seed": 1, "moves": [{"seat": "E", "action": "pass"}] * 10_000}, "10000 moves", id="ten_thousand_moves"),
    pytest.param([1, 2], "a record is an object", id="not_an_object"),
])
def test_a_bad_record_is_refused_with_a_sentence_naming_the_problem(data, words):
    with pytest.raises(RecordError, match=words):
        parse_record(data)


def test_the_largest_seed_is_read_and_the_next_refused():
    assert parse_record({"seed": MAX_SEED}).seed == MAX_SEED
    assert parse_record({"seed": str(MAX_SEED)}).seed == MAX_SEED
    with pytest.raises(RecordError):
        parse_record({"seed": MAX_SEED + 1})
    assert MAX_MOVES < 10_000


@settings(max_examples=300, deadline=None)
@given(table_records)
def test_any_json_is_answered_or_refused_with_a_record_error_and_nothing_else(data):
    try:
        answer(data)
    except RecordError as error:
        assert str(error)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from("ESWN"), st.sampled_from(ACTIONS),
       st.sampled_from(T.CODES))
def test_a_record_with_any_one_move_changed_replays_or_is_refused_at_that_move_or_later(where, seat, action, code):
    record = _bot_record(31)
    moves = [m.to_json() for m in record.moves]
    index = where % len(moves)
    moves[index] = {"seat": seat, "action": action, **({"tile": code} if action in TILE_ACTIONS else {})}
    try:
        replay(parse_record({**record.to_json(), "moves": moves}))
    except RecordError as error:
        named = re.match(r"move (\d+) ", str(error))
        assert named and int(named.group(1)) >= index + 1, str(error)


@functools.cache
def _bot_record(seed: int) -> Record:
    return bot_hand(seed, level=1)[0]


def test_a_record_exports_to_json_text_and_imports_back():
    record, _ = bot_hand(32, level=3)
    assert import_record(export_record(record)) == record
    for text in ("[" * 100_000 + "]" * 100_000, "{", "x" * 300_000, '{"seed": 1e999}'):
        with pytest.raises(RecordError):
            import_record(text)


# ---------------------------------------------------------------------------- the learner's click


def test_a_click_advances_the_bots_to_the_learners_next_decision_and_lists_legal_moves():
    first = answer({"rules": "wmo", "seed": 5, "moves": [], "level": 1, "hand": 1})
    assert json.loads(json.dumps(first)) == first  # JSON as it stands
    seat = "ESWN"[learner_seat(parse_record(first["record"]))]
    assert first["view"]["seat"] == seat != "E"  # in hand 2 the learner is no longer East
    assert first["legal"] and all(m["seat"] == seat for m in first["legal"])
    assert seat in first["view"]["waiting_for"]
    assert first["record"]["moves"]  # the bots before the learner have played
    nxt = answer({**first["record"], "moves": first["record"]["moves"] + [first["legal"][-1]]})
    assert nxt["record"]["moves"][: len(first["record"]["moves"]) + 1] == first["record"]["moves"] + [first["legal"][-1]]


@functools.cache
def _won_by_clicks() -> dict:
    """The result of the first hand (by seed) that ends in a win, played click by click by a
    learner who declares whenever offered and otherwise takes the last legal move."""
    for seed in range(30):
        reply = answer({"seed": seed, "level": 1})
        while reply["result"] is None:
            assert reply["legal"]
            pick = next((m for m in reply["legal"] if m["action"] == "win"), reply["legal"][-1])
            reply = answer({**reply["record"], "moves": reply["record"]["moves"] + [pick]})
            assert reply["refused"] is None or reply["refused"]["scored"]["meets_minimum"] is False
        if not reply["result"]["draw"]:
            return reply["result"]
    pytest.fail("no hand of 30 was won")


def test_a_whole_hand_played_through_clicks_ends_with_a_result_the_calculator_scores_alike():
    result = _won_by_clicks()
    request = dict(result["request"])
    again = score_text(request.pop("hand"), edition=request.pop("rules"), **request)
    assert again.to_dict() == result["scored"]
    assert sum(result["payments"]) == 0


def test_the_result_request_is_one_the_score_api_takes_and_answers_alike(client):
    result = _won_by_clicks()
    response = client.post("/api/score", json=result["request"])
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == json.loads(json.dumps(result["scored"]))


def test_the_learner_sees_only_their_own_tiles_and_what_is_face_up():
    record, state = bot_hand(21, level=1)
    for seat in range(4):
        view = seat_view(state, seat)
        assert len(view["tiles"]) == sum(state.seats[seat].counts)
        others = [p for p in view["players"] if p["seat"] != view["seat"]]
        assert all(isinstance(p["concealed"], int) for p in others)
        assert all(s["tiles"] is None for p in others for s in p["sets"] if s["concealed"])
        json.dumps(view)


def test_bots_never_claim_for_the_learner_before_the_learner_decides():
    """In a claim the learner and bots may both decide: the record stops at the learner,
    so it shows no bot's claim the table has not made yet."""
    seen_others = False
    for seed in range(20):
        record = parse_record({"seed": seed, "level": 1})
        state = replay(record)
        learner = learner_seat(record)
        while state.phase != OVER:
            record = advance(record, state, learner)
            if state.phase in (CLAIMS, ROBBING):
                assert learner in state.window.waiting() and state.window.decisions == {}
                seen_others = seen_others or len(state.window.options) > 1
            if state.phase != OVER:
                move = policy(1).choose(state, learner, options(state, learner))
                apply(state, move)
                record = record.with_moves(record.moves + (move,))
        if seen_others:
            return
    pytest.fail("no claim came to the learner and a bot at once in 20 hands")


def test_a_declaration_under_eight_is_refused_with_the_calculators_explanation():
    for seed in range(400):
        record = parse_record({"seed": seed, "level": 1})
        state = replay(record)
        learner = learner_seat(record)
        while state.phase != OVER:
            record = advance(record, state, learner)
            if state.phase == OVER:
                break
            if short_win(state, learner):
                before = record.to_json()
                reply = answer({**before, "moves": before["moves"] + [{"seat": "ESWN"[learner], "action": "win"}]})
                assert reply["record"] == before  # not played
                assert "needs 8" in reply["refused"]["message"] and not reply["refused"]["scored"]["meets_minimum"]
                assert {"seat": "ESWN"[learner], "action": "win"} in reply["legal"]
                return
            move = policy(1).choose(state, learner, options(state, learner))
            apply(state, move)
            record = record.with_moves(record.moves + (move,))
    pytest.fail("no short win came to the learner in 400 hands")


# ---------------------------------------------------------------------------- a game of 16 hands


def test_over_a_game_each_player_sits_each_wind_once_a_round_and_the_deal_moves_every_hand():
    sheet = load_seating(SEATING_FILE)
    for hand in range(HANDS_PER_GAME):
        seating = hand_seating(hand)
        assert sorted(seating.seats) == [0, 1, 2, 3]
        assert seating.prevalent == sheet.rounds[hand // 4]
        for player in range(4):
            assert "ESWN"[seating.seat_of(player)] == sheet.seat_wind(hand // 4, hand % 4, player)
    assert len({hand_seating(h).seats[0] for h in range(4)}) == 4


def test_running_totals_add_each_hands_gains_to_the_player_who_sat_there():
    totals = running_totals([(0, (30, -10, -10, -10)), (1, (-8, 24, -8, -8))])
    assert totals[0] == (30, -10, -10, -10)
    dealer_of_hand_two = hand_seating(1).seats[0]
    assert totals[1][dealer_of_hand_two] == totals[0][dealer_of_hand_two] - 8
    assert sum(totals[1]) == 0


def test_a_games_totals_follow_each_player_round_the_table():
    records = [bot_hand(40 + n, level=1, hand=n)[0] for n in range(5)]
    game = game_totals(records)
    assert len(game["totals"]) == 5 and all(sum(t) == 0 for t in game["totals"])
    fifth = hand_seating(4)
    assert [game["totals"][4][p] - game["totals"][3][p] for p in range(4)] == [game["hands"][4][fifth.seat_of(p)] for p in range(4)]
    with pytest.raises(RecordError, match="hand 1 of the game has the record of hand 2"):
        game_totals(records[1:])


def test_a_bot_level_is_any_policy_object_and_its_moves_are_refereed():
    class FirstOption:
        name, level = "first option", 9

        def choose(self, state, seat, options):
            return options[-1]  # a pass, or the last discard: legal, if foolish

    record = Record("wmo", 50, (), 1, 0)
    state = replay(record)
    played = advance(record, state, None, FirstOption())
    assert state.phase == OVER and replay(played).outcome.winner == state.outcome.winner


def _sheet_changes(result: dict) -> list[int]:
    """What the score sheet's rule (static/js/scoresheet-rules.js, changes) pays for a hand entered
    as game_totals gives it: the discarder, or everyone on a self-drawn win, pays the points plus 8."""
    out = [0, 0, 0, 0]
    if result["draw"]:
        return out
    for loser in (p for p in range(4) if p != result["winner"]):
        pays = result["points"] + 8 if result["discarder"] in (None, loser) else 8
        out[loser] -= pays
        out[result["winner"]] += pays
    return out


def test_a_games_hands_as_the_score_sheet_enters_them_give_the_same_totals():
    game_seed = 900
    records = [bot_hand(hand_seed(game_seed, n, MAX_SEED), level=1, hand=n)[0] for n in range(6)]
    game = game_totals(records)
    assert len(game["results"]) == 6
    before = [0, 0, 0, 0]
    for result, after in zip(game["results"], game["totals"]):
        if not result["draw"]:
            assert result["points"] - result["flowers"] >= 8 and result["winner"] != result["discarder"]
        assert [b + c for b, c in zip(before, _sheet_changes(result))] == after
        before = after
    assert any(not r["draw"] for r in game["results"])
    assert len({hand_seed(game_seed, n, MAX_SEED) for n in range(16)}) == 16
