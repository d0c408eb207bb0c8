"""Properties of the scorer on hands built by construction (see tests/strategies.py)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import deals, near_winning_hands, winning_hands

from tutor.rules import tiles as T
from tutor.rules.divisions import all_divisions
from tutor.rules.editions import EDITION_RULES, EDITIONS
from tutor.rules.engine import score
from tutor.rules.fans import FAN_BY_ID, FAN_BY_SLUG
from tutor.rules.notation import Hand, Meld, format_hand, parse_hand

EXAMPLES = settings(max_examples=300, deadline=None)


def _fingerprint(result):
    return sorted((f.fan.id, f.count, f.points) for f in result.fans), result.total


@EXAMPLES
@given(winning_hands())
def test_notation_round_trips(hand):
    text = format_hand(hand)
    again = parse_hand(text)
    assert sorted(again.melds) == sorted(hand.melds)
    assert again.concealed == hand.concealed
    assert format_hand(again) == text


@EXAMPLES
@given(winning_hands())
def test_every_division_recombines_to_the_hand(hand):
    divisions = all_divisions(hand)
    assert divisions, "a hand built by construction always wins"
    for division in divisions:
        tiles = []
        for group in division.sets:
            tiles.extend(group.tiles)
        if division.pair is not None and division.form != "thirteen_orphans":
            tiles.extend(division.pair.tiles)
        for pair in division.pairs:
            tiles.extend((pair, pair))
        if division.form == "thirteen_orphans":
            tiles = list(hand.concealed)
        else:
            tiles.extend(division.knitted)
        assert sorted(tiles) == list(hand.all_tiles)


@EXAMPLES
@given(deals(), st.integers(0, 2**32))
def test_tile_order_does_not_change_the_score(deal, seed):
    hand, situation = deal
    rng = random.Random(seed)
    concealed = list(hand.concealed)
    rng.shuffle(concealed)
    melds = list(hand.melds)
    rng.shuffle(melds)
    # Melds in another order, and each concealed tile as its own group in random order.
    text = " ".join([m.notation() for m in melds] + [T.code(t) for t in concealed])
    shuffled = parse_hand(text)
    assert _fingerprint(score(shuffled, situation)) == _fingerprint(score(hand, situation))


@EXAMPLES
@given(deals())
def test_no_fan_scores_with_a_fan_it_implies(deal):
    hand, situation = deal
    for edition in EDITIONS:
        result = score(hand, situation, edition)
        counted = {f.fan.id for f in result.fans}
        for fan_id in counted:
            row = FAN_BY_ID[fan_id]
            implied = {FAN_BY_SLUG[s].id for s in row.implies + EDITION_RULES[edition].extra_implies.get(row.slug, ())}
            assert not implied & counted, (FAN_BY_ID[fan_id].name, implied & counted, hand.notation())


@EXAMPLES
@given(deals())
def test_total_is_points_times_counts_and_minimum_ignores_flowers(deal):
    hand, situation = deal
    for edition in EDITIONS:
        result = score(hand, situation, edition)
        assert result.total == sum(f.points * f.count for f in result.fans)
        flowers = sum(f.count for f in result.fans if f.fan.id == 81)
        assert flowers == situation.flowers
        assert result.meets_minimum == (result.total - flowers >= 8)
        assert all(f.count >= 1 for f in result.fans)
        assert result.fans, "every winning hand scores something (Chicken Hand at least)"


@EXAMPLES
@given(deals())
def test_excluded_fans_carry_a_reason_and_a_principle(deal):
    hand, situation = deal
    result = score(hand, situation, why_not=list(range(1, 82)))
    for entry in result.excluded:
        assert entry.reason and entry.principle in ("non-repeat", "account-once", "non-identical")
    assert len(result.why_not) == 81
    counted = {f.fan.id for f in result.fans}
    for answer in result.why_not:
        assert answer.counted == (answer.fan.id in counted)
        assert answer.reason.startswith(answer.fan.name)


def test_meld_order_in_notation_is_canonical():
    hand = Hand((Meld("pung", 27), Meld("chow", 0)), (9, 10, 11, 18, 19, 20, 22, 22))
    assert format_hand(hand) == "[123m] [EEE] 123p 12355s"


def _splits_by_search(counts: list[int], pair_left: bool) -> bool:
    """The slow, obvious way: take the lowest tile as a pair (once), a pung or a chow, and recurse."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return not pair_left
    tries = []
    if pair_left and counts[i] >= 2:
        tries.append(([2], False))
    if counts[i] >= 3:
        tries.append(([3], pair_left))
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        tries.append(([1, 1, 1], pair_left))
    for taken, still_pair in tries:
        rest = counts[:]
        for offset, n in enumerate(taken):
            rest[i + offset] -= n
        if _splits_by_search(rest, still_pair):
            return True
    return False


def _suit_counts(ranks: list[int]) -> list[int]:
    return [ranks.count(r) for r in range(9)]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=14).map(_suit_counts).filter(lambda counts: max(counts) <= 4))
def test_the_fast_suit_split_agrees_with_a_plain_search(ranks):
    from tutor.rules.waits import _suit_splits_into_sets, _suit_splits_with_pair

    assert _suit_splits_into_sets(tuple(ranks)) == _splits_by_search(list(ranks), pair_left=False)
    assert _suit_splits_with_pair(tuple(ranks)) == _splits_by_search(list(ranks), pair_left=True)


# ---------------------------------------------------------------- the special forms, recognised once


@EXAMPLES
@given(near_winning_hands())
def test_a_hand_wins_exactly_when_it_has_a_division(hand):
    from tutor.rules.waits import is_winning

    if max(hand.counts()) > 4:
        return  # not a hand that can be held
    assert is_winning(hand) == bool(all_divisions(hand)), hand.notation()


@EXAMPLES
@given(winning_hands(), st.data())
def test_the_waits_are_every_tile_that_completes_the_hand(hand, data):
    from tutor.rules.waits import is_winning, only_wait, waiting_tiles

    win = data.draw(st.sampled_from(hand.concealed))
    before = list(hand.concealed)
    before.remove(win)
    by_trying = tuple(
        t for t in range(34) if is_winning(Hand(hand.melds, tuple(sorted(before + [t]))))
    )
    assert waiting_tiles(hand, win) == by_trying, hand.notation()
    assert only_wait(hand, win) == (by_trying == (win,))


@st.composite
def _nearly_different_tiles(draw) -> list[int]:
    """Thirteen tiles, twelve or thirteen of them different, nearly all from the thirteen
    orphans or from one knitted set and the honors: where the special forms' waits lie."""
    from tutor.rules.divisions import KNITTED_SETS, TERMINALS_AND_HONORS

    pool = draw(st.sampled_from([set(TERMINALS_AND_HONORS)] + [set(p) | set(T.HONORS) for p in KNITTED_SETS]))
    tiles = draw(st.permutations(sorted(pool)))[: draw(st.sampled_from([12, 13]))]
    if draw(st.booleans()):
        tiles[0] = draw(st.integers(0, 33))  # a stray tile, which may leave the pool
    while len(tiles) < 13:
        tiles.append(draw(st.sampled_from(tiles)))
    return tiles


@EXAMPLES
@given(_nearly_different_tiles())
def test_the_special_waits_are_the_tiles_the_recognisers_take(tiles):
    from tutor.rules.divisions import honors_knitted, seven_pairs, thirteen_orphans
    from tutor.rules.waits import _special_waits

    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    by_trying = []
    for t in range(34):
        counts[t] += 1
        if max(counts) <= 4 and (seven_pairs(counts) or thirteen_orphans(counts) or honors_knitted(counts)):
            by_trying.append(t)
        counts[t] -= 1
    assert sorted(set(_special_waits(counts))) == by_trying, tiles


@EXAMPLES
@given(deals())
def test_a_check_whose_gate_fails_finds_nothing(deal):
    """The gates are necessary conditions: skipping a check whose gate fails loses nothing."""
    from tutor.rules.checks import CHECKS
    from tutor.rules.reading import HandFacts, View

    hand, situation = deal
    facts = HandFacts(hand, situation, "wmo")
    for division in all_divisions(hand):
        view = View(facts, division)
        for slug, check in CHECKS.items():
            found = check.find(view)
            if not check.gate.holds(view):
                assert not found, (slug, hand.notation())
            if not found:
                assert found.reason, slug  # every miss says why


def test_combinations_skipped_by_their_suits_make_no_pattern():
    """_suits_may_pattern only skips combinations of three or four sets that make no pattern asked."""
    from itertools import combinations_with_replacement

    from tutor.rules.checks.combinations import _patterns, _suits_may_pattern

    chows = [t for t in range(27) if t % 9 <= 6]
    skipped = 0
    for kind, starts, repeat in (("chow", chows, True), ("pung", range(27), False)):
        for size in (3, 4):
            for tiles in combinations_with_replacement(starts, size):
                if not repeat and len(set(tiles)) < size:
                    continue  # a tile makes one pung at most
                if not _suits_may_pattern(tiles):
                    skipped += 1
                    assert _patterns.__wrapped__(kind, tiles) == (), (kind, tiles)
    assert skipped > 10000  # the test saw the combinations it is about
