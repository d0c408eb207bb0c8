"""The calculator at a venue with no network (issue 25): a visitor saves the in-browser engine on
purpose ("Make the calculator work offline") on a static host and on the backend's host alike, and
the calculator then scores with the network cut; without it, the page says the engine is not saved
and what to do next time; a club's tablet can save it on install (site.toml); and an address the
site does not have, asked for offline, gets the site's own page rather than the browser's error."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tutor.app import create_app

from .conftest import ROOT, Host, build_with
from .test_interactive import HAND_QUERY
from .test_offline_engine import ENGINE_READY, FRAGMENT_FORMS, new_visitor, wait_until_offline_ready

pytestmark = pytest.mark.browser


def engine_bytes(site) -> int:
    return json.loads((site / "offline-manifest.json").read_text(encoding="utf-8"))["engine_bytes"]


def save_for_offline(page, base: str, size: int) -> None:
    """A first visit to the calculator (no hand: nothing scored, so nothing fetched by itself), then
    the control: its name says offline and the size; it shows progress and says when it is done."""
    assert page.goto(base + "/").status == 200
    wait_until_offline_ready(page)
    page.goto(base + "/calculator/")
    control = page.locator("[data-engine-offline]")
    status = control.locator("[data-engine-offline-status]")
    expect(status).to_have_text("")  # not saved yet
    button = control.get_by_role("button", name=f"Make the calculator work offline ({size / 1e6:.1f} MB)")
    progress = control.locator("progress")
    button.click()
    expect(progress).to_be_visible()
    expect(status).to_have_text(f"Ready: the scoring engine ({size / 1e6:.1f} MB) is saved in this browser, "
                                "so the calculator works here with no network.", timeout=ENGINE_READY)
    expect(progress).to_be_hidden()
    assert progress.evaluate("bar => [bar.value, bar.max]") == [size, size]  # it counted every byte
    # Nothing was scored on the way: the engine was fetched by the control alone. It was started
    # once, to keep its memory snapshot (so that it starts fast offline), without the words for
    # "no backend answers".
    expect(page.locator("#calc-result [data-summary]")).to_have_count(0)
    expect(page.locator("[data-engine-progress]")).to_be_hidden()
    assert page.evaluate("caches.open('tutor-engine-snapshot').then(c => c.keys()).then(k => k.length)") == 1


def scores_offline(page, base: str, booted: str = "snapshot") -> None:
    page.context.set_offline(True)
    posted = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    response = page.goto(base + "/calculator/?" + HAND_QUERY)
    assert response.status == 200 and response.from_service_worker
    # No network, so no backend: the service worker says so for api/status.js (the build's "none"),
    # and the page scores in the engine at once, posting nothing to a backend it cannot reach.
    expect(page.locator("html")).to_have_attribute("data-backend-state", "none")
    assert page.evaluate("() => fetch('healthz', {cache: 'no-store'}).then(() => 'fetched', () => 'failed')") == "failed"
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points: meets the 8-point minimum",
                                                                  timeout=ENGINE_READY)
    expect(page.locator("#calc-result .payments")).to_contain_text("The discarder pays 21")
    expect(page.locator("[data-backend-notice]")).to_be_hidden()
    assert posted == []
    # From the snapshot kept when it was saved by the control: a heap larger than the runtime's
    # first 30 MiB, which Pyodide alone cannot restore (pyodide/pyodide#6254), so this starts fast.
    # Saved on install, it was never started, so the first start is afresh.
    assert page.evaluate("window.tutorEngine.booted()") == booted
    # And the page says the engine is saved.
    expect(page.locator("[data-engine-offline-status]")).to_contain_text("Ready: the scoring engine")


def test_the_offline_control_makes_the_calculator_score_offline_on_a_static_host(browser, host, built_site):
    context, page = new_visitor(browser)
    try:
        save_for_offline(page, host.url, engine_bytes(built_site))
        scores_offline(page, host.url)
        # Started from its snapshot, the engine answers exactly as the backend does.
        client = create_app({"TESTING": True, "SITE_DIR": str(built_site)}).test_client()
        for body in FRAGMENT_FORMS:
            answer = page.evaluate("body => window.tutorEngine.calculator(body)", body)
            response = client.post("/calculator/", data=body, headers={"HX-Request": "true"},
                                   content_type="application/x-www-form-urlencoded")
            assert (answer["status"], answer["html"]) == (response.status_code, response.get_data(as_text=True)), body
    finally:
        context.close()


def test_the_offline_control_makes_the_calculator_score_offline_on_the_backends_host(browser, live_server, built_site):
    context, page = new_visitor(browser)
    try:
        # The backend answers here: the page scores with it, and never fetches the engine by itself.
        page.goto(live_server.url + "/calculator/?" + HAND_QUERY)
        expect(page.locator("html")).to_have_attribute("data-backend-state", "up")
        expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
        save_for_offline(page, live_server.url, engine_bytes(built_site))
        scores_offline(page, live_server.url)
    finally:
        context.close()


def test_offline_without_the_engine_the_calculator_says_so_and_what_to_do(browser, host):
    context, page = new_visitor(browser)
    try:
        assert page.goto(host.url + "/").status == 200
        wait_until_offline_ready(page)
        context.set_offline(True)
        page.goto(host.url + "/calculator/?" + HAND_QUERY)
        notice = page.locator("[data-backend-notice]")
        expect(notice).to_contain_text("The scoring engine is not saved in this browser, and it cannot be fetched now")
        expect(notice).to_contain_text("Next time you have a network, open the calculator and press "
                                       "“Make the calculator work offline”")
        expect(notice.locator(".when-none")).to_be_hidden()  # not the misleading "needs the tutor backend"
        expect(page.locator("#calc-result")).to_contain_text("The scoring engine is not saved")
    finally:
        context.close()


def test_offline_an_address_that_is_not_saved_shows_the_sites_page(browser, host):
    context, page = new_visitor(browser)
    try:
        assert page.goto(host.url + "/fans/").status == 200
        wait_until_offline_ready(page)
        context.set_offline(True)
        response = page.goto(host.url + "/fans/no-such-fan/")
        assert response.from_service_worker and response.status == 503
        expect(page.locator("h1")).to_have_text("Offline, and this page is not saved", use_inner_text=True)
        expect(page.locator("main")).to_contain_text("You are offline, and this address is not one of the pages saved")
        expect(page.locator("main").get_by_text("There is no page at this address")).to_be_hidden()
        # Its links lead to saved pages, which work.
        page.locator("main").get_by_role("link", name="All 81 fans").click()
        expect(page.locator("h1")).to_contain_text("fans")
        # Online, the same page is the plain 404.
        context.set_offline(False)
        response = page.goto(host.url + "/fans/no-such-fan/")
        assert response.status == 404
    finally:
        context.close()


@pytest.fixture
def venue_site(tmp_path):
    """A site built with site.toml's save_engine_on_install = true (a club's tablet)."""
    text = (ROOT / "site.toml").read_text(encoding="utf-8").replace("save_engine_on_install = false",
                                                                    "save_engine_on_install = true")
    assert "save_engine_on_install = true" in text
    out, _ = build_with(tmp_path, text)
    server = Host(out)
    yield server, out
    server.stop()


def test_a_venue_tablet_saves_the_engine_on_install(browser, venue_site):
    host, out = venue_site
    context, page = new_visitor(browser)
    try:
        assert page.goto(host.url + "/").status == 200  # the home page: no calculator, no control pressed
        wait_until_offline_ready(page)
        manifest = json.loads((out / "offline-manifest.json").read_text(encoding="utf-8"))
        assert manifest["engine_on_install"] is True
        cached = page.evaluate("caches.open('tutor-engine').then(c => c.keys()).then(k => k.map(r => r.url))")
        assert sorted(cached) == sorted(f"{host.url}/{path}?sha={sha}" for path, sha, _ in manifest["engine"])
        scores_offline(page, host.url, booted="afresh")
    finally:
        context.close()


def test_a_snapshot_that_cannot_be_restored_is_replaced_and_the_engine_still_answers(browser, host, built_site):
    context, page = new_visitor(browser)
    try:
        save_for_offline(page, host.url, engine_bytes(built_site))
        # Spoil the kept snapshot (as a runtime update or a torn write would): same key, other bytes.
        page.evaluate("""() => caches.open('tutor-engine-snapshot').then(cache => cache.keys().then(keys =>
            cache.put(keys[0], new Response(new Uint8Array(4096).fill(7)))))""")
        page.goto(host.url + "/calculator/?" + HAND_QUERY)
        expect(page.locator("#calc-result .verdict")).to_contain_text("13 points", timeout=ENGINE_READY)
        assert page.evaluate("window.tutorEngine.booted()") == "afresh"
        # The engine that started afresh keeps a new snapshot after its first answer, and the next
        # page load starts from it.
        page.wait_for_function("""() => caches.open('tutor-engine-snapshot').then(cache => cache.keys())
            .then(keys => keys.length === 1 ? caches.match(keys[0]) : null)
            .then(hit => hit ? hit.arrayBuffer() : null).then(bytes => !!bytes && bytes.byteLength > 4096)""",
                               timeout=ENGINE_READY, polling=250)
        page.goto(host.url + "/calculator/?" + HAND_QUERY)
        expect(page.locator("#calc-result .verdict")).to_contain_text("13 points", timeout=ENGINE_READY)
        assert page.evaluate("window.tutorEngine.booted()") == "snapshot"
    finally:
        context.close()


@pytest.fixture
def rebuilt_site(tmp_path):
    """A site, and a way to build it again with its name changed (which changes the engine's
    bundle: it carries the site's settings)."""
    out, rebuild = build_with(tmp_path, (ROOT / "site.toml").read_text(encoding="utf-8"))
    server = Host(out)
    yield server, out, rebuild
    server.stop()


def test_an_update_keeps_a_saved_engine_saved(browser, rebuilt_site):
    """Saved at home, then the site is updated (a new engine bundle) and visited online: the new
    build's worker fetches what changed of the engine as it installs, so the calculator still
    works at the venue with no network."""
    host, out, rebuild = rebuilt_site
    context, page = new_visitor(browser)
    try:
        save_for_offline(page, host.url, engine_bytes(out))
        old = json.loads((out / "offline-manifest.json").read_text(encoding="utf-8"))["engine"]
        rebuild("Mahjong Tutor Club")
        new = json.loads((out / "offline-manifest.json").read_text(encoding="utf-8"))["engine"]
        changed = [path for (path, sha, _), (_, before, _) in zip(new, old) if sha != before]
        assert changed == ["static/engine/tutor-engine.zip"]
        page.goto(host.url + "/fans/full-flush/")
        page.locator("[data-update-notice]").get_by_role("button", name="New version: reload").click(timeout=60_000)
        expect(page.locator(".brand")).to_have_text("Mahjong Tutor Club")
        saved = page.evaluate("caches.open('tutor-engine').then(c => c.keys()).then(k => k.map(r => r.url))")
        assert sorted(saved) == sorted(f"{host.url}/{path}?sha={sha}" for path, sha, _ in new)
        scores_offline(page, host.url, booted="afresh")  # the new bundle's first start
    finally:
        context.close()


def test_offline_the_table_says_its_engine_is_not_saved_and_tries_again_when_pressed(browser, host):
    context, page = new_visitor(browser)
    try:
        assert page.goto(host.url + "/").status == 200
        wait_until_offline_ready(page)
        page.goto(host.url + "/table/")
        context.set_offline(True)
        page.reload()
        page.get_by_role("button", name="Deal a hand").click()
        notice = page.locator("[data-table-notice]")
        expect(notice).to_contain_text("The game’s engine is not saved in this browser")
        expect(notice).to_contain_text("“Make the calculator work offline”")
        expect(notice.locator(".when-none")).to_be_hidden()
        # Back online, the same button deals: the engine is fetched then.
        context.set_offline(False)
        page.get_by_role("button", name="Deal a hand").click()
        expect(page.locator("#table-form")).to_be_visible(timeout=ENGINE_READY)
    finally:
        context.close()
