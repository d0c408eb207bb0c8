"""The lessons' check questions: the right answer is not always in the same place.

A reader who notices that the answer is usually the second choice stops reading the
choices; CONTENT.md asks writers to vary it. Questions are read with the build's own
parser (tutor.site.blocks), from the fenced ```question blocks of every lesson.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tutor.site.blocks import parse_question_block

LESSONS = sorted((Path(__file__).resolve().parent.parent / "content" / "lessons").glob("*.md"))


def questions():
    found = []
    for lesson in LESSONS:
        lines = lesson.read_text(encoding="utf-8").split("\n")
        starts = [i for i, line in enumerate(lines) if line.strip() == "```question"]
        for start in starts:
            end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == "```")
            block = parse_question_block("\n".join(lines[start + 1:end]), start + 2)
            found.append((f"{lesson.name}:{start + 1}", len(block.choices), block.answer))
    return found


QUESTIONS = questions()


def test_the_lessons_have_check_questions():
    assert len(QUESTIONS) >= 3 * len(LESSONS)


def test_no_position_holds_more_than_40_percent_of_the_right_answers():
    positions = Counter(answer for _, _, answer in QUESTIONS)
    most, count = positions.most_common(1)[0]
    assert count <= 0.4 * len(QUESTIONS), f"choice {most + 1} is right in {count} of {len(QUESTIONS)}: {positions}"


@pytest.mark.parametrize("choices", [3, 4])
def test_every_position_is_right_somewhere(choices):
    positions = Counter(answer for _, n, answer in QUESTIONS if n == choices)
    assert set(positions) == set(range(choices)), positions
    # And no position is rare: each holds at least half its fair share.
    total = sum(positions.values())
    assert min(positions.values()) >= total / choices / 2, positions
