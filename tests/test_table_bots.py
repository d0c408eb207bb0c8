"""The table's bots (tutor.practice.table.bots): levels 2 and 3 play the value engine.

Their moves are refereed in tests/test_table_referee.py; here: the same seed gives the
same moves, a bot decides only from what its seat may know, level 3 never declares under
8, and level 2 keeps a route to 8 on positions where level 1 throws it away.
"""

from __future__ import annotations

import copy
import random

import pytest
from test_table import table, tile

from tutor.practice.table.bots import PLAYOUTS, ChanceOfEight, Holding, RoutesToEight, TileEfficiency, holding, policy
from tutor.practice.table.moves import Move
from tutor.practice.table.play import apply, options, short_win, to_decide
from tutor.practice.table.record import Record, replay
from tutor.practice.table.state import OVER
from tutor.practice.table.table import advance, bot_hand
from tutor.practice.value.traps import traps
from tutor.rules.analysis import waits
from tutor.rules.engine import Situation
from tutor.rules.notation import Hand, parse_hand

E, S, W, N = range(4)


def test_the_levels_are_tile_efficiency_routes_to_eight_and_chance_of_eight():
    assert [type(policy(level)) for level in (1, 2, 3)] == [TileEfficiency, RoutesToEight, ChanceOfEight]
    assert [policy(level).level for level in (1, 2, 3)] == [1, 2, 3]


# ---------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("level", [2, 3])
def test_the_same_seed_gives_the_same_bot_moves(level):
    first, _ = bot_hand(61, level=level)
    again = advance(Record("wmo", 61, (), level, 0), replay(Record("wmo", 61, (), level, 0)), None, policy(level))
    assert first.moves == again.moves and len(first.moves) > 20


def test_level_three_plays_its_own_moves_not_level_twos():
    """The chance estimate changes some decision: the two levels part somewhere in a few hands."""
    for seed in range(62, 70):
        if bot_hand(seed, level=2)[0].moves != bot_hand(seed, level=3)[0].moves:
            return
    pytest.fail("levels 2 and 3 played the same moves in 8 hands")


def _hidden_shuffled(state, seat: int, rng: random.Random):
    """The same table as `seat` sees it, with the tiles it cannot see dealt otherwise: the
    wall reordered, and each other seat's concealed tiles swapped with tiles of the wall."""
    other = copy.deepcopy(state)
    hidden = other.wall[other.front:other.back]
    rng.shuffle(hidden)
    spare = iter([i for i, t in enumerate(hidden) if t < 34])  # playing tiles of the wall, each swapped once
    for index, player in enumerate(other.seats):
        if index == seat:
            continue
        for t in player.concealed_tiles()[:3]:
            i = next(spare, None)
            if i is not None and hidden[i] != t:
                player.counts[t] -= 1
                player.counts[hidden[i]] += 1
                hidden[i] = t
    other.wall[other.front:other.back] = hidden
    return other


@pytest.mark.parametrize("level", [2, 3])
def test_a_bot_decides_from_what_its_seat_sees_never_the_hidden_tiles(level):
    bot, rng, checked = policy(level), random.Random(5), 0
    record, _ = bot_hand(71, level=level)
    state = replay(Record("wmo", 71, (), level, 0))
    for move in record.moves:
        seat = to_decide(state)[0]
        if state.moves % 3 == 0 and state.wall_left > 20:
            other = _hidden_shuffled(state, seat, rng)
            assert holding(other, seat) == holding(state, seat)
            assert [s.counts for s in other.seats] != [s.counts for s in state.seats]
            assert bot.choose(other, seat, options(state, seat)) == move
            checked += 1
        apply(state, move)
    assert state.phase == OVER and checked > 10


# ---------------------------------------------------------------------------- never under 8


def test_level_three_passes_a_discard_that_wins_under_eight():
    state = table({S: "123m 456m 789p 33s EE"}, current=E, drawn="3s", wall="9s 9s 9s 9s")  # 3s wins for under 8
    state.seats[E].counts[tile("3s")] += 1
    apply(state, Move(E, "discard", tile("3s")))
    assert short_win(state, S) is not None
    move = policy(3).choose(state, S, options(state, S))
    assert move in options(state, S) and move.action != "win"


def test_level_three_discards_when_its_own_draw_wins_under_eight():
    state = table({S: "123m 456m 789p 33s EE"}, current=S, drawn="3s", wall="5p 5p 5p 5p")  # 5 points self-drawn
    state.seats[S].counts[tile("3s")] += 1
    assert short_win(state, S) is not None and Move(S, "win") not in options(state, S)
    move = policy(3).choose(state, S, options(state, S))
    assert move in options(state, S) and move.action == "discard"


# ---------------------------------------------------------------------------- routes to 8


def _holding(hand: Hand, seat_wind: str, prevalent: str) -> Holding:
    """A seat holding these 14 tiles with nothing else in sight, mid-hand."""
    counts = tuple(hand.concealed.count(t) for t in range(34))
    return Holding(counts, hand.melds, hand.tile_counts, seat_wind, prevalent, "wmo", wall=60)


def _eight_point_waits(hand: Hand, discard: int, hold: Holding) -> list[int]:
    """The waits left after `discard` that score 8 without flowers, won on a discard."""
    concealed = list(hand.concealed)
    concealed.remove(discard)
    left = Hand(hand.melds, tuple(concealed))
    situation = Situation(concealed[0], seat_wind=hold.seat_wind, prevalent_wind=hold.prevalent)
    return [w.tile for w in waits(left, situation) if w.result is not None and w.result.meets_minimum]


# Found by the value engine's trap generator (traps(1, 30), the 4th, 8th and 11th): the
# discard best by shape leaves the hand ready on waits that all score under 8.
@pytest.mark.parametrize(("hand", "seat_wind", "prevalent"), [
    pytest.param("12366m 122456789s", "N", "S", id="pure_straight_in_bamboos"),
    pytest.param("344566m 456789p 11s", "N", "W", id="straight_and_shifted_chows"),
    pytest.param("66677m 111p 124456s", "S", "N", id="keeps_the_eight_point_wait"),
])
def test_level_two_keeps_a_route_to_eight_that_level_one_throws_away(hand, seat_wind, prevalent):
    tiles = parse_hand(hand)
    hold = _holding(tiles, seat_wind, prevalent)
    candidates = sorted(set(tiles.concealed))
    first = TileEfficiency().discard(hold, E, candidates).tile
    second = RoutesToEight().discard(hold, E, candidates).tile
    assert _eight_point_waits(tiles, first, hold) == []
    assert _eight_point_waits(tiles, second, hold)


def test_on_the_trap_generators_positions_level_two_keeps_a_route_to_eight_and_level_one_mostly_not():
    kept = {1: 0, 2: 0}
    for trap in traps(2, 12):
        hold = _holding(trap.hand, trap.situation.seat_wind, trap.situation.prevalent_wind)
        candidates = sorted(set(trap.hand.concealed))
        for level, bot in ((1, TileEfficiency()), (2, RoutesToEight())):
            kept[level] += bool(_eight_point_waits(trap.hand, bot.discard(hold, E, candidates).tile, hold))
    # A trap's first discard by shape leaves only waits under 8: level 1 mostly plays it.
    assert kept[2] >= 10 and kept[1] <= 3, kept


def test_level_two_passes_a_chow_that_only_brings_a_hand_without_fans_closer():
    """Level 1 takes any chow that brings the hand closer to ready; level 2 wants a route to
    8 too, and a hand of three suits with no set that scores has none in sight."""
    state = table({S: "1336m 589p 1258s ES"}, current=E, drawn="2m", wall="5p 5p 5p 5p")
    state.seats[E].counts[tile("2m")] += 1
    apply(state, Move(E, "discard", tile("2m")))
    assert Move(S, "chow", tile("1m")) in options(state, S)
    assert policy(1).choose(state, S, options(state, S)).action == "chow"
    assert policy(2).choose(state, S, options(state, S)).action == "pass"


def test_level_three_estimates_with_a_fixed_count_of_play_outs_seeded_by_the_game_and_the_move():
    """No time budget: a record's moves never depend on how busy the machine was."""
    state = table({S: "123456789s 5m F CC"}, current=E, drawn="C", wall="5p 5p 5p 5p")
    state.seats[E].counts[tile("C")] += 1
    apply(state, Move(E, "discard", tile("C")))
    bot = policy(3)
    outlook = bot.outlook(holding(state, S))
    assert outlook.shanten <= 1 and outlook.chance is not None
    assert outlook.chance.samples == PLAYOUTS and outlook.chance.budget_ms is None
    assert outlook.chance.seed == holding(state, S).playout_seed
    later = copy.deepcopy(state)
    later.moves += 1
    assert holding(later, S).playout_seed != holding(state, S).playout_seed
