import random

import pytest

from tutor.practice.quiz import BANDS, RECIPES, QuizError, deal, deal_with, grade
from tutor.rules.fans import FAN_BY_ID, FANS


def test_the_recipes_cover_exactly_the_81_fans_by_slug():
    assert list(RECIPES) == [fan.slug for fan in FANS]


@pytest.mark.parametrize("fan_id", sorted(FAN_BY_ID), ids=[FAN_BY_ID[f].slug for f in sorted(FAN_BY_ID)])
def test_every_fan_can_be_dealt_and_scores(fan_id):
    for seed in range(3):
        (hand, situation), result = deal_with(fan_id, random.Random(seed))
        assert fan_id in result.counted_ids()
        assert result.hand == hand


def test_same_seed_same_hand_and_other_seeds_vary():
    first = deal("fan", 7, fan="mixed-straight")
    again = deal("fan", 7, fan="mixed-straight")
    assert first.hand == again.hand and first.situation == again.situation
    others = {deal("fan", s, fan="mixed-straight").hand for s in range(8)}
    assert len(others) > 4


@pytest.mark.parametrize("mode, kwargs", [("starter", {}), ("mixed", {}), ("band", {"band": 6}), ("fan", {"fan": 22})])
def test_modes_deal_their_target(mode, kwargs):
    for seed in range(5):
        quiz = deal(mode, seed, **kwargs)
        assert quiz.target.id in quiz.result.counted_ids()
        if mode == "band":
            assert quiz.target.points_wmo == 6


def test_bad_quiz_requests():
    with pytest.raises(QuizError):
        deal("nonsense", 1)
    with pytest.raises(QuizError):
        deal("fan", 1, fan="not-a-fan")
    with pytest.raises(QuizError):
        deal("band", 1, band=7)
    with pytest.raises(QuizError):
        deal("starter", -1)
    assert 88 in BANDS and 1 in BANDS


def test_grading_names_found_missed_and_wrong_with_reasons():
    quiz = deal("fan", 3, fan="full-flush")
    counted = sorted(quiz.result.counted_ids())
    ticked = [counted[0], 43 if 43 not in counted else 1]
    graded = grade(quiz.result, ticked, total_given=quiz.result.total)
    assert [f.fan.id for f in graded.found] == [counted[0]]
    assert [f.fan.id for f in graded.missed] == counted[1:]
    (wrong_fan, reason), = graded.wrong
    assert wrong_fan.id == ticked[1] and reason.startswith(wrong_fan.name)
    assert graded.total_right is True and not graded.perfect
    perfect = grade(quiz.result, counted)
    assert perfect.perfect and perfect.total_right is None
