"""The bodies of the two fenced blocks authors write: ```hand and ```question.

Each parser takes the block's lines and the file line of its first line, and
either returns plain data or raises LocatedError naming the exact line, so a
typo in line 4 of a hand block is reported at that line of the page.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field

from tutor.rules import fans as F
from tutor.rules import tiles as T
from tutor.rules.notation import Hand, format_tiles, parse_hand, parse_tiles
from tutor.rules.situation import SITUATION_FIELD, SITUATION_FIELDS
from tutor.views.problems import LocatedError
from tutor.views.urls import calculator_query

from .frontmatter import parse_mapping, type_error

BOOLEANS = {"true": True, "yes": True, "false": False, "no": False}
# The situation's keys, as the engine declares them (tutor.rules.situation.SITUATION_FIELDS): the
# order of the scoring API's fields, which the calculator link follows too.
SITUATION_KEYS = tuple(field.name for field in SITUATION_FIELDS)
HAND_KEYS = ("hand",) + SITUATION_KEYS + ("rules", "shows", "not", "near_miss", "caption")
SITUATION_DEFAULTS = {field.name: field.default for field in SITUATION_FIELDS if not field.required}


@dataclass(frozen=True)
class HandBlock:
    hand: Hand
    situation: dict  # Situation's keyword arguments: win as a tile int, winds as letters
    edition: str | None  # None: the site's default edition
    shows: tuple[F.Fan, ...] = ()
    not_shows: tuple[F.Fan, ...] = ()
    near_miss: bool = False
    caption: str = ""
    lines: dict = field(default_factory=dict)  # key -> file line, for errors found after parsing
    written: tuple[str, ...] = ()  # the hand's groups as the author wrote them: '[123m]', '345m', '99m'

    def calculator_query(self, default_edition: str) -> str:
        """The query string that opens this hand in the calculator; defaults are left out."""
        return calculator_query(self.hand.notation(), T.code(self.situation["win"]), self.situation,
                                self.edition or default_edition, default_edition)


def key_value_lines(lines: list[str], first_line: int):
    """(line number, key, value) for each 'key: value' line; blank lines and # comments are skipped."""
    seen: dict[str, int] = {}
    for offset, raw in enumerate(lines):
        number = first_line + offset
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, colon, value = text.partition(":")
        key = key.strip()
        if not colon or not key:
            raise LocatedError(number, f"expected 'key: value', got '{text}'")
        if key in seen:
            raise LocatedError(number, f"'{key}' is given twice (first on line {seen[key]})")
        seen[key] = number
        yield number, key, value.strip()


def parse_hand_block(lines: list[str], first_line: int) -> HandBlock:
    values: dict = {}
    where: dict = {}
    written = ""
    for number, key, text in key_value_lines(lines, first_line):
        if key not in HAND_KEYS:
            raise LocatedError(number, f"unknown key '{key}' in a hand block{_suggest(key, HAND_KEYS)}"
                                       f" (keys: {', '.join(HAND_KEYS)})")
        try:
            values[key] = _hand_value(key, text)
        except (ValueError, KeyError) as err:
            raise LocatedError(number, f"{key}: {_message(err)}") from None
        where[key] = number
        written = text if key == "hand" else written
    for required in ("hand", "win"):
        if required not in values:
            raise LocatedError(first_line - 1, f"a hand block needs a '{required}:' line")
    situation = dict(SITUATION_DEFAULTS)
    situation.update({k: values[k] for k in SITUATION_KEYS if k in values})
    return HandBlock(
        hand=values["hand"],
        situation=situation,
        edition=values.get("rules"),
        shows=values.get("shows", ()),
        not_shows=values.get("not", ()),
        near_miss=values.get("near_miss", False),
        caption=values.get("caption", ""),
        lines=where,
        written=tuple(written.split()),
    )


def regrouped(written: tuple[str, ...], reading: list[str]) -> bool:
    """True when the hand is written as whole sets and a pair, but not as the ones the engine
    scored it by (reading: Division.describe()). A reader sees the groups drawn as read, so a
    caption written about other groups (a pung that the reading splits into a chow and a pair)
    would speak of sets that are not there. A hand written as runs of loose tiles ('111222333m')
    claims no grouping."""
    groups = [_set_notation(group) for group in written]
    if None in groups:
        return False
    return Counter(groups) != Counter(part for text in reading for part in text.split())


def _set_notation(group: str) -> str | None:
    """A written group as the engine writes a set or pair ('[123m]', '55s'); None for loose tiles."""
    inner = group[1:-1] if group[:1] in "[{" else group
    try:
        tiles = sorted(parse_tiles(inner))
    except ValueError:
        return None
    alike = len(set(tiles)) == 1
    run = len(tiles) == 3 and T.is_suited(tiles[0]) and tiles == list(range(tiles[0], tiles[0] + 3)) \
        and T.suit_of(tiles[0]) == T.suit_of(tiles[2])
    if not (alike and 2 <= len(tiles) <= 4 or run):
        return None
    text = format_tiles(tiles)
    return group[0] + text + group[-1] if inner != group else text


def _hand_value(key: str, text: str):
    if key == "hand":
        return parse_hand(text)
    if key in SITUATION_FIELD:
        return SITUATION_FIELD[key].parse(text)
    if key == "near_miss":
        if text.lower() not in BOOLEANS:
            raise ValueError(f"write true or false, not '{text}'")
        return BOOLEANS[text.lower()]
    if key == "rules":
        if text not in F.EDITIONS:
            raise ValueError(f"rules must be one of {', '.join(F.EDITIONS)}, not '{text}'")
        return text
    if key in ("shows", "not"):
        return fan_list(text)
    if not text:
        raise ValueError("is empty")
    return text


def fan_list(text: str) -> tuple[F.Fan, ...]:
    """Fans named by slug or number, separated by commas or spaces: 'full-flush, 76'."""
    names = [name for name in text.replace(",", " ").split() if name]
    if not names:
        raise ValueError("name at least one fan by slug or number, such as full-flush or 22")
    return tuple(lookup_fan(name) for name in names)


def lookup_fan(name: str) -> F.Fan:
    try:
        return F.fan(name)
    except KeyError:
        raise ValueError(f"no fan '{name}'{_suggest(name, F.FAN_BY_SLUG)}: use a slug such as "
                         "full-flush or a number from 1 to 81") from None


def _suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _message(err: Exception) -> str:
    return err.args[0] if err.args else str(err)


# --- question blocks -------------------------------------------------------------------------

QUESTION_KEYS = ("question", "choices", "answer", "explain", "why_wrong")


@dataclass(frozen=True)
class QuestionBlock:
    question: str
    choices: tuple[str, ...]
    answer: int
    explain: str
    why_wrong: tuple[str, ...]  # one per choice; the right choice's entry may be empty


def parse_question_block(text: str, first_line: int) -> QuestionBlock:
    values, lines = parse_mapping(text, first_line)
    for key, line in lines.items():
        if key not in QUESTION_KEYS:
            raise LocatedError(line, f"unknown key '{key}' in a question block{_suggest(key, QUESTION_KEYS)}"
                                     f" (keys: {', '.join(QUESTION_KEYS)})")
    for key in QUESTION_KEYS:
        if key not in values:
            raise LocatedError(first_line - 1, f"a question block needs '{key}'")
    kinds = {"question": "text", "choices": "text list", "answer": "int", "explain": "text"}
    for key, kind in kinds.items():
        message = type_error(values[key], kind)
        if message:
            raise LocatedError(lines[key], f"{key}: {message}")
    choices = tuple(values["choices"])
    if len(choices) < 2:
        raise LocatedError(lines["choices"], "choices: give at least two choices")
    answer = values["answer"]
    if not 0 <= answer < len(choices):
        raise LocatedError(lines["answer"], f"answer: the index of the right choice, counted from 0, "
                                            f"so 0 to {len(choices) - 1}; got {answer}")
    why_wrong = _why_wrong(values["why_wrong"], len(choices), answer, lines["why_wrong"])
    return QuestionBlock(values["question"], choices, answer, values["explain"], why_wrong)


def _why_wrong(value, count: int, answer: int, line: int) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise LocatedError(line, f"why_wrong: give one entry per choice ({count}), in the same order; "
                                 "the entry for the right choice may be empty ('')")
    out = []
    for index, item in enumerate(value):
        item = "" if item is None else item
        if not isinstance(item, str):
            raise LocatedError(line, f"why_wrong: entry {index} must be text")
        if index != answer and not item.strip():
            raise LocatedError(line, f"why_wrong: entry {index} is a wrong choice: say why it is wrong")
        out.append(item)
    return tuple(out)
