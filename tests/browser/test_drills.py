"""The hand-reading drills in a real browser: each drill with the backend, without JavaScript, and on a
static host from the bank the build wrote; the keyboard on the tile picker, a phone, and axe."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tutor.app import create_app
from tutor.practice import drills as D
from tutor.rules import tiles as T
from tutor.views import drills as V

from .conftest import LiveServer, axe_violations

pytestmark = pytest.mark.browser


def waits_of(seed: int) -> list[str]:
    """The answer of a waits hand: the winning tiles on which it may be declared."""
    return [T.code(t) for t in D.declarable_waits(V.DrillKey("waits", seed).deal().analysis)]


def answer_waits(page, seed: int, *, all_right: bool) -> list[str]:
    """Pick the winning tiles of the waits hand (all but one when not all_right, plus a wrong one)."""
    waits = waits_of(seed)
    picked = waits if all_right else waits[1:]
    for code in picked:
        page.locator(f"#drill-answer input[name=tile][value='{code}']").check(force=True)
    if not all_right:
        every = {T.code(w.tile) for w in V.DrillKey("waits", seed).deal().analysis.waits}
        wrong = next(c for c in ("1m", "9p", "E", "5s") if c not in every)
        page.locator(f"#drill-answer input[name=tile][value='{wrong}']").check(force=True)
        return [waits[0], wrong]
    return []


def check_waits_grading(page, seed: int, *, all_right: bool, missed_and_wrong=()) -> None:
    graded = page.locator(".drill-graded")
    expect(graded).to_be_visible()
    expect(graded.locator("h2 span:visible")).to_have_text("Right!" if all_right else "Not quite")
    drill = V.DrillKey("waits", seed).deal()
    rows = graded.locator("tbody tr")
    expect(rows).to_have_count(len(drill.analysis.waits))
    for wait in drill.analysis.waits:
        row = graded.locator(f"tr[data-tile='{T.code(wait.tile)}']")
        expect(row).to_contain_text(f"{wait.result.total} point")
        if not wait.result.meets_minimum:
            expect(row).to_contain_text("below 8")
    if missed_and_wrong:
        missed, wrong = missed_and_wrong
        expect(graded.locator(f"tr[data-tile='{missed}'] .mark-missed")).to_be_visible()
        expect(graded.locator(".drill-wrong")).to_be_visible()
        expect(graded.locator(f".drill-wrong li[data-when='tile:{wrong}']")).to_be_visible()
        expect(graded.locator(".drill-wrong li:visible")).to_have_count(1)


def take_each_drill(page, base: str) -> None:
    """One hand of each drill: waits (one missed, one wrong), declare, shanten, discard."""
    page.goto(base + "/drills/?mode=waits&seed=3")
    expect(page.locator("#drill-answer")).to_be_visible()
    missed_and_wrong = answer_waits(page, 3, all_right=False)
    page.get_by_role("button", name="Check my answer").click()
    check_waits_grading(page, 3, all_right=False, missed_and_wrong=missed_and_wrong)

    drill = V.DrillKey("declare", 5).deal()
    page.goto(base + "/drills/?mode=declare&seed=5")
    page.get_by_label("Yes: 8 points or more" if drill.result.meets_minimum else "No: below 8 points").check()
    page.get_by_label("Total points (optional)").fill(str(drill.result.total + 1))
    page.get_by_role("button", name="Check my answer").click()
    graded = page.locator(".drill-graded")
    expect(graded.locator("h2 span:visible")).to_have_text("Right!")
    assert f"You gave {drill.result.total + 1} points; the hand scores {drill.result.total}." in graded.inner_text()
    expect(graded.locator("table.fan-lines tbody tr")).to_have_count(len(drill.result.fans))

    drill = V.DrillKey("shanten", 4).deal()
    page.goto(base + "/drills/?mode=shanten&seed=4")
    page.locator(f"input[name=shanten][value='{drill.analysis.shanten}']").check()
    for t in drill.analysis.useful:
        page.locator(f"#drill-answer input[name=tile][value='{T.code(t)}']").check(force=True)
    page.get_by_role("button", name="Check my answer").click()
    graded = page.locator(".drill-graded")
    expect(graded.locator("h2 span:visible")).to_have_text("Right!")
    assert f"You said {drill.analysis.shanten}: right." in graded.inner_text()

    drill = V.DrillKey("discard", 6).deal()
    worst = drill.advice.discards[-1]
    page.goto(base + "/drills/?mode=discard&seed=6")
    page.locator(f"input[name=discard][value='{T.code(worst.tile)}']").check(force=True)
    page.get_by_role("button", name="Check my answer").click()
    graded = page.locator(".drill-graded")
    expect(graded.locator("h2 span:visible")).to_have_text("Not quite")
    expect(graded.locator("tbody tr")).to_have_count(len(drill.analysis.discards))
    expect(graded.locator("tbody tr").first).to_have_attribute("data-tile", T.code(drill.advice.best.tile))
    expect(graded.locator(f"tr[data-tile='{T.code(worst.tile)}'] .mark-ok")).to_be_visible()


def test_each_drill_with_the_backend(page, live_server):
    take_each_drill(page, live_server.url)
    progress = json.loads(page.evaluate("localStorage.getItem('tutor-drills-progress')"))
    assert progress["waits"]["all"] == 1 and progress["waits"]["right"] == 0
    assert progress["declare"]["right"] == 1 and progress["shanten"]["right"] == 1
    expect(page.locator("[data-progress] li[data-mode='declare'] [data-score]")).to_contain_text("1 right of 1")
    assert page.script_errors == []


def test_deal_gets_an_address_and_the_address_deals_again(page, live_server):
    page.goto(live_server.url + "/drills/")
    page.get_by_label("How far from ready?").check()
    page.get_by_role("button", name="Deal a hand").click()
    expect(page.locator("#drill-answer")).to_be_visible()
    expect(page).to_have_url(re.compile(r"mode=shanten&seed=\d+"))
    seed = int(parse_qs(urlsplit(page.url).query)["seed"][0])
    notation = V.DrillKey("shanten", seed).deal().hand.notation()
    expect(page.locator("#drill-answer .hand")).to_have_attribute("aria-label", re.compile(re.escape(notation)))
    page.reload()
    expect(page.locator("#drill-answer .hand")).to_have_attribute("aria-label", re.compile(re.escape(notation)))
    assert page.script_errors == []


def test_drills_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/drills/")
    page.get_by_label("What does it wait on?").check()
    page.get_by_role("button", name="Deal a hand").click()
    expect(page).to_have_url(re.compile(r"mode=waits&seed=\d+"))
    seed = int(parse_qs(urlsplit(page.url).query)["seed"][0])
    answer_waits(page, seed, all_right=True)
    page.get_by_role("button", name="Check my answer").click()
    check_waits_grading(page, seed, all_right=True)
    take_each_drill(page, live_server.url)
    # A bad answer is a 400 with the message in the page.
    response = page.request.post(live_server.url + "/drills/", form={"mode": "shanten", "seed": "1", "answer": "1"})
    assert response.status == 400 and "Say how many tiles" in response.text()
    context.close()


def test_keyboard_on_the_tile_picker(page, live_server):
    page.goto(live_server.url + "/drills/?mode=waits&seed=3")
    first = page.locator("#drill-answer input[name=tile]").first
    expect(first).to_have_attribute("tabindex", "0")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name === 'tile'"):
            break
    expect(page.locator(":focus")).to_have_value("1m")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(page.locator(":focus")).to_have_value("2p")
    page.keyboard.press("Space")
    expect(page.locator("input[name=tile][value='2p']")).to_be_checked()
    page.keyboard.press("Tab")  # one tab stop: the next stop is past the picker
    expect(page.locator(":focus")).not_to_have_attribute("name", "tile")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("[data-drill-status]")).to_contain_text("The hand wins on")
    assert page.script_errors == []


# ------------------------------------------------------------------------------- a static host


def test_each_drill_on_a_static_host(page, static_server):
    page.goto(static_server + "/drills/")
    expect(page.locator("[data-offline-notice]")).to_be_visible()
    take_each_drill(page, static_server)
    # A new deal comes from the bank, with its own address.
    page.goto(static_server + "/drills/")
    expect(page.locator("[data-offline-notice]")).to_be_visible()
    page.get_by_label("Best discard").check()
    page.get_by_role("button", name="Deal a hand").click()
    expect(page.locator("#drill-answer")).to_be_visible()
    expect(page).to_have_url(re.compile(r"mode=discard&seed=\d+"))
    # An address outside the bank deals a bank hand and says so in the address.
    page.goto(static_server + "/drills/?mode=waits&seed=999")
    expect(page.locator("#drill-answer")).to_be_visible()
    seed = int(parse_qs(urlsplit(page.url).query)["seed"][0])
    assert seed in range(1, V.BANK_SIZE + 1)
    # Only the health check's 404 (no backend here): no script errors, no other missing file.
    assert [e for e in page.script_errors if "Failed to load resource" not in e] == []


def test_phone(phone, live_server):
    phone.goto(live_server.url + "/drills/?mode=discard&seed=2")
    expect(phone.locator("#drill-answer")).to_be_visible()
    phone.locator("#drill-answer label.pick-tile").first.tap()
    phone.get_by_role("button", name="Check my answer").tap()
    expect(phone.locator(".drill-graded")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.goto(live_server.url + "/drills/?mode=waits&seed=2")
    expect(phone.locator("#drill-answer")).to_be_visible()
    phone.get_by_role("button", name="Check my answer").tap()
    expect(phone.locator(".drill-graded")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("mode", list(D.MODES))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violations(page, live_server, mode, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + f"/drills/?mode={mode}&seed=1")
    expect(page.locator("#drill-answer")).to_be_visible()
    assert axe_violations(page) == []
    page.locator("#drill-answer input[type=checkbox], #drill-answer input[type=radio]").first.check(force=True)
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".drill-graded")).to_be_visible()
    assert axe_violations(page) == []


# ------------------------------------------------------------------------------- the calculator's 13 and 14 tiles


def test_calculator_shows_waits_for_13_tiles_and_discards_for_14(page, live_server):
    page.goto(live_server.url + "/calculator/?h=123m+456p+789s+11s+23p")
    result = page.locator("#calc-result")
    expect(result.locator("p[data-summary]")).to_have_text("Ready: the hand wins on 3 tiles.")
    expect(result.locator("tbody tr")).to_have_count(3)
    expect(result.locator("tr[data-tile='1p']")).to_contain_text("Mixed Straight")
    # Typing a 14th tile that does not win turns the answer into every discard, through htmx.
    page.get_by_label("Hand in notation").fill("123m 456p 789s 11s 23p 9m")
    page.get_by_role("button", name="Score the hand").click()
    expect(result.locator("p[data-summary]")).to_have_text("Ready after the right discard.")
    expect(result.locator("tbody tr").first).to_have_attribute("data-tile", "9m")
    assert axe_violations(page) == []
    assert page.script_errors == []


def test_calculator_13_tiles_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/calculator/")
    page.get_by_label("Hand in notation").fill("1112345678999m")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#calc-result p[data-summary]")).to_have_text("Ready: the hand wins on 9 tiles.")
    context.close()


# ------------------------------------------------------------------------------- behind a front server


@pytest.fixture(scope="module")
def front_server(built_site):
    """As deploy/nginx.conf has it: GET /drills/ is the built page, everything else goes to the backend."""
    backend = create_app({"SITE_DIR": str(built_site)})

    def front(environ, start_response):
        if environ["REQUEST_METHOD"] == "GET" and environ["PATH_INFO"] == "/drills/":
            body = (built_site / "drills" / "index.html").read_bytes()
            start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
            return [body]
        return backend(environ, start_response)

    server = LiveServer(front).start()
    yield server.url
    server.stop()


def test_built_page_behind_a_front_server_asks_the_backend(page, front_server):
    page.goto(front_server + "/drills/?mode=waits&seed=77")
    notation = V.DrillKey("waits", 77).deal().hand.notation()
    expect(page.locator("#drill-answer .hand")).to_have_attribute("aria-label", re.compile(re.escape(notation)))
    expect(page.locator("[data-offline-notice]")).to_be_hidden()
    answer_waits(page, 77, all_right=True)
    page.get_by_role("button", name="Check my answer").click()
    check_waits_grading(page, 77, all_right=True)
    assert page.script_errors == []
