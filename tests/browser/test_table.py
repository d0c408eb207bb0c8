"""The practice table in Chromium: a hand played by keyboard alone, a claim, a kong with its
replacement, a self-drawn win, a declaration under 8 refused with the calculator's explanation,
the bots' moves in the live region, 360 px, axe, and the same hand played offline by the
browser's engine. The hands are found by playing the pure game (tests/browser/table_play.py)."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from playwright.sync_api import expect

from .conftest import axe_violations
from .table_play import Played, find, has_click, learner_won_self_drawn
from .test_offline_engine import ENGINE_READY

pytestmark = pytest.mark.browser


@cache
def finished() -> Played:
    return find(lambda p: p.answers[-1]["result"] is not None)


@cache
def with_pung() -> Played:
    return find(has_click("pung"))


@cache
def with_kong() -> Played:
    return find(has_click("kong"))


@cache
def self_drawn() -> Played:
    return find(learner_won_self_drawn)


@cache
def short_declaration() -> Played:
    return find(lambda p: p.refused_at is not None)


def open_hand(page, base: str, played: Played):
    response = page.goto(f"{base}/table/?seed={played.seed}&level={played.level}")
    assert response.status == 200
    expect(page.locator("#table-form")).to_be_visible()


def moves_now(page) -> str:
    return page.locator("#table-form").get_attribute("data-moves")


def click(page, value: str) -> None:
    """Make the learner's move with the mouse, and wait for the table's answer."""
    before = moves_now(page)
    page.locator(f'#table-form button[value="{value}"]').first.click()
    expect(page.locator("#table-form")).not_to_have_attribute("data-moves", before)


def record_shown(page) -> dict:
    return json.loads(page.locator("#table-form input[name=record]").input_value())


TILE_INDEX = "() => [...document.querySelectorAll('[data-hand] button')].indexOf(document.activeElement)"


def test_a_whole_hand_by_keyboard_alone_plays_the_pure_games_hand(page, live_server):
    played = finished()
    open_hand(page, live_server.url, played)
    for value in played.clicks:
        before = moves_now(page)
        # Walk to the button: Tab to the actions or the tiles, arrows along the tiles.
        for _ in range(150):
            focused = page.evaluate("() => document.activeElement && document.activeElement.value")
            if focused == value:
                break
            on_tile = page.evaluate("() => !!document.activeElement.closest('[data-hand]')")
            if on_tile and value.startswith("discard "):
                at = page.evaluate(TILE_INDEX)
                page.keyboard.press("ArrowRight")
                if page.evaluate(TILE_INDEX) == at:  # the last tile: back to the first
                    page.keyboard.press("Home")
            else:
                page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.value") == value
        page.keyboard.press("Enter")
        expect(page.locator("#table-form")).not_to_have_attribute("data-moves", before)
    expect(page.locator("#result-title")).to_be_visible()
    assert record_shown(page) == played.answers[-1]["record"]
    expect(page.get_by_role("button", name="Deal another hand")).to_be_visible()
    assert not page.script_errors


def test_bots_moves_are_announced_in_the_live_region(page, live_server):
    played = finished()
    open_hand(page, live_server.url, played)
    click(page, played.clicks[0])
    said = [m for m in played.answers[1]["record"]["moves"][len(played.answers[0]["record"]["moves"]) + 1:]]
    assert said, "the bots moved after the learner's first move"
    expect(page.locator("[data-table-live]")).to_contain_text({"discard": "discards", "pung": "pung", "chow": "chow",
                                                               "kong": "kong", "pass": "passes", "win": "win"}[said[0]["action"]])


def test_a_claim_exposes_the_set_with_whom_it_came_from(page, live_server):
    played = with_pung()
    open_hand(page, live_server.url, played)
    at = next(i for i, c in enumerate(played.clicks) if c.startswith("pung"))
    for value in played.clicks[:at]:
        click(page, value)
    expect(page.get_by_role("button", name="Pung ")).to_be_visible()
    click(page, played.clicks[at])
    pung = page.locator(".seat-me .seat-sets [role=group]").first
    expect(pung).to_have_attribute("aria-label", re.compile(r"^pung of .+, claimed from (East|South|West|North)$"))
    assert record_shown(page) == played.answers[at + 1]["record"]


def test_a_kong_draws_its_replacement(page, live_server):
    played = with_kong()
    open_hand(page, live_server.url, played)
    at = next(i for i, c in enumerate(played.clicks) if c.startswith("kong"))
    for value in played.clicks[:at]:
        click(page, value)
    click(page, played.clicks[at])
    expect(page.locator(".seat-me .seat-sets [role=group]").filter(has_text="")).not_to_have_count(0)
    labels = page.locator(".seat-me .seat-sets [role=group]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert any("kong" in label for label in labels)
    # The replacement from the wall's far end: the learner holds a drawn tile again and must discard.
    expect(page.locator(".seat-me .tile-drawn")).to_be_visible()
    expect(page.locator("[data-hand] button").first).to_be_visible()
    assert record_shown(page) == played.answers[at + 1]["record"]


def test_a_self_drawn_win_is_scored_paid_and_opens_in_the_calculator(page, live_server):
    played = self_drawn()
    open_hand(page, live_server.url, played)
    for value in played.clicks:
        click(page, value)
    result = page.locator("[data-result]")
    expect(result.locator("#result-title")).to_have_text("You win")
    expect(result.locator(".payments")).to_contain_text("Self-drawn: each other player pays")
    # Self-Drawn, or Fully Concealed Hand, which implies it.
    expect(result.locator(".fan-lines")).to_contain_text(re.compile("Self-Drawn|Fully Concealed Hand"))
    link = result.locator("[data-calculator-link]")
    assert "self_drawn=true" in link.get_attribute("href")
    total = played.answers[-1]["result"]["scored"]["total"]
    expect(result.locator(".verdict")).to_contain_text(f"{total} points")


def test_a_declaration_under_8_is_refused_with_its_explanation_and_play_goes_on(page, live_server):
    played = short_declaration()
    open_hand(page, live_server.url, played)
    for value in played.clicks[:played.refused_at]:
        click(page, value)
    page.locator('#table-form button[value="win"]').click()
    refused = page.locator("[data-refused]")
    expect(refused).to_contain_text("a win needs 8")
    expect(refused.locator(".verdict")).to_contain_text("below the 8-point minimum")
    expect(refused.locator(".fan-lines")).to_be_visible()
    # Play goes on: the move the pure game's learner made next is still offered.
    expect(page.locator(f'#table-form button[value="{played.clicks[played.refused_at]}"]').first).to_be_visible()


def test_the_table_fits_360_px_and_plays_by_touch(phone, live_server):
    played = finished()
    open_hand(phone, live_server.url, played)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    phone.locator(f'#table-form button[value="{played.clicks[0]}"]').first.tap()
    expect(phone.locator("#table-form")).to_have_attribute("data-moves", str(len(played.answers[1]["record"]["moves"])))
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_at_the_table(page, live_server, scheme):
    page.emulate_media(color_scheme=scheme)
    played = finished()
    open_hand(page, live_server.url, played)
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("[data-coach]")).to_be_visible()
    assert axe_violations(page) == []
    for value in played.clicks:
        click(page, value)
    expect(page.locator("[data-review]")).to_be_visible()
    assert axe_violations(page) == []
    assert not page.script_errors


def test_the_same_hand_offline_in_the_engine_worker(browser, host):
    played = with_pung()
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    try:
        assert page.goto(host.url + "/table/").status == 200
        page.locator("#table-setup input[name=seed]").evaluate(f"input => input.value = '{played.seed}'")
        page.locator(f"#table-setup input[name=level][value='{played.level}']").check()
        page.get_by_role("button", name="Deal a hand").click()
        expect(page.locator("#table-form")).to_be_visible(timeout=ENGINE_READY)
        assert record_shown(page) == played.answers[0]["record"]
        for value in played.clicks[:8]:
            click(page, value)
        assert record_shown(page) == played.answers[8]["record"]
    finally:
        context.close()


def test_the_coach_ranks_the_moves_on_request_and_never_plays(page, live_server):
    played = finished()
    open_hand(page, live_server.url, played)
    before = moves_now(page)
    page.get_by_role("button", name="Hint").click()
    coach = page.locator("[data-coach]")
    expect(coach.locator("h2")).to_be_focused()
    # The value engine's ranking of exactly the moves the table offers, with its sentence.
    offered = page.locator("#table-form button[name=move]").evaluate_all("els => [...new Set(els.map(e => e.value))]")
    ranked = coach.locator("tr[data-move]").evaluate_all("rows => rows.map(r => r.dataset.move)")
    assert ranked and set(ranked) <= set(offered)
    expect(coach.locator("p").first).to_contain_text(re.compile(r"ready|from ready"))
    assert moves_now(page) == before  # nothing was played for the learner
    # The option shows it at every decision; without it, the next decision has none.
    click(page, played.clicks[0])
    expect(page.locator("[data-coach]")).to_have_count(0)
    page.goto(f"{live_server.url}/table/?seed={played.seed}&level={played.level}&coach=1")
    expect(page.locator("[data-coach]")).to_be_visible()
    click(page, played.clicks[0])
    expect(page.locator("[data-coach]")).to_be_visible()


def test_the_review_after_the_hand_counts_matches_and_links_the_costliest_mistakes(page, live_server):
    played = finished()
    open_hand(page, live_server.url, played)
    for value in played.clicks:
        click(page, value)
    review = page.locator("[data-review]")
    expect(review).to_be_visible()
    decisions = int(review.get_attribute("data-decisions"))
    matched = int(review.get_attribute("data-matched"))
    assert decisions > 0 and 0 <= matched <= decisions
    expect(review.locator("[data-match-rate]")).to_contain_text(f"{matched} of {decisions} decisions")
    costliest = review.locator(".review-costliest > li")
    assert costliest.count() == min(3, decisions - matched)
    if costliest.count():
        link = costliest.first.get_by_role("link", name="Open this position in the calculator")
        assert "h=" in link.get_attribute("href")
        link.click()
        expect(page.locator("#calc-h")).not_to_have_value("")
    # Progress in this browser: one hand played.
    page.goto(f"{live_server.url}/table/")
    expect(page.locator('[data-stat="played"]')).to_have_text("1")


def test_the_tiles_stay_where_they_are_from_one_decision_to_the_next(page, live_server):
    played = finished()
    open_hand(page, live_server.url, played)
    # In the page's own coordinates: a click may scroll the window, which is no layout shift.
    def top() -> float:
        return page.evaluate("() => document.querySelector('[data-hand]').getBoundingClientRect().top + window.scrollY")
    tops = [top()]
    for value in played.clicks[:6]:
        if value.split(" ")[0] in ("pung", "chow", "kong"):
            break  # the learner's own new set goes above the tiles: that move is theirs
        click(page, value)
        tops.append(top())
    assert len(tops) > 2 and len(set(tops)) == 1, tops


def test_without_javascript_each_move_is_a_form_posted_with_the_record(browser, live_server):
    played = finished()
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    page = context.new_page()
    try:
        assert page.goto(f"{live_server.url}/table/?seed={played.seed}&level={played.level}").status == 200
        for index, value in enumerate(played.clicks[:3]):
            with page.expect_navigation():
                page.locator(f'#table-form button[value="{value}"]').first.click()
            assert record_shown(page) == played.answers[index + 1]["record"]
        with page.expect_navigation():
            page.get_by_role("button", name="Hint").click()
        expect(page.locator("[data-coach]")).to_be_visible()
    finally:
        context.close()


def test_a_finished_hands_record_pasted_back_shows_the_same_hand(page, live_server):
    played = finished()
    open_hand(page, live_server.url, played)
    for value in played.clicks:
        click(page, value)
    page.locator(".table-export summary").click()
    text = page.locator("#table-record-out").input_value()
    assert json.loads(text) == played.answers[-1]["record"]
    page.goto(f"{live_server.url}/table/")
    page.locator(".table-import summary").click()
    page.locator("#table-record-in").fill(text)
    page.get_by_role("button", name="Play it").click()
    expect(page.locator("#result-title")).to_be_visible()
    assert record_shown(page) == played.answers[-1]["record"]


def test_the_result_and_review_fit_360_px(phone, live_server):
    played = self_drawn()
    open_hand(phone, live_server.url, played)
    phone.locator("#table-form button[name=hint]").tap()
    expect(phone.locator("[data-coach]")).to_be_visible()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    for value in played.clicks:
        before = moves_now(phone)
        phone.locator(f'#table-form button[value="{value}"]').first.tap()
        expect(phone.locator("#table-form")).not_to_have_attribute("data-moves", before)
    expect(phone.locator("[data-review]")).to_be_visible()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_a_backend_that_stops_answering_mid_hand_hands_the_click_to_the_engine(page, live_server):
    played = finished()
    open_hand(page, live_server.url, played)
    click(page, played.clicks[0])
    # From now on the backend's table route does not answer: the same click is played in the browser.
    page.route("**/table/", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    before = moves_now(page)
    page.locator(f'#table-form button[value="{played.clicks[1]}"]').first.click()
    expect(page.locator("#table-form")).not_to_have_attribute("data-moves", before, timeout=ENGINE_READY)
    assert record_shown(page) == played.answers[2]["record"]
