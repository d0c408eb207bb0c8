"""The score sheet in a real browser, on a static host with no backend: lesson 10's whole game with
a mistake put right, a false win turned into its penalty, draws, export, import (good, foreign and
already saved), the same game by keyboard alone, a hand sent from the calculator, a phone, print
on one A4 page, and axe."""

from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from .conftest import axe_violations

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cai", "Dee"]
DRAW = None
# Lesson 10's game (content/lessons/10-scoring-and-paying.md): (winner, discarder or None for
# self-drawn, points), by player number; its totals are Ana +9, Ben −41, Cai +46, Dee −14.
LESSON_10 = [(1, 3, 19), (2, None, 12), DRAW, (0, 2, 8), (3, 0, 24), (0, None, 10), (1, 2, 9), (2, 3, 13),
             (0, 1, 16), (3, None, 8), DRAW, (2, 0, 11), (1, None, 15), (3, 1, 32), (0, 3, 9), (2, 1, 20)]
# With Cai's false win after hand 7 (10 points to each of the others):
FINAL = ["19", "−31", "16", "−4"]


def open_sheet(page, base: str, query: str = "") -> None:
    response = page.goto(base + "/scoresheet/" + query)
    assert response.status == 200
    expect(page.locator("[data-scoresheet][data-ready]")).to_be_attached()  # the module has run


def start_game(page, names=NAMES) -> None:
    for i, name in enumerate(names):
        page.get_by_label(["East", "South", "West", "North"][i], exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("[data-setup-message]")).to_have_text(f"Game started: {names[0]} deals hand 1.")


def enter_hand(page, number: int, hand, flowers: int = 0) -> None:
    form = page.locator("[data-hand-form]")
    expect(page.locator("[data-hand-title]")).to_have_text(f"Enter hand {number}")
    if hand is DRAW:
        form.get_by_label("A draw").check()
    else:
        winner, discarder, points = hand
        form.get_by_label("A win").check()
        form.get_by_label("Winner").select_option(str(winner))
        form.get_by_label("Won on").select_option("self" if discarder is None else str(discarder))
        form.get_by_label("Points", exact=True).fill(str(points))
        form.get_by_label("of which flowers").fill(str(flowers))
    form.get_by_role("button", name="Add the hand").click()
    expect(page.locator("[data-hand-message]")).to_contain_text(f"Hand {number} is on the sheet")


def totals(page) -> list[str]:
    return page.locator("[data-total]").all_inner_texts()


def row(page, number: int):
    return page.locator(f"tr[data-hand='{number}']")


def player_cells(page, number: int) -> list[str]:
    """'East −8 −8': seat wind, change, total (the words 'change' and 'total' are for screen readers)."""
    cells = row(page, number).locator("td").all_inner_texts()[1:5]
    return [" ".join(w for w in t.split() if w not in ("change", "total")) for t in cells]


def download(page, name: str):
    with page.expect_download() as info:
        page.get_by_role("button", name=name).click()
    return info.value


def game_file(page, name: str, text: str) -> None:
    page.get_by_label("Import a game").set_input_files({"name": name, "mimeType": "application/json",
                                                       "buffer": text.encode("utf-8")})


# ------------------------------------------------------------------------------------ a whole game


def test_a_whole_game_with_an_edit_a_penalty_draws_export_and_import(page, static_server, tmp_path):
    # The page's HTML already lays out the 16 hands (players named by the wind they drew), so
    # nothing moves when the script fills in a game.
    response = page.request.get(static_server + "/scoresheet/")
    assert response.status == 200
    assert response.text().count('<tr class="hand-row planned"') == 16
    assert "Before the West round the players change chairs: East chair West, South chair North, " in response.text()
    open_sheet(page, static_server)
    expect(page.locator("[data-games] option")).to_have_text(["No game yet"])
    expect(page.locator("tr.hand-row.planned")).to_have_count(16)
    # Drawing the seats shuffles the names among the winds.
    for i, name in enumerate(NAMES):
        page.get_by_label(["East", "South", "West", "North"][i], exact=True).fill(name)
    page.get_by_role("button", name="Draw the seats").click()
    expect(page.locator("[data-setup-message]")).to_contain_text("Seats drawn: East ")
    drawn = [page.locator(f"#name-{i}").input_value() for i in range(4)]
    assert sorted(drawn) == NAMES
    start_game(page)  # and back to the lesson's seats
    # Before any hand, all 16 rows show their seats; the rotation follows the rotation lesson.
    expect(page.locator("tr.hand-row.planned")).to_have_count(16)
    expect(page.locator("[data-hand-seats]")).to_have_text(
        "East round, hand 1 of 4 · Ana deals · Ana East, Ben South, Cai West, Dee North")
    expect(page.locator("tr.chairs-row").first).to_have_text(
        "Before the South round the players change chairs: East chair Ben, South chair Ana, West chair Dee, "
        "North chair Cai.")

    for number, hand in enumerate(LESSON_10[:4], 1):
        enter_hand(page, number, hand)
    assert player_cells(page, 1) == ["East −8 −8", "South +43 43", "West −8 −8", "North −27 −27"]
    assert player_cells(page, 3) == ["West 0 −28", "North 0 23", "East 0 52", "South 0 −47"]  # a draw: nobody pays
    # Hand 5 with a mistake: Dee won on Ben's discard, not Ana's. Hand 6 goes on after it.
    enter_hand(page, 5, (3, 1, 24))
    enter_hand(page, 6, LESSON_10[5])
    assert player_cells(page, 6)[0] == "East +54 50"
    row(page, 5).get_by_role("button", name="Change hand 5").click()
    expect(page.locator("[data-hand-title]")).to_have_text("Change hand 5")
    expect(page.locator("[data-hand-title]")).to_be_focused()
    expect(page.get_by_label("Points", exact=True).first).to_have_value("24")
    page.locator("[data-hand-form]").get_by_label("Won on").select_option("0")
    page.get_by_role("button", name="Save hand 5").click()
    expect(page.locator("[data-hand-message]")).to_contain_text(
        "Hand 5 changed, and every total after it worked out again")
    assert player_cells(page, 5) == ["South −32 −28", "East −8 7", "North −8 28", "West +48 −7"]
    assert player_cells(page, 6)[:2] == ["East +54 26", "North −18 −11"]  # recomputed from the new totals

    enter_hand(page, 7, LESSON_10[6])
    # Cai calls a win on 7 points and 2 flowers: refused, with the way to the false-win penalty.
    form = page.locator("[data-hand-form]")
    form.get_by_label("Winner").select_option("2")
    form.get_by_label("Won on").select_option("self")
    form.get_by_label("Points", exact=True).fill("9")
    form.get_by_label("of which flowers").fill("2")
    form.get_by_role("button", name="Add the hand").click()
    message = page.locator("[data-hand-message]")
    expect(message).to_contain_text(
        "A win needs at least 8 points without flowers; this hand has 7 (9 with its 2 flowers)")
    expect(message.get_by_role("link", name="What a false win costs")).to_have_attribute(
        "href", "../lessons/penalties/#a-false-win")
    expect(form.get_by_label("Points", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(row(page, 8)).to_have_class(re.compile("planned"))  # nothing went on the sheet
    message.get_by_role("button", name="Enter the false-win penalty").click()
    penalty = page.locator("[data-penalty-form]")
    expect(penalty.get_by_label("Who pays")).to_be_focused()
    expect(penalty.get_by_label("Who pays")).to_have_value("2")
    expect(penalty.get_by_label("Reason")).to_have_value("False win")
    penalty.get_by_role("button", name="Add the penalty").click()
    expect(page.locator("[data-penalty-message]")).to_have_text(
        "Penalty on the sheet: Ana +10, Ben +10, Cai −30, Dee +10.")
    penalty_row = page.locator("tr.penalty-row")
    expect(penalty_row).to_contain_text("Penalty: Cai pays 10 to each of the others (False win)")
    assert penalty_row.evaluate("tr => tr.previousElementSibling.dataset.hand") == "7"

    for number, hand in enumerate(LESSON_10[7:], 8):
        enter_hand(page, number, hand)
    assert totals(page) == FINAL
    expect(page.locator("[data-sum]")).to_have_text("The totals add up to 0.")
    expect(row(page, 13).locator(".seat.dealer")).to_have_count(1)
    assert row(page, 13).locator("td").nth(4).locator(".seat.dealer").inner_text() == "East"  # Dee deals hand 13
    expect(page.locator("[data-hand-title]")).to_have_text("All 16 hands are on the sheet")
    expect(page.get_by_role("button", name="Add the hand")).to_be_disabled()

    # The end: totals, table points, the figures of each player.
    expect(page.locator("[data-standings-note]")).to_have_text("All 16 hands are played: these are the final results.")
    standings = [r.split("\t") for r in page.locator("[data-standings] tr").all_inner_texts()]
    assert standings == [["Ana", "19", "1", "4", "4", "1", "2"], ["Cai", "16", "2", "2", "4", "1", "2"],
                         ["Dee", "−4", "3", "1", "3", "1", "3"], ["Ben", "−31", "4", "0", "3", "1", "3"]]
    need = [r.split("\t") for r in page.locator("[data-need] tr").all_inner_texts()]
    assert ["Ben", "Ana", "50", "8 (any win)", "10", "19"] in need
    assert [r[0] for r in need] == ["Ben", "Ben", "Ben", "Cai", "Dee", "Dee"]

    # Export: JSON reads back, CSV opens in a spreadsheet.
    saved = json.loads(download(page, "Export JSON").path().read_text(encoding="utf-8"))
    assert saved["format"] == "tutor-scoresheet" and saved["players"] == NAMES
    assert len(saved["events"]) == 17 and saved["events"][7]["type"] == "penalty"
    csv_file = download(page, "Export CSV")
    assert re.fullmatch(r"score-sheet-\d{4}-\d\d-\d\d-Ana-Ben-Cai-Dee\.csv", csv_file.suggested_filename)
    rows = list(csv.reader(io.StringIO(csv_file.path().read_text(encoding="utf-8"))))
    assert rows[8][0] == "after hand 7" and rows[8][14:18] == ["28", "32", "-37", "-23"]
    assert ["Ana", "19", "1", "4", "4", "1", "2"] in rows

    # A foreign file and a garbled one: a clear message, nothing changed.
    game_file(page, "other.json", json.dumps({"players": ["x"], "hands": []}))
    keep = page.locator("[data-keep-message]")
    expect(keep).to_have_text("other.json: This file is not a score sheet saved by this site (it has no "
                              "\"format\": \"tutor-scoresheet\"). Nothing was changed.")
    game_file(page, "broken.json", json.dumps(saved)[:-40])
    expect(keep).to_contain_text("broken.json: This file is not a score sheet: it is not JSON at all.")
    tampered = {**saved, "events": saved["events"] + [{"type": "hand", "result": "draw"}]}
    game_file(page, "more.json", json.dumps(tampered))
    expect(keep).to_contain_text("Entry 18: a game has 16 hands, and this file has more. Nothing was changed.")
    assert totals(page) == FINAL
    expect(page.locator("[data-games] option")).to_have_count(1)

    # The same game again: asked first; cancel keeps everything, "keep both" adds a copy.
    exported = json.dumps(saved)
    game_file(page, "game.json", exported)
    dialog = page.get_by_role("dialog", name="This game is already saved here")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    dialog.get_by_role("button", name="Cancel").click()
    expect(keep).to_have_text("Import cancelled; nothing was changed.")
    expect(page.locator("[data-games] option")).to_have_count(1)
    game_file(page, "game.json", exported)
    page.get_by_role("dialog").get_by_role("button", name="Keep both").click()
    expect(page.locator("[data-games] option")).to_have_count(2)
    # The copy is labelled, so the two entries can be told apart.
    expect(page.locator("[data-games] option").filter(has_text="(copy imported from game.json)")).to_have_count(1)
    expect(page.locator("[data-games] option:checked")).to_contain_text("(copy imported from game.json)")
    assert totals(page) == FINAL

    # Delete one copy, then edit and delete a row, and import the file over the changed game.
    page.get_by_role("button", name="Delete this game").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete the game").click()
    expect(page.locator("[data-games] option")).to_have_count(1)
    row(page, 16).get_by_role("button", name="Delete hand 16").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete hand 16").click()
    expect(page.locator("[data-status]")).to_have_text("Deleted hand 16; the totals after it are worked out again.")
    assert totals(page) == ["27", "−3", "−28", "4"]
    expect(page.locator("[data-hand-title]")).to_have_text("Enter hand 16")
    game_file(page, "game.json", exported)
    page.get_by_role("dialog").get_by_role("button", name="Replace it").click()
    expect(keep).to_contain_text("Imported game.json")
    assert totals(page) == FINAL

    # Everything stays in the browser: a reload opens the same game.
    open_sheet(page, static_server)
    assert totals(page) == FINAL
    expect(page.locator("[data-games] option")).to_have_count(1)
    assert page.script_errors == []


# ------------------------------------------------------------------------------------ keyboard only


def tab_to(page, test: str, limit: int = 80, *, back: bool = False) -> None:
    """Press Tab (or Shift+Tab) until document.activeElement passes the test."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(f"(() => {{ const e = document.activeElement; return !!({test}); }})()"):
            return
    raise AssertionError(f"never reached {test}")


def keyboard_hand(page, hand) -> None:
    """From the focused 'A win' radio: the whole hand with keys only."""
    keys = page.keyboard
    expect(page.locator("input[name=result][value=win]")).to_be_focused()
    if hand is DRAW:
        keys.press("ArrowRight")  # the draw radio; the win's fields are disabled, so Tab skips them
        expect(page.locator("input[name=result][value=draw]")).to_be_checked()
        keys.press("Tab")
        expect(page.get_by_role("button", name="Add the hand")).to_be_focused()
        keys.press("Enter")
        return
    winner, discarder, points = hand
    keys.press("Tab")
    keys.type(NAMES[winner][0])  # type-ahead in the select: Ana, Ben, Cai, Dee
    keys.press("Tab")
    keys.type("S" if discarder is None else NAMES[discarder][0])
    keys.press("Tab")
    keys.type(str(points))
    keys.press("Enter")  # submits the form


def test_a_whole_game_by_keyboard_only(page, static_server):
    open_sheet(page, static_server)
    tab_to(page, "e.id === 'name-0'")
    for name in NAMES:
        page.keyboard.type(name)
        page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Draw the seats")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # Start the game
    expect(page.locator("[data-setup-message]")).to_have_text("Game started: Ana deals hand 1.")
    for number, hand in enumerate(LESSON_10[:8], 1):
        keyboard_hand(page, hand)
        expect(page.locator("[data-hand-message]")).to_contain_text(f"Hand {number} is on the sheet")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"  # focus is visible
    # A penalty, from the keyboard: Cai pays 10 to each of the others.
    tab_to(page, "e.id === 'penalty-payer'")
    page.keyboard.type("C")
    tab_to(page, "e.id === 'penalty-reason'")
    page.keyboard.type("False win")
    page.keyboard.press("Enter")
    expect(page.locator("[data-penalty-message]")).to_have_text(
        "Penalty on the sheet: Ana +10, Ben +10, Cai −30, Dee +10.")
    # Put a mistake right: change hand 2 to Cai winning on Ana's discard, and back.
    tab_to(page, "e.getAttribute('aria-label') === 'Change hand 2'", 200, back=True)
    page.keyboard.press("Enter")
    expect(page.locator("[data-hand-title]")).to_be_focused()
    for _ in range(3):  # the radio, the winner, then whose discard
        page.keyboard.press("Tab")
    page.keyboard.type("A")
    page.keyboard.press("Tab")  # to the points: Enter in a field sends the form
    page.keyboard.press("Enter")
    expect(page.locator("[data-hand-message]")).to_contain_text("Hand 2 changed")
    assert player_cells(page, 2)[0] == "North −20 −28"
    tab_to(page, "e.getAttribute('aria-label') === 'Change hand 2'", 200, back=True)
    page.keyboard.press("Enter")
    tab_to(page, "e.id === 'hand-discarder'")
    page.keyboard.type("S")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("[data-hand-message]")).to_contain_text("Hand 2 changed")
    assert totals(page) == ["20", "24", "0", "−44"]  # back as it was: 8 hands and the penalty
    for number, hand in enumerate(LESSON_10[8:], 9):
        keyboard_hand(page, hand)
        expect(page.locator("[data-hand-message]")).to_contain_text(f"Hand {number} is on the sheet")
    assert totals(page) == FINAL
    expect(page.locator("[data-hand-title]")).to_be_focused()  # the form is done: focus on its heading
    assert page.script_errors == []


# ------------------------------------------------------------------------------------ from the calculator


def test_add_a_hand_from_the_calculator(page, live_server):
    page.goto(live_server.url + "/calculator/?h=%5BEEE%5D+123m+456p+789s+55s&win=5s&self_drawn=true&flowers=1")
    expect(page.locator("#calc-result .verdict")).to_contain_text("15 points")
    add = page.get_by_role("link", name="Add to score sheet")
    query = parse_qs(urlsplit(add.get_attribute("href")).query)
    assert add.get_attribute("href").startswith("../scoresheet/?")  # relative: works in a subfolder
    assert query["points"] == ["15"] and query["without_flowers"] == ["14"] and query["self_drawn"] == ["true"]
    add.click()
    expect(page.locator("[data-scoresheet][data-ready]")).to_be_attached()
    expect(page).to_have_url(live_server.url + "/scoresheet/")  # the address no longer adds it again
    form = page.locator("[data-hand-form]")
    expect(page.locator("[data-hand-message]")).to_have_text(
        "The hand from the calculator is filled in: 15 points with 1 flower, self-drawn. Now choose the winner, then add it.")
    expect(form.get_by_label("Points", exact=True)).to_have_value("15")
    expect(form.get_by_label("of which flowers")).to_have_value("1")
    expect(form.get_by_label("Won on")).to_have_value("self")
    start_game(page)
    expect(form.get_by_label("Points", exact=True)).to_have_value("15")  # still there after starting the game
    form.get_by_label("Winner").select_option("1")
    form.get_by_role("button", name="Add the hand").click()
    assert player_cells(page, 1) == ["East −23 −23", "South +69 69", "West −23 −23", "North −23 −23"]
    expect(row(page, 1)).to_contain_text("Ben won, self-drawn: 15 points with 1 flower (see the hand)")
    link = row(page, 1).get_by_role("link", name="see the hand")
    link.click()
    expect(page.locator("#calc-result .verdict")).to_contain_text("15 points")
    expect(page.locator("[data-count]")).to_have_text("(14/14)")
    assert parse_qs(urlsplit(page.url).query)["flowers"] == ["1"]
    assert page.script_errors == []


# ------------------------------------------------------------------------------------ phone, print, storage


def play(page, hands) -> None:
    for number, hand in enumerate(hands, 1):
        enter_hand(page, number, hand)


def test_a_phone_has_no_sideways_scroll(phone, static_server):
    open_sheet(phone, static_server)
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360
    start_game(phone, ["Anastasia", "Benedikt", "Caitríona", "Devendra"])
    play(phone, LESSON_10[:6])
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360
    # The sheet scrolls inside its own box, which the keyboard can reach.
    box = phone.locator(".sheet-table .table-scroll")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")
    assert box.get_attribute("tabindex") == "0"
    for part in ["[data-hand-form]", "[data-penalty-form]"]:
        assert phone.locator(part).bounding_box()["width"] <= 360, part


def test_the_sheet_prints_on_one_a4_page(page, static_server):
    open_sheet(page, static_server)
    start_game(page)
    play(page, LESSON_10)
    page.emulate_media(media="print")
    expect(page.locator("[data-hand-form]")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator("table.standings")).to_be_visible()
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1


def test_deleting_the_last_game_brings_back_the_empty_sheet(page, static_server):
    open_sheet(page, static_server)
    empty = page.locator("[data-rows]").inner_html()
    standings = page.locator("[data-standings]").inner_text()
    start_game(page)
    play(page, LESSON_10[:2])
    assert page.locator("[data-standings] tr").first.inner_text().split("\t")[:4] == ["Cai", "52", "1", "4"]
    page.get_by_role("button", name="Delete this game").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete the game").click()
    expect(page.locator("[data-keep-message]")).to_contain_text("Deleted the game of")
    assert page.locator("[data-rows]").inner_html() == empty  # the rows the page was built with
    assert page.locator("[data-standings]").inner_text() == standings
    assert totals(page) == ["0", "0", "0", "0"]
    expect(page.locator("thead [data-player-head]")).to_have_text(["East", "South", "West", "North"])
    expect(page.get_by_role("button", name="Export CSV")).to_be_disabled()
    expect(page.locator("[data-games] option")).to_have_text(["No game yet"])


def test_stored_games_that_cannot_be_read_are_kept_aside(page, static_server):
    open_sheet(page, static_server)
    page.evaluate("localStorage.setItem('tutor-scoresheet-games', '{not json')")
    open_sheet(page, static_server)
    expect(page.locator("[data-status]")).to_contain_text("could not be read. They are kept, untouched, under")
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tutor-scoresheet-games-unreadable-'))")
    assert len(kept) == 1
    assert page.evaluate(f"localStorage.getItem({json.dumps(kept[0])})") == "{not json"


# ------------------------------------------------------------------------------------ accessibility


def with_game(page, base):
    open_sheet(page, base)
    start_game(page)
    play(page, LESSON_10[:5])
    page.locator("[data-hand-form]").get_by_label("Points", exact=True).fill("7")
    page.get_by_role("button", name="Add the hand").click()
    expect(page.locator("[data-hand-message]")).to_contain_text("false win")


def with_dialog(page, base):
    with_game(page, base)
    row(page, 2).get_by_role("button", name="Delete hand 2").click()
    expect(page.get_by_role("dialog")).to_be_visible()


STATES = {"empty": open_sheet, "game": with_game, "dialog": with_dialog}


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_score_sheet_has_no_accessibility_violations(page, static_server, state, scheme):
    page.emulate_media(color_scheme=scheme)
    STATES[state](page, static_server)
    assert axe_violations(page) == []
