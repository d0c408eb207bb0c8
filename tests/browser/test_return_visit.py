"""What a first visit found on the pages (issue 26, "Pages"), one test or a few per item, numbered
as there: the mode on a return visit, the phone's navigation, search, the calculator, the offline
quiz's bank of one fan, and the fan card in print."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tutor.answers.pages import PRACTICE_PAGES

from .conftest import LiveServer, axe_violations
from .test_interactive import HAND_QUERY

pytestmark = pytest.mark.browser


def script_failures(page) -> list[str]:
    """The page's script errors, but for an answer refused: on a static host the drills still ask
    for healthz (its 404 logged), which is how they learn there is no backend; and the calculator's
    request, sent 250 ms after a change, may carry a hand undone further since (a 400 it drops)."""
    return [e for e in page.script_errors if not e.startswith("Failed to load resource: the server responded with a status of 4")]


def query_of(page) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(urlsplit(page.url).query).items()}


# ------------------------------------------------------------------ 1. the mode on a return visit


@pytest.fixture(scope="module")
def front_server(built_site):
    """As deploy/nginx.conf (or the service worker, from its cache) has it: GET of a practice page is
    the built page, whatever its address asks; the POSTs go to the backend."""
    from tutor.app import create_app

    backend = create_app({"SITE_DIR": str(built_site)})

    def front(environ, start_response):
        path = environ["PATH_INFO"]
        if environ["REQUEST_METHOD"] == "GET" and path in ("/quiz/", "/drills/"):
            start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
            return [(built_site / path.strip("/") / "index.html").read_bytes()]
        return backend(environ, start_response)

    server = LiveServer(front).start()
    yield server.url
    server.stop()


@pytest.fixture(params=["front", "static"])
def built_page_host(request, front_server, static_server):
    """The built page answering a hand's address: with a backend behind it, and on a static host."""
    return front_server if request.param == "front" else static_server


def test_1_quiz_setup_matches_the_address_and_deals_more_of_it(page, built_page_host):
    page.goto(built_page_host + "/quiz/?mode=fan&fan=seven-pairs&seed=1")
    expect(page.locator("#quiz-answer")).to_be_visible()
    expect(page.locator("#quiz-setup input[name=mode][value=fan]")).to_be_checked()
    expect(page.locator("#quiz-fan")).to_have_value("seven-pairs")
    expect(page.locator("#quiz-fan")).to_be_visible()
    page.get_by_role("button", name="Deal another hand").click()
    expect(page.locator("#quiz-answer h2")).to_be_focused()  # a hand dealt
    assert (query_of(page)["mode"], query_of(page)["fan"]) == ("fan", "seven-pairs")
    # A reload of a hand dealt from the points chooser keeps that choice too.
    page.goto(built_page_host + "/quiz/?mode=band&band=16&seed=2")
    expect(page.locator("#quiz-answer")).to_be_visible()
    expect(page.locator("#quiz-setup input[name=mode][value=band]")).to_be_checked()
    expect(page.locator("#quiz-band")).to_have_value("16")
    page.reload()
    expect(page.locator("#quiz-answer")).to_be_visible()
    expect(page.locator("#quiz-setup input[name=mode][value=band]")).to_be_checked()
    page.get_by_role("button", name="Deal another hand").click()
    expect(page.locator("#quiz-answer h2")).to_be_focused()
    assert (query_of(page)["mode"], query_of(page)["band"]) == ("band", "16")
    assert page.script_errors == []


def test_1_drill_setup_matches_the_address_and_deals_more_of_it(page, built_page_host):
    page.goto(built_page_host + "/drills/?mode=shanten&seed=2")
    expect(page.locator("#drill-answer")).to_be_visible()
    expect(page.locator("#drill-setup input[name=mode][value=shanten]")).to_be_checked()
    page.reload()
    expect(page.locator("#drill-answer")).to_be_visible()
    expect(page.locator("#drill-setup input[name=mode][value=shanten]")).to_be_checked()
    page.get_by_role("button", name="Deal another hand").click()
    expect(page.locator("#drill-answer h2")).to_be_focused()  # a hand dealt (its seed may repeat)
    assert query_of(page)["mode"] == "shanten"
    expect(page.locator("#drill-answer[data-mode=shanten]")).to_be_visible()
    assert script_failures(page) == []


def test_1_an_address_that_names_no_drill_breaks_nothing(page, static_server):
    page.goto(static_server + "/drills/?mode=%27%5D%22&seed=1")  # mode='"] : not a drill, nor a selector
    expect(page.locator("#drill-answer")).to_be_visible()
    expect(page.locator("#drill-setup input[name=mode]:checked")).to_have_count(1)
    assert script_failures(page) == []


# ------------------------------------------------------------------ 2. the navigation on a phone

# The reference pages, then the practice pages in the page table's order (a new practice page joins by its row).
NAV = ["Lessons", "Fans", "Rulings", "Glossary", "Fan card", *(page.nav for page in PRACTICE_PAGES if page.nav)]

# Every layout shift from the first paint on, as Lighthouse counts them (none after an input).
SHIFTS = """
window.tutorShifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (e) { if (!e.hadRecentInput) { window.tutorShifts.push(e.value); } });
}).observe({ type: "layout-shift", buffered: true });
"""
# The shifts once the page has loaded, its fonts are in and two more frames are drawn.
SETTLED_SHIFTS = """
() => new Promise(function (done) {
  function frames() { requestAnimationFrame(function () { requestAnimationFrame(function () { done(window.tutorShifts); }); }); }
  function loaded() { document.fonts.ready.then(frames); }
  if (document.readyState === "complete") { loaded(); } else { window.addEventListener("load", loaded); }
})
"""


@pytest.mark.parametrize("path", ["/", "/quiz/", "/fans/full-flush/"])
def test_2_every_destination_is_on_a_phone_screen(phone, live_server, path):
    phone.add_init_script(SHIFTS)
    response = phone.goto(live_server.url + path)
    assert response.status == 200
    nav = phone.get_by_role("navigation", name="Main")
    for name in [*NAV, "Search"]:  # on a phone the search box is the Search page, one tap away
        link = nav.get_by_role("link", name=name, exact=True)
        expect(link).to_be_in_viewport(ratio=1)
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (name, box)
        assert box["height"] >= 24, (name, box)  # a tap target (WCAG 2.2, 2.5.8)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert phone.evaluate(SETTLED_SHIFTS) == []


def test_2_the_phone_header_by_keyboard_and_search(phone, live_server):
    phone.goto(live_server.url + "/")
    phone.keyboard.press("Tab")  # the skip link
    expect(phone.locator(".skip-link")).to_be_focused()
    phone.keyboard.press("Tab")  # the site's name, home
    expect(phone.locator(".brand")).to_be_focused()
    for name in [*NAV, "Search"]:
        phone.keyboard.press("Tab")
        focused = phone.locator(".site-nav a:focus")
        expect(focused).to_have_text(name)
        expect(focused).to_be_in_viewport(ratio=1)
    phone.keyboard.press("Enter")
    expect(phone).to_have_url(re.compile(r"/search/$"))
    phone.locator("#search-q").fill("seven pairs")
    phone.keyboard.press("Enter")
    expect(phone.locator("#search-results li a").first).to_have_text("Seven Pairs")
    phone.goto(live_server.url + "/")
    assert axe_violations(phone) == []


def test_2_the_desktop_header_keeps_its_one_line(page, live_server):
    page.goto(live_server.url + "/")
    nav = page.get_by_role("navigation", name="Main")
    tops = {round(nav.get_by_role("link", name=name, exact=True).bounding_box()["y"]) for name in NAV}
    assert len(tops) == 1, tops
    expect(page.get_by_role("searchbox", name="Search the site")).to_be_visible()
    expect(nav.get_by_role("link", name="Search", exact=True)).to_be_hidden()  # the box is there


# ------------------------------------------------------------------ 3. search


def test_3_an_exact_name_first_and_one_point(page, live_server):
    page.goto(live_server.url + "/search/?q=seven+pairs")
    results = page.locator("#search-results > li")
    expect(results.first.locator("a")).to_have_text("Seven Pairs")
    expect(results.nth(1).locator("a")).to_have_text("Seven Shifted Pairs")
    page.locator("#search-q").fill("flower tiles")
    page.locator("#search-q").press("Enter")
    flowers = results.filter(has=page.locator("a[href$='fans/flower-tiles/']"))
    expect(flowers.locator(".kind")).to_have_text("Fan 81 · 1 point")
    page.locator("#search-q").fill("seven pairs")
    page.locator("#search-q").press("Enter")
    expect(results.filter(has=page.locator("a[href$='fans/seven-pairs/']")).locator(".kind")).to_have_text(
        "Fan 19 · 24 points")
    assert page.script_errors == []


# ------------------------------------------------------------------ 4. the calculator


def test_4_undo_on_a_hand_from_an_address(page, live_server):
    page.goto(live_server.url + "/calculator/?" + HAND_QUERY)
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("[data-count]")).to_have_text("(13/14)")
    expect(page.locator("#calc-h")).to_have_value("[EEE] 123m 456p 5789s")  # one 5s, the winning tile, taken out
    expect(page.locator("#calc-win")).to_have_value("")
    expect(page.locator("[data-status]")).to_have_text("Undone. 13/14.")
    expect(page.locator("#calc-result #result-title")).to_have_text("Waiting for a tile")
    expect(page).to_have_url(re.compile(r"h=%5BEEE%5D\+123m\+456p\+5789s"))
    page.get_by_role("button", name="Clear").click()
    page.get_by_role("button", name="Undo").click()  # back to the 13 tiles
    expect(page.locator("[data-count]")).to_have_text("(13/14)")
    for left in [*range(12, 2, -1), 0]:  # the ten concealed tiles one by one, then the pung
        page.get_by_role("button", name="Undo").click()
        expect(page.locator("[data-count]")).to_have_text(f"({left}/14)")
    expect(page.locator("#calc-h")).to_have_value("")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("[data-status]")).to_have_text("Nothing to undo: the hand is empty.")
    assert script_failures(page) == []


def test_4_a_new_hand_typed_drops_the_old_winning_tile(page, live_server):
    page.goto(live_server.url + "/calculator/?" + HAND_QUERY)
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
    page.locator("#calc-h").fill("123m 456m 789m 123p 99p")
    expect(page.locator("#calc-win")).to_have_value("")
    expect(page.locator("[data-status]")).to_contain_text("The winning tile 5s is not among the concealed tiles")
    page.locator("#calc-win").fill("9p")
    expect(page.locator("#calc-result .verdict")).to_contain_text("points")
    expect(page.locator("#calc-result")).not_to_contain_text("melded set")
    # Typed on purpose, a tile the hand does not hold is named as such, not as one in a melded set.
    page.locator("#calc-win").fill("5s")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#calc-result .calc-error")).to_contain_text("The winning tile 5s is not among the concealed tiles")
    expect(page.locator("#calc-result .calc-error")).to_contain_text("5s is not among the concealed tiles; it is not in the hand at all.")
    expect(page.locator("#calc-result")).not_to_contain_text("melded set")


def test_4_a_melded_winning_tile_is_still_told_where_it_went_wrong(page, live_server):
    page.goto(live_server.url + "/calculator/?h=%5B555s%5D+123m+456p+789s+EE&win=5s")
    expect(page.locator("#calc-result .calc-error")).to_contain_text("not inside a melded set")


def test_4_the_analysis_gives_its_numbers_units(page, live_server):
    # 14 tiles that do not win yet: discarding 9m leaves 123m 456p 789s 11s 23p, ready on 1p and 4p.
    page.goto(live_server.url + "/calculator/?h=123m+9m+456p+789s+11s+23p&win=")
    expect(page.locator("#calc-result #result-title")).to_have_text("Which tile to discard")
    # Each discard's routes to 8 (issue 24) give their points with the unit.
    points = page.locator("#calc-result .routes .route-points")
    expect(points.first).to_have_text(re.compile(r"^\d+ points?( under 8)?$"))
    for text in points.all_inner_texts():
        assert re.fullmatch(r"(1 point|\d+ points)( under 8)?", text.strip()), text
    reading = page.locator("#calc-result .reading")
    expect(reading).to_contain_text("Standard: ready")
    # 13 tiles one from ready: every form in tiles from ready.
    page.goto(live_server.url + "/calculator/?h=123m+9m+456p+789s+11s+2p&win=")
    expect(page.locator("#calc-result .verdict")).to_have_text("1 tile from ready.")
    expect(reading).to_contain_text("Standard: 1 tile from ready")
    forms = reading.inner_text().split(" · ")
    assert len(forms) > 1 and all(re.fullmatch(r"[\w ]+: (ready|wins|1 tile from ready|\d+ tiles from ready)", f) for f in forms), forms


# ------------------------------------------------------------------ 7. the offline quiz's bank of one fan


def test_7_the_offline_bank_says_how_many_hands_and_deals_each_in_turn(page, static_server):
    page.goto(static_server + "/quiz/")
    expect(page.locator("[data-offline-notice]")).to_be_visible()
    page.get_by_label("Practise one fan").check()
    page.locator("#quiz-fan").select_option("seven-pairs")
    page.get_by_role("button", name="Deal a hand").click()
    count = page.locator("[data-bank-count]")
    expect(count).to_have_text(re.compile(r"^Hand [12] of the 2 the offline bank holds for this choice\."))
    first = count.inner_text()
    seed = query_of(page)["seed"]
    seen = [seed]
    for _ in range(2):
        page.get_by_role("button", name="Deal another hand").click()
        expect(page).not_to_have_url(re.compile(rf"seed={seen[-1]}(&|$)"))
        seen.append(query_of(page)["seed"])
        assert query_of(page)["fan"] == "seven-pairs"
    assert seen[0] != seen[1] and seen[2] == seen[0], seen  # both hands, in turn
    expect(count).to_have_text(first)
    # Another fan: its own two hands, counted afresh.
    page.locator("#quiz-fan").select_option("full-flush")
    page.get_by_role("button", name="Deal a hand").click()
    expect(page).to_have_url(re.compile(r"fan=full-flush"))
    expect(count).to_have_text(re.compile(r"^Hand [12] of the 2 "))
    assert page.script_errors == []


# ------------------------------------------------------------------ 8. the fan card on paper

# What the home page may promise, by the number of A4 pages the card prints on.
PROMISE = {1: "all 81 fans on one page", 2: "all 81 fans on the two sides of one A4 sheet"}


def test_8_the_fan_card_prints_as_the_home_page_promises(page, live_server):
    response = page.goto(live_server.url + "/fan-card/")
    assert response.status == 200
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
    assert pages in PROMISE, pages
    response = page.goto(live_server.url + "/")
    assert response.status == 200
    home = page.locator("main").inner_text()
    assert PROMISE[pages] in home, (pages, home)
    assert not [promise for count, promise in PROMISE.items() if count != pages and promise in home]
