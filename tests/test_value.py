"""The value engine (tutor.practice.value): routes that really score, waits against brute force,
the chance, the 8-point traps, and the sentences."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import hands_to_advise

from tutor.practice.value import AdviceError, advise, unseen_counts
from tutor.practice.value.routes import fan_key
from tutor.practice.value.traps import traps
from tutor.rules import tiles as T
from tutor.rules.engine import HandError, NotWinning, Situation, score
from tutor.rules.notation import Hand, parse_hand

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def completed(hand13: Hand, needs, drops) -> Hand:
    concealed = list(hand13.concealed) + list(needs)
    for t in drops:
        concealed.remove(t)
    return Hand(hand13.melds, tuple(sorted(concealed)))


def left_after(hand: Hand, tile) -> Hand:
    if tile is None:
        return hand
    concealed = list(hand.concealed)
    concealed.remove(tile)
    return Hand(hand.melds, tuple(concealed))


def test_the_issue_example_puts_1s_first_and_says_why():
    advice = advise(parse_hand("234m 123334555s WW"))
    by_tile = {T.code(d.tile): d for d in advice.discards}
    assert T.code(advice.best.tile) == "1s"
    assert [w.tile for w in advice.best.declarable_waits] == [T.from_code("3s")]
    three = by_tile["3s"]
    assert three.shanten == 0 and three.waits and not three.declarable_waits and three.value == 0
    assert "3s keeps you ready, but all three waits score under 8" in advice.reason
    assert "1s leaves you ready on 3s for 8 points" in advice.reason


@FAST
@given(hands_to_advise())
def test_each_route_scores_its_points_when_completed_with_its_tiles(made):
    hand, situation = made
    advice = advise(hand, situation)
    for option in advice.discards:
        hand13 = left_after(hand, option.tile)
        for route in option.routes:
            assert len(route.needs) == len(route.drops) + 1 == option.shanten + 1
            assert all(n > 0 for n in route.unseen)
            result = score(completed(hand13, route.needs, route.drops), replace(situation, win=route.needs[-1]))
            assert result.points_without_flowers == route.points
            assert fan_key(result) == route.fans
            assert route.meets_minimum == (route.points >= 8)


@FAST
@given(hands_to_advise(tiles=13))
def test_waits_with_points_agree_with_brute_force(made):
    hand, situation = made
    (option,) = advise(hand, situation).discards
    held = hand.counts()
    brute = {}
    for t in range(34):
        if held[t] >= 4:
            continue
        try:
            result = score(Hand(hand.melds, tuple(sorted(hand.concealed + (t,)))), replace(situation, win=t))
        except NotWinning:
            continue
        except HandError:
            brute[t] = None
            continue
        brute[t] = (result.points_without_flowers, result.meets_minimum)
    got = {w.tile: (None if w.result is None else (w.points, w.declarable)) for w in option.waits}
    assert got == brute
    assert not brute or option.shanten == 0  # a hand with a winning tile is ready


def test_the_chance_is_zero_when_every_path_stays_under_8():
    # Four melded chows and a single East: on a discard Melded Hand makes 6, self-drawn less.
    hand = parse_hand("[123m] [345p] [678s] [234p] E")
    option = advise(hand, playouts=300, seed=5).best
    assert option.chance is not None and option.chance.samples == 300
    assert option.chance.wins == 0 and option.chance.probability == 0
    assert option.value == 0 and option.routes and not any(r.meets_minimum for r in option.routes)
    # With a suited tile the wait adds All Chows, and a discard makes 8: the estimate is not always 0.
    straight = advise(parse_hand("[123m] [345p] [678s] [234p] 9s"), playouts=300, seed=5).best
    assert straight.chance.wins > 0


def test_the_same_seed_gives_the_same_estimate():
    hand = parse_hand("234m 123334555s WW")
    first = advise(hand, playouts=60, seed=11)
    again = advise(hand, playouts=60, seed=11)
    assert [d.chance for d in first.discards[:4]] == [d.chance for d in again.discards[:4]]
    assert all(d.chance.samples == 60 for d in first.discards[:4])
    assert first.discards[4].chance is None  # only the best four are played out


def test_a_budget_stops_the_play_outs_and_says_how_many_ran():
    option = advise(parse_hand("234m 123334555s WW"), playouts=100_000, budget_ms=40, seed=1).best
    assert 1 <= option.chance.samples < 100_000


def test_on_hands_where_shape_leaves_only_waits_under_8_the_first_discard_is_declarable():
    found = traps(seed=2024, count=40)
    assert len(found) == 40
    declarable_first = 0
    for trap in found:
        best = advise(trap.hand, trap.situation).best
        declarable_first += any(w.unseen > 0 for w in best.declarable_waits)
    assert declarable_first >= 0.9 * len(found), declarable_first


def test_seen_tiles_and_the_wall_change_the_unseen_copies():
    hand = parse_hand("234m 123334555s WW")
    assert unseen_counts(hand, [T.from_code("3s")])[T.from_code("3s")] == 0
    advice = advise(hand, seen=[T.from_code("3s")])
    one = advice.by_tile(T.from_code("1s"))
    assert one.value == 0 and "already in sight" in one.reason  # its one declarable wait is gone
    with pytest.raises(AdviceError, match="5 copies of 5s"):
        advise(hand, seen=[T.from_code("5s")] * 2)
    with pytest.raises(AdviceError, match="wall"):
        advise(hand, wall=200)
    assert advise(hand, wall=0).best.value == 0


def test_a_13_tile_hand_gets_its_routes_and_a_sentence():
    one_away = advise(parse_hand("123m 456p 789s 11s 29p"))
    assert one_away.tiles == 13 and one_away.best.tile is None
    assert one_away.best.shanten == 1 and one_away.best.routes
    assert one_away.reason.startswith("The hand is one tile from ready")
    assert any(r.meets_minimum for r in one_away.best.routes)


def test_a_situation_is_applied_to_the_routes():
    hand = parse_hand("123m 456p 789s 11s 23p")
    drawn = advise(hand, Situation(win=0, self_drawn=True)).best
    plain = advise(hand).best
    assert all(a.points == b.points + 2 for a, b in zip(drawn.waits, plain.waits))  # Fully Concealed Hand for Concealed Hand
