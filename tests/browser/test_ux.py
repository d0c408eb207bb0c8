"""A first visit, as issue 15 found it: the calculator and the phone, the keyboard alone, no
JavaScript, a static host. One test (or a few) per item of the issue, numbered as there."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor.practice.quiz import grade
from tutor.rules.engine import Situation, score
from tutor.rules.notation import parse_hand
from tutor.views import practice as P
from tutor.views.tileview import hand_view, reading_view

from .conftest import axe_violations
from .test_interactive import HAND_QUERY, build_by_clicking, pick

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def scored(page) -> None:
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")


def no_result(page) -> None:
    expect(page.locator("#calc-result .verdict")).to_have_count(0)
    expect(page.locator("#calc-result")).to_contain_text("The score appears here once the hand has its 14 tiles")
    expect(page.locator("[data-picker-total]")).to_have_text("")


# ------------------------------------------------------------------ 1. no score under a hand that changed


def test_1_undo_clear_and_editing_take_the_score_away(page, live_server):
    page.goto(live_server.url + "/calculator/")
    build_by_clicking(page)
    scored(page)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("[data-count]")).to_have_text("(13/14)")
    # 13 tiles are answered with their waits (issue 11), never with the old score.
    expect(page.locator("#calc-result #result-title")).to_have_text("Waiting for a tile")
    expect(page.locator("#calc-result .verdict")).not_to_contain_text("13 points")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("[data-count]")).to_have_text("(12/14)")
    no_result(page)
    pick(page, "5 of bamboo")
    pick(page, "5 of bamboo")
    scored(page)
    page.get_by_role("button", name="Clear").click()
    no_result(page)
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s 55s")
    page.locator("#calc-win").fill("5s")
    page.get_by_role("button", name="Score the hand").click()
    scored(page)
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s")  # 12 tiles, typed
    no_result(page)
    assert page.script_errors == []


# ------------------------------------------------------------------ 2. focus after "Explain"


def test_2_explain_moves_focus_to_the_answer(page, live_server):
    page.goto(live_server.url + "/calculator/?" + HAND_QUERY)
    scored(page)
    page.get_by_label("Ask about another fan").select_option(label="Full Flush (24)")
    page.get_by_role("button", name="Explain").focus()
    page.keyboard.press("Enter")
    answer = page.locator(".why-not-answers li").last
    expect(answer).to_contain_text("Full Flush needs one suit")
    expect(answer).to_be_focused()
    page.keyboard.press("Tab")  # on to the answer's link, not to the footer
    assert page.evaluate("!!document.activeElement.closest('.why-not')"), page.evaluate("document.activeElement.outerHTML")


# ------------------------------------------------------------------ 3. layout shift, on a slow phone

CLS_OBSERVER = """
window.__cls = 0;
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) { if (!entry.hadRecentInput) { window.__cls += entry.value; } });
}).observe({ type: "layout-shift", buffered: true });
"""
SETTLED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(window.__cls))))"


def layout_shift(browser, url: str, ready: str, *, slow_network: bool = True, timeout: float = 30_000) -> float:
    """Cumulative layout shift of loading url at 360 px on a CPU slowed four times and a slow network,
    until `ready` is visible and the network is quiet. (Before issue 15 this measured 0.87 for an
    example opened in the calculator on a static host, 0.61 for a shared quiz hand there.)"""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        # A slow phone network as Lighthouse's mobile run has it, so the first paint comes before the scripts.
        if slow_network:
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8})
        page.add_init_script(CLS_OBSERVER)
        response = page.goto(url)
        assert response.status == 200
        # Slow on purpose: on a static host a dealt hand waits for quiz/bank.json, ~1 MB at 1.6 Mbit/s.
        expect(page.locator(ready).first).to_be_visible(timeout=timeout)
        page.wait_for_load_state("networkidle", timeout=60_000)
        return page.evaluate(SETTLED)
    finally:
        context.close()


PAGE_TYPES = {
    "home": ("/", "h1"),
    "lesson": ("/lessons/tiles/", "form.question"),
    "fan": ("/fans/full-flush/", ".hand-example"),
    "fan-index": ("/fans/", "#fan-filters"),
    "glossary": ("/glossary/", "h1"),
    "calculator": ("/calculator/", "[data-picker]"),
    "calculator-example": ("/calculator/?" + HAND_QUERY, "#calc-result .verdict"),
    "quiz": ("/quiz/", "#quiz-setup"),
    "quiz-hand": ("/quiz/?mode=fan&fan=seven-pairs&seed=1", "#quiz-answer"),
}
CLS_SEEN: dict[str, float] = {}


@pytest.mark.parametrize("name", list(PAGE_TYPES))
def test_3_pages_do_not_shift_while_loading(browser, live_server, name):
    path, ready = PAGE_TYPES[name]
    cls = layout_shift(browser, live_server.url + path, ready)
    CLS_SEEN[name] = cls
    print(f"CLS {name}: {cls:.4f}")
    assert cls < 0.05, f"{name}: layout shift {cls:.3f}"


@pytest.mark.parametrize("name", ["calculator-example", "quiz-hand", "lesson"])
def test_3_static_host_pages_do_not_shift_either(browser, static_server, name):
    path, ready = PAGE_TYPES[name]
    options = {}
    if name == "calculator-example":
        # Scored by the engine in the browser (issue 13): its 14 MB come from the site's own files,
        # so the network is left fast; the CPU stays slowed, and the score's arrival is measured too.
        ready = "#calc-result [data-summary]"
        options = {"slow_network": False, "timeout": 120_000}
    cls = layout_shift(browser, static_server + path, ready, **options)
    print(f"CLS static {name}: {cls:.4f}")
    assert cls < 0.05, f"{name} on a static host: layout shift {cls:.3f}"


def test_3_what_needs_a_script_is_there_from_the_first_paint(browser, live_server):
    """The picker, the filters and the two preference buttons are laid out before any deferred script
    runs (theme.js marks html.js in <head>), and stay hidden without JavaScript."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.route(re.compile(r"(calculator|fan-index)\.js"), lambda route: route.abort())  # the deferred scripts never run
    page.goto(live_server.url + "/calculator/")
    expect(page.locator("[data-picker]")).to_be_visible()
    expect(page.get_by_role("button", name="Dark mode")).to_be_visible()
    page.goto(live_server.url + "/fans/")
    expect(page.locator("#fan-filters")).to_be_visible()
    expect(page.locator("#fan-filter-status")).to_have_text("Showing 81 of 81 fans")
    context.close()
    context = browser.new_context(java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(live_server.url + "/fans/")
    expect(page.locator("#fan-filters")).to_be_hidden()
    expect(page.locator("[data-pref='theme']")).to_be_hidden()
    context.close()


# ------------------------------------------------------------------ 4. the fan index on a phone


def test_4_fan_index_fits_a_phone(phone, live_server):
    phone.goto(live_server.url + "/fans/")
    box = phone.locator(".table-scroll")
    expect(box.locator("tbody tr")).to_have_count(81)
    inner, outer = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert inner <= outer, f"the table is {inner} px wide in a {outer} px box"
    for cell in ("caption", "thead th:visible >> nth=-1", "tbody tr:first-child td:visible >> nth=-1"):
        right = box.locator(cell).evaluate("e => e.getBoundingClientRect().right")
        assert right <= box.evaluate("b => b.getBoundingClientRect().right") + 0.5, cell
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


# ------------------------------------------------------------------ 5. the total where the player looks


def test_5_phone_shows_the_total_by_the_picker(phone, live_server):
    phone.goto(live_server.url + "/calculator/")
    build_by_clicking(phone, tap=True)
    total = phone.locator("[data-picker-total]")
    expect(total).to_contain_text("13 points: may be declared.")
    # In sight of the tile just tapped: both on the screen at once.
    last_tile = phone.locator("[data-grid] button[aria-label='5 of bamboo']")
    for element in (total, last_tile):
        top = element.evaluate("e => e.getBoundingClientRect().top")
        bottom = element.evaluate("e => e.getBoundingClientRect().bottom")
        assert 0 <= top and bottom <= 740, (top, bottom)
    # The score itself is one tap away.
    total.get_by_role("link", name="See the score").tap()
    expect(phone.locator("#result-title")).to_be_focused()
    assert phone.locator("#result-title").evaluate("e => e.getBoundingClientRect().top") < 200


# ------------------------------------------------------------------ 6. the hand drawn as read


def test_6_scored_hand_is_drawn_as_the_sets_it_was_read_as(page, live_server):
    page.goto(live_server.url + "/calculator/?h=%5BEEE%5D+123m+456p+55789s&win=5s")
    scored(page)
    sets = page.locator("#calc-result .result-hand .hand > .tile-set")
    expect(sets).to_have_count(5)
    assert sets.evaluate_all("s => s.map(e => e.getAttribute('aria-label'))") == [
        "melded pung: East wind", "chow 1-2-3 of characters", "chow 4-5-6 of dots", "chow 7-8-9 of bamboo",
        "pair of 5 of bamboo"]
    # The winning tile is marked in the set it completed (Single Wait: the pair).
    expect(page.locator("#calc-result .tile-set-winning")).to_have_attribute("aria-label", "pair of 5 of bamboo")
    expect(page.locator("#calc-result svg.tile-winning")).to_have_count(1)
    # What a turned tile means, said once.
    expect(page.locator("#calc-result .tile-legend")).to_have_count(1)
    expect(page.locator("#calc-result .tile-legend")).to_contain_text("turned sideways is the claimed tile")
    # A concealed hand has no turned tile and needs no legend, chows or not.
    page.goto(live_server.url + "/calculator/?h=123m+456p+789s+234s+55s&win=5s")
    expect(page.locator("#calc-result .verdict")).to_be_visible()
    expect(page.locator("#calc-result .result-hand .hand > .tile-set-chow")).to_have_count(4)
    expect(page.locator("#calc-result .tile-legend")).to_have_count(0)
    page.goto(live_server.url + "/calculator/?h=11223344556677m&win=7m")
    expect(page.locator("#calc-result .verdict")).to_be_visible()
    expect(page.locator("#calc-result .result-hand .hand > .tile-set-pair")).to_have_count(7)
    expect(page.locator("#calc-result .tile-legend")).to_have_count(0)
    assert axe_violations(page) == []


# ------------------------------------------------------------------ 7. messages in the site's words


def test_7_messages_say_what_to_do(page, live_server):
    page.goto(live_server.url + "/calculator/")
    page.get_by_label("Melded chow").check()
    pick(page, "East wind")
    expect(page.locator("[data-status]")).to_have_text(
        "A chow is three numbered tiles in a row of one suit, so East wind cannot start one. "
        "Add it as a pung or a concealed tile, or pick a character, dot or bamboo tile.")
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s 55s")
    page.locator("#calc-win").fill("")
    page.get_by_role("button", name="Score the hand").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("'Winning tile'")
    expect(alert).not_to_contain_text("Missing field")


def test_7_a_bad_quiz_total_gets_the_sites_message(page, live_server):
    page.goto(live_server.url + "/quiz/?mode=fan&fan=mixed-straight&seed=3")
    page.locator("input[name=tick]").first.check()
    page.get_by_label("Total points (optional)").fill("twelve")
    page.get_by_role("button", name="Check my answer").click()
    error = page.locator("#quiz-total-error")
    expect(error).to_have_text("The total must be a whole number of points, not 'twelve'.")
    # The hand and the ticks stay, to be corrected.
    expect(page.locator("input[name=tick]").first).to_be_checked()
    expect(page.get_by_label("Total points (optional)")).to_have_value("twelve")
    expect(page.get_by_label("Total points (optional)")).to_have_attribute("aria-invalid", "true")
    assert axe_violations(page) == []
    page.get_by_label("Total points (optional)").fill("")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".quiz-graded")).to_be_visible()


def test_7_a_bad_total_offline_gets_the_sites_message_too(page, static_server):
    page.goto(static_server + "/quiz/?mode=fan&fan=seven-pairs&seed=1")
    total = page.get_by_label("Total points (optional)")
    total.fill("twelve")
    page.get_by_role("button", name="Check my answer").click()
    assert total.evaluate("e => e.validationMessage") == "The total must be a whole number of points."
    total.fill("24")  # corrected, it goes through
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".quiz-graded")).to_be_visible()


@pytest.mark.parametrize("where", ["backend", "static"])
def test_7_one_fan_is_one_fan(page, live_server, static_server, where):
    key = P.QuizKey("fan", 1, fan="chicken-hand")  # in the offline bank too
    dealt = key.deal()
    assert len(dealt.result.fans) == 1
    page.goto((live_server.url if where == "backend" else static_server) + "/quiz/?mode=fan&fan=chicken-hand&seed=1")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".graded-summary")).to_have_text("You did not find the one fan that counts.", use_inner_text=True)
    assert grade(dealt.result, [], None).found == []


# ------------------------------------------------------------------ 8. a static host: no request fails


def failures(page) -> list[str]:
    bad: list[str] = []
    page.on("response", lambda r: bad.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: bad.append(f"failed {r.url} ({r.failure})"))
    return bad


ICON = "/static/logo.svg"  # site.toml's logo, each page's <link rel="icon">


def visit(page, url: str) -> None:
    """page.goto(url), then wait until the browser has fetched the page's icon: it asks for the icon
    after the load event, where goto returns, and leaving the page before the answer comes aborts
    that request (net::ERR_ABORTED), a failed request that is the test's doing, not the site's."""
    with page.expect_request_finished(lambda r: r.resource_type == "other" and ICON in r.url):
        page.goto(url)


def test_8_static_host_quiz_calculator_and_lesson_fail_no_request(page, static_server):
    bad = failures(page)
    visit(page, static_server + "/quiz/")
    expect(page.locator("[data-offline-notice]")).to_be_visible()
    visit(page, static_server + "/calculator/?" + HAND_QUERY)
    expect(page.locator("[data-count]")).to_have_text("(14/14)")
    # Scored by the engine in the browser (issue 13), without a request to a backend.
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points", timeout=60_000)
    expect(page.locator("[data-backend-notice]")).to_be_hidden()
    visit(page, static_server + "/lessons/tiles/")
    question = page.locator("form.question").first
    question.locator(f"input[name=choice][value='{question.get_attribute('data-answer')}']").check()
    question.get_by_role("button", name="Check").click()
    expect(question.locator("[data-feedback]")).to_have_class("feedback right")
    assert bad == []
    assert page.script_errors == []


def test_8_with_the_backend_nothing_fails_either(page, live_server):
    bad = failures(page)
    visit(page, live_server.url + "/calculator/?" + HAND_QUERY)
    scored(page)
    expect(page.locator("[data-backend-notice]")).to_be_hidden()
    visit(page, live_server.url + "/quiz/")
    expect(page.locator("[data-offline-notice]")).to_be_hidden()
    assert bad == []
    assert page.script_errors == []


# ------------------------------------------------------------------ 9. the calculator on a static host


def test_9_static_calculator_says_what_a_reader_can_do(page, static_server):
    # A browser that cannot run the in-browser engine (here: its runtime cannot be fetched).
    page.route("**/static/vendor/pyodide/**", lambda route: route.abort())
    page.goto(static_server + "/fans/full-flush/")
    page.locator(".hand-example").first.get_by_role("link", name="Open in calculator").click()
    notice = page.locator("[data-backend-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("this copy of the site runs without one")
    expect(notice).to_contain_text("Every example on the fan pages is scored already")
    expect(notice).not_to_contain_text("tutor serve")
    expect(notice.get_by_role("link", name="The quiz")).to_be_visible()
    expect(notice.get_by_role("link", name="The fans")).to_be_visible()
    expect(page.locator("[data-count]")).to_have_text("(14/14)")


# ------------------------------------------------------------------ 10. the header


@pytest.mark.parametrize("path", ["/", "/lessons/tiles/", "/fans/", "/calculator/", "/quiz/", "/glossary/"])
def test_10_phone_header_is_small(phone, live_server, path):
    phone.goto(live_server.url + path)
    height = phone.locator(".site-header").evaluate("e => e.getBoundingClientRect().height")
    # Every page's link on the screen (issue 26) takes three short lines at 360 px: 16%, not 15.
    assert height <= 0.16 * 740, f"the header is {height} px of 740"
    expect(phone.get_by_role("navigation", name="Main").get_by_role("link", name="Search")).to_be_visible()
    expect(phone.get_by_role("button", name="Dark mode")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_10_desktop_search_placeholder_is_whole(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(live_server.url + "/")
    box = page.locator("#site-search-q")
    expect(box).to_be_visible()
    box.evaluate("e => { e.value = e.placeholder; }")
    inner, outer = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert inner <= outer, (inner, outer)
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Search")).to_be_hidden()
    context.close()


# ------------------------------------------------------------------ 11. hands have spoken labels

NOTATION = re.compile(r"\d{2,}[mps]|\[|\{")


def test_11_hands_are_named_not_spelt(page, live_server):
    page.goto(live_server.url + "/calculator/?" + HAND_QUERY)
    scored(page)
    label = page.locator("#calc-result .result-hand .hand").get_attribute("aria-label")
    assert label == ("Hand read as: melded pung of East wind; chow 1-2-3 of characters; chow 4-5-6 of dots; "
                     "chow 7-8-9 of bamboo; pair of 5 of bamboo; winning tile 5 of bamboo")
    result = score(parse_hand("[EEE] 123m 456p 789s 55s"), Situation.from_mapping({"win": "5s"}))
    assert label == reading_view(result.hand, result.division, result.situation.win, 0,
                                 tuple(f.fan.slug for f in result.fans)).label
    # Hand examples are drawn as the engine read them (issue 27), so they are named as the calculator's are.
    page.goto(live_server.url + "/fans/full-flush/")
    examples = page.locator(".hand-example .hand").all()
    assert examples
    for hand in examples:
        spoken = hand.get_attribute("aria-label")
        assert spoken.startswith("Hand read as: ") and not NOTATION.search(spoken), spoken
    page.goto(live_server.url + "/quiz/?mode=fan&fan=seven-pairs&seed=1")
    dealt = P.QuizKey("fan", 1, fan="seven-pairs").deal()
    expected = hand_view(dealt.hand, dealt.situation.win, dealt.situation.flowers).label
    expect(page.locator("#quiz-answer .hand")).to_have_attribute("aria-label", expected)
    assert expected.startswith("Hand: concealed tiles ") and not NOTATION.search(expected), expected


# ------------------------------------------------------------------ 12. a lesson check without JavaScript


def test_12_lesson_check_without_javascript_explains_once(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/lessons/tiles/")
    question = page.locator("form.question").first
    question.locator(f"input[name=choice][value='{question.get_attribute('data-answer')}']").check()
    explain = question.locator("[data-explain] p").text_content().strip()
    assert len(explain) > 20
    question.get_by_role("button", name="Check").click()
    expect(page.locator("h1")).to_have_text("Check question")
    expect(page.locator(".check-verdict")).to_contain_text("Right.")
    assert page.locator("main").inner_text().count(explain) == 1
    context.close()


# ------------------------------------------------------------------ 13. the built hand is one tab stop


def test_13_the_built_hand_is_one_tab_stop_with_arrow_keys(page, live_server):
    page.goto(live_server.url + "/calculator/?" + HAND_QUERY)
    scored(page)
    tiles = page.locator("[data-built] button.built-tile")
    expect(tiles).to_have_count(11)
    assert tiles.evaluate_all("b => b.filter(e => e.tabIndex === 0).length") == 1
    page.locator("[data-grid] button[tabindex='0']").focus()
    stops = []
    for _ in range(40):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("document.activeElement.id || document.activeElement.className"))
        if stops[-1] == "why-not-fan":
            break
    assert stops[-1] == "why-not-fan"
    assert stops.count("built-tile") == 1, stops
    assert len(stops) <= 22, stops  # 31 when each tile of the hand was a stop
    # Within the hand, the arrow keys move; Enter makes a tile the winning tile.
    page.locator("[data-built] button[aria-pressed='true']").focus()
    expect(page.locator(":focus")).to_have_attribute("aria-label", "5 of bamboo, winning tile")
    page.keyboard.press("Home")
    expect(page.locator(":focus")).to_have_attribute("aria-label", "1 of characters")
    page.keyboard.press("ArrowRight")
    expect(page.locator(":focus")).to_have_attribute("aria-label", "2 of characters")
    page.keyboard.press("Enter")
    expect(page.locator("#calc-win")).to_have_value("2m")
    expect(page.locator(":focus")).to_have_attribute("aria-label", "2 of characters, winning tile")
    assert tiles.evaluate_all("b => b.filter(e => e.tabIndex === 0).length") == 1
    assert page.script_errors == [] or all("422" in e for e in page.script_errors)
