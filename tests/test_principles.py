"""The combination principles, each deciding a score, and the reasons they give."""

import pytest

from tutor.rules.engine import score_text


def fans(result):
    return {f.fan.id: f.count for f in result.fans}


def excluded(result):
    return {e.fan.id: e for e in result.excluded}


def test_non_repeat_names_the_implying_fan():
    result = score_text("[123m] [234m] [345m] 456m 99p", win="9p")
    assert 16 in fans(result) and 30 not in fans(result)
    entry = excluded(result)[30]
    assert entry.by.id == 16
    assert entry.principle == "non-repeat"
    assert "implied by Four Pure Shifted Chows" in entry.reason


def test_account_once_caps_chow_pairs_with_three_chows():
    # 123m 123m 123p: two identical chows and two copies of the same chow in another suit.
    result = score_text("[123m] [123m] 123p 999s EE", win="E")
    counted = fans(result)
    assert counted.get(69) == 1 and counted.get(70) == 1
    assert sum(counted.get(f, 0) for f in (69, 70, 71, 72)) == 2


def test_account_once_allows_three_chow_pairs_with_four_chows():
    result = score_text("[234s] [567s] [234p] 567p 99m", win="9m")
    counted = fans(result)
    assert counted.get(70) == 2 and counted.get(71) == 1
    assert 71 in excluded(result)  # the fourth pair fan is left out
    assert excluded(result)[71].principle == "account-once"
    assert "already counts in" in excluded(result)[71].reason


def test_fourth_chow_joins_a_three_chow_fan_once():
    result = score_text("[234m] [234p] [234s] 234m 55p", win="5p")
    counted = fans(result)
    assert counted.get(41) == 1 and counted.get(69) == 1
    assert 70 not in counted


def test_pung_of_terminals_absorbed_by_honor_fans():
    result = score_text("[EEE] [999m] 123p 456p 55s", win="5s", seat_wind="E")
    counted = fans(result)
    assert counted.get(61) == 1 and counted.get(60) == 1
    assert counted.get(73) == 1  # 999m still counts; EEE does not count twice
    result = score_text("[NNN] [999m] 123p 456p 55s", win="5s")
    assert fans(result).get(73) == 2


def test_chicken_hand_only_when_nothing_else_scores_and_flowers_do_not_block_it():
    result = score_text("[123m] [456p] [678m] 234s CC", win="4s", flowers=2)
    assert fans(result) == {43: 1, 81: 2}
    assert result.total == 10


def test_best_division_is_chosen():
    # 111222333m reads as three pungs or as three identical chows; the pungs score more
    # (Pure Shifted Pungs with Three Concealed Pungs beats Pure Triple Chow).
    result = score_text("111222333m 789p 55s", win="5s")
    counted = fans(result)
    assert 24 in counted and 33 in counted
    assert 23 not in counted
    chows_only = score_text("[123m] [123m] [123m] 789p 55s", win="5s")
    assert 23 in fans(chows_only)
    assert result.total > chows_only.total


def test_seven_pairs_against_four_sets():
    # 1122335577889955? Pure Terminal Chows (64) beats Seven Pairs (24).
    result = score_text("11223355778899s", win="5s")
    assert 13 in fans(result)
    assert 19 not in fans(result)


def test_concealed_pung_completed_by_discard_counts_as_melded():
    self_drawn = score_text("222m 555p 777m 456s EE", win="7m", self_drawn=True)
    discard = score_text("222m 555p 777m 456s EE", win="7m")
    assert 33 in fans(self_drawn)
    assert 66 in fans(discard) and 33 not in fans(discard)


def test_winning_tile_read_in_chow_keeps_pung_concealed():
    result = score_text("333m 345m 555p 777s EE", win="3m")
    assert 33 in fans(result)


def test_wait_fans_need_a_single_waiting_tile():
    two_sided = score_text("[234m] [456m] 234p 111s EE", win="4p")
    assert not {77, 78, 79} & set(fans(two_sided))
    assert "waited on" in score_text("[234m] [456m] 234p 111s EE", win="4p", why_not=[77]).why_not[0].reason


@pytest.mark.parametrize("hand, win, form", [
    pytest.param("11223344m 5566p 77s", "7s", "Seven Pairs", id="seven_pairs"),
    pytest.param("11223344556677s", "7s", "Seven Shifted Pairs", id="seven_shifted_pairs"),
    pytest.param("19m 19p 19s ESWNCFP 9s", "9s", "Thirteen Orphans", id="thirteen_orphans"),
])
def test_why_not_single_wait_names_the_form_that_leaves_it_out(hand, win, form):
    answer = score_text(hand, win=win, why_not=[79]).why_not[0]
    assert not answer.counted
    assert answer.reason == f"Single Wait is not counted: {form} leaves it out (non-repeat)."


def test_totals_add_up():
    result = score_text("[EEE] 123m 456p 789s 55s", win="5s", flowers=3)
    assert result.total == sum(f.points * f.count for f in result.fans)
    assert result.points_without_flowers == result.total - 3
    assert result.meets_minimum


def test_why_not_points_to_the_other_reading():
    result = score_text("11223355778899p", win="5p", why_not=[19])
    answer = result.why_not[0]
    assert not answer.counted
    assert "read as 11p 22p 33p 55p 77p 88p 99p" in answer.reason
    assert "one reading only" in answer.reason


def test_no_payment_below_the_minimum():
    low = score_text("123m 123p 123p 789s 55s", win="5s", flowers=2)
    assert not low.meets_minimum and low.payments() is None
    high = score_text("[EEE] 123m 456p 789s 55s", win="5s", self_drawn=True)
    assert high.payments() == {"each_player": high.total + 8, "winner_receives": 3 * (high.total + 8)}
