"""The site offline (issue 13), in Chromium: the calculator on a static host scores with the
engine in the browser (Pyodide in a worker) under the README's two Content-Security-Policies,
answering 200 hands exactly as the backend does; the site works with the network cut after a
first visit; a rebuild shows "New version: reload"; the site works in a subfolder.

The static host is a plain file server that sets the README's policies: one for every file, and
the engine worker's, with 'wasm-unsafe-eval', for static/js/engine-worker.js alone.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tutor.app import create_app
from tutor.rules import tiles as T
from tutor.rules.fans import FANS
from tutor.views import practice as P

from .conftest import ROOT, Host, build_with, readme_policies
from .test_interactive import EXPECTED_FANS, HAND_QUERY, result_fans

pytestmark = pytest.mark.browser

ENGINE_READY = 120_000  # ms: Pyodide starts in a few seconds, on a busy 2-core machine in up to a minute


def test_the_policies_allow_webassembly_in_the_worker_only_and_eval_nowhere():
    pages, worker = readme_policies()
    assert "wasm-unsafe-eval" not in pages
    assert worker == pages.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
    for policy in (pages, worker):
        assert "'unsafe-eval'" not in policy and "http" not in policy  # no eval, no other host


def page_errors(page) -> list[str]:
    """Script errors but the static host's 404 for the backend's health check."""
    return [e for e in page.script_errors if "404" not in e]


@pytest.fixture(scope="module")
def engine_page(browser, host):
    """The calculator on the static host, its hand from the address scored in the browser."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    page.script_errors = []
    page.on("pageerror", lambda error: page.script_errors.append(str(error)))
    page.on("console", lambda m: page.script_errors.append(m.text) if m.type == "error" else None)
    response = page.goto(host.url + "/calculator/?" + HAND_QUERY)
    assert response.status == 200
    assert response.headers["content-security-policy"] == readme_policies()[0]
    # The hand in the address reaches the picker and the notation box at once.
    expect(page.locator("#calc-h")).to_have_value("[EEE] 123m 456p 789s 55s")
    expect(page.locator("[data-count]")).to_have_text("(14/14)")
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points: meets the 8-point minimum", timeout=ENGINE_READY)
    # The progress bar measured the whole download, and said how big it is.
    engine_bytes = json.loads((host.server.site / "offline-manifest.json").read_text(encoding="utf-8"))["engine_bytes"]
    progress = page.locator("[data-engine-progress]")
    assert progress.locator("progress").evaluate("bar => bar.max") == engine_bytes
    expect(progress.locator("[data-engine-size]")).to_have_text(f"{engine_bytes / 1e6:.1f}")
    expect(progress.locator("[role=status]")).to_contain_text("loading the scoring engine")
    yield page
    context.close()


def test_static_host_calculator_scores_explains_and_says_what_is_wrong(engine_page):
    page = engine_page
    assert result_fans(page) == EXPECTED_FANS
    expect(page.locator("[data-backend-notice]")).to_be_hidden()
    expect(page.locator("[data-engine-progress]")).to_be_hidden()
    expect(page.locator("[data-result-status]")).to_contain_text("13 points")
    expect(page.locator("#calc-result .payments")).to_contain_text("The discarder pays 21")
    # Why not...? answered in the browser, with the engine's reason.
    page.locator("#why-not-fan").select_option(label="Full Flush (24)")
    page.get_by_role("button", name="Explain").click()
    expect(page.locator(".why-not-answers")).to_contain_text("Full Flush needs one suit")
    # A hand that cannot be read: the backend's own message.
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s 5")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#calc-result .calc-error")).to_contain_text("This hand cannot be scored")
    assert page_errors(page) == []


def quiz_requests() -> list[dict]:
    """200 score requests from quiz deals: two hands made for each of the 81 fans, then starter and
    mixed hands, some in the other edition, each asking "why not" about fans it does not score."""
    keys = [P.QuizKey("fan", seed, fan=fan.slug) for fan in FANS for seed in (1, 2)]
    keys += [P.QuizKey("starter", seed) for seed in range(1, 20)]
    keys += [P.QuizKey("mixed", seed, edition="china1998" if seed % 2 else "wmo") for seed in range(1, 20)]
    requests = []
    for key in keys:
        dealt = key.deal()
        s = dealt.situation
        counted = {f.fan.id for f in dealt.result.fans}
        request = {"hand": dealt.hand.notation(), "win": T.code(s.win), "rules": dealt.edition,
                   "seat_wind": s.seat_wind, "prevalent_wind": s.prevalent_wind, "flowers": s.flowers,
                   "why_not": [f.id for f in P.quiz_choices(dealt) if f.id not in counted][:4]}
        request.update({flag: getattr(s, flag) for flag in s.FLAGS})
        requests.append(request)
    assert len(requests) == 200
    return requests


def differences(ours, theirs, where="") -> list[str]:
    """Every field where two JSON answers differ, by its path."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        out = []
        for key in sorted(set(ours) | set(theirs)):
            out += differences(ours.get(key), theirs.get(key), f"{where}.{key}")
        return out
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        return [d for i, (a, b) in enumerate(zip(ours, theirs)) for d in differences(a, b, f"{where}[{i}]")]
    return [] if ours == theirs else [f"{where}: {ours!r} != {theirs!r}"]


FRAGMENT_FORMS = [
    "h=%5BEEE%5D+123m+456p+789s+55s&win=5s&why_not=22&why_not=1",
    "h=19m+19p+19s+ESWNCFP+1m&win=1m&self_drawn=true&rules=china1998",
    "h=11m+99m+11p+99p+11s+99s+EE&win=E&flowers=3&seat_wind=W",
    "h=123m+456p+789s+135s+55s&win=5s",
    "h=123m&win=9p",
    "h=234m+123334555s+WW",  # 14 tiles that do not win: every discard advised by value, with its routes
]


def test_the_browser_engine_answers_200_hands_as_the_backend(engine_page, built_site):
    requests = quiz_requests()
    client = create_app({"TESTING": True, "SITE_DIR": str(built_site)}).test_client()
    expected = []
    for request in requests:
        response = client.post("/api/score", json=request)
        expected.append([response.status_code, response.get_json()])
    assert all(status == 200 for status, _ in expected)
    scored = {line["id"] for _, body in expected for line in body["fans"]}
    assert scored >= {fan.id for fan in FANS}, f"fans never scored: {sorted({f.id for f in FANS} - scored)}"
    answers = engine_page.evaluate("requests => window.tutorEngine.scoreMany(requests)", requests)
    assert len(answers) == len(requests)
    for request, (status, body), (want_status, want) in zip(requests, answers, expected, strict=True):
        assert status == want_status, request
        assert differences(body, want) == [], request
    # The fragments too: the very HTML the backend sends htmx.
    for body in FRAGMENT_FORMS:
        answer = engine_page.evaluate("body => window.tutorEngine.calculator(body)", body)
        response = client.post("/calculator/", data=body, headers={"HX-Request": "true"},
                               content_type="application/x-www-form-urlencoded")
        assert (answer["status"], answer["html"]) == (response.status_code, response.get_data(as_text=True)), body


def new_visitor(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    return context, page


def wait_until_offline_ready(page):
    """The service worker installed (every page and asset cached) and controlling the page."""
    # (wait_for_function would evaluate its predicate with eval, which the page's policy forbids)
    assert page.evaluate("""() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ? true :
        new Promise(done => navigator.serviceWorker.addEventListener("controllerchange", () => done(true), { once: true })))""")


def test_with_the_network_cut_after_a_first_visit_the_site_still_works(browser, host):
    context, page = new_visitor(browser)
    try:
        assert page.goto(host.url + "/").status == 200
        wait_until_offline_ready(page)
        # The first use of the calculator fetches the engine, which the worker then keeps.
        page.goto(host.url + "/calculator/?" + HAND_QUERY)
        expect(page.locator("#calc-result .verdict")).to_contain_text("13 points", timeout=ENGINE_READY)

        context.set_offline(True)
        response = page.goto(host.url + "/")
        assert response.status == 200 and response.from_service_worker
        # The network is really cut: what the worker has not cached cannot be fetched.
        assert page.evaluate("() => fetch('no-such-file').then(() => 'fetched', () => 'failed')") == "failed"
        expect(page.locator("h1")).to_be_visible()
        expect(page.get_by_role("link", name="Lessons").first).to_be_visible()
        response = page.goto(host.url + "/fans/full-flush/")
        assert response.status == 200 and response.from_service_worker
        expect(page.locator("h1")).to_contain_text("Full Flush")
        expect(page.locator(".hand-example").first).to_be_visible()
        page.goto(host.url + "/quiz/")
        page.get_by_role("button", name="Deal a hand").click()
        expect(page.locator("#quiz-answer")).to_be_visible()
        page.locator("#quiz-answer input[name=tick]").first.check()
        page.get_by_role("button", name="Check my answer").click()
        expect(page.locator(".quiz-graded")).to_be_visible()
        page.goto(host.url + "/calculator/?h=11m+99m+11p+99p+11s+99s+EE&win=E")
        expect(page.locator("#calc-result .verdict")).to_contain_text("points", timeout=ENGINE_READY)
        expect(page.locator("#calc-result table.fan-lines")).to_contain_text("Seven Pairs")
    finally:
        context.close()


SUBFOLDER_URL = "https://club.example/mahjong/"


@pytest.fixture
def subfolder_site(tmp_path):
    """A site built for a subfolder (base_url = "https://club.example/mahjong/"), and a way to
    rebuild it changed."""
    text = (ROOT / "site.toml").read_text(encoding="utf-8").replace('base_url = ""', f'base_url = "{SUBFOLDER_URL}"')
    assert f'base_url = "{SUBFOLDER_URL}"' in text
    out, rebuild = build_with(tmp_path, text)
    host = Host(out, "/mahjong/")
    yield host, out, rebuild
    host.stop()


def test_a_rebuild_shows_new_version_reload_in_a_subfolder(browser, subfolder_site):
    host, out, rebuild = subfolder_site
    context, page = new_visitor(browser)
    try:
        assert page.goto(host.url + "/fans/full-flush/").status == 200
        wait_until_offline_ready(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == host.url + "/"
        notice = page.locator("[data-update-notice]")
        page.reload()
        expect(page.locator(".brand")).to_have_text("Mahjong Tutor")
        expect(notice).to_be_hidden()  # nothing new yet

        rebuild("Mahjong Tutor Club")
        version = json.loads((out / "offline-manifest.json").read_text(encoding="utf-8"))["version"]
        page.reload()
        expect(page.locator(".brand")).to_have_text("Mahjong Tutor")  # the cached page, until the reader says
        button = notice.get_by_role("button", name="New version: reload")
        expect(button).to_be_visible(timeout=60_000)
        button.click()
        expect(page.locator(".brand")).to_have_text("Mahjong Tutor Club")
        expect(notice).to_be_hidden()
        caches = page.evaluate("caches.keys()")
        assert [c for c in caches if c.startswith("tutor-site-")] == [f"tutor-site-{version}"]
    finally:
        context.close()
