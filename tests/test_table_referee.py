"""The referee: seeded hands played by four bots to the end, every step checked.

Each hand is played by mixed levels: one seat (moving round the table from hand to hand)
plays level 1, 2 or 3, the other three level 1, so every level is refereed and a level-3 hand
costs one seat's play-outs, not four. Level 3 tests one seat in six hands (1, 2, 1, 2, 1, 3):
its hand costs six times a level-1 hand (its play-outs), and its moves are the value engine's
choices among the same legal options that level 2 makes, refereed the same way; in one hand in
three it cost two thirds of the suite's longest test. Both editions meet every level. Every move is one of the seat's options
(play.apply refuses any other); all 144 tiles are on the table after every move; every win scores 8 without flowers by the engine and,
in the china1998 edition, by PyMahjongGB; the record replays to the same table.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from oracle import gb_fans, gb_total

from tutor.practice.table.bots import policy
from tutor.practice.table.play import apply, options, to_decide
from tutor.practice.table.record import Record, replay
from tutor.practice.table.state import OVER, tiles_on_table
from tutor.practice.table.wall import ALL_144
from tutor.rules.editions import EDITIONS
from tutor.rules.engine import Situation
from tutor.rules.notation import parse_hand

FLOWER_TILES = 81
BOTS = {level: policy(level) for level in (1, 2, 3)}
LEVELS = (1, 2, 1, 2, 1, 3)  # the tested seat's level, hand by hand (each pair of seeds: both editions)


def referee(seed: int) -> dict:
    """Play one bot-only hand, checking each step; what happened, for the totals."""
    rules = EDITIONS[seed % len(EDITIONS)]
    level = LEVELS[(seed // len(EDITIONS)) % len(LEVELS)]
    record = Record(rules, seed, (), level, seed % 16)
    state = replay(record)
    assert tiles_on_table(state) == list(ALL_144)
    bots = [BOTS[level] if seat == seed % 4 else BOTS[1] for seat in range(4)]
    moves = []
    while state.phase != OVER:
        seat = to_decide(state)[0]
        allowed = options(state, seat)
        move = bots[seat].choose(state, seat, allowed)
        assert move in allowed, (seed, len(moves), move)
        apply(state, move)
        moves.append(move)
        assert tiles_on_table(state) == list(ALL_144), (seed, len(moves), move)
    outcome = state.outcome
    if outcome.winner is not None:
        result = outcome.result
        assert result.points_without_flowers >= 8, (seed, outcome.request)
        assert sum(outcome.payments) == 0 and outcome.payments[outcome.winner] > 0
        if rules == "china1998":
            request = outcome.request
            fields = {k: v for k, v in request.items() if k not in ("hand", "rules")}
            hand, situation = parse_hand(request["hand"]), Situation.from_mapping(fields)
            theirs = gb_fans(hand, situation)
            assert gb_total(hand, situation) - theirs.get(FLOWER_TILES, 0) >= 8, (seed, request, dict(theirs))
    again = replay(record.with_moves(moves))
    assert again.outcome.winner == outcome.winner and tiles_on_table(again) == tiles_on_table(state)
    assert [s.river for s in again.seats] == [s.river for s in state.seats]
    return {"won": outcome.winner is not None, "moves": len(moves), "rules": rules, "level": level}


def _tests_importable() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))


def _run(seeds) -> None:
    """Referee the hands on every core: they are independent, and the 2,000 of them are most of
    the suite's time on one. Fresh processes (spawn, not fork): the suite may hold threads."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=context, initializer=_tests_importable) as pool:
        played = list(pool.map(referee, seeds, chunksize=25))
    won = sum(p["won"] for p in played)
    # Both ends happen: hands are won, and some run the wall out.
    assert 0 < won < len(played)
    assert {(p["rules"], p["level"]) for p in played} == {(r, level) for r in EDITIONS for level in (1, 2, 3)}


def test_two_hundred_seeded_hands_are_refereed():
    _run(range(200))


@pytest.mark.slow
def test_two_thousand_seeded_hands_are_refereed():
    _run(range(200, 2200))
