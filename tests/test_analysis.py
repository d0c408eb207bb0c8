"""The analysis of 13- and 14-tile hands: waits (scored), discards, and the named cases of issue 11."""

import pytest
from shanten_differential import generate

from tutor.rules import tiles as T
from tutor.rules.analysis import analyze, check_hand, discards, last_written_tile, waits
from tutor.rules.engine import HandError, NotWinning, Situation, score
from tutor.rules.notation import Hand, parse_hand
from tutor.rules.shanten import counts_of, shanten


def codes(tiles) -> list[str]:
    return [T.code(t) for t in tiles]


def _add(hand: Hand, tile: int) -> Hand:
    return Hand(hand.melds, tuple(sorted(hand.concealed + (tile,))))


def _brute_force_waits(hand: Hand) -> list[int]:
    """Every tile with a copy left that the scorer accepts as completing the hand."""
    out = []
    for tile in range(34):
        if hand.counts()[tile] == 4:
            continue
        try:
            score(_add(hand, tile), Situation(win=tile))
        except NotWinning:
            continue
        out.append(tile)
    return out


# ---------------------------------------------------------------- properties


def test_waits_are_a_brute_force_over_the_34_tiles():
    checked = 0
    for case in generate(31, 400):
        if case.kind == "random":
            continue
        found = [w.tile for w in waits(case.hand)]
        assert found == _brute_force_waits(case.hand), case.hand.notation()
        checked += bool(found)
    assert checked >= 80  # enough ready hands among them for the comparison to mean something


def test_ready_exactly_when_there_are_waits_save_for_dead_tiles():
    for case in generate(32, 400):
        hand = case.hand
        analysis = analyze(hand)
        if analysis.waits:
            assert analysis.shanten == 0
        elif analysis.shanten == 0:
            # Ready in shape only: every completing tile is already held four times.
            assert all(hand.counts()[t] == 4 for t in range(34) if _shape_completes(hand, t)), hand.notation()


def _shape_completes(hand: Hand, tile: int) -> bool:
    added = _add(hand, tile)
    return shanten(counts_of(added.concealed), len(added.melds)) == -1


def test_each_wait_is_the_hand_scored_on_that_tile():
    situation = Situation(win=0, self_drawn=True, seat_wind="S", flowers=2)
    hand = parse_hand("123m 456p 789s 11s 23p")
    for wait in waits(hand, situation, "china1998"):
        expected = score(_add(hand, wait.tile), Situation(win=wait.tile, self_drawn=True, seat_wind="S", flowers=2),
                         "china1998")
        assert wait.result.total == expected.total
        entry = wait.to_dict()
        assert entry["total"] == sum(f["points"] * f["count"] for f in entry["fans"])
        assert entry["meets_minimum"] == (entry["points_without_flowers"] >= 8)


def test_discards_of_a_14_tile_hand():
    for case in generate(33, 120):
        hand = _add(case.hand, case.hand.concealed[-1])
        if max(hand.counts()) > 4:
            continue
        counts = hand.counts()
        options = discards(hand)
        assert sorted(d.tile for d in options) == sorted(set(hand.concealed))
        keys = [(d.shanten, -d.useful_count, d.tile) for d in options]
        assert keys == sorted(keys)
        for d in options:
            after = list(hand.concealed)
            after.remove(d.tile)
            assert d.shanten == shanten(counts_of(after), len(hand.melds))
            assert all(counts[t] < 4 for t in d.useful)
            assert d.useful_count == sum(4 - counts[t] for t in d.useful)
        analysis = analyze(hand)
        assert analysis.shanten == (-1 if analysis.score else min(d.shanten for d in options))


# ---------------------------------------------------------------- named cases


def test_nine_gates_waits_on_all_nine():
    found = waits(parse_hand("1112345678999m"))
    assert codes(w.tile for w in found) == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert all(4 in {f.fan.id for f in w.result.fans} for w in found)  # Nine Gates on each
    assert all(w.result.meets_minimum and w.wait_fan is None for w in found)


def test_thirteen_orphans_waits_on_thirteen():
    found = waits(parse_hand("19m 19p 19s ESWNCFP"))
    assert len(found) == 13
    assert codes(w.tile for w in found) == ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P"]
    assert all({f.fan.id for f in w.result.fans} == {7} for w in found)


@pytest.mark.parametrize(
    "text, expected",
    [
        # 111m + 1m would need a fifth 1m: ready in shape, no wait.
        pytest.param("1111m 123s 456p 789s", [], id="only_wait_is_a_fifth_copy"),
        # 23m waits on 1m or 4m; the four 1m are in the kong.
        pytest.param("[1111m] 23m 456p 789s EE", ["4m"], id="kong_holds_the_other_wait"),
    ],
)
def test_no_wait_on_a_tile_whose_four_copies_are_held(text, expected):
    analysis = analyze(parse_hand(text))
    assert analysis.shanten == 0
    assert codes(w.tile for w in analysis.waits) == expected
    assert "1m" not in codes(analysis.useful)


def test_seven_pairs_cannot_pair_a_tile_held_four_times():
    # Four 1m are two pairs (as the scorer and PyMahjongGB read them); no fifth 1m pairs again.
    analysis = analyze(parse_hand("1111m 22p 33p 44s 55s 6s"))
    assert analysis.forms["seven_pairs"] == 0
    assert codes(w.tile for w in analysis.waits) == ["6s"]
    assert {f.fan.id for f in analysis.waits[0].result.fans} >= {19, 64}  # Seven Pairs, Tile Hog
    # Three alike and five pairs: the fourth copy makes the seventh pair.
    assert "1m" in codes(w.tile for w in waits(parse_hand("111m 22p 33p 44s 55s 66s")))


def test_a_wait_that_the_situation_rules_out_says_why():
    # Last tile: the other three copies are on the table, so a tile also held concealed cannot be it.
    found = {T.code(w.tile): w for w in waits(parse_hand("111m 22p 33p 44s 55s 66s"), Situation(win=0, last_tile=True))}
    assert found["1m"].result is None and "Last tile" in found["1m"].error
    assert found["1m"].to_dict()["total"] is None


def test_a_winning_14_tile_hand_is_scored_on_the_tile_given():
    hand = parse_hand("1112345678999m 5m")
    analysis = analyze(hand, Situation(win=T.from_code("5m"), self_drawn=True))
    assert analysis.shanten == -1 and analysis.forms["standard"] == -1
    assert analysis.score.situation.win == T.from_code("5m")
    assert 4 in analysis.score.counted_ids()  # Nine Gates: the 5m completed 1112345678999m
    assert analysis.discards[0].tile == T.from_code("5m")  # back to the nine-sided wait
    assert analysis.to_dict()["score"]["total"] == analysis.score.total
    assert analyze(parse_hand("123m 456p 789s 11s 239p")).to_dict()["score"] is None


def test_hands_that_cannot_be_analysed():
    for text in ("123m 456p 789s 11s", "123m 456p 789s 11s 2345p", "11111m 456p 789s 11s"):
        with pytest.raises(HandError):
            check_hand(parse_hand(text))
    with pytest.raises(HandError):
        waits(parse_hand("123m 456p 789s 11s 234p"))
    with pytest.raises(HandError):
        discards(parse_hand("123m 456p 789s 11s 23p"))


def test_last_written_tile():
    assert T.code(last_written_tile("[EEE] 123m 5s 456p")) == "6p"
    assert T.code(last_written_tile("123m 456p 789s 11s {2222p}")) == "1s"
    assert last_written_tile("[EEE]") is None
    assert last_written_tile("12x") is None
