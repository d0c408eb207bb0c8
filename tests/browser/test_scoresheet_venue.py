"""The score sheet at a club evening (issue 25): a discard win sent from the calculator is paid as
a discard win, two tabs on one game lose nothing, and a phone sees which hand it is changing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_scoresheet import enter_hand, open_sheet, player_cells, row, start_game

pytestmark = pytest.mark.browser

DISCARD_WIN = "/calculator/?h=%5BEEE%5D+123m+456p+789s+55s&win=5s"


def add_from_calculator(page, base: str) -> None:
    """Score [EEE] 123m 456p 789s 55s on 5s by discard (13 points), then "Add to score sheet"."""
    page.goto(base + DISCARD_WIN)
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
    page.get_by_role("link", name="Add to score sheet").click()
    expect(page.locator("[data-scoresheet][data-ready]")).to_be_attached()


def test_a_discard_win_from_the_calculator_pays_as_a_discard_win(page, live_server):
    add_from_calculator(page, live_server.url)
    # No game open: the note about the carried hand is at the top, where the page opens.
    status = page.locator("[data-status]")
    expect(status).to_contain_text("A hand from the calculator is waiting (13 points, won on a discard)")
    assert status.bounding_box()["y"] < page.locator("[data-setup]").bounding_box()["y"]
    form = page.locator("[data-hand-form]")
    expect(form.get_by_label("Won on")).to_have_value("")  # not self-drawn: the discarder is to choose
    start_game(page)
    expect(page.locator("[data-hand-message]")).to_contain_text("13 points, won on a discard. Now choose the winner and whose discard")
    form.get_by_label("Winner").select_option("1")
    add = form.get_by_role("button", name="Add the hand")
    add.click()
    message = page.locator("[data-hand-message]")
    expect(message).to_have_text("Choose who discarded the winning tile, or self-drawn.")
    expect(form.get_by_label("Won on")).to_have_attribute("aria-invalid", "true")
    expect(row(page, 1)).to_have_class("hand-row planned")  # nothing on the sheet
    # Self-drawn is not what the calculator scored: refused with the reason.
    form.get_by_label("Won on").select_option("self")
    add.click()
    expect(message).to_contain_text("The calculator scored this hand as won on a discard")
    expect(row(page, 1)).to_have_class("hand-row planned")
    form.get_by_label("Won on").select_option("3")
    add.click()
    expect(message).to_contain_text("Hand 1 is on the sheet: Ben won; Ana −8, Ben +37, Cai −8, Dee −21.")
    assert player_cells(page, 1) == ["East −8 −8", "South +37 37", "West −8 −8", "North −21 −21"]
    expect(row(page, 1)).to_contain_text("Ben won on Dee's discard: 13 points (see the hand)")
    # Changing the hand later keeps the calculator's situation: self-drawn is still refused.
    row(page, 1).get_by_role("button", name="Change hand 1").click()
    form.get_by_label("Won on").select_option("self")
    form.get_by_role("button", name="Save hand 1").click()
    expect(message).to_contain_text("The calculator scored this hand as won on a discard")
    assert player_cells(page, 1)[1] == "South +37 37"
    assert page.script_errors == []


def test_two_tabs_lose_nothing(page, static_server):
    """The sheet open in one tab, a hand added in another (as the calculator's link does), then the
    next hand entered in the first tab: both hands are on the sheet, in both tabs and after a reload."""
    first = page
    open_sheet(first, static_server)
    start_game(first)
    enter_hand(first, 1, (1, 3, 19))
    second = first.context.new_page()
    open_sheet(second, static_server, "?add=1&points=13&without_flowers=13&self_drawn=false"
                                       "&from=calculator%2F%3Fh%3D%255BEEE%255D%2B123m%2B456p%2B789s%2B55s%26win%3D5s")
    form = second.locator("[data-hand-form]")
    form.get_by_label("Winner").select_option("2")
    form.get_by_label("Won on").select_option("0")
    form.get_by_role("button", name="Add the hand").click()
    expect(second.locator("[data-hand-message]")).to_contain_text("Hand 2 is on the sheet")
    # The first tab picks the change up (the storage event) and says so.
    expect(first.locator("[data-status]")).to_contain_text("Another tab changed this game")
    expect(row(first, 2)).to_contain_text("Cai won on Ana's discard: 13 points")
    enter_hand(first, 3, (0, None, 10))
    for tab in (first, second):
        open_sheet(tab, static_server)
        for number, text in [(1, "Ben won on Dee's discard: 19 points"), (2, "Cai won on Ana's discard: 13 points"),
                             (3, "Ana won, self-drawn: 10 points")]:
            expect(row(tab, number)).to_contain_text(text)
    expect(first.locator("[data-games] option")).to_have_count(1)


def test_a_tab_that_missed_the_other_tabs_save_never_overwrites_it(page, static_server):
    """Had the storage event not come (a tab asleep), saving still reads the stored copy first: hands
    both tabs added are put together; copies that really diverge are both kept, the other labelled."""
    first = page
    open_sheet(first, static_server)
    start_game(first)
    enter_hand(first, 1, (1, 3, 19))
    # Another tab's save, written straight into storage without the event this tab would get.
    stored = first.evaluate("""() => {
        const list = JSON.parse(localStorage.getItem("tutor-scoresheet-games"));
        const game = list.games[0];
        game.events.push({type: "hand", result: "win", winner: 2, discarder: 0, points: 13, flowers: 0});
        game.updated = new Date(Date.parse(game.updated) + 1000).toISOString();
        localStorage.setItem("tutor-scoresheet-games", JSON.stringify(list));
        return game.events.length; }""")
    assert stored == 2
    form = first.locator("[data-hand-form]")
    form.get_by_label("Winner").select_option("0")
    form.get_by_label("Won on").select_option("self")
    form.get_by_label("Points", exact=True).fill("10")
    form.get_by_role("button", name="Add the hand").click()
    expect(first.locator("[data-hand-message]")).to_have_text(
        "Hand 3 is on the sheet: Ana won; Ana +54, Ben −18, Cai −18, Dee −18. "
        "Another tab added a row meanwhile; it is on the sheet before yours.")
    expect(row(first, 2)).to_contain_text("Cai won on Ana's discard: 13 points")
    # Now the other tab changes hand 1 while this one deletes hand 3: both copies are kept.
    first.evaluate("""() => {
        const list = JSON.parse(localStorage.getItem("tutor-scoresheet-games"));
        list.games[0].events[0].discarder = 0;
        list.games[0].updated = new Date(Date.parse(list.games[0].updated) + 1000).toISOString();
        localStorage.setItem("tutor-scoresheet-games", JSON.stringify(list)); }""")
    row(first, 3).get_by_role("button", name="Delete hand 3").click()
    first.get_by_role("dialog").get_by_role("button", name="Delete hand 3").click()
    expect(first.locator("[data-status]")).to_contain_text("Another tab changed this game differently meanwhile, so both are kept")
    options = first.locator("[data-games] option")
    expect(options).to_have_count(2)
    expect(options.filter(has_text="(changes from another tab")).to_have_count(1)
    assert first.script_errors == []


def test_a_phone_sees_the_hand_number_beside_its_buttons(phone, static_server):
    open_sheet(phone, static_server)
    start_game(phone, ["Anastasia", "Benedikt", "Caitríona", "Devendra"])
    for number, hand in enumerate([(1, 3, 19), (2, None, 12), (0, 2, 8)], 1):
        enter_hand(phone, number, hand)
    box = phone.locator(".sheet-table .table-scroll")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # the sheet scrolls sideways
    button = row(phone, 2).get_by_role("button", name="Delete hand 2")
    button.scroll_into_view_if_needed()
    seen = box.bounding_box()
    number = row(phone, 2).locator("th").bounding_box()
    delete = button.bounding_box()
    assert box.evaluate("b => b.scrollLeft") > 0  # scrolled to the buttons at the right end
    # The hand's number is in the box's view, on the buttons' line, left of them and not under them.
    assert seen["x"] <= number["x"] and number["x"] + number["width"] <= delete["x"]
    assert delete["x"] + delete["width"] <= seen["x"] + seen["width"] + 1
    assert abs((number["y"] + number["height"] / 2) - (delete["y"] + delete["height"] / 2)) < 4
    assert phone.evaluate("(p) => document.elementFromPoint(p.x, p.y).closest('th').textContent",
                          {"x": number["x"] + number["width"] / 2, "y": number["y"] + number["height"] / 2}) == "2"


def test_a_delete_takes_the_hand_it_named_though_another_tab_deleted_a_row_meanwhile(page, static_server):
    first = page
    open_sheet(first, static_server)
    start_game(first)
    for number, hand in enumerate([(0, 1, 10), (1, 2, 11), (2, 3, 12), (3, 0, 13)], 1):
        enter_hand(first, number, hand)
    row(first, 2).get_by_role("button", name="Delete hand 2").click()
    dialog = first.get_by_role("dialog")
    expect(dialog).to_contain_text("Ben won on Cai's discard")
    # Meanwhile another tab deletes hand 1.
    second = first.context.new_page()
    open_sheet(second, static_server)
    row(second, 1).get_by_role("button", name="Delete hand 1").click()
    second.get_by_role("dialog").get_by_role("button", name="Delete hand 1").click()
    expect(second.locator("[data-status]")).to_contain_text("Deleted hand 1")
    expect(first.locator("[data-status]")).to_contain_text("Another tab changed this game")
    dialog.get_by_role("button", name="Delete hand 2").click()
    # Ben's hand (now hand 1) is gone; Cai's and Dee's stay.
    expect(first.locator("[data-status]")).to_contain_text("Deleted hand 1")
    expect(row(first, 1)).to_contain_text("Cai won on Dee's discard: 12 points")
    expect(row(first, 2)).to_contain_text("Dee won on Ana's discard: 13 points")
    # And a hand the other tab deleted while asked is not looked for elsewhere: nothing is deleted.
    row(first, 1).get_by_role("button", name="Delete hand 1").click()
    dialog = first.get_by_role("dialog")
    row(second, 1).get_by_role("button", name="Delete hand 1").click()
    second.get_by_role("dialog").get_by_role("button", name="Delete hand 1").click()
    expect(row(first, 1)).to_contain_text("Dee won on Ana's discard: 13 points")
    dialog.get_by_role("button", name="Delete hand 1").click()
    expect(first.locator("[data-status]")).to_contain_text("Nothing was deleted: another tab changed or deleted hand 1")
    expect(row(first, 1)).to_contain_text("Dee won on Ana's discard: 13 points")
    assert first.script_errors == []


def test_a_hand_from_the_calculator_brings_its_winds(page, live_server):
    """Scored with seat wind South and prevalent wind West, sent to a game's first hand (East
    round): the player sitting South is chosen as the winner, and the round's wind is questioned."""
    page.goto(live_server.url + DISCARD_WIN + "&seat_wind=S&prevalent_wind=W")
    expect(page.locator("#calc-result .verdict")).to_contain_text("points")
    page.get_by_role("link", name="Add to score sheet").click()
    expect(page.locator("[data-scoresheet][data-ready]")).to_be_attached()
    start_game(page)
    message = page.locator("[data-hand-message]")
    expect(message).to_contain_text("Ben sits the seat wind it was scored with, so is chosen as the winner")
    expect(message).to_contain_text("West as the prevalent wind, but hand 1 is in the East round")
    expect(page.locator("[data-hand-form]").get_by_label("Winner")).to_have_value("1")
    expect(page.locator("[data-status]")).to_have_text("")  # "a hand is waiting" is said no more


def test_a_phone_takes_names_of_forty_characters_without_scrolling_sideways(phone, static_server):
    open_sheet(phone, static_server)
    names = ["Maria del Carmen Fernández-Rodríguez Sol", "Benedikt", "Caitríona", "Devendra"]
    assert len(names[0]) == 40
    start_game(phone, names)
    enter_hand(phone, 1, (0, 3, 19))
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
