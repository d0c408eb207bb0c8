"""Where the two rule editions part, each shown by a hand (see content/rulings.md)."""

import pytest

from tutor.rules.engine import score_text
from tutor.rules.fans import FAN_BY_ID


def counted(hand, edition, **situation):
    result = score_text(hand, edition=edition, **situation)
    return {f.fan.id: (f.points, f.count) for f in result.fans}, result.total


def test_two_concealed_kongs_is_worth_8_in_wmo_and_6_in_1998():
    assert FAN_BY_ID[53].points("wmo") == 8 and FAN_BY_ID[53].points("china1998") == 6
    wmo, _ = counted("{2222m} {5555p} 789s 456s 99m", "wmo", win="9m")
    old, _ = counted("{2222m} {5555p} 789s 456s 99m", "china1998", win="9m")
    assert wmo[53] == (8, 1) and old[53] == (6, 1)
    assert 66 not in wmo and 67 not in wmo


def test_melded_plus_concealed_kong():
    wmo, _ = counted("[2222m] {5555p} 789s 456s 99m", "wmo", win="9m")
    old, _ = counted("[2222m] {5555p} 789s 456s 99m", "china1998", win="9m")
    assert wmo[57] == (6, 1) and old[57] == (5, 1)
    for fans in (wmo, old):
        assert 67 not in fans and 74 not in fans


def test_rulebook_numbers_of_the_8_and_6_point_fans():
    assert FAN_BY_ID[53].rulebook_number("wmo") == 48
    assert FAN_BY_ID[48].rulebook_number("wmo") == 49
    assert FAN_BY_ID[54].rulebook_number("wmo") == 54
    assert FAN_BY_ID[53].rulebook_number("china1998") == 53


@pytest.mark.parametrize(
    "hand, win",
    [
        pytest.param("1133m 5577p 99s EECC", "C", id="seven-pairs"),
        pytest.param("19m19p19sESWNCFPE", "E", id="thirteen-orphans"),
        pytest.param("111m 333p 555s 777s 99m", "9m", id="four-concealed-pungs"),
        pytest.param("11123456789995m", "5m", id="nine-gates"),
    ],
)
def test_self_drawn_special_hands_get_fully_concealed_in_wmo(hand, win):
    wmo, _ = counted(hand, "wmo", win=win, self_drawn=True)
    old, _ = counted(hand, "china1998", win=win, self_drawn=True)
    assert 56 in wmo and 80 not in wmo
    assert 80 in old and 56 not in old


def test_all_green_with_dragons_is_also_half_flush_in_wmo():
    hand = "[234s] [666s] 888s 234s FF"
    wmo, _ = counted(hand, "wmo", win="F")
    old, _ = counted(hand, "china1998", win="F")
    assert 3 in wmo and 49 in wmo
    assert 3 in old and 49 not in old


def test_all_terminals_with_double_pung():
    hand = "[111m] [999m] [111p] 999s 11s"
    wmo, _ = counted(hand, "wmo", win="1s")
    old, _ = counted(hand, "china1998", win="1s")
    assert wmo[65] == (2, 2)  # 111m with 111p, 999m with 999s
    assert 65 not in old


def test_nine_gates_and_pung_of_terminals():
    hand = "11123456789995m"
    wmo, _ = counted(hand, "wmo", win="5m")
    old, _ = counted(hand, "china1998", win="5m")
    assert 73 not in wmo
    assert old[73] == (1, 1)


@pytest.mark.parametrize(
    "hand, wmo_extra",
    [
        pytest.param("[EEEE] {SSSS} {WWWW} 123m 55s", 53, id="three-kongs-two-concealed"),
        pytest.param("[EEEE] [SSSS] {WWWW} 123m 55s", 67, id="three-kongs-one-concealed"),
        pytest.param("[EEEE] [SSSS] {WWWW} {NNNN} 55s", 53, id="four-kongs-two-concealed"),
    ],
)
def test_kong_fans_with_three_or_four_kongs(hand, wmo_extra):
    wmo, _ = counted(hand, "wmo", win="5s")
    old, _ = counted(hand, "china1998", win="5s")
    assert wmo_extra in wmo
    assert 53 not in old and 67 not in old


def test_three_concealed_kongs_add_only_concealed_pungs():
    wmo, _ = counted("{EEEE} {SSSS} {WWWW} 123m 55s", "wmo", win="5s")
    assert 33 in wmo and 53 not in wmo and 67 not in wmo


def test_best_division_follows_the_edition_values():
    # Self-drawn, these tiles read as seven pairs or as four chows and a pair. With
    # Fully Concealed Hand on seven pairs (wmo) the seven pairs reading wins; in the
    # 1998 reading seven pairs only adds Self-Drawn and the four sets win.
    hand = "445566m 44555566s"
    wmo = score_text(hand, win="6m", self_drawn=True, edition="wmo")
    old = score_text(hand, win="6m", self_drawn=True, edition="china1998")
    assert wmo.division.form == "seven_pairs"
    assert old.division.form == "standard"
    assert wmo.total == 55 and old.total == 52


def test_an_unknown_slug_in_the_edition_data_is_named_when_the_table_loads(monkeypatch):
    from dataclasses import replace

    from tutor.rules import fans as F

    wrong = replace(F.EDITION_RULES["wmo"], extra_implies={"full-flush": ("half-flsuh",)})
    monkeypatch.setattr(F, "EDITION_RULES", {**F.EDITION_RULES, "wmo": wrong})
    with pytest.raises(ValueError, match="edition wmo: extra_implies of full-flush names 'half-flsuh'"):
        F._check_the_table()


def test_an_unknown_slug_in_the_table_is_named_when_it_loads(monkeypatch):
    from dataclasses import replace

    from tutor.rules import fans as F

    rows = list(F.FANS)
    rows[21] = replace(rows[21], implies=("no-honours",))
    monkeypatch.setattr(F, "FANS", tuple(rows))
    with pytest.raises(ValueError, match=r"fan 22 \(full-flush\) implies names 'no-honours'"):
        F._check_the_table()
