"""Shanten and useful tiles: against PyMahjongGB's shanten functions, and by their definition.

bench/shanten_differential.py runs the same comparison on 20,000+ hands.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shanten_differential import KINDS, compare, generate
from strategies import standard_hands

from tutor.practice.hands import random_deals
from tutor.rules.notation import Hand, parse_hand
from tutor.rules.shanten import FORMS, counts_of, form_shanten, form_useful, shanten, useful_tiles
from tutor.rules.waits import is_winning

HANDS = 3000


@pytest.fixture(scope="module")
def cases():
    return [compare(case) for case in generate(2024, HANDS)]


def test_agrees_with_pymahjonggb_form_by_form(cases):
    disagreements = [f"{c.kind} {c.hand.notation()}: {c.disagreements}" for c in cases if not c.agree]
    assert not disagreements, "\n".join(disagreements[:10])


def test_the_sample_reaches_every_form_near_ready(cases):
    # Agreement means little unless every form is met ready and one tile from ready.
    met: Counter = Counter()
    for case in cases:
        forms = form_shanten(counts_of(case.hand.concealed), len(case.hand.melds))
        best = min(s for s in forms.values() if s is not None)
        met.update((form, s) for form, s in forms.items() if s == best and s in (0, 1))
    assert Counter(c.kind for c in cases) == {kind: HANDS // 4 for kind in KINDS}
    for form in FORMS:
        for s in (0, 1):
            assert met[form, s] >= 20, (form, s, met)


def test_a_disagreement_is_reported():
    # The comparison must be able to fail: a hand read as one tile more than it is.
    from shanten_differential import Case

    case = compare(Case("random", parse_hand("123m 456p 789s 11s 23p")))
    assert case.agree
    import shanten_differential

    original = shanten_differential.form_useful
    try:
        shanten_differential.form_useful = lambda counts, melds: {
            form: (None if s is None else s + 1, u) for form, (s, u) in original(counts, melds).items()
        }
        assert not compare(Case("random", parse_hand("123m 456p 789s 11s 23p"))).agree
    finally:
        shanten_differential.form_useful = original


# ---------------------------------------------------------------- by definition


def _add(hand: Hand, tile: int) -> Hand:
    return Hand(hand.melds, tuple(sorted(hand.concealed + (tile,))))


def test_minus_one_exactly_when_the_hand_wins():
    for deal in random_deals(11, 300):
        hand = deal.hand
        assert shanten(counts_of(hand.concealed), len(hand.melds)) == -1, hand.notation()
    for case in generate(12, 200):
        for tile in range(34):
            if case.hand.counts()[tile] < 4:
                hand = _add(case.hand, tile)
                got = shanten(counts_of(hand.concealed), len(hand.melds))
                assert (got == -1) == is_winning(hand), hand.notation()


def test_a_14_tile_hand_is_as_far_as_its_best_discard():
    for case in generate(13, 200):
        hand = _add(case.hand, case.hand.concealed[0] if case.kind == "random" else case.hand.concealed[-1])
        if max(hand.counts()) > 4:
            continue
        counts, melds = counts_of(hand.concealed), len(hand.melds)
        after = []
        for tile in set(hand.concealed):
            counts[tile] -= 1
            after.append(shanten(counts, melds))
            counts[tile] += 1
        expected = -1 if is_winning(hand) else min(after)
        assert shanten(counts, melds) == expected, hand.notation()


def test_useful_tiles_are_those_that_lower_the_shanten():
    for case in generate(14, 100):
        counts, melds = counts_of(case.hand.concealed), len(case.hand.melds)
        for form, (s, useful) in form_useful(counts, melds).items():
            if s is None:
                continue
            for tile in range(34):
                counts[tile] += 1
                lowered = form_shanten(counts, melds)[form] < s
                counts[tile] -= 1
                assert lowered == (tile in useful), (case.hand.notation(), form, tile)


def test_ready_exactly_when_some_tile_completes_the_shape():
    # By shape: a fifth copy counts (the analysis drops dead tiles, not shanten).
    for case in generate(15, 400):
        s, useful = useful_tiles(counts_of(case.hand.concealed), len(case.hand.melds))
        completing = {t for t in range(34) if is_winning(_add(case.hand, t))}
        assert (s == 0) == bool(completing), case.hand.notation()
        if s == 0:
            assert useful == completing, case.hand.notation()


@settings(max_examples=150, deadline=None)
@given(standard_hands(), st.data())
def test_a_winning_hand_less_one_tile_is_ready(hand, data):
    drop = data.draw(st.sampled_from(hand.concealed))
    concealed = list(hand.concealed)
    concealed.remove(drop)
    s, useful = useful_tiles(counts_of(concealed), len(hand.melds))
    assert s == 0 and drop in useful


@pytest.mark.parametrize(
    "text, melds, expected",
    [
        pytest.param("123m 456p 789s 11s 23p", 0, {"standard": 0, "seven_pairs": 5, "knitted_straight": 5},
                     id="ready_two_sided"),
        pytest.param("19m 19p 19s ESWNCFP", 0, {"thirteen_orphans": 0, "seven_pairs": 6}, id="thirteen_sided"),
        pytest.param("147m 258p 369s ESWN", 0, {"honors_knitted": 0, "knitted_straight": 2}, id="lesser_knitted"),
        pytest.param("11m 22p 33s 44m 55p 66s 7m", 0, {"seven_pairs": 0}, id="seven_pairs_ready"),
        pytest.param("1111m 22p 33p 44s 55s 6s", 0, {"seven_pairs": 0}, id="four_alike_are_two_pairs"),
    ],
)
def test_named_shanten(text, melds, expected):
    hand = parse_hand(text)
    forms = form_shanten(counts_of(hand.concealed), len(hand.melds))
    for form, s in expected.items():
        assert forms[form] == s, (form, forms)


def test_declared_sets_close_the_special_forms_but_the_knitted_straight_takes_one():
    one = parse_hand("[EEE] 147m 258p 369s N")
    forms = form_shanten(counts_of(one.concealed), 1)
    assert forms["seven_pairs"] is forms["thirteen_orphans"] is forms["honors_knitted"] is None
    assert forms["knitted_straight"] == 0
    two = parse_hand("[EEE] [SSS] 147m 258p 3s")
    forms = form_shanten(counts_of(two.concealed), 2)
    assert forms["knitted_straight"] is None and forms["standard"] is not None


def test_counts_that_are_not_a_hand_are_refused():
    with pytest.raises(ValueError):
        shanten(counts_of(parse_hand("123m 456p").concealed))
    with pytest.raises(ValueError):
        useful_tiles(counts_of(parse_hand("123m 456p 789s 11s 234p").concealed))  # 14 tiles
