"""One hand that scores each fan and one near miss that does not, with the reason.

Each case is hand notation plus the situation, as a player would type it into the
calculator. The ids are the fan slugs.
"""

import pytest

from tutor.rules.engine import score_text
from tutor.rules.fans import FAN_BY_ID

SCORES = [
    pytest.param(1, 'EEE SSS WWW NNN 55m', dict(win='5m'), id="big-four-winds"),
    pytest.param(2, 'CCC FFF PPP 123m 55p', dict(win='5p'), id="big-three-dragons"),
    pytest.param(3, '[234s] [666s] 888s 234s FF', dict(win='F'), id="all-green"),
    pytest.param(4, '11123456789995m', dict(win='5m'), id="nine-gates"),
    pytest.param(5, '[1111m] [EEEE] [5555p] [9999s] CC', dict(win='C'), id="four-kongs"),
    pytest.param(6, '22334455667788p', dict(win='8p'), id="seven-shifted-pairs"),
    pytest.param(7, '19m19p19sESWNCFPE', dict(win='E'), id="thirteen-orphans"),
    pytest.param(8, '[111m] [999m] [111p] 999s 11s', dict(win='1s'), id="all-terminals"),
    pytest.param(9, '[EEE] [SSS] WWW 123m NN', dict(win='N'), id="little-four-winds"),
    pytest.param(10, '[CCC] [FFF] 123m 456m PP', dict(win='P'), id="little-three-dragons"),
    pytest.param(11, '[EEE] [SSS] [CCC] FFF PP', dict(win='P'), id="all-honors"),
    pytest.param(12, '111m 333p 555s 777s 99m', dict(win='9m', self_drawn=True), id="four-concealed-pungs"),
    pytest.param(13, '12312378978955s', dict(win='5s'), id="pure-terminal-chows"),
    pytest.param(14, '[234p] [234p] 234p 234p 55m', dict(win='5m'), id="quadruple-chow"),
    pytest.param(15, '[222s] [333s] [444s] 555s 88m', dict(win='8m'), id="four-pure-shifted-pungs"),
    pytest.param(16, '[123m] [234m] [345m] 456m 99p', dict(win='9p'), id="four-pure-shifted-chows"),
    pytest.param(17, '[1111m] [2222p] [EEEE] 456s 77s', dict(win='7s'), id="three-kongs"),
    pytest.param(18, '[111m] [999p] [EEE] CCC 11s', dict(win='1s'), id="all-terminals-and-honors"),
    pytest.param(19, '1133m 5577p 99s EECC', dict(win='C'), id="seven-pairs"),
    pytest.param(20, '147m 25p 36s ESWNCFP', dict(win='P'), id="greater-honors-and-knitted-tiles"),
    pytest.param(21, '[222m] [444p] [666s] 888m 22p', dict(win='2p'), id="all-even-pungs"),
    pytest.param(22, '[123s] [456s] 789s 111s 99s', dict(win='9s'), id="full-flush"),
    pytest.param(23, '[123m] [123m] 123m 789p 55s', dict(win='5s'), id="pure-triple-chow"),
    pytest.param(24, '[222m] [333m] 444m 789p 55s', dict(win='5s'), id="pure-shifted-pungs"),
    pytest.param(25, '[789m] [789p] 777s 888s 99m', dict(win='9m'), id="upper-tiles"),
    pytest.param(26, '[456m] [456p] 444s 555s 66m', dict(win='6m'), id="middle-tiles"),
    pytest.param(27, '[123m] [123p] 111s 222s 33m', dict(win='3m'), id="lower-tiles"),
    pytest.param(28, '[123p] [456p] 789p EEE NN', dict(win='N'), id="pure-straight"),
    pytest.param(29, '[123m] [789m] 123p 789p 55s', dict(win='5s'), id="three-suited-terminal-chows"),
    pytest.param(30, '[123s] [234s] 345s EEE 99m', dict(win='9m'), id="pure-shifted-chows"),
    pytest.param(31, '[345m] [555p] 456s 567s 55m', dict(win='5m'), id="all-fives"),
    pytest.param(32, '[444m] [444p] 444s 789m 99s', dict(win='9s'), id="triple-pung"),
    pytest.param(33, '111m 444p 777s 234m 99s', dict(win='9s'), id="three-concealed-pungs"),
    pytest.param(34, '147m 258p 36s ESWNCF', dict(win='C'), id="lesser-honors-and-knitted-tiles"),
    pytest.param(35, '147m 258p 369s 456m 99s', dict(win='9s'), id="knitted-straight"),
    pytest.param(36, '[678m] [789p] 666s 999s 77m', dict(win='7m'), id="upper-four"),
    pytest.param(37, '[123m] [234p] 444s 111s 33m', dict(win='3m'), id="lower-four"),
    pytest.param(38, '[EEE] [SSS] WWW 123m 55p', dict(win='5p'), id="big-three-winds"),
    pytest.param(39, '[123m] [456p] 789s EEE 55s', dict(win='5s'), id="mixed-straight"),
    pytest.param(40, '[123p] [345p] 888p 222s 99s', dict(win='9s'), id="reversible-tiles"),
    pytest.param(41, '[234m] [234p] 234s EEE 55s', dict(win='5s'), id="mixed-triple-chow"),
    pytest.param(42, '[333m] [444p] 555s EEE 99s', dict(win='9s'), id="mixed-shifted-pungs"),
    pytest.param(43, '[123m] [456p] [678m] 234s EE', dict(win='4s'), id="chicken-hand"),
    pytest.param(44, '[123m] [456p] 789s EEE 55s', dict(win='5s', self_drawn=True, last_wall_tile=True), id="last-tile-draw"),
    pytest.param(45, '[123m] [456p] 789s EEE 55s', dict(win='5s', last_wall_tile=True), id="last-tile-claim"),
    pytest.param(46, '[1111m] [456p] 789s EEE 55s', dict(win='5s', self_drawn=True, replacement_tile=True), id="out-with-replacement-tile"),
    pytest.param(47, '[123m] [456p] 789s 456s EE', dict(win='4s', robbing_kong=True), id="robbing-the-kong"),
    pytest.param(48, '[222m] [444p] 666s 999s EE', dict(win='E'), id="all-pungs"),
    pytest.param(49, '[123m] [456m] 789m EEE 55m', dict(win='5m'), id="half-flush"),
    pytest.param(50, '[123m] [234p] 345s EEE 99s', dict(win='9s'), id="mixed-shifted-chows"),
    pytest.param(51, '[123m] [456p] 789s EEE CC', dict(win='C'), id="all-types"),
    pytest.param(52, '[123m] [456p] [789s] [EEE] CC', dict(win='C'), id="melded-hand"),
    pytest.param(53, '{2222m} {5555p} 789s 456s 99m', dict(win='9m'), id="two-concealed-kongs"),
    pytest.param(54, '[CCC] [FFF] 123m 456p 99s', dict(win='9s'), id="two-dragon-pungs"),
    pytest.param(55, '[123m] [789p] 999s EEE 11p', dict(win='1p'), id="outside-hand"),
    pytest.param(56, '123m 456p 789s 234s 55m', dict(win='5m', self_drawn=True), id="fully-concealed-hand"),
    pytest.param(57, '[2222m] [5555p] 789s 456s 99m', dict(win='9m'), id="two-melded-kongs"),
    pytest.param(58, '[123m] [456p] 789s 456s EE', dict(win='6s', last_tile=True), id="last-tile"),
    pytest.param(59, '[CCC] 123m 456p 789s 55s', dict(win='5s'), id="dragon-pung"),
    pytest.param(60, '[SSS] 123m 456p 789s 55s', dict(win='5s', prevalent_wind='S'), id="prevalent-wind"),
    pytest.param(61, '[WWW] 123m 456p 789s 55s', dict(win='5s', seat_wind='W'), id="seat-wind"),
    pytest.param(62, '123m 456p 789s 234s 55m', dict(win='5m'), id="concealed-hand"),
    pytest.param(63, '[123m] [456p] 789s 234s 55m', dict(win='5m'), id="all-chows"),
    pytest.param(64, '[123m] 444p 456p 789s 55s', dict(win='5s'), id="tile-hog"),
    pytest.param(65, '[222m] [222p] 789s 456s EE', dict(win='E'), id="double-pung"),
    pytest.param(66, '222m 555p 789s 456s EE', dict(win='E', self_drawn=True), id="two-concealed-pungs"),
    pytest.param(67, '{2222m} 555p 789s 456s EE', dict(win='E'), id="concealed-kong"),
    pytest.param(68, '[234m] [456p] 678s 222s 88m', dict(win='8m'), id="all-simples"),
    pytest.param(69, '[234m] [234m] 678s 222s 88p', dict(win='8p'), id="pure-double-chow"),
    pytest.param(70, '[234m] [234p] 678s 111s EE', dict(win='E'), id="mixed-double-chow"),
    pytest.param(71, '[234m] [567m] 789s 111s EE', dict(win='E'), id="short-straight"),
    pytest.param(72, '[123m] [789m] 456s 111p EE', dict(win='E'), id="two-terminal-chows"),
    pytest.param(73, '[999m] [456p] 234s 567s EE', dict(win='E'), id="pung-of-terminals-or-honors"),
    pytest.param(74, '[2222m] [456p] 234s 567s EE', dict(win='E'), id="melded-kong"),
    pytest.param(75, '[234m] [456m] 789p 111p EE', dict(win='E'), id="one-voided-suit"),
    pytest.param(76, '[234m] [456m] 789p 111s 55s', dict(win='5s'), id="no-honors"),
    pytest.param(77, '[234m] [456m] 123p 111s EE', dict(win='3p'), id="edge-wait"),
    pytest.param(78, '[234m] [456m] 123p 111s EE', dict(win='2p'), id="closed-wait"),
    pytest.param(79, '[234m] [456m] 123p 111s EE', dict(win='E'), id="single-wait"),
    pytest.param(80, '[234m] [456m] 123p 111s EE', dict(win='E', self_drawn=True), id="self-drawn"),
    pytest.param(81, '[123m] [456p] 789s EEE 55s', dict(win='5s', flowers=3), id="flower-tiles"),
]

NEAR_MISSES = [
    pytest.param(1, 'EEE SSS WWW 123m NN', dict(win='N'), 'this hand has 3', id="big-four-winds"),
    pytest.param(2, 'CCC FFF 123m 456p PP', dict(win='P'), 'this hand has 2', id="big-three-dragons"),
    pytest.param(3, '[234s] [666s] 888s 234s CC', dict(win='C'), 'C', id="all-green"),
    pytest.param(4, '11123456789999m', dict(win='1m'), '1112345678999', id="nine-gates"),
    pytest.param(5, '[1111m] [EEEE] [5555p] 999s CC', dict(win='C'), 'this hand has 3', id="four-kongs"),
    pytest.param(6, '22334455668899p', dict(win='8p'), 'in sequence', id="seven-shifted-pairs"),
    pytest.param(7, '111m 999m 111p 999p EE', dict(win='E'), 'one of each terminal', id="thirteen-orphans"),
    pytest.param(8, '[111m] [999m] [111p] 999s EE', dict(win='E'), 'E', id="all-terminals"),
    pytest.param(9, '[EEE] [SSS] 123m 456m NN', dict(win='N'), 'has 2 such pungs', id="little-four-winds"),
    pytest.param(10, '[CCC] [FFF] 123m 456m 99p', dict(win='9p'), 'pair of the third', id="little-three-dragons"),
    pytest.param(11, '[EEE] [SSS] [CCC] 111m PP', dict(win='P'), '1m', id="all-honors"),
    pytest.param(12, '111m 333p 555s 777s 99m', dict(win='7s'), 'winning discard completed 777s', id="four-concealed-pungs"),
    pytest.param(13, '[123s] 123s 789s 789s 66s', dict(win='6s'), 'pair of 5s', id="pure-terminal-chows"),
    pytest.param(14, '[234p] [234p] 234p 345p 55m', dict(win='5m'), 'four identical', id="quadruple-chow"),
    pytest.param(15, '[222s] [333s] [444s] 666s 88m', dict(win='8m'), 'stepping up by 1', id="four-pure-shifted-pungs"),
    pytest.param(16, '[123m] [234m] [345m] 567m 99p', dict(win='9p'), 'stepping up', id="four-pure-shifted-chows"),
    pytest.param(17, '[1111m] [2222p] 456s EEE 77s', dict(win='7s'), 'this hand has 2', id="three-kongs"),
    pytest.param(18, '[111m] [999p] [EEE] 123s 11s', dict(win='1s'), '23s', id="all-terminals-and-honors"),
    pytest.param(19, '[123m] 123m 456p 456p 99s', dict(win='9s'), 'seven pairs', id="seven-pairs"),
    pytest.param(20, '147m 258p 36s ESWNCF', dict(win='C'), 'all seven honors', id="greater-honors-and-knitted-tiles"),
    pytest.param(21, '[222m] [444p] [666s] 888m 55p', dict(win='5p'), '5p', id="all-even-pungs"),
    pytest.param(22, '[123s] [456s] 789s 111s EE', dict(win='E'), 'honors', id="full-flush"),
    pytest.param(23, '[123m] [123m] 234m 789p 55s', dict(win='5s'), 'three identical', id="pure-triple-chow"),
    pytest.param(24, '[222m] [333m] 555m 789p 55s', dict(win='5s'), 'stepping up by 1', id="pure-shifted-pungs"),
    pytest.param(25, '[789m] [789p] 777s 666s 99m', dict(win='9m'), '6s', id="upper-tiles"),
    pytest.param(26, '[456m] [456p] 444s 555s 33m', dict(win='3m'), '3m', id="middle-tiles"),
    pytest.param(27, '[123m] [123p] 111s 222s 44m', dict(win='4m'), '4m', id="lower-tiles"),
    pytest.param(28, '[123p] [456p] 789s EEE NN', dict(win='N'), 'in one suit', id="pure-straight"),
    pytest.param(29, '[123m] [789m] 123p 789p 55m', dict(win='5m'), 'third suit', id="three-suited-terminal-chows"),
    pytest.param(30, '[123s] [234s] 456s EEE 99m', dict(win='9m'), 'stepping up', id="pure-shifted-chows"),
    pytest.param(31, '[345m] [555p] 456s 567s 66m', dict(win='6m'), '66m', id="all-fives"),
    pytest.param(32, '[444m] [444p] 555s 789m 99s', dict(win='9s'), 'same number', id="triple-pung"),
    pytest.param(33, '111m 444p 777s 234m 99s', dict(win='7s'), 'winning discard', id="three-concealed-pungs"),
    pytest.param(34, '147m 258p 369s 456m 99s', dict(win='9s'), 'fourteen different', id="lesser-honors-and-knitted-tiles"),
    pytest.param(35, '[123m] [456p] 789s EEE 55s', dict(win='5s'), '147, 258 and 369', id="knitted-straight"),
    pytest.param(36, '[678m] [789p] 555s 999s 77m', dict(win='7m'), '5s', id="upper-four"),
    pytest.param(37, '[123m] [234p] 444s 555s 33m', dict(win='3m'), '5s', id="lower-four"),
    pytest.param(38, '[EEE] [SSS] 123m 456m 55p', dict(win='5p'), 'this hand has 2', id="big-three-winds"),
    pytest.param(39, '[123m] [456p] 789p EEE 55s', dict(win='5s'), 'different suit', id="mixed-straight"),
    pytest.param(40, '[123p] [345p] 888p 222s 77s', dict(win='7s'), '7s', id="reversible-tiles"),
    pytest.param(41, '[234m] [234p] 345s EEE 55s', dict(win='5s'), 'same chow', id="mixed-triple-chow"),
    pytest.param(42, '[333m] [444p] 666s EEE 99s', dict(win='9s'), 'stepping up by 1', id="mixed-shifted-pungs"),
    pytest.param(43, '[123m] [456p] [678m] 234s CC', dict(win='4s', self_drawn=True), 'no other fan', id="chicken-hand"),
    pytest.param(44, '[123m] [456p] 789s EEE 55s', dict(win='5s', self_drawn=True), 'last tile of the wall', id="last-tile-draw"),
    pytest.param(45, '[123m] [456p] 789s EEE 55s', dict(win='5s'), "after the wall's last tile", id="last-tile-claim"),
    pytest.param(46, '[1111m] [456p] 789s EEE 55s', dict(win='5s', self_drawn=True), 'replacement tile', id="out-with-replacement-tile"),
    pytest.param(47, '[123m] [456p] 789s 456s EE', dict(win='4s'), 'adds', id="robbing-the-kong"),
    pytest.param(48, '[222m] [444p] 666s 789s EE', dict(win='E'), '1 chows', id="all-pungs"),
    pytest.param(49, '[123m] [456m] 789m 111m 55m', dict(win='5m'), 'one suit together with honors', id="half-flush"),
    pytest.param(50, '[123m] [234p] 456s EEE 99s', dict(win='9s'), 'stepping up by 1', id="mixed-shifted-chows"),
    pytest.param(51, '[123m] [456p] 789s EEE NN', dict(win='N'), 'no dragons', id="all-types"),
    pytest.param(52, '[123m] [456p] [789s] EEE CC', dict(win='C'), 'this hand has 3', id="melded-hand"),
    pytest.param(53, '[2222m] {5555p} 789s 456s 99m', dict(win='9m'), 'this hand has 1', id="two-concealed-kongs"),
    pytest.param(54, '[CCC] [EEE] 123m 456p 99s', dict(win='9s'), 'this hand has 1', id="two-dragon-pungs"),
    pytest.param(55, '[123m] [789p] 456s EEE 11p', dict(win='1p'), '456s', id="outside-hand"),
    pytest.param(56, '123m 456p 789s 234s 55m', dict(win='5m'), 'self-drawn', id="fully-concealed-hand"),
    pytest.param(57, '[2222m] 555p 789s 456s 99m', dict(win='9m'), 'this hand has 1 melded', id="two-melded-kongs"),
    pytest.param(58, '[123m] [456p] 789s 456s EE', dict(win='6s'), 'already shown', id="last-tile"),
    pytest.param(59, '[EEE] 123m 456p 789s 55s', dict(win='5s'), 'dragon', id="dragon-pung"),
    pytest.param(60, '[SSS] 123m 456p 789s 55s', dict(win='5s', prevalent_wind='E'), 'East wind', id="prevalent-wind"),
    pytest.param(61, '[WWW] 123m 456p 789s 55s', dict(win='5s', seat_wind='N'), 'North wind', id="seat-wind"),
    pytest.param(62, '123m 456p 789s 234s 55m', dict(win='5m', self_drawn=True), 'Fully Concealed', id="concealed-hand"),
    pytest.param(63, '[123m] [456p] 789s 234s EE', dict(win='E'), 'pair', id="all-chows"),
    pytest.param(64, '[123m] [4444p] 567p 789s 55s', dict(win='5s'), 'not as a kong', id="tile-hog"),
    pytest.param(65, '[222m] [333p] 789s 456s EE', dict(win='E'), 'same number', id="double-pung"),
    pytest.param(66, '222m 555p 789s 456s EE', dict(win='5p'), 'winning discard completed 555p', id="two-concealed-pungs"),
    pytest.param(67, '[2222m] 555p 789s 456s EE', dict(win='E'), 'this hand has 0', id="concealed-kong"),
    pytest.param(68, '[234m] [456p] 678s 222s 99m', dict(win='9m'), '9m', id="all-simples"),
    pytest.param(69, '[234m] [345m] 678s 222s 88p', dict(win='8p'), 'two identical', id="pure-double-chow"),
    pytest.param(70, '[234m] [345p] 678s 111s EE', dict(win='E'), 'different suits', id="mixed-double-chow"),
    pytest.param(71, '[234m] [678m] 789s 111s EE', dict(win='E'), 'six in a row', id="short-straight"),
    pytest.param(72, '[123m] [789p] 456s 111p EE', dict(win='E'), 'same suit', id="two-terminal-chows"),
    pytest.param(73, '[888m] [456p] 234s 567s EE', dict(win='E'), '1s, 9s', id="pung-of-terminals-or-honors"),
    pytest.param(74, '{2222m} [456p] 234s 567s EE', dict(win='E'), 'this hand has 0 melded', id="melded-kong"),
    pytest.param(75, '[234m] [456p] 789s 111p EE', dict(win='E'), '3 suits', id="one-voided-suit"),
    pytest.param(76, '[234m] [456m] 789p 111s EE', dict(win='E'), 'E', id="no-honors"),
    pytest.param(77, '[234m] [456m] 234p 111s EE', dict(win='4p'), 'waited on', id="edge-wait"),
    pytest.param(78, '[234m] [456m] 123p 111s EE', dict(win='1p'), 'waited on', id="closed-wait"),
    pytest.param(79, '[234m] [456m] 123p 111s EE', dict(win='1s'), 'waited on', id="single-wait"),
    pytest.param(80, '[234m] [456m] 123p 111s EE', dict(win='E'), 'discard', id="self-drawn"),
    pytest.param(81, '[123m] [456p] 789s EEE 55s', dict(win='5s'), 'flower', id="flower-tiles"),
]


@pytest.mark.parametrize("fan_id, hand, situation", SCORES)
def test_hand_scores_fan(fan_id, hand, situation):
    result = score_text(hand, **situation)
    counted = {f.fan.id: f for f in result.fans}
    assert fan_id in counted, f"{FAN_BY_ID[fan_id].name} missing from {sorted(counted)}"
    scored = counted[fan_id]
    assert scored.reason, "a counted fan says what makes it"
    assert scored.count >= 1


@pytest.mark.parametrize("fan_id, hand, situation, reason_part", NEAR_MISSES)
def test_near_miss_does_not_score_and_says_why(fan_id, hand, situation, reason_part):
    result = score_text(hand, why_not=[fan_id], **situation)
    assert fan_id not in {f.fan.id for f in result.fans}
    (answer,) = result.why_not
    assert answer.fan.id == fan_id
    assert not answer.counted
    assert answer.reason.startswith(FAN_BY_ID[fan_id].name)
    assert reason_part in answer.reason


def test_every_fan_has_a_positive_and_a_near_miss_case():
    assert {p.values[0] for p in SCORES} == set(FAN_BY_ID)
    assert {p.values[0] for p in NEAR_MISSES} == set(FAN_BY_ID)
