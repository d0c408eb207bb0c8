"""A game of 16 hands at the practice table, in Chromium: the first hand played to its end,
the totals shown, hand 2 dealt with the seat winds moved, and the game sent to the score
sheet, where the hand and its payments appear; the game kept in localStorage; axe and 360 px for the game's panel. The hand
is found by playing the pure game (tests/browser/table_play.py), never hard-coded. With no
backend, the browser's engine worker plays the same game to the same totals."""

from __future__ import annotations

import json
from functools import cache

import pytest
from playwright.sync_api import expect

from tutor.practice.table.game import hand_seating
from tutor.practice.table.record import parse_record
from tutor.practice.table.table import game_totals
from tutor.views.table import PLAYER_NAMES, WIND_WORDS, signed

from .conftest import axe_violations
from .table_play import Played, find
from .test_offline_engine import ENGINE_READY
from .test_table import click

pytestmark = pytest.mark.browser


@cache
def won_quickly() -> Played:
    """A first hand that someone wins within a few of the learner's moves."""
    return find(lambda p: bool(p.answers[-1]["result"] and p.answers[-1]["result"]["winner"]) and len(p.clicks) <= 30)


def winds(page) -> list[str]:
    return page.locator("[data-game-totals] [data-wind]").all_inner_texts()


def play_first_hand(page, base: str, played: Played) -> None:
    response = page.goto(f"{base}/table/?seed={played.seed}&level={played.level}&mode=game")
    assert response.status == 200
    expect(page.locator("[data-game] h2")).to_contain_text("Hand 1 of 16")
    for value in played.clicks:
        click(page, value)
    expect(page.locator("[data-result]")).to_be_visible()


def test_a_game_moves_the_winds_keeps_the_totals_and_goes_to_the_score_sheet(page, live_server):
    played = won_quickly()
    play_first_hand(page, live_server.url, played)
    record = parse_record(played.answers[-1]["record"])
    game = game_totals([record])
    totals = [signed(t) for t in game["totals"][-1]]
    expect(page.locator("[data-game-totals] [data-total]")).to_have_text(totals)
    expect(page.locator("[data-game-totals] caption")).to_have_text("Totals after 1 of 16 hands")
    first_winds = [WIND_WORDS["ESWN"[hand_seating(0).seat_of(p)]] for p in range(4)]
    assert winds(page) == first_winds

    page.get_by_role("button", name="Play hand 2 of 16").click()
    expect(page.locator("[data-game] h2")).to_contain_text("Hand 2 of 16")
    second_winds = [WIND_WORDS["ESWN"[hand_seating(1).seat_of(p)]] for p in range(4)]
    expect(page.locator("[data-game-totals] [data-wind]")).to_have_text(second_winds)
    assert second_winds != first_winds
    expect(page.locator("[data-game-totals] [data-total]")).to_have_text(totals)
    expect(page.locator(".table-status")).to_contain_text(f"You sit {second_winds[0]}")
    # Read out for a screen reader: the hand's number and the learner's new seat.
    expect(page.locator("[data-table-live]")).to_contain_text("Hand 2 of 16")
    expect(page.locator("[data-table-live]")).to_contain_text(f"You sit {second_winds[0]}")
    assert axe_violations(page) == []

    # The game is kept in this browser too: the page opened again offers to go back to it.
    page.goto(f"{live_server.url}/table/")
    page.get_by_role("button", name="Go back to your game").click()
    expect(page.locator("[data-game] h2")).to_contain_text("Hand 2 of 16")
    expect(page.locator("[data-game-totals] [data-total]")).to_have_text(totals)
    expect(page.get_by_role("button", name="Go back to your game")).to_be_hidden()

    page.get_by_role("button", name="Send the game so far to the score sheet").click()
    expect(page.locator("[data-scoresheet][data-ready]")).to_be_attached()
    expect(page.locator("[data-status]")).to_contain_text("The game from the practice table is open: 1 hand")
    hand = page.locator("tr[data-hand='1']")
    result = game["results"][0]
    winner = PLAYER_NAMES[result["winner"]]
    expect(hand).to_contain_text(winner)
    expect(hand).to_contain_text(str(result["points"]))
    # The sheet's own rules pay the hand: each player's total there is the table's.
    expect(page.locator("[data-total]")).to_have_text([str(t).replace("-", "−") for t in game["totals"][-1]])
    # The hand links to the calculator, which opens the winning hand the table scored.
    hand.get_by_role("link", name="see the hand").click()
    expect(page.locator("#calc-h")).to_have_value(result["request"]["hand"])
    assert not page.script_errors


def test_the_games_panel_fits_360_px(phone, live_server):
    played = won_quickly()
    play_first_hand(phone, live_server.url, played)
    expect(phone.locator("[data-game-totals]")).to_be_visible()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    phone.get_by_role("button", name="Play hand 2 of 16").tap()
    expect(phone.locator("[data-game] h2")).to_contain_text("Hand 2 of 16")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360


def plays_on_to_hand_2(page, totals: list[str]) -> None:
    """Hand 1 over with these totals: hand 2 is dealt, and the totals stay."""
    expect(page.locator("[data-game-totals] [data-total]")).to_have_text(totals)
    page.get_by_role("button", name="Play hand 2 of 16").click()
    expect(page.locator("[data-game] h2")).to_contain_text("Hand 2 of 16")
    expect(page.locator("[data-game-totals] [data-total]")).to_have_text(totals)


def test_a_games_record_kept_after_a_hand_plays_the_game_on_in_another_browser(browser, page, live_server):
    played = won_quickly()
    play_first_hand(page, live_server.url, played)
    totals = page.locator("[data-game-totals] [data-total]").all_inner_texts()
    export = page.locator("[data-game-export]")
    export.locator("summary").click()
    saved = export.get_by_role("textbox", name="This game’s record").input_value()
    assert json.loads(saved)["game"] == [] and json.loads(saved)["seed"] == played.seed
    # Another visitor (nothing in their localStorage) pastes it and plays on from the same place.
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    other = context.new_page()
    try:
        other.goto(f"{live_server.url}/table/")
        other.locator(".table-import summary").click()
        other.get_by_label("A hand’s or a game’s record (JSON)").fill(saved)
        other.get_by_role("button", name="Play it").click()
        expect(other.locator("[data-game] h2")).to_contain_text("Hand 1 of 16")
        plays_on_to_hand_2(other, totals)
    finally:
        context.close()


def test_the_engine_worker_plays_the_same_game_to_the_same_totals(browser, host):
    played = won_quickly()
    totals = [signed(t) for t in game_totals([parse_record(played.answers[-1]["record"])])["totals"][-1]]
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    try:
        assert page.goto(host.url + "/table/").status == 200
        page.locator("#table-setup input[name=seed]").evaluate(f"input => input.value = '{played.seed}'")
        page.locator(f"#table-setup input[name=level][value='{played.level}']").check()
        page.locator("#table-setup input[name=mode][value=game]").check()
        page.get_by_role("button", name="Deal a hand").click()
        expect(page.locator("[data-game] h2")).to_contain_text("Hand 1 of 16", timeout=ENGINE_READY)
        for value in played.clicks:
            click(page, value)
        plays_on_to_hand_2(page, totals)
    finally:
        context.close()


def test_a_game_in_the_sheets_address_that_is_not_one_changes_nothing(page, live_server):
    page.goto(f"{live_server.url}/scoresheet/?game=%7B%22format%22%3A%22other%22%7D")
    expect(page.locator("[data-scoresheet][data-ready]")).to_be_attached()
    expect(page.locator("[data-status]")).to_contain_text(
        "The game sent from the practice table could not be read: This file is not a score sheet saved by this site")
    expect(page.locator("[data-games] option")).to_have_text(["No game yet"])
    assert page.evaluate("() => window.location.search") == ""  # a reload does not try again
