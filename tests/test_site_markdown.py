"""The markdown extension: markdown in, HTML out, and the mistakes it must report with their lines."""

from __future__ import annotations

import gettext
import importlib
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from tutor.rules import fans as F
from tutor.site.blocks import regrouped
from tutor.site.markdown_ext import PageState, Services, make_markdown, render_page
from tutor.views.config import SiteConfig
from tutor.views.templating import make_environment

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "site"


def load_fake_engine():
    """The stand-in engine of the fixture site (fixed answers, so these tests test the site, not the scorer)."""
    if "site_fake_engine" in sys.modules:
        return sys.modules["site_fake_engine"]
    spec = importlib.util.spec_from_file_location("site_fake_engine", FIXTURE / "fake_engine.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["site_fake_engine"] = module
    spec.loader.exec_module(module)
    return module


FAKE = load_fake_engine()
REAL = importlib.import_module("tutor.rules.engine")
ENV = make_environment(ROOT / "templates", SiteConfig(), gettext.NullTranslations())
PAGES = {"lessons/01-tiles.md": "lessons/tiles/", "glossary.md": "glossary/", "index.md": ""}


def services(engine=FAKE, backend_url="") -> Services:
    return Services(
        render_fragment=lambda name, **context: ENV.get_template(name).render(**context),
        tiles=ENV.globals["tiles"],
        page_url=PAGES.get,
        asset_url=lambda path: path if path == "images/board.png" else None,
        fan_url=lambda fan: f"fans/{fan.slug}/",
        generated_url=lambda name: f"{name}/" if name else "",
        engine=engine,
        backend_url=backend_url,
    )


def render(text: str, *, source="lessons/02-sets.md", url="lessons/sets/", fan=None, engine=FAKE, backend_url=""):
    md, ext = make_markdown(services(engine, backend_url))
    state = PageState(source, url, text, body_line=5, fan=fan)
    html, _ = render_page(md, ext, state)
    return html, state


def problems(text: str, **kwargs) -> list[tuple[int, str]]:
    return render(text, **kwargs)[1].problems


def labels(html: str) -> list[str]:
    return re.findall(r'<svg class="tile[^"]*" role="img" aria-label="([^"]+)"', html)


# --- inline tiles ----------------------------------------------------------------------------------


def test_inline_tiles_render_each_tile_with_its_name_and_sprite_symbol():
    html, state = render("A chow ((123m)) here.")
    assert state.problems == []
    assert labels(html) == ["1 of characters", "2 of characters", "3 of characters"]
    assert '<use href="../../static/tiles/tiles.svg#tile-2m"/>' in html
    assert "<p>A chow <span class=\"tiles-inline\">" in html
    assert "\U0001F008" in html  # the Unicode tile as text fallback


def test_a_long_lived_tile_renderer_remembers_sets_but_not_each_hands_loose_tiles():
    # The backend keeps one renderer for its life: what it remembers must not grow with the hands drawn.
    from tutor.rules.notation import parse_hand
    from tutor.views.tilehtml import TileRenderer
    from tutor.views.tileview import hand_view

    renderer = TileRenderer()
    hands = ["[123m] [456p] [789s] 11s 2s", "[123m] [456p] [789s] 22s 3s", "[123m] [456p] [789s] 5p 5p",
             "[123m] [456p] [EEE] 13s 99s", "[123m] [456p] [EEE] 79s 11p"]
    for hand in hands:
        parsed = parse_hand(hand)
        html = renderer.hand(hand_view(parsed, parsed.concealed[-1], 0), "t.svg")
        assert 'aria-label="melded chow: 1-2-3 of characters"' in html
    remembered = {view.kind for view, _ in renderer._sets}
    assert remembered == {"chow", "pung"}
    assert len(renderer._sets) == 4  # [123m] [456p] [789s] [EEE], each drawn once


def test_inline_tiles_keep_written_order_and_draw_melded_sets_apart():
    html, _ = render("((9m 1m [EEE] {5555p}))")
    assert labels(html)[:2] == ["9 of characters", "1 of characters"]
    assert 'aria-label="melded pung: East wind"' in html
    assert html.count("tile-turned") == 1
    assert 'aria-label="concealed kong of 5 of dots"' in html
    assert html.count("#tile-back") == 2


def test_inline_tiles_inside_code_stay_code():
    html, state = render("Write `((123m))` for tiles.")
    assert state.problems == []
    assert "<code>((123m))</code>" in html


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param("Bad ((123x)) tile.", "Unknown suit letter 'x'", id="bad_suit"),
        pytest.param("Riichi ((1z)) honors.", "riichi 'z'", id="z_honors"),
        pytest.param("A set ([12m]) wrong.", "", id="not_tiles_at_all"),
        pytest.param("Meld (([124m])) is not a set.", "is not a set", id="bad_meld"),
        pytest.param("Two sets (([123m][456m])).", "brackets inside brackets", id="two_sets_one_group"),
    ],
)
def test_inline_tile_mistakes_are_reported_at_their_line(text, message):
    found = problems("First line.\n\n" + text)
    if not message:
        assert found == []  # ([12m]) has single parentheses: plain text, not tiles
        return
    assert len(found) == 1
    line, text_of = found[0]
    assert line == 7  # body starts at file line 5; the mistake is on the body's third line
    assert message in text_of


# --- fan and page links --------------------------------------------------------------------------------


def test_fan_links_by_slug_and_number_and_empty_text_takes_the_fan_name():
    html, state = render("[Full](fan:full-flush), [](fan:76) and [x](fan:22#examples).")
    assert state.problems == []
    assert '<a href="../../fans/full-flush/">Full</a>' in html
    assert '<a href="../../fans/no-honors/">No Honors</a>' in html
    assert '<a href="../../fans/full-flush/#examples">x</a>' in html
    assert [(link.target_url, link.anchor) for link in state.links][2] == ("fans/full-flush/", "examples")


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param("[x](fan:ful-flush)", "no fan 'ful-flush' (did you mean 'full-flush'?)", id="misspelt_slug"),
        pytest.param("[x](fan:82)", "no fan '82'", id="number_out_of_range"),
        pytest.param("[x](fan:²)", "no fan '²'", id="superscript_digit"),
        pytest.param("[x](fan:①)", "no fan '①'", id="circled_digit"),
        pytest.param("[x](fan:2²)", "no fan '2²'", id="digit_and_superscript"),
        pytest.param("[x](site:fan-cards)", "no generated page 'fan-cards'", id="unknown_generated_page"),
        pytest.param("[x](../lessons/09-none.md)", "no page content/lessons/09-none.md", id="missing_page"),
        pytest.param("[x](/fans/)", "write a relative link", id="absolute_path"),
        pytest.param("![x](https://example.com/a.png)", "loads nothing from elsewhere", id="external_image"),
        pytest.param("![x](../images/none.png)", "no file content/images/none.png", id="missing_image"),
        pytest.param("[x](../../outside.md)", "no page content/../../outside.md", id="leaves_content"),
    ],
)
def test_link_mistakes_are_reported_at_their_line(text, message):
    found = problems("Intro.\n\n" + text)
    assert [line for line, _ in found] == [7]
    assert message in found[0][1]


def test_page_links_are_rewritten_to_relative_urls_and_recorded_for_the_anchor_check():
    html, state = render("[a](01-tiles.md#suits) [b](../glossary.md) [c](#local) [d](https://example.org/)")
    assert state.problems == []
    assert '<a href="../../lessons/tiles/#suits">a</a>' in html
    assert '<a href="../../glossary/">b</a>' in html
    assert '<a href="#local">c</a>' in html
    assert '<a href="https://example.org/">d</a>' in html
    assert [(link.target_url, link.anchor, link.line) for link in state.links] == [
        ("lessons/tiles/", "suits", 5), ("glossary/", "", 5), ("lessons/sets/", "local", 5)]


def test_generated_pages_and_assets_resolve_from_any_depth():
    html, state = render("[fans](site:fans) [home](site:home) ![board](../images/board.png)")
    assert state.problems == []
    assert 'href="../../fans/"' in html
    assert 'href="../../"' in html
    assert 'src="../../images/board.png"' in html


# --- headings --------------------------------------------------------------------------------------


def test_headings_start_at_level_two_and_do_not_skip():
    found = problems("# Title again\n\n## Fine\n\n#### Skipped a level\n")
    assert found[0][0] == 5 and "only level-1 heading" in found[0][1]
    assert found[1][0] == 9 and "jumps from level 2 to 4" in found[1][1]


def test_tables_scroll_sideways_in_a_named_box():
    table = "| Fan | Points |\n| --- | --- |\n| {} | 1 |\n"
    html, _ = render(table.format("A") + "\nText.\n\n" + table.format("B"))
    assert html.count('class="table-scroll" role="region" tabindex="0"><table>') == 2
    assert '<div aria-label="Table: Fan, Points" class' in html
    assert '<div aria-label="Table: Fan, Points (2)" class' in html
    assert "</table></div>" in html


def test_headings_get_ids_for_anchors():
    html, _ = render("## The suits\n\ntext")
    assert '<h2 id="the-suits">The suits</h2>' in html


# --- hand blocks -----------------------------------------------------------------------------------

HAND = """Before.

```hand
hand: [123s] 456s 789s 234s 55s
win: 5s
self_drawn: true
seat_wind: S
flowers: 2
caption: All bamboo: [](fan:full-flush).
```

After."""


def test_hand_block_renders_tiles_score_and_calculator_link():
    html, state = render(HAND)
    assert state.problems == []
    assert state.examples == 1
    assert '<figure class="hand-example" id="hand-1">' in html
    assert 'aria-label="melded chow: 1-2-3 of bamboo"' in html
    # Drawn as read: each set apart, the winning tile marked inside the set it completed.
    assert 'aria-label="Hand read as: melded chow 1-2-3 of bamboo; chow 2-3-4 of bamboo; chow 4-5-6 of bamboo; ' in html
    assert html.count("tile-set-winning") == 1
    assert re.findall(r'<svg class="tile tile-winning" role="img" aria-label="([^"]+)"', html) == ["5 of bamboo"]
    assert 'aria-label="2 flower tiles"' in html and "#tile-f2" in html
    assert '<figcaption>All bamboo: <a href="../../fans/full-flush/">Full Flush</a>.</figcaption>' in html
    assert '<a href="../../fans/full-flush/">Full Flush</a></th><td>24</td>' in html
    assert "Seat wind: South" in html and "Self-drawn" in html
    assert "meets the 8-point minimum" in html
    assert ('href="../../calculator/?h=%5B123s%5D+23445556789s&amp;win=5s&amp;self_drawn=true'
            '&amp;seat_wind=S&amp;flowers=2"') in html
    assert html.index("Before.") < html.index("hand-example") < html.index("After.")


def test_a_hand_block_is_drawn_as_the_sets_the_engine_scored_it_by():
    # Written as a run of loose tiles, read by the real engine as three pungs (worth more than
    # three chows): the reader sees the pungs the score speaks of.
    html, state = render("```hand\nhand: 111222333m 789p 55s\nwin: 5s\n```", engine=REAL)
    assert state.problems == []
    sets = re.findall(r'<span class="tile-set tile-set-(\w+)[^"]*" role="group" aria-label="([^"]+)"', html)
    assert sets == [("pung", "pung of 1 of characters"), ("pung", "pung of 2 of characters"),
                    ("pung", "pung of 3 of characters"), ("chow", "chow 7-8-9 of dots"), ("pair", "pair of 5 of bamboo")]
    assert "Pure Shifted Pungs" in html and "Pure Triple Chow" not in html


def test_a_hand_written_as_other_sets_than_it_is_scored_by_is_reported_at_its_line():
    # Lesson 12's Full Flush, once: written with a pung of 6s, scored as 678m 999m 66m.
    found = problems("Intro.\n```hand\nwin: 9m\nhand: [123m] 345m 666m 789m 99m\n```\n", engine=REAL)
    assert found == [(8, "hand block: the engine scores these tiles as [123m] 345m 678m 999m 66m (the reading "
                         "worth the most), and the page draws them so: write the hand that way, and check that "
                         "the caption speaks of those sets")]
    assert problems("```hand\nhand: [123m] 999m 345m 678m 66m\nwin: 9m\n```", engine=REAL) == []


@pytest.mark.parametrize("written, reading, differs", [
    ("[123m] 345m 666m 789m 99m", ["[123m]", "345m", "678m", "999m", "66m"], True),
    ("[123m] 999m 678m 345m 66m", ["[123m]", "345m", "678m", "999m", "66m"], False),  # any order
    ("111222333m 789p 55s", ["111m", "222m", "333m", "789p", "55s"], False),  # loose tiles claim no sets
    ("{5555p} 321m 55m 234s 789s", ["{5555p}", "123m", "234s", "789s", "55m"], False),
    ("[5555p] 123m 234s 789s 55m", ["{5555p}", "123m", "234s", "789s", "55m"], True),  # melded, not concealed
    ("147m 258p 369s 234m 55s", ["147m 258p 369s", "234m", "55s"], False),  # a knitted run is loose tiles
    ("11m 33m 55p 77p 99s EE CC", ["11m", "33m", "55p", "77p", "99s", "EE", "CC"], False),
    ("123m 123m 456p 789s EE", ["123m", "456p", "789s", "123m", "EE"], False),
    ("123m 456p 456p 789s EE", ["123m", "123m", "456p", "789s", "EE"], True),  # counts matter
])
def test_a_written_grouping_is_told_from_the_reading(written, reading, differs):
    assert regrouped(tuple(written.split()), reading) is differs


def test_fans_a_hand_scores_are_unlinked_until_the_page_links_them_by_the_end_of_its_section():
    # The fake engine scores this hand Full Flush and Self-Drawn.
    block = "```hand\nhand: [123s] 456s 789s 234s 55s\nwin: 5s\nself_drawn: true\n```\n"
    full_flush, self_drawn = F.fan("full-flush").id, F.fan("self-drawn").id
    _, state = render(f"## Self-Drawn\n\n{block}")
    assert state.taught == [self_drawn]
    assert state.unlinked == [[8, full_flush], [8, self_drawn]]  # the hand line, file line 8
    # Linked later in the same section, or earlier on the page: the reader has been shown the way.
    _, state = render(f"## A hand\n\n{block}\nAll one suit: [](fan:22).\n\n## Next\n\n[](fan:self-drawn)")
    assert state.unlinked == [[8, self_drawn]]
    _, state = render(f"[Self-Drawn](fan:self-drawn) first.\n\n## A hand\n\n{block}")
    assert state.unlinked == [[10, full_flush]]


def test_hand_block_calculator_link_uses_the_backend_address_when_set():
    html, _ = render(HAND, backend_url="https://scores.example")
    assert 'href="https://scores.example/calculator/?h=' in html


def test_concealed_kong_shows_two_tiles_face_down():
    html, state = render("```hand\nhand: {9999m} 123m 456m 678m 55m\nwin: 6m\nrules: china1998\n```")
    assert state.problems == []
    assert labels(html)[:4] == ["9 of characters, face down", "9 of characters", "9 of characters",
                                "9 of characters, face down"]
    assert "Score with China 1998 rules" in html
    assert "rules=china1998" in html


def test_a_hand_block_in_another_fence_is_only_code():
    text = "````markdown\n```hand\nhand: nonsense\n```\n````"
    html, state = render(text)
    assert state.problems == []
    assert "hand: nonsense" in html and "hand-example" not in html


@pytest.mark.parametrize(
    "block, line, message",
    [
        pytest.param("hand: 123m\nwin: 1m\nwind: E", 9, "unknown key 'wind'", id="unknown_key"),
        pytest.param("hand: 123x\nwin: 1m", 7, "hand: Unknown suit letter 'x'", id="bad_notation"),
        pytest.param("win: 5s", 6, "needs a 'hand:' line", id="no_hand"),
        pytest.param("hand: [123s] 456s 789s 234s 55s", 6, "needs a 'win:' line", id="no_win"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nself_drawn: maybe", 9, "write true or false",
                     id="bad_flag"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nseat_wind: X", 9, "E, S, W or N", id="bad_wind"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nflowers: 9", 9, "0 to 8", id="too_many_flowers"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nrules: ema", 9, "wmo, china1998", id="bad_rules"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nwin: 4s", 9, "given twice", id="repeated_key"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 1s", 8, "not among the concealed tiles",
                     id="win_not_concealed"),
        pytest.param("hand: 123s 456s\nwin: 1s", 7, "14 tiles", id="engine_rejects"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nshows: all-honors", 9,
                     "does not score All Honors (listed in 'shows')", id="shows_missing_fan"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nnot: full-flush", 9,
                     "scores Full Flush, which this near miss must not", id="not_but_scores"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nshows: fulflush", 9, "no fan 'fulflush'",
                     id="unknown_fan_in_shows"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nshows: ²", 9, "no fan '²'", id="superscript_fan_in_shows"),
        pytest.param("hand: [123s] 456s 789s 234s 55s\nwin: 5s\nnear_miss: true", 9,
                     "near_miss only means something on a fan's page", id="near_miss_off_fan_page"),
    ],
)
def test_hand_block_mistakes_are_reported_at_their_line(block, line, message):
    # The fence opens on body line 2, file line 6; the block's first key is on file line 7.
    found = problems(f"Intro.\n```hand\n{block}\n```\n")
    assert len(found) == 1, found
    assert found[0][0] == line
    assert message in found[0][1]


def test_an_indented_hand_block_is_reported_not_shown_as_code():
    found = problems("- a list item\n\n    ```hand\n    hand: 123m\n    ```\n")
    assert found == [(7, "a ```hand or ```question block must start at the left margin, not indented "
                         "(inside a list, end the list first)")]


def test_unclosed_hand_block_is_reported_at_its_fence():
    assert problems("Intro.\n```hand\nhand: 123m\n") == [(6, "the ```hand block is never closed with ```")]


def test_on_a_fan_page_every_example_must_score_the_fan():
    full_flush = F.fan("full-flush")
    ok = "```hand\nhand: 123p 456p 789p 234p 55p\nwin: 5p\n```"
    assert problems(ok, fan=full_flush) == []
    wrong = "Intro.\n```hand\nhand: [EEE] 123s 456s 789s 55s\nwin: 5s\n```"
    found = problems(wrong, fan=full_flush)
    assert found == [(6, "hand block: the hand does not score Full Flush (every example on this fan's page "
                         "must score it; mark a near miss with 'near_miss: true')")]


def test_a_near_miss_on_a_fan_page_must_not_score_the_fan():
    full_flush = F.fan("full-flush")
    near = "```hand\nhand: [EEE] 123s 456s 789s 55s\nwin: 5s\nnear_miss: true\n```"
    assert problems(near, fan=full_flush) == []
    not_near = "```hand\nhand: 123p 456p 789p 234p 55p\nwin: 5p\nnear_miss: true\n```"
    assert problems(not_near, fan=full_flush) == [(8, "hand block: the hand scores Full Flush, which this near "
                                                       "miss must not")]


def test_without_an_engine_a_hand_block_fails_with_a_clear_message():
    found = problems("```hand\nhand: 123p 456p 789p 234p 55p\nwin: 5p\n```", engine=None)
    assert len(found) == 1 and "tutor.rules.engine" in found[0][1]


def test_an_engine_crash_is_a_located_problem_not_a_traceback():
    class Broken:
        HandError = ValueError
        Situation = FAKE.Situation

        @staticmethod
        def score(hand, situation, edition="wmo"):
            raise ZeroDivisionError("oops")

    found = problems("```hand\nhand: 123p 456p 789p 234p 55p\nwin: 5p\n```", engine=Broken)
    assert found == [(6, "hand block: the scoring engine failed on this hand (ZeroDivisionError: oops)")]


# --- question blocks -------------------------------------------------------------------------------

QUESTION = """```question
question: Which tile is an honor?
choices:
  - ((5m))
  - ((E))
answer: 1
explain: East is a wind; see [](fan:big-four-winds).
why_wrong:
  - Five of characters is a suited tile.
  - ""
```"""


def test_question_block_is_an_accessible_form_with_the_answer_in_the_page():
    html, state = render(QUESTION)
    assert state.problems == [] and state.questions == 1
    assert '<form class="question" id="q-1" action="../../api/lesson-check" method="post"' in html
    assert 'data-answer="1"' in html
    assert "<fieldset>" in html and "<legend>Which tile is an honor?</legend>" in html
    assert html.count('type="radio"') == 2
    assert '<label for="q-1-1">' in html
    assert "<summary>Show the answer</summary>" in html
    assert '<a href="../../fans/big-four-winds/">Big Four Winds</a>' in html
    assert '<div data-why="0">' in html and 'data-why="1"' not in html
    assert labels(html).count("East wind") == 2  # in the choice and in the answer


@pytest.mark.parametrize(
    "body, line, message",
    [
        pytest.param("question: Q\nchoices: [a, b]\nanswer: 2\nexplain: E\nwhy_wrong: [x, y]", 8,
                     "0 to 1; got 2", id="answer_out_of_range"),
        pytest.param("question: Q\nchoices: [a]\nanswer: 0\nexplain: E\nwhy_wrong: ['']", 7,
                     "at least two choices", id="one_choice"),
        pytest.param("question: Q\nchoices: [a, b]\nanswer: 0\nexplain: E\nwhy_wrong: ['']", 10,
                     "one entry per choice", id="why_wrong_too_short"),
        pytest.param("question: Q\nchoices: [a, b]\nanswer: 0\nexplain: E\nwhy_wrong: ['', '']", 10,
                     "entry 1 is a wrong choice", id="wrong_choice_without_reason"),
        pytest.param("question: Q\nchoices: [a, b]\nanswer: 0\nexplain: E\nwhy_wrong: ['', x]\nhint: h", 11,
                     "unknown key 'hint'", id="unknown_key"),
        pytest.param("question: Q\nchoices: [a, b]\nanswer: first\nexplain: E\nwhy_wrong: ['', x]", 8,
                     "expected a whole number", id="answer_not_a_number"),
        pytest.param("question: Q\nchoices: [a, b]\nanswer: 0\nwhy_wrong: ['', x]", 5,
                     "needs 'explain'", id="missing_explain"),
        pytest.param("question: [unclosed\nchoices: [a, b]", 7, "not valid YAML", id="bad_yaml"),
    ],
)
def test_question_block_mistakes_are_reported_at_their_line(body, line, message):
    found = problems(f"```question\n{body}\n```")
    assert len(found) == 1, found
    assert found[0][0] == line, found
    assert message in found[0][1]
