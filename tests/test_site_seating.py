"""```seating blocks: the rotation lesson's two tables come from static/data/seating.json, the file the
score sheet reads, and come out as the tables the lesson used to spell out by hand."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from test_site_markdown import services

from tutor.site import seating as S
from tutor.site.markdown_ext import PageState, make_markdown, render_page

ROOT = Path(__file__).resolve().parent.parent
SEATING = ROOT / S.SEATING_FILE

# The tables of the rotation lesson as they were written before the block existed.
EAST_ROUND = """| Hand | Ana | Ben | Cai | Dee |
| --- | --- | --- | --- | --- |
| 1 | **East** | South | West | North |
| 2 | North | **East** | South | West |
| 3 | West | North | **East** | South |
| 4 | South | West | North | **East** |
"""
CHAIRS = """| Round | East chair | South chair | West chair | North chair |
| --- | --- | --- | --- | --- |
| East (hands 1 to 4) | Ana | Ben | Cai | Dee |
| South (hands 5 to 8) | Ben | Ana | Dee | Cai |
| West (hands 9 to 12) | Cai | Dee | Ben | Ana |
| North (hands 13 to 16) | Dee | Cai | Ana | Ben |
"""


def render(text: str, seating_file=SEATING):
    md, ext = make_markdown(replace(services(), seating_file=seating_file))
    state = PageState("lessons/18-rotation.md", "lessons/rotation/", text, body_line=5)
    html, _ = render_page(md, ext, state)
    return html, state


@pytest.mark.parametrize("table, written", [pytest.param("hands", EAST_ROUND, id="east_round"),
                                             pytest.param("chairs", CHAIRS, id="chairs")])
def test_a_seating_block_renders_the_table_the_lesson_wrote_by_hand(table, written):
    html, state = render(f"```seating\ntable: {table}\nnames: Ana, Ben, Cai, Dee\n```\n")
    assert state.problems == []
    expected, _ = render(written)
    assert html == expected
    assert 'class="table-scroll"' in html  # wrapped for phones like every table


def test_the_lesson_uses_the_blocks_not_copies():
    lesson = (ROOT / "content/lessons/18-rotation.md").read_text(encoding="utf-8")
    assert lesson.count("```seating") == 2
    assert "| 2 | North | **East** |" not in lesson and "| South (hands 5 to 8) |" not in lesson


def test_other_rounds_follow_the_chair_moves():
    seating = S.load(SEATING)
    lines = S.block_lines(seating, {"table": "hands", "round": "S", "names": "Ana, Ben, Cai, Dee"})
    # Ben sits in the East chair for the South round, so he deals hand 5; Ana (South chair) hand 6.
    assert lines[2] == "| 5 | South | **East** | North | West |"
    assert lines[3] == "| 6 | **East** | North | West | South |"


@pytest.mark.parametrize(
    "body, message",
    [
        pytest.param("table: hands\nnames: Ana, Ben, Cai", "four different names", id="three_names"),
        pytest.param("table: hands\nnames: Ana, Ana, Cai, Dee", "four different names", id="same_name"),
        pytest.param("table: hands\nnames: A|x, Ben, Cai, Dee", "without markdown", id="markup_in_name"),
        pytest.param("table: seats\nnames: Ana, Ben, Cai, Dee", "'hands' or 'chairs'", id="unknown_table"),
        pytest.param("table: hands\nround: X\nnames: Ana, Ben, Cai, Dee", "round: one of E, S, W, N", id="bad_round"),
        pytest.param("table: hands\ncolour: red\nnames: Ana, Ben, Cai, Dee", "unknown key 'colour'", id="bad_key"),
        pytest.param("just words", "key: value", id="not_key_value"),
    ],
)
def test_a_bad_block_is_reported_at_its_line(body, message):
    _, state = render(f"Intro.\n\n```seating\n{body}\n```\n")
    assert len(state.problems) == 1
    line, text = state.problems[0]
    assert message in text
    assert line >= 5 + 2


def test_a_broken_seating_file_is_reported(tmp_path):
    data = json.loads(SEATING.read_text(encoding="utf-8"))
    data["rounds"][2]["moves"] = {"E": "W", "W": "W", "S": "N", "N": "E"}  # two players into one chair
    broken = tmp_path / "seating.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    _, state = render("```seating\ntable: chairs\nnames: Ana, Ben, Cai, Dee\n```\n", broken)
    assert "round 3: 'moves' must send each chair's player to a different chair" in state.problems[0][1]
    _, state = render("```seating\ntable: chairs\nnames: Ana, Ben, Cai, Dee\n```\n", None)
    assert "no static/data/seating.json" in state.problems[0][1]


def test_every_player_sits_in_every_chair_once():
    seating = S.load(SEATING)
    for player in range(4):
        assert sorted(chairs.index(player) for chairs in seating.chairs) == [0, 1, 2, 3]


def test_the_score_sheet_plan_has_every_hand_and_the_chair_changes():
    plan = S.sheet_plan(S.load(SEATING))
    assert [row["number"] for row in plan] == list(range(1, 17))
    assert [row["prevalent"] for row in plan] == ["E"] * 4 + ["S"] * 4 + ["W"] * 4 + ["N"] * 4
    assert plan[4]["seats"] == ["S", "E", "N", "W"]  # hand 5: Ben deals from the East chair
    assert [row["number"] for row in plan if row["chairs"]] == [5, 9, 13]
    assert plan[8]["chairs"] == [2, 3, 1, 0]  # West round: Cai, Dee, Ben, Ana
    assert all(row["seats"].count("E") == 1 for row in plan)


def test_the_page_data_cannot_close_its_script_tag():
    data = json.loads(SEATING.read_text(encoding="utf-8"))
    data["about"] = "</script><script>alert(1)</script>"
    context = S.sheet_context(json.dumps(data).encode("utf-8"))
    assert "<" not in context["seating_json"]
    assert json.loads(context["seating_json"]) == data
    assert len(context["plan"]) == 16 and context["dealer_wind"] == "E"
    with pytest.raises(S.SeatingError, match="seating.json"):
        S.sheet_context(b"{not json")
