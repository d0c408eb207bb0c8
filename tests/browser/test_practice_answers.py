"""What the practice pages' scripts no longer decide for themselves: whether there is a backend
(static/js/backend.js, one way for every page), the offline quiz's verdicts (read from the
rendered grading's conditions, static/js/conditions.js), and a streak that counts each hand once."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tutor.views import practice as P

BANKED = P.QuizKey("fan", 1, fan="seven-pairs")  # a hand of the offline bank (bank_keys: 2 per fan)
ADDRESS = "/quiz/?mode=fan&fan=seven-pairs&seed=1"


@pytest.mark.parametrize("path", ["/quiz/", "/drills/"])
def test_a_static_host_says_it_runs_without_a_backend_not_that_one_is_down(page, static_server, path):
    page.goto(static_server + path)
    notice = page.locator("[data-offline-notice]")
    expect(notice.locator(".when-none")).to_be_visible()
    expect(notice.locator(".when-none")).to_contain_text("runs without a tutor backend")
    expect(notice.locator(".when-down")).to_be_hidden()
    expect(notice).not_to_contain_text("cannot be reached", use_inner_text=True)


@pytest.mark.parametrize("path", ["/drills/?mode=waits&seed=1", ADDRESS, "/calculator/"])
def test_no_page_asks_a_static_host_for_healthz(page, static_server, path):
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(static_server + path)
    expect(page.locator("html")).to_have_attribute("data-backend-state", "none")
    page.wait_for_load_state("networkidle")
    assert [url for url in asked if "healthz" in url] == []


def answer(page, ticks, total: str = ""):
    for fan_id in ticks:
        page.locator(f"#tick-{fan_id}").check()
    page.get_by_label("Total points (optional)").fill(total)
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".quiz-graded")).to_be_visible()


def test_the_offline_verdicts_are_the_grading_s_own(page, static_server):
    dealt = BANKED.deal()
    counted = [f.fan.id for f in dealt.result.fans]
    page.goto(static_server + ADDRESS)
    answer(page, counted, str(dealt.result.total))
    graded = page.locator(".quiz-graded")
    expect(graded.locator("h2")).to_have_text("All right!", use_inner_text=True)
    expect(graded.locator(".graded-total:visible")).to_have_text(f"Your total, {dealt.result.total} points, is right.")
    page.goto(static_server + ADDRESS)
    answer(page, counted, str(dealt.result.total + 1))
    expect(graded.locator("h2")).to_have_text("Your answer, graded", use_inner_text=True)
    expect(graded.locator(".graded-total:visible")).to_have_text(
        f"You gave {dealt.result.total + 1} points; the hand scores {dealt.result.total}.")


@pytest.mark.parametrize("host", ["static", "backend"])
def test_the_quiz_streak_counts_each_hand_once(page, static_server, live_server, host):
    base = static_server if host == "static" else live_server.url
    counted = [f.fan.id for f in BANKED.deal().result.fans]
    for _ in range(3):  # the hand's link opened and answered right three times
        page.goto(base + ADDRESS)
        answer(page, counted)
        expect(page.locator(".quiz-graded h2")).to_have_text("All right!", use_inner_text=True)
    stored = json.loads(page.evaluate("localStorage.getItem('tutor-quiz-progress')"))
    assert stored["streak"] == 1
    assert all(stored["fans"][str(fan_id)] == [1, 1] for fan_id in counted)
    expect(page.locator("[data-streak]")).to_contain_text("Perfect hands in a row: 1")
