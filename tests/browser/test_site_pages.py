"""The static site in a real browser: accessibility, phones, dark mode, search."""

import pytest
from playwright.sync_api import expect

from .conftest import axe_violations

pytestmark = pytest.mark.browser

PAGES = [
    "/",
    "/lessons/",
    "/lessons/tiles/",
    "/lessons/the-wall/",
    "/lessons/combining-fans/",
    "/lessons/learning-path/",
    "/fans/",
    "/fans/full-flush/",
    "/fans/seven-pairs/",
    "/rulings/",
    "/glossary/",
    "/fan-card/",
    "/search/",
    "/no-such-page/",
]


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violations(page, live_server, path, scheme):
    page.emulate_media(color_scheme=scheme)
    response = page.goto(live_server.url + path)
    assert response.status == (404 if path == "/no-such-page/" else 200)
    expect(page.locator("h1")).to_be_visible()
    assert axe_violations(page) == []
    # The 404 page's own status is reported by Chromium as a failed load; nothing else may fail.
    expected = ["404 (NOT FOUND)"] if path == "/no-such-page/" else []
    assert [e for e in page.script_errors if not any(x in e for x in expected)] == []


@pytest.mark.parametrize("path", ["/", "/fans/", "/fans/mixed-straight/", "/lessons/the-wall/", "/rulings/", "/fan-card/"])
def test_phone_width_has_no_sideways_scroll(phone, live_server, path):
    phone.goto(live_server.url + path)
    expect(phone.locator("h1")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360


def test_dark_mode_toggle_is_remembered(page, live_server):
    page.emulate_media(color_scheme="light")
    page.goto(live_server.url + "/")
    toggle = page.get_by_role("button", name="Dark mode")
    toggle.click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")


@pytest.mark.parametrize("query", ["清一色", "qing yi se", "qīng yī sè", "22", "full flush"])
def test_search_finds_full_flush(page, live_server, query):
    page.goto(live_server.url + "/search/")
    box = page.get_by_role("searchbox").first
    box.fill(query)
    box.press("Enter")
    expect(page.locator("main").get_by_role("link", name="Full Flush").first).to_be_visible()


def test_fan_index_is_a_table_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/fans/")
    rows = page.locator("main table tbody tr")
    expect(rows).to_have_count(81)
    context.close()


def test_fan_index_filters_by_points(page, live_server):
    page.goto(live_server.url + "/fans/")
    rows = page.locator("main table tbody tr:visible")
    expect(rows).to_have_count(81)
    page.locator("#filter-points").select_option("88")
    expect(rows).to_have_count(7)
