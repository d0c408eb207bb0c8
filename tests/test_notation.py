import pytest

from tutor.rules import tiles as T
from tutor.rules.notation import Meld, NotationError, format_hand, parse_hand, parse_tile


def test_parse_groups_melds_and_concealed_kongs():
    hand = parse_hand("[EEE] [123m] {9999s} 456p 5s5s")
    assert hand.melds == (Meld("pung", T.EAST), Meld("chow", 0), Meld("kong", 26, concealed=True))
    assert [T.code(t) for t in hand.concealed] == ["4p", "5p", "6p", "5s", "5s"]


def test_format_is_canonical():
    assert format_hand(parse_hand("5s {9999s} 654p [EEE] 5s [321m]")) == "[123m] [EEE] {9999s} 456p 55s"


def test_tile_names_and_unicode():
    assert T.name(T.from_code("5s")) == "5 of bamboo"
    assert T.name(T.RED) == "red dragon"
    assert T.unicode_char(T.from_code("1m")) == "\U0001F007"
    assert T.unicode_char(T.EAST) == "\U0001F000"


@pytest.mark.parametrize(
    "text, words",
    [
        pytest.param("123z", "riichi", id="z-suffix"),
        pytest.param("55z", "C for the red dragon", id="z-suffix-points-to-letters"),
        pytest.param("0m", "Unknown tile '0m'", id="zero"),
        pytest.param("[124m]", "[124m] is not a set", id="not-a-set"),
        pytest.param("[12m]", "is not a set", id="short-meld"),
        pytest.param("[EEEEE]", "is not a set", id="five-alike"),
        pytest.param("{999s}", "not a concealed kong", id="three-in-braces"),
        pytest.param("{123s}", "not a concealed kong", id="chow-in-braces"),
        pytest.param("[789m", "does not close", id="unclosed"),
        pytest.param("123x", "Unknown suit letter 'x'", id="bad-suit"),
        pytest.param("e", "capital letters", id="lowercase-honor"),
        pytest.param("123", "need a suit letter", id="no-suit"),
        pytest.param("#123m", "Unexpected character", id="symbol"),
        pytest.param("", "empty", id="empty"),
        pytest.param("[]", "empty group", id="empty-brackets"),
        pytest.param("[[123m]]", "brackets inside brackets", id="nested"),
        pytest.param("12m[3m]", "mixes brackets", id="glued"),
        pytest.param("1" * 300 + "m", "too long", id="too-long"),
        pytest.param("[78 9m]", "does not close", id="space-inside"),
    ],
)
def test_bad_notation_is_explained(text, words):
    with pytest.raises(NotationError) as caught:
        parse_hand(text)
    assert words in str(caught.value)


def test_parse_tile_takes_exactly_one():
    assert parse_tile("E") == T.EAST
    assert parse_tile(" 9p ") == T.from_code("9p")
    for bad in ("55s", "", "x", "5z"):
        with pytest.raises(NotationError):
            parse_tile(bad)
